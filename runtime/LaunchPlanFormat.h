//===- LaunchPlanFormat.h - The launch plan a module carries ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernel splitting (passes/KernelSplit.cpp) writes, and the runtime
// (runtime/LaunchPlan.cpp) reads, one NUL-terminated text global:
//
//   divopt-launch-plan 1
//   <kernel> <step> <step> ...
//
// one line per split kernel: the name a caller launches, then the kernels
// to launch for it, in order, all as cuModuleGetFunction spells them (PTX
// names: NVPTX writes '.' as "_$_"). Plain C++, no LLVM and no CUDA, so
// that the pass and the runtime share the one definition.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H
#define DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H

namespace divopt {

/// The global's name; no '.', so PTX keeps it as it is.
inline constexpr const char *LaunchPlanSymbol = "__divopt_launch_plan";
/// The first line; the number is the format's version.
inline constexpr const char *LaunchPlanHeader = "divopt-launch-plan 1";

} // namespace divopt

#endif // DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H
