//===- BrDisBench.cpp - SYN-BRDIS: branch distribution --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/brdis.cu and brdis_hand.cu. Configurations span
// R = NM/20 from 1 to 50 at M = 4, plus R = 8 with fewer and more values.
// The taken frequency is 0.5, so nearly every warp diverges, as the ideal
// speedup 2(1+R)/(2+R) assumes. Iterations scale so each arm does about the
// same work in every configuration. Every shape runs twice: written with
// explicit arithmetic (brdis_*) and with ordinary arithmetic
// (brdis_nat_*, "natural" configurations), each variant against clang -O3
// of that same source.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int OpsPerArm = 32768;    // Per thread, over all iterations.
constexpr int UnfactorableOps = 40; // Prologue and epilogue (BrDis.cuh).
constexpr int ThreadsPerBlock = 256;

struct BrDisConfig {
  int M;
  int N;
  bool Natural = false; ///< Ordinary arithmetic: the brdis_nat_* kernels.
  double getR() const { return N * M / 20.0; }
  /// brdis_m4_n20, brdis_nat_m4_n20; Kind "_dist" names the hand-distributed
  /// kernel, brdis_dist_m4_n20, brdis_nat_dist_m4_n20.
  std::string getKernelName(const std::string &Kind = "") const {
    return std::string(Natural ? "brdis_nat" : "brdis") + Kind + "_m" +
           std::to_string(M) + "_n" + std::to_string(N);
  }
};

std::vector<BrDisConfig> getConfigs(bool Quick) {
  if (Quick)
    return {{4, 40}, {4, 40, true}};
  const BrDisConfig Shapes[] = {{4, 5},  {4, 10},  {4, 20}, {4, 40},
                                {4, 80}, {4, 250}, {2, 80}, {8, 20}};
  std::vector<BrDisConfig> Configs;
  for (bool Natural : {false, true})
    for (BrDisConfig C : Shapes) {
      C.Natural = Natural;
      Configs.push_back(C);
    }
  return Configs;
}

class BrDisBench : public Benchmark {
public:
  const char *getName() const override { return "brdis"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Context &Ctx = Env.context();
    Count = Env.getThreadCount();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0xb7d15));
    auto In = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(2 * std::size_t(Count), -1.0f, 1.0f, 0xb7d16));
    DeviceBuffer<std::uint32_t> Out(Ctx, 2 * std::size_t(Count));
    for (const BrDisConfig &C : getConfigs(Env.options().Quick))
      runConfig(Env, Table, C, Seeds, In, Out);
    runRefusedConfig(Env, Table, Seeds, In, Out);
  }

private:
  /// Every SYN-BRDIS kernel takes the same arguments; the taken frequency
  /// is 0.5.
  LaunchFunction makeLaunch(DeviceBuffer<std::uint32_t> &Seeds,
                            DeviceBuffer<float> &In,
                            DeviceBuffer<std::uint32_t> &Out, int Iters) const {
    const int N = Count;
    const std::uint32_t Threshold = getThresholdForFrequency(0.5);
    const LaunchConfig L = makeLaunchConfig(
        getBlockCount(Count, ThreadsPerBlock), ThreadsPerBlock);
    return [&Seeds, &In, &Out, L, N, Iters,
            Threshold](const std::vector<Kernel> &K) {
      launch(K[0], L, Seeds, In, Out, N, Iters, Threshold);
    };
  }

  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const BrDisConfig &C, DeviceBuffer<std::uint32_t> &Seeds,
                 DeviceBuffer<float> &In, DeviceBuffer<std::uint32_t> &Out) {
    const int Iters =
        std::max(4, OpsPerArm / (UnfactorableOps + 2 * C.N * C.M));
    LaunchFunction Launch = makeLaunch(Seeds, In, Out, Iters);
    const std::string Original = C.getKernelName();
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), Original, Launch);
    Variants.push_back(makeVariant(Env, "hand-dist",
                                   getHandPtxFileName(getName()),
                                   {C.getKernelName("_dist")}, Launch));
    // DivOpt choosing melded loops' constants with selects instead of
    // constant tables: what the tables are worth.
    Variants.push_back(makeVariant(
        Env, "DivOpt-selects", "brdis.divopt-selects.ptx", {Original}, Launch));
    // Ordinary arithmetic: every arm pair melds (prologues and epilogues
    // too, their multiply-adds aligned with selected operands), which the
    // cost model may refuse; melding forced shows what that would give.
    if (C.Natural)
      Variants.push_back(makeVariant(
          Env, "DivOpt-forced", "brdis.divopt-forced.ptx", {Original}, Launch));

    char Config[64], Params[128];
    std::snprintf(Config, sizeof(Config), "R=%g M=%d N=%d%s", C.getR(), C.M,
                  C.N, C.Natural ? " natural" : "");
    std::snprintf(Params, sizeof(Params),
                  "R=%g;M=%d;N=%d;f=0.5;iters=%d;arith=%s", C.getR(), C.M, C.N,
                  Iters, C.Natural ? "natural" : "explicit");
    ConfigRunner(Env, {getName(), Config, Params, ThreadsPerBlock}, Out,
                 Variants)
        .run(Table);
  }

  /// brdis_wide_k128: arms of 128 operations with a constant each, where
  /// melding would hold 128 more registers. DivOpt must refuse it (its PTX
  /// is clang's) and run as fast as clang -O3; DivOpt-forced melds anyway.
  void runRefusedConfig(BenchEnvironment &Env, ResultTable &Table,
                        DeviceBuffer<std::uint32_t> &Seeds,
                        DeviceBuffer<float> &In,
                        DeviceBuffer<std::uint32_t> &Out) {
    constexpr int K = 128, Trips = 4;
    const int Iters = std::max(4, OpsPerArm / (K * Trips));
    LaunchFunction Launch = makeLaunch(Seeds, In, Out, Iters);
    const std::string Kernel = "brdis_wide_k128";
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), Kernel, Launch);
    Variants.push_back(makeVariant(
        Env, "DivOpt-forced", "brdis.divopt-forced.ptx", {Kernel}, Launch));
    char Params[128];
    std::snprintf(Params, sizeof(Params), "wide;K=%d;f=0.5;iters=%d", K, Iters);
    ConfigRunner(
        Env, {getName(), "refused: K=128 constants", Params, ThreadsPerBlock},
        Out, Variants)
        .run(Table);
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createBrDisBench() {
  return std::make_unique<BrDisBench>();
}

} // namespace divopt::bench
