//===- HostLaunchPlan.cpp - What a <<<>>> launch of a kernel runs ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/HostLaunchPlan.h"

#include "runtime/LaunchPlanFormat.h"
#include "runtime/LaunchPlanText.h"

namespace divopt::launch {

namespace {

HostPlan refuse(std::string Why) {
  HostPlan P;
  P.K = HostPlan::Kind::Refused;
  P.Why = std::move(Why);
  return P;
}

} // namespace

HostPlan resolveHostPlan(DeviceImage &Image, const std::string &Kernel) {
  std::string Symbol = getLaunchPlanSymbol(Kernel);
  std::string Bytes, Why;
  switch (Image.readGlobal(Symbol, Bytes, Why)) {
  case DeviceImage::Found::No:
    return HostPlan();
  case DeviceImage::Found::Error:
    return refuse("its launch plan " + Symbol + " cannot be read: " + Why);
  case DeviceImage::Found::Yes:
    break;
  }
  LaunchPlanTable Plans;
  if (!parseLaunchPlanText(trimAtNul(Bytes), Symbol, Plans, Why))
    return refuse(Why);
  auto It = Plans.find(Kernel);
  if (It == Plans.end() || Plans.size() != 1)
    return refuse(Symbol + " is not the launch plan of " + Kernel);
  HostPlan P;
  P.K = HostPlan::Kind::Split;
  P.StepNames = It->second;
  for (const std::string &Step : P.StepNames) {
    const void *Handle = Image.getKernel(Step, Why);
    if (!Handle)
      return refuse("its part " + Step + " is not in the device code: " + Why);
    P.Steps.push_back(Handle);
  }
  return P;
}

} // namespace divopt::launch
