//===- SplitBench.cpp - KERNEL-SPLIT: one kernel per arm ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/split.cu and split_hand.cu. Sweeps the heavy
// arm's live values H (with clang -O3 and ptxas 13.0: 28, 40, 56, 71, 127
// and 255 registers, so 100%, 75%, 50%, 37.5%, 25% and 12.5% occupancy at
// 256 threads a block on sm_90) at a heavy share of 0.25, then the share
// at the heaviest H. The heavy arm's work
// per thread is the same for every H (HeavyOps), so only occupancy
// changes. The split variant launches its two kernels back to back; the
// timing covers both.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <algorithm>
#include <cstdio>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int ThreadsPerBlock = 256;
constexpr int LightSteps = 256;
constexpr int HeavyOps = 4096;           // H values times iterations.
constexpr int MaxHeavyValues = 224;      // The largest H split.cu instantiates.
constexpr unsigned TableRows = 1u << 15; // Of 32 words: 4 MiB, in L2.

struct SplitConfig {
  int H;
  double HeavyShare;
};

std::vector<SplitConfig> getConfigs(bool Quick) {
  if (Quick)
    return {{224, 0.25}};
  std::vector<SplitConfig> Configs;
  for (int H : {8, 28, 40, 56, 104, 224})
    Configs.push_back({H, 0.25});
  Configs.push_back({224, 0.05});
  Configs.push_back({224, 0.5});
  return Configs;
}

/// Rows of 32 equal words, each the index of a random next row
/// (Split.cuh's lightArm).
std::vector<std::uint32_t> makeRowTable() {
  std::vector<std::uint32_t> Next = makeNonZeroWords(TableRows, 0x5b118);
  std::vector<std::uint32_t> Table(32 * std::size_t(TableRows));
  for (std::size_t I = 0; I < Table.size(); ++I)
    Table[I] = Next[I / 32];
  return Table;
}

/// One start row per warp, shared by its 32 threads.
std::vector<std::uint32_t> makeWarpSeeds(int Count) {
  std::vector<std::uint32_t> PerWarp =
      makeNonZeroWords(std::size_t(Count) / 32 + 1, 0x5b117);
  std::vector<std::uint32_t> Seeds(Count);
  for (std::size_t I = 0; I < Seeds.size(); ++I)
    Seeds[I] = PerWarp[I / 32];
  return Seeds;
}

struct SplitInputs {
  DeviceBuffer<std::uint32_t> Seeds, Table;
  DeviceBuffer<float> X, Coef;
  DeviceBuffer<std::uint32_t> Out;
};

class SplitBench : public Benchmark {
public:
  const char *getName() const override { return "split"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Context &Ctx = Env.context();
    Count = Env.getThreadCount();
    SplitInputs In{
        DeviceBuffer<std::uint32_t>::fromHost(Ctx, makeWarpSeeds(Count)),
        DeviceBuffer<std::uint32_t>::fromHost(Ctx, makeRowTable()),
        DeviceBuffer<float>::fromHost(
            Ctx, makeUniformFloats(Count, -1.0f, 1.0f, 0x5b119)),
        DeviceBuffer<float>::fromHost(
            Ctx, makeUniformFloats(2 * MaxHeavyValues, -1.0f, 1.0f, 0x5b11a)),
        DeviceBuffer<std::uint32_t>(Ctx, Count)};
    for (const SplitConfig &C : getConfigs(Env.options().Quick)) {
      // A fresh heavy mask per share; the same for every variant.
      auto Heavy = DeviceBuffer<std::uint32_t>::fromHost(
          Ctx, makeFlags(Count, C.HeavyShare, 0x5b11b));
      runConfig(Env, Table, C, Heavy, In);
    }
  }

private:
  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const SplitConfig &C, DeviceBuffer<std::uint32_t> &Heavy,
                 SplitInputs &In) {
    const int N = Count, Steps = LightSteps;
    const int Iters = std::max(1, HeavyOps / C.H);
    const std::uint32_t Mask = TableRows - 1;
    const LaunchConfig L = makeLaunchConfig(
        getBlockCount(Count, ThreadsPerBlock), ThreadsPerBlock);
    // Every kernel, original or split part, takes the same arguments.
    LaunchFunction Launch = [&, L, N, Steps, Iters,
                             Mask](const std::vector<Kernel> &Kernels) {
      for (const Kernel &K : Kernels)
        launch(K, L, Heavy, In.Seeds, In.X, In.Table, Mask, In.Coef, In.Out, N,
               Steps, Iters);
    };
    const std::string H = std::to_string(C.H);
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), "split_h" + H, Launch);
    Variants.push_back(
        makeVariant(Env, "hand-split", getHandPtxFileName(getName()),
                    {"split_light", "split_heavy_h" + H}, Launch));

    char Config[64], Params[128];
    std::snprintf(Config, sizeof(Config), "H=%d heavy=%.2f", C.H, C.HeavyShare);
    std::snprintf(Params, sizeof(Params),
                  "H=%d;share=%g;light_steps=%d;heavy_iters=%d", C.H,
                  C.HeavyShare, Steps, Iters);
    ConfigRunner(Env, {getName(), Config, Params, ThreadsPerBlock}, In.Out,
                 Variants)
        .run(Table);
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createSplitBench() {
  return std::make_unique<SplitBench>();
}

} // namespace divopt::bench
