//===- HostLaunchPlan.h - What a <<<>>> launch of a kernel runs -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch hook (HostLaunch.cpp) asks, the first time a kernel is
// launched, what that launch must run: the parts of the kernel's plan, in
// order, or the kernel itself. The answer depends only on the kernel's
// device image (its plan global and the parts it names), which this file
// sees through DeviceImage, so that the rules are tested without a GPU
// (test/unit/runtime/HostLaunchPlanTest.cpp). No exception leaves it: the
// hook runs inside a CUDA program that knows nothing of DivOpt.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_HOSTLAUNCHPLAN_H
#define DIVOPT_RUNTIME_HOSTLAUNCHPLAN_H

#include <optional>
#include <string>
#include <vector>

namespace divopt::launch {

/// The device code a kernel lives in (a CUDA library), as the hook needs it.
class DeviceImage {
public:
  virtual ~DeviceImage() = default;

  enum class Found { Yes, No, Error };
  /// Reads the global Symbol into Bytes; on Error says why in Why.
  virtual Found readGlobal(const std::string &Symbol, std::string &Bytes,
                           std::string &Why) = 0;
  /// The launchable handle of the kernel Name, or null with Why set.
  virtual const void *getKernel(const std::string &Name, std::string &Why) = 0;
};

struct HostPlan {
  enum class Kind {
    /// The device code holds no plan for the kernel: launch it as it is.
    Unsplit,
    /// Launch Steps, in order, with the launch's configuration.
    Split,
    /// The plan cannot be followed (Why): launch the original kernel.
    Refused,
  };
  Kind K = Kind::Unsplit;
  std::vector<std::string> StepNames;
  std::vector<const void *> Steps;
  std::string Why;
};

/// What launching Kernel (its device name) from Image runs.
HostPlan resolveHostPlan(DeviceImage &Image, const std::string &Kernel);

} // namespace divopt::launch

#endif // DIVOPT_RUNTIME_HOSTLAUNCHPLAN_H
