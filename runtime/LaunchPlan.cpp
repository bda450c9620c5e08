//===- LaunchPlan.cpp - What a launch by name runs ------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchPlan.h"

#include "runtime/Module.h"

namespace divopt::runtime {

LaunchPlan resolveLaunchPlan(const Module &M, const std::string &Name) {
  // No embedded plan exists yet (see LaunchPlan.h): the name is one kernel.
  return LaunchPlan(Name, {M.kernel(Name)});
}

} // namespace divopt::runtime
