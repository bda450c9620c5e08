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
// Today no pass writes a plan, so resolveLaunchPlan() returns the kernel
// called Name alone. This is the extension point: when kernel splitting
// embeds its plan in the module (a global the pass emits), reading it with
// cuModuleGetGlobal belongs in resolveLaunchPlan(), with the single kernel
// kept only for modules that carry no plan for Name.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHPLAN_H
#define DIVOPT_RUNTIME_LAUNCHPLAN_H

#include "runtime/Kernel.h"

#include <string>
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

/// The plan for launching Name from M; throws DriverError when M has no
/// such kernel.
LaunchPlan resolveLaunchPlan(const Module &M, const std::string &Name);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_LAUNCHPLAN_H
