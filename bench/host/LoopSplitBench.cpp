//===- LoopSplitBench.cpp - LOOP-SPLIT: one loop per statement group ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/loopsplit.cu and loopsplit_hand.cu. Sweeps the
// values each statement group carries (K; the loop holding both carries
// 2K). Variants: clang -O3, with DivOpt's default pipeline (which has no
// loop-split), nvcc -O3, with loop-split as its cost model decides and
// forced (bench-build.sh), and the hand split.
// Both outputs live in one buffer (OutA, then OutB) so one check covers
// them.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <cstdio>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int ThreadsPerBlock = 256;
constexpr int Steps = 16;

std::vector<int> getConfigs(bool Quick) {
  if (Quick)
    return {16};
  return {8, 16, 24, 32, 48};
}

class LoopSplitBench : public Benchmark {
public:
  const char *getName() const override { return "loopsplit"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    for (int K : getConfigs(Env.options().Quick))
      runConfig(Env, Table, K);
  }

private:
  void runConfig(BenchEnvironment &Env, ResultTable &Table, int K) {
    Context &Ctx = Env.context();
    const int Count = Env.getThreadCount();
    const std::size_t TableSize = std::size_t(Steps) * K * 32;
    auto TabA = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(TableSize, -1.0f, 1.0f, 0x10051));
    auto TabB = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(TableSize, -1.0f, 1.0f, 0x10052));
    DeviceBuffer<std::uint32_t> Out(Ctx, 2 * std::size_t(K) * Count);
    const CUdeviceptr OutA = Out.address();
    const CUdeviceptr OutB = OutA + std::size_t(K) * Count * sizeof(float);
    const LaunchConfig L = makeLaunchConfig(
        getBlockCount(Count, ThreadsPerBlock), ThreadsPerBlock);
    LaunchFunction Launch = [&, L, OutA, OutB,
                             Count](const std::vector<Kernel> &Kernels) {
      for (const Kernel &Kn : Kernels)
        launch(Kn, L, TabA, TabB, OutA, OutB, Count, Steps);
    };
    const std::string Name = "loopsplit_k" + std::to_string(K);
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), Name, Launch);
    // loop-split is not in DivOpt's default pipeline: bench-build.sh
    // compiles it in, once decided by the cost model, once forced.
    for (const char *V : {"loop-split", "loop-split-forced"})
      Variants.push_back(
          makeVariant(Env, V, std::string("loopsplit.divopt-") + V + ".ptx",
                      {Name}, Launch));
    Variants.push_back(
        makeVariant(Env, "hand-split", getHandPtxFileName(getName()),
                    {"loopsplit_hand_k" + std::to_string(K)}, Launch));
    char Config[32], Params[64];
    std::snprintf(Config, sizeof(Config), "K=%d", K);
    std::snprintf(Params, sizeof(Params), "K=%d;steps=%d", K, Steps);
    ConfigRunner(Env, {getName(), Config, Params, ThreadsPerBlock}, Out,
                 Variants)
        .run(Table);
  }
};

} // namespace

std::unique_ptr<Benchmark> createLoopSplitBench() {
  return std::make_unique<LoopSplitBench>();
}

} // namespace divopt::bench
