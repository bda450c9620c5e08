//===- ProfileFormat.h - The profile's names and version --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The constants every side of the divergence profile (issue #17) agrees
// on: the compiler that instruments and reads it (libDivOpt.so), the
// runtime that writes it at a program's exit, and divopt-profdata. The
// format itself is docs/PROFILE-FORMAT.md; ProfileText.h reads and writes
// it. Plain C++: no LLVM, no CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILEFORMAT_H
#define DIVOPT_PROFILE_PROFILEFORMAT_H

namespace divopt::profile {

/// The first word of a profile; the number after it is the version.
inline constexpr const char *ProfileMagic = "divopt-profile";
/// The version this code reads and writes. A change to what a record means
/// or which fields it must have is a new version: the reader rejects every
/// other version rather than guess.
inline constexpr unsigned ProfileVersion = 1;

/// Where a profiled program writes its profile: the environment variable's
/// value (a pattern, see ProfileFileName.h), else DefaultProfileFile in the
/// working directory.
inline constexpr const char *ProfileFileVariable = "DIVOPT_PROFILE_FILE";
inline constexpr const char *DefaultProfileFile = "divopt.profile";

/// Lanes per warp: what the counters of one warp execution can reach.
inline constexpr unsigned WarpSize = 32;

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILEFORMAT_H
