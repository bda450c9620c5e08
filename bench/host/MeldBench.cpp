//===- MeldBench.cpp - Control-flow melding beyond same-shape arms --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/meld.cu and meld_hand.cu. One configuration per
// kernel shape: the bitonic compare-and-swap whose arms share the swap
// block, the merge step's short-circuit condition, the Monte Carlo step
// with arms of different control flow, and the N-Queens backtracking step.
// Each runs clang -O3, clang -O3 + DivOpt and the hand-melded kernel on
// the same inputs; outputs must be bit-identical.
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

constexpr int ThreadsPerBlock = 256; // meld_bitonic sorts 256 keys a block.
constexpr int MergeLen = 16;         // Keys per run of a merge step.
constexpr int MonteCarloSteps = 64;

class MeldBench : public Benchmark {
public:
  const char *getName() const override { return "meld"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Count = Env.getThreadCount();
    runBitonic(Env, Table);
    runMerge(Env, Table);
    runMonteCarlo(Env, Table);
    runNQueens(Env, Table);
  }

private:
  LaunchConfig getLaunchConfig() const {
    return makeLaunchConfig(getBlockCount(Count, ThreadsPerBlock),
                            ThreadsPerBlock);
  }

  /// The compiler variants of Kernel and its hand-melded version.
  std::vector<Variant> makeVariants(BenchEnvironment &Env,
                                    const std::string &Kernel,
                                    const LaunchFunction &Launch) const {
    std::vector<Variant> V =
        makeCompilerVariants(Env, getName(), Kernel, Launch);
    // The kernels are written as applications are (`a * b + c`, sincosf):
    // nvcc contracts and computes sincosf its own way, so its outputs need
    // not match clang's bit for bit. Only clang's variants are compared.
    V.erase(
        std::remove_if(V.begin(), V.end(),
                       [](const Variant &X) { return X.Name == NvccVariant; }),
        V.end());
    V.push_back(makeVariant(Env, "hand-meld", getHandPtxFileName(getName()),
                            {Kernel + "_hand"}, Launch));
    return V;
  }

  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const std::string &Kernel, const char *Config,
                 const char *Params, DeviceBuffer<std::uint32_t> &Out,
                 const LaunchFunction &Launch) {
    std::vector<Variant> Variants = makeVariants(Env, Kernel, Launch);
    ConfigRunner(Env, {getName(), Config, Params, ThreadsPerBlock}, Out,
                 Variants)
        .run(Table);
  }

  void runBitonic(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto Keys = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(Count, -1.0f, 1.0f, 0x3e1d1));
    DeviceBuffer<std::uint32_t> Out(Ctx, Count);
    const LaunchConfig L = getLaunchConfig();
    const int N = Count;
    runConfig(Env, Table, "meld_bitonic", "bitonic: shared swap block",
              "shape=shared-tail;block=256", Out,
              [&Keys, &Out, L, N](const std::vector<Kernel> &K) {
                launch(K[0], L, Keys, Out, N);
              });
  }

  /// Two sorted runs per thread, key E of thread T at E * Count + T.
  std::vector<float> makeRuns() const {
    std::vector<float> Keys = makeUniformFloats(
        std::size_t(2 * MergeLen) * Count, -1.0f, 1.0f, 0x3e1d2);
    std::vector<float> Run(MergeLen);
    for (int T = 0; T < Count; ++T)
      for (int R = 0; R < 2; ++R) {
        for (int E = 0; E < MergeLen; ++E)
          Run[E] = Keys[std::size_t(R * MergeLen + E) * Count + T];
        std::sort(Run.begin(), Run.end());
        for (int E = 0; E < MergeLen; ++E)
          Keys[std::size_t(R * MergeLen + E) * Count + T] = Run[E];
      }
    return Keys;
  }

  void runMerge(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto In = DeviceBuffer<float>::fromHost(Ctx, makeRuns());
    DeviceBuffer<std::uint32_t> Out(Ctx, std::size_t(2 * MergeLen) * Count);
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Len = MergeLen;
    char Params[64];
    std::snprintf(Params, sizeof(Params), "shape=short-circuit;len=%d",
                  MergeLen);
    runConfig(Env, Table, "meld_merge", "merge: short-circuit condition",
              Params, Out,
              [&In, &Out, L, N, Len](const std::vector<Kernel> &K) {
                launch(K[0], L, In, Out, N, Len);
              });
  }

  void runMonteCarlo(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x3e1d3));
    DeviceBuffer<std::uint32_t> Out(Ctx, 3 * std::size_t(Count));
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Steps = MonteCarloSteps;
    char Params[64];
    std::snprintf(Params, sizeof(Params), "shape=different-arms;steps=%d",
                  MonteCarloSteps);
    runConfig(Env, Table, "meld_montecarlo",
              "Monte Carlo: different-shape arms", Params, Out,
              [&Seeds, &Out, L, N, Steps](const std::vector<Kernel> &K) {
                launch(K[0], L, Seeds, Out, N, Steps);
              });
  }

  void runNQueens(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    DeviceBuffer<std::uint32_t> Out(Ctx, Count);
    const LaunchConfig L = getLaunchConfig();
    const int N = Count;
    runConfig(Env, Table, "meld_nqueens", "N-Queens: backtracking step",
              "shape=backtracking;queens=10", Out,
              [&Out, L, N](const std::vector<Kernel> &K) {
                launch(K[0], L, Out, N);
              });
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createMeldBench() {
  return std::make_unique<MeldBench>();
}

} // namespace divopt::bench
