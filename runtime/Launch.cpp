//===- Launch.cpp - Launching kernels with typed arguments ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Launch.h"

#include "runtime/Error.h"

namespace divopt::runtime {

namespace {

std::string countOf(std::size_t N, const char *Noun) {
  return std::to_string(N) + " " + Noun + (N == 1 ? "" : "s");
}

} // namespace

std::string describeArgumentMismatch(const std::vector<std::size_t> &Expected,
                                     const std::size_t *Given,
                                     std::size_t Count) {
  if (Count != Expected.size())
    return "it takes " + countOf(Expected.size(), "parameter") +
           " but was given " + countOf(Count, "argument");
  for (std::size_t I = 0; I < Count; ++I)
    if (Given[I] != Expected[I])
      return "parameter " + std::to_string(I) + " is " +
             std::to_string(Expected[I]) + " bytes but argument " +
             std::to_string(I) + " is " + std::to_string(Given[I]) + " bytes";
  return {};
}

namespace {
LaunchObserver &getObserver() {
  static LaunchObserver Observer;
  return Observer;
}
} // namespace

void setLaunchObserver(LaunchObserver Observer) {
  getObserver() = std::move(Observer);
}

void launchPacked(const Kernel &K, const LaunchConfig &Config, void **Arguments,
                  const std::size_t *Sizes, std::size_t Count) {
  std::string Mismatch =
      describeArgumentMismatch(K.parameterSizes(), Sizes, Count);
  if (!Mismatch.empty())
    throw Error("cannot launch kernel '" + K.name() + "': " + Mismatch);
  checkDriver(cuLaunchKernel(K.handle(), Config.Grid.X, Config.Grid.Y,
                             Config.Grid.Z, Config.Block.X, Config.Block.Y,
                             Config.Block.Z, Config.DynamicSharedBytes,
                             Config.Stream, Arguments, nullptr),
              "cuLaunchKernel", K.name());
  if (getObserver())
    getObserver()(K, Config);
}

} // namespace divopt::runtime
