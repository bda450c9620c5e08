//===- LaunchPlanFormat.h - The launch plan a module carries ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernel splitting (passes/KernelSplit.cpp) writes, and the runtimes
// (runtime/LaunchPlan.cpp for launches by name, runtime/HostLaunch.cpp
// for <<<>>> launches) read, one NUL-terminated text global per split
// kernel, named getLaunchPlanSymbol(<kernel>):
//
//   divopt-launch-plan 2
//   <kernel> <step> <step> ...
//
// the name a caller launches, then the kernels to launch for it, in order,
// all as cuModuleGetFunction spells them (PTX names: NVPTX writes '.' as
// "_$_"). One global per kernel, not one per module, so that translation
// units linked together (-fgpu-rdc) each bring their own plans and never
// define the same symbol twice. Plain C++, no LLVM and no CUDA, so that
// the pass and the runtimes share the one definition.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H
#define DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H

#include <string>
#include <string_view>

namespace divopt {

/// What the name of a kernel's plan global starts with; no '.', so PTX
/// keeps it as it is.
inline constexpr const char *LaunchPlanSymbolPrefix = "__divopt_launch_plan_$_";
/// The first line; the number is the format's version (1 was one global
/// per module, named __divopt_launch_plan).
inline constexpr const char *LaunchPlanHeader = "divopt-launch-plan 2";

/// The name of the global that holds Kernel's plan.
inline std::string getLaunchPlanSymbol(std::string_view Kernel) {
  return std::string(LaunchPlanSymbolPrefix).append(Kernel);
}

} // namespace divopt

#endif // DIVOPT_RUNTIME_LAUNCHPLANFORMAT_H
