//===- LaunchPlan.cpp - What a launch by name runs ------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchPlan.h"

#include "runtime/Error.h"
#include "runtime/LaunchPlanFormat.h"
#include "runtime/Module.h"

#include <optional>

namespace divopt::runtime {

namespace {

/// The plan text embedded in M for Name, or nullopt when M carries none.
std::optional<std::string> readEmbeddedPlan(const Module &M,
                                            const std::string &Name) {
  std::string Symbol = getLaunchPlanSymbol(Name);
  CUdeviceptr Address = 0;
  std::size_t Bytes = 0;
  CUresult R = cuModuleGetGlobal(&Address, &Bytes, M.handle(), Symbol.c_str());
  if (R == CUDA_ERROR_NOT_FOUND)
    return std::nullopt;
  checkDriver(R, "cuModuleGetGlobal", Symbol);
  std::string Text(Bytes, '\0');
  if (Bytes)
    checkDriver(cuMemcpyDtoH(Text.data(), Address, Bytes), "cuMemcpyDtoH",
                Symbol);
  return std::string(trimAtNul(Text));
}

} // namespace

LaunchPlanTable parseLaunchPlan(std::string_view Text,
                                const std::string &Origin) {
  LaunchPlanTable Plans;
  std::string Why;
  if (!parseLaunchPlanText(Text, Origin, Plans, Why))
    throw Error(Why);
  return Plans;
}

LaunchPlan resolveLaunchPlan(const Module &M, const std::string &Name) {
  if (std::optional<std::string> Text = readEmbeddedPlan(M, Name)) {
    LaunchPlanTable Plans = parseLaunchPlan(*Text, M.origin());
    auto It = Plans.find(Name);
    if (It == Plans.end() || Plans.size() != 1)
      throw Error("malformed DivOpt launch plan in " + M.origin() + ": @" +
                  getLaunchPlanSymbol(Name) + " is not the plan of " + Name);
    std::vector<Kernel> Steps;
    for (const std::string &Step : It->second)
      Steps.push_back(M.kernel(Step));
    return LaunchPlan(Name, std::move(Steps));
  }
  return LaunchPlan(Name, {M.kernel(Name)});
}

} // namespace divopt::runtime
