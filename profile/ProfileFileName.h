//===- ProfileFileName.h - Where a run writes its profile -------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// DIVOPT_PROFILE_FILE names the profile a run writes; like
// LLVM_PROFILE_FILE it is a pattern, so that parallel runs (a test suite,
// MPI ranks) each write their own file and divopt-profdata merges them:
//
//   %p  the process id          %h  the host name
//   %t  $TMPDIR (/tmp unset)    %%  a '%'
//
// Any other '%' is an error rather than a file name nobody meant. Unset
// or empty, the profile is DefaultProfileFile in the working directory.
// Plain C++17 (the values come in a FileNameContext, so tests fix them).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILEFILENAME_H
#define DIVOPT_PROFILE_PROFILEFILENAME_H

#include <string>
#include <string_view>

namespace divopt::profile {

/// What the pattern's specifiers stand for.
struct FileNameContext {
  long long ProcessId = 0;
  std::string HostName;
  std::string TemporaryDirectory;

  /// This process's (POSIX getpid, gethostname, $TMPDIR).
  static FileNameContext current();
};

/// Pattern with its specifiers replaced; false with Why on a '%' that is
/// not one of them.
bool expandProfileFileName(std::string_view Pattern, const FileNameContext &C,
                           std::string &Path, std::string &Why);

/// The profile a run writes: Variable (DIVOPT_PROFILE_FILE's value, null
/// when unset) expanded, or DefaultProfileFile when it is unset or empty.
bool getProfileFileName(const char *Variable, const FileNameContext &C,
                        std::string &Path, std::string &Why);

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILEFILENAME_H
