//===- LoopAdvanceBench.cpp - LOOP-ADVANCE: loop advancing ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/loopadv.cu and loopadv_hand.cu. Sweeps the rate p
// at which a thread's direction flips between adjacent iterations at
// N = 32, then N at p = 1 (strict alternation, the best case for
// advancing). Work per thread is the same for every N. The "integer"
// configurations run arms of integer work (loopadv_int*_n<N>, no hand
// version) in four shapes (loopadv.cu's LoopShape): what loop advance's
// bookkeeping costs beside arms that are not floating-point chains.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <cstdio>
#include <string>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int TotalPairs = 16384;
constexpr int ThreadsPerBlock = 256;

struct LoopAdvanceConfig {
  int N;
  double SwitchRate;
  /// An integer loop's shape (loopadv.cu's LoopShape): "" for the
  /// floating-point arms, else "plain", "nested", "shared" or "lopsided".
  std::string IntegerShape = "";
  bool isInteger() const { return !IntegerShape.empty(); }
  std::string getKernel() const {
    std::string Stem = "loopadv";
    if (isInteger())
      Stem += IntegerShape == "plain" ? "_int" : "_int_" + IntegerShape;
    return Stem + "_n" + std::to_string(N);
  }
  /// "N=8 p=1.00", "N=2 p=0.50 integer", "N=2 p=0.50 integer nested".
  std::string getName() const {
    char Name[32];
    std::snprintf(Name, sizeof(Name), "N=%d p=%.2f", N, SwitchRate);
    std::string S = Name;
    if (isInteger())
      S += " integer";
    if (isInteger() && IntegerShape != "plain")
      S += " " + IntegerShape;
    return S;
  }
};

std::vector<LoopAdvanceConfig> getConfigs(bool Quick) {
  if (Quick)
    return {{32, 1.0}};
  std::vector<LoopAdvanceConfig> Configs;
  for (double P : {0.0, 0.25, 0.5, 0.75, 1.0})
    Configs.push_back({32, P});
  Configs.push_back({8, 1.0});
  Configs.push_back({128, 1.0});
  Configs.push_back({8, 0.5});
  for (double P : {0.5, 1.0}) {
    Configs.push_back({2, P, "plain"});
    Configs.push_back({2, P, "nested"});
    Configs.push_back({2, P, "shared"});
    Configs.push_back({8, P, "lopsided"});
  }
  Configs.push_back({8, 1.0, "plain"});
  return Configs;
}

class LoopAdvanceBench : public Benchmark {
public:
  const char *getName() const override { return "loopadv"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Context &Ctx = Env.context();
    Count = Env.getThreadCount();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x100ad));
    auto In = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(2 * std::size_t(Count), -1.0f, 1.0f, 0x100ae));
    DeviceBuffer<std::uint32_t> Out(Ctx, 2 * std::size_t(Count));
    for (const LoopAdvanceConfig &C : getConfigs(Env.options().Quick))
      runConfig(Env, Table, C, Seeds, In, Out);
  }

private:
  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const LoopAdvanceConfig &C, DeviceBuffer<std::uint32_t> &Seeds,
                 DeviceBuffer<float> &In, DeviceBuffer<std::uint32_t> &Out) {
    const int Iters = TotalPairs / C.N, N = Count;
    const std::uint32_t Threshold = getThresholdForFrequency(C.SwitchRate);
    const LaunchConfig L = makeLaunchConfig(
        getBlockCount(Count, ThreadsPerBlock), ThreadsPerBlock);
    LaunchFunction Launch = [&, L, N, Iters,
                             Threshold](const std::vector<Kernel> &K) {
      launch(K[0], L, Seeds, In, Out, N, Iters, Threshold);
    };
    const std::string Kernel = C.getKernel();
    std::vector<Variant> Variants =
        makeCompilerVariants(Env, getName(), Kernel, Launch);
    // DivOpt's loop advance, forced (iter-delay<advance;force>): the
    // transformation the hand version does; and iteration delaying with
    // the cost model choosing (auto).
    for (const char *Tag : {"advance", "auto"})
      Variants.push_back(makeVariant(
          Env, std::string("DivOpt-") + Tag,
          std::string("loopadv.divopt-") + Tag + ".ptx", {Kernel}, Launch));
    if (!C.isInteger())
      Variants.push_back(
          makeVariant(Env, "hand-advance", getHandPtxFileName(getName()),
                      {"loopadv_advance_n" + std::to_string(C.N)}, Launch));

    char Params[128];
    std::snprintf(Params, sizeof(Params), "N=%d;p=%g;iters=%d%s%s", C.N,
                  C.SwitchRate, Iters,
                  C.isInteger() ? ";arith=integer;shape=" : "",
                  C.IntegerShape.c_str());
    ConfigRunner(Env, {getName(), C.getName(), Params, ThreadsPerBlock}, Out,
                 Variants)
        .run(Table);
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createLoopAdvanceBench() {
  return std::make_unique<LoopAdvanceBench>();
}

} // namespace divopt::bench
