//===- ItDelayBench.cpp - SYN-ITDELAY: iteration delaying -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/itdelay.cu and itdelay_hand.cu. Sweeps the arm
// size N at taken frequency f = 0.5, then f at N = 32. Every thread does
// the same work whatever N (TotalPairs operation pairs), so times compare
// across N. Round robin's duty cycle follows f, as a programmer who knows
// f would set it. Then the kernels written with ordinary arithmetic
// (itdelay_nat_*, "natural" configurations) at N = 32..256, f = 0.5, each
// variant against clang -O3 of that same source.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <cmath>
#include <cstdio>
#include <utility>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int TotalPairs = 16384;
constexpr int ThreadsPerBlock = 256;
constexpr unsigned SimpleMajority = 16; // Of 32.

struct ItDelayConfig {
  int N;
  double F;
  bool Natural = false; ///< Ordinary arithmetic: the itdelay_nat_* kernels.

  /// Of the original kernel and, with the policy inserted, of the hand
  /// ones: itdelay_n32, itdelay_nat_majority_n32.
  std::string getKernelPrefix() const {
    return Natural ? "itdelay_nat" : "itdelay";
  }
};

std::vector<ItDelayConfig> getConfigs(bool Quick) {
  if (Quick)
    return {{32, 0.5}, {32, 0.5, true}};
  std::vector<ItDelayConfig> Configs;
  for (int N : {4, 8, 16, 32, 64, 128, 256})
    Configs.push_back({N, 0.5});
  for (double F : {0.05, 0.1, 0.25, 0.75, 0.9})
    Configs.push_back({32, F});
  for (int N : {32, 64, 128, 256})
    Configs.push_back({N, 0.5, true});
  return Configs;
}

/// Trips of the fused arm, then of the rounded arm, per round-robin cycle,
/// in proportion to how often each is wanted.
std::pair<unsigned, unsigned> getDutyCycle(double F) {
  if (F <= 0.5)
    return {1u, static_cast<unsigned>(std::lround((1 - F) / F))};
  return {static_cast<unsigned>(std::lround(F / (1 - F))), 1u};
}

class ItDelayBench : public Benchmark {
public:
  const char *getName() const override { return "itdelay"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Context &Ctx = Env.context();
    Count = Env.getThreadCount();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x17de1a7));
    auto In = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(2 * std::size_t(Count), -1.0f, 1.0f, 0x17de1a8));
    DeviceBuffer<std::uint32_t> Out(Ctx, 2 * std::size_t(Count));
    for (const ItDelayConfig &C : getConfigs(Env.options().Quick))
      runConfig(Env, Table, C, Seeds, In, Out);
  }

private:
  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const ItDelayConfig &C, DeviceBuffer<std::uint32_t> &Seeds,
                 DeviceBuffer<float> &In, DeviceBuffer<std::uint32_t> &Out) {
    const int Iters = TotalPairs / C.N, N = Count;
    const std::uint32_t Threshold = getThresholdForFrequency(C.F);
    const LaunchConfig L = makeLaunchConfig(
        getBlockCount(Count, ThreadsPerBlock), ThreadsPerBlock);
    const std::string Suffix = "_n" + std::to_string(C.N);
    const std::string Original = C.getKernelPrefix() + Suffix;
    // Every compiled variant of the original kernel launches alike.
    const LaunchFunction LaunchOriginal =
        [&, L, N, Iters, Threshold](const std::vector<Kernel> &K) {
          launch(K[0], L, Seeds, In, Out, N, Iters, Threshold);
        };
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), Original, LaunchOriginal);
    auto Hand = [&, L, N, Iters,
                 Threshold](const char *Name, const char *Policy,
                            std::uint32_t P1, std::uint32_t P2) {
      return makeVariant(
          Env, Name, getHandPtxFileName(getName()),
          {C.getKernelPrefix() + "_" + Policy + Suffix},
          [&, L, N, Iters, Threshold, P1, P2](const std::vector<Kernel> &K) {
            launch(K[0], L, Seeds, In, Out, N, Iters, Threshold, P1, P2);
          });
    };
    // DivOpt with each strategy forced (round robin at its default 1:1
    // duty cycle, whatever f is; advance alternates turns without a vote),
    // and with the cost model choosing (auto: the default pipeline's
    // function passes, iter-delay without parameters among them).
    for (const char *Tag : {"majority", "rr", "rr-idle", "advance", "auto"})
      Variants.push_back(
          makeVariant(Env, std::string("DivOpt-") + Tag,
                      std::string("itdelay.divopt-") + Tag + ".ptx", {Original},
                      LaunchOriginal));
    // The default pipeline with the branch's probability known (!prof
    // from __builtin_expect_with_probability(f), as profile data would
    // give it): one build per swept f.
    char ProfFile[64];
    std::snprintf(ProfFile, sizeof(ProfFile), "itdelay.divopt-auto-f%.2f.ptx",
                  C.F);
    Variants.push_back(makeVariant(Env, "DivOpt-auto-prof", ProfFile,
                                   {Original}, LaunchOriginal));
    auto [Ones, Zeros] = getDutyCycle(C.F);
    Variants.push_back(Hand("hand-majority", "majority", SimpleMajority, 0));
    Variants.push_back(Hand("hand-rr", "rr", Ones, Zeros));
    Variants.push_back(Hand("hand-rr-skip", "rr_skip", Ones, Zeros));

    char Config[64], Params[128];
    std::snprintf(Config, sizeof(Config), "N=%d f=%.2f%s", C.N, C.F,
                  C.Natural ? " natural" : "");
    std::snprintf(Params, sizeof(Params),
                  "N=%d;f=%g;iters=%d;duty=%u:%u;majority=%u;arith=%s", C.N,
                  C.F, Iters, Ones, Zeros, SimpleMajority,
                  C.Natural ? "natural" : "explicit");
    ConfigRunner(Env, {getName(), Config, Params, ThreadsPerBlock}, Out,
                 Variants)
        .run(Table);
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createItDelayBench() {
  return std::make_unique<ItDelayBench>();
}

} // namespace divopt::bench
