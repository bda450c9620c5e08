//===- LaunchPlan.h - What a launch by name runs ----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// DivOpt's kernel splitting turns one kernel into several, one per arm,
// each evaluating the branch condition itself. Callers keep writing
// launch(Module, "k", Config, Args...): the launch plan lists the kernels
// that name stands for, launched in order on the same stream with the same
// grid, block and arguments.
//
// kernel-split embeds each split kernel's plan in a text global of its own
// (LaunchPlanFormat.h); resolveLaunchPlan() reads Name's with
// cuModuleGetGlobal and falls back to the kernel called Name alone when the
// module carries no plan for it. Reading the global copies it to the host
// (synchronous): resolve once and launch the LaunchPlan's steps where launches
// repeat.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHPLAN_H
#define DIVOPT_RUNTIME_LAUNCHPLAN_H

#include "runtime/Kernel.h"
#include "runtime/LaunchPlanText.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace divopt::runtime {

class Module;

class LaunchPlan {
public:
  LaunchPlan(std::string Name, std::vector<Kernel> Steps)
      : Name(std::move(Name)), Steps(std::move(Steps)) {}

  /// The name callers launch.
  const std::string &name() const { return Name; }
  /// The kernels, in launch order.
  const std::vector<Kernel> &steps() const { return Steps; }

private:
  std::string Name;
  std::vector<Kernel> Steps;
};

using divopt::LaunchPlanTable;

/// Parses the text of an embedded plan (LaunchPlanFormat.h); throws Error
/// saying which line of Origin's plan is malformed and why.
LaunchPlanTable parseLaunchPlan(std::string_view Text,
                                const std::string &Origin);

/// The plan for launching Name from M: the steps Name's embedded plan
/// lists, else Name alone. Throws DriverError when M lacks a kernel the
/// plan names, Error when the plan is malformed or is not Name's.
LaunchPlan resolveLaunchPlan(const Module &M, const std::string &Name);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_LAUNCHPLAN_H
