//===- TransformCounter.h - Bisecting DivOpt's rewrites ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One LLVM debug counter over every rewrite a DivOpt transform commits, so
// that a miscompile found by the differential fuzzer can be narrowed to the
// one rewrite that causes it: `-debug-counter=divopt-transform=0-4` applies
// the first five and refuses the rest (release builds have it too).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TRANSFORMCOUNTER_H
#define DIVOPT_TRANSFORMCOUNTER_H

namespace divopt {

/// Whether the rewrite about to be committed may be; false when
/// -debug-counter=divopt-transform excludes it, and the caller then leaves
/// the code as it is, with a missed remark that says so.
bool shouldApplyTransform();

/// The remark text of a rewrite the counter excluded.
inline constexpr const char *TransformCounterRefusal =
    "skipped by -debug-counter=divopt-transform";

} // namespace divopt

#endif // DIVOPT_TRANSFORMCOUNTER_H
