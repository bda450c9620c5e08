//===- RegroupBench.cpp - Thread regrouping on the GPU --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// divopt-regroup-bench: calibrates the instruction latency table
// (latency.ptx), the memory transaction costs (transactions.ptx) and,
// per CTA shape, the SMs the hardware gives a first wave (dispatch.ptx), then
// for each workload of kernels.cu (compiled with the
// bbv-profile and thread-remap passes into kernels.regroup.ptx):
//   1. sizes the problem so the original kernel runs about --target-ms;
//   2. times the original (events, warm-up, median of --runs);
//   3. times the profiled launch (the counting copy: same output; its
//      profile stays on the device): only its extra time is an overhead;
//   4. runs the pipeline on the device (runtime/gpu): the model's warp
//      demands of the launch as it is, Sorting with CUB's radix sort, the
//      demands of the sorted order (the scheduled simulation on the host);
//   5. times the remapped copy with the identity table (the cost of the
//      redirection alone);
//   6. for Sorting (device), Greedy and Greedy-Max (host, on the
//      downloaded profile): the model's predictions, the remapped kernel,
//      and, where the inputs are indexed arrays, the original on inputs
//      laid out in the regrouped order (data layout transformation, output
//      mapped back); each row's overheads, measured end-to-end speedups at
//      1, 10 and 100 reuses and the amortizing plan's decisions
//      (AmortizedPlan.h), right where they regroup exactly when the
//      measured end-to-end speedup is at least --min-speedup;
//   7. the iterative case: --iterations launches after one profiled
//      launch, planned and regrouped once, against as many original
//      launches, host wall clock;
//   8. compares every output bit for bit with the original's.
// With --overheads-only, steps 1-4 alone (for sizes too large to time every
// variant). Writes a CSV row per variant and a summary, both tables printed
// last; exits 1 if any output differs.
//
//===----------------------------------------------------------------------===//

#include "DispatchCalibration.h"
#include "LatencyCalibration.h"
#include "Statistics.h"
#include "TransactionCalibration.h"
#include "Workloads.h"

#include "analysis/model/Occupancy.h"
#include "runtime/AmortizedPlan.h"
#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Error.h"
#include "runtime/Event.h"
#include "runtime/Module.h"
#include "runtime/RegroupPlan.h"
#include "runtime/ThreadRegrouping.h"
#include "runtime/gpu/DeviceRegrouping.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>
#include <string>

using namespace divopt;
using namespace divopt::bench;
using namespace divopt::runtime;

namespace {

struct Options {
  std::string PtxDir = ".";
  std::string Csv = "regroup.csv";
  std::string Summary = "regroup-summary.txt";
  std::string Commit = "unknown";
  double TargetMs = 100;
  unsigned Threads = 1u << 20;
  int Runs = 5;
  double MinSpeedup = 1.05;
  /// Workloads not started once this many seconds have passed.
  double BudgetS = 150;
  /// Comma-separated workload names; all when empty.
  std::string Only;
  /// Only the pipeline's overheads against one original launch (Sorting
  /// on the device), for problem sizes too large to time every variant.
  bool OverheadsOnly = false;
  /// Launches of the iterative case (profile once, regroup once, launch
  /// this many times), timed end to end; 0: none.
  unsigned Iterations = 10;
};

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&]() -> std::string {
      if (I + 1 >= Argc)
        throw Error("option " + A + " needs a value");
      return Argv[++I];
    };
    if (A == "--ptx-dir")
      O.PtxDir = Value();
    else if (A == "--csv")
      O.Csv = Value();
    else if (A == "--summary")
      O.Summary = Value();
    else if (A == "--commit")
      O.Commit = Value();
    else if (A == "--target-ms")
      O.TargetMs = std::stod(Value());
    else if (A == "--threads")
      O.Threads = static_cast<unsigned>(std::stoul(Value()));
    else if (A == "--runs")
      O.Runs = std::stoi(Value());
    else if (A == "--min-speedup")
      O.MinSpeedup = std::stod(Value());
    else if (A == "--budget-s")
      O.BudgetS = std::stod(Value());
    else if (A == "--only")
      O.Only = Value();
    else if (A == "--overheads-only")
      O.OverheadsOnly = true;
    else if (A == "--iterations")
      O.Iterations = static_cast<unsigned>(std::stoul(Value()));
    else
      throw Error("unknown option " + A +
                  " (--ptx-dir, --csv, --summary, --commit, --target-ms, "
                  "--threads, --runs, --min-speedup, --budget-s, --only, "
                  "--overheads-only, --iterations)");
  }
  if (O.Threads == 0 || O.Threads % 256 != 0 || O.Runs < 1 || O.TargetMs <= 0)
    throw Error("--threads must be a positive multiple of 256, --runs and "
                "--target-ms positive");
  return O;
}

double hostMs(const std::function<void()> &F) {
  auto T0 = std::chrono::steady_clock::now();
  F();
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

/// Times Launch with events: Warmup untimed runs, then Runs timed ones.
TimingSummary timeLaunches(const Context &Ctx,
                           const std::function<void()> &Launch, int Runs,
                           int Warmup = 2) {
  Event Start(Ctx), Stop(Ctx);
  for (int I = 0; I < Warmup; ++I)
    Launch();
  Ctx.synchronize();
  std::vector<float> Ms;
  for (int I = 0; I < Runs; ++I) {
    Start.record();
    Launch();
    Stop.record();
    Stop.synchronize();
    Ms.push_back(getElapsedMs(Start, Stop));
  }
  return summarizeTimings(Ms);
}

std::string describeMismatch(const std::vector<std::uint32_t> &Ref,
                             const std::vector<std::uint32_t> &Got) {
  if (Ref.size() != Got.size())
    return "size " + std::to_string(Got.size()) +
           " != " + std::to_string(Ref.size());
  std::size_t Bad = 0, First = Ref.size();
  for (std::size_t I = 0; I < Ref.size(); ++I)
    if (Ref[I] != Got[I] && Bad++ == 0)
      First = I;
  if (Bad == 0)
    return "identical";
  return std::to_string(Bad) + " words differ, first at " +
         std::to_string(First);
}

/// The reuse counts the report gives end-to-end speedups for.
constexpr unsigned ReuseCounts[] = {1, 10, 100};
constexpr std::size_t NumReuses = 3;

struct Row {
  Row(std::string Workload, std::string Variant, std::string Algorithm)
      : Workload(std::move(Workload)), Variant(std::move(Variant)),
        Algorithm(std::move(Algorithm)) {}
  std::string Workload, Variant, Algorithm;
  TimingSummary Time;
  double PredWeighted = 0, PredScheduled = 0, Measured = 0;
  /// What producing the order cost (remap and layout rows).
  RegroupCosts Costs;
  /// Measured end to end and the plan's decision, per ReuseCounts entry.
  double EndToEnd[NumReuses] = {};
  bool Apply[NumReuses] = {};
  bool Predicted = false;
  std::string Output;

  /// Whether the decision at reuse index R is right: regroup exactly
  /// where the measured end-to-end speedup is at least MinSpeedup.
  bool right(std::size_t R, double MinSpeedup) const {
    return Apply[R] == (EndToEnd[R] >= MinSpeedup);
  }
};

double relativeError(double Predicted, double Measured) {
  return std::abs(Predicted - Measured) / Measured;
}

std::string summaryHeader() {
  char Line[320];
  std::snprintf(Line, sizeof Line,
                "%-17s %-8s %-10s %9s %6s %6s %6s %6s %6s %7s %7s %7s %6s "
                "%6s %6s %-14s %s\n",
                "workload", "variant", "algorithm", "ms", "pred-w", "pred-s",
                "meas", "err-w", "err-s", "prof+ms", "model", "regrp", "e2e1",
                "e2e10", "e2e100", "plan@1/10/100", "output");
  return Line;
}

std::string formatRow(const Row &R, double MinSpeedup) {
  char Line[400], Plan[32] = "-";
  if (R.Predicted) {
    std::string P;
    for (std::size_t I = 0; I < NumReuses; ++I)
      P += std::string(I ? "/" : "") + (R.Apply[I] ? "A" : "s") +
           (R.right(I, MinSpeedup) ? "" : "!");
    std::snprintf(Plan, sizeof Plan, "%s", P.c_str());
  }
  std::snprintf(
      Line, sizeof Line,
      "%-17s %-8s %-10s %9.3f %6.2f %6.2f %6.2f %5.1f%% %5.1f%% %7.2f %7.2f "
      "%7.2f %6.2f %6.2f %6.2f %-14s %s\n",
      R.Workload.c_str(),
      R.Variant == "remap-identity" ? "remap-id" : R.Variant.c_str(),
      R.Algorithm.c_str(), R.Time.MedianMs, R.PredWeighted, R.PredScheduled,
      R.Measured,
      R.Predicted ? 100 * relativeError(R.PredWeighted, R.Measured) : 0.0,
      R.Predicted ? 100 * relativeError(R.PredScheduled, R.Measured) : 0.0,
      R.Costs.ProfileExtraMs, R.Costs.ModelMs,
      R.Costs.RegroupMs + R.Costs.UploadMs, R.EndToEnd[0], R.EndToEnd[1],
      R.EndToEnd[2], Plan, R.Output.c_str());
  return Line;
}

/// One workload's pipeline on the device, for the closing table.
struct PipelineRow {
  std::string Workload;
  std::size_t Threads = 0;
  double BaseMs = 0;
  RegroupCosts Costs; ///< Sorting on the device.
  double PredictedSpeedup = 0;
  std::string Picks[NumReuses];
  /// The iterative case: Iterations launches each way, timed end to end.
  double IterativeOriginalMs = 0, IterativeRegroupedMs = 0;
  double IterativePredicted = 0;
  std::string IterativeDecision;
};

class Bench {
public:
  Bench(const Options &O, Context &Ctx, const DeviceProperties &Props,
        const LatencyTable &Table, const TransactionCost &Cost,
        const Module &Dispatch)
      : O(O), Ctx(Ctx), Props(Props), Table(Table), Cost(Cost),
        Dispatch(Dispatch) {}

  void run(Workload &W, const Module &M, std::ostream &Log);
  const std::vector<Row> &rows() const { return Rows; }
  const std::vector<PipelineRow> &pipelines() const { return Pipelines; }
  bool allOutputsIdentical() const { return AllIdentical; }

private:
  void size(Workload &W, const Module &M, std::ostream &Log);
  LaunchShape shapeOf(const Module &M, const std::string &Name,
                      const LaunchConfig &C) {
    LaunchShape S = getLaunchShape(M.kernel(Name), C, Props);
    std::optional<GpuArch> Arch = getGpuArch(Props.computeCapability());
    double Fp32 = Table.Cycles[*findLatencyClass("fp32")];
    S.ConcurrentWarps = static_cast<unsigned>(
        std::lround(Arch->SubPartitionsPerSM * std::max(1.0, Fp32)));
    S.FirstWaveSms = firstWaveSms(S.ThreadsPerBlock, S.BlocksPerSM);
    return S;
  }
  /// The measured first-wave dispatch order, once per CTA shape.
  const std::vector<unsigned> &firstWaveSms(unsigned Tpb, unsigned Resident) {
    auto Key = std::make_pair(Tpb, Resident);
    auto It = FirstWave.find(Key);
    if (It == FirstWave.end())
      It = FirstWave
               .emplace(Key, measureFirstWaveSms(Ctx, Dispatch, Props, Tpb,
                                                 Resident))
               .first;
    return It->second;
  }
  void record(const Row &R, std::ostream &Log) {
    Rows.push_back(R);
    Log << formatRow(R, O.MinSpeedup) << std::flush;
  }
  void check(Row &R, const std::vector<std::uint32_t> &Ref,
             const std::vector<std::uint32_t> &Got) {
    R.Output = describeMismatch(Ref, Got);
    AllIdentical &= R.Output == "identical";
  }
  /// Fills R's end-to-end speedups and decisions from Plan and R.Costs.
  std::vector<AmortizedDecision> decide(Row &R, const RegroupPlan &Plan,
                                        double Base, std::ostream &Log) {
    std::vector<AmortizedDecision> Ds;
    for (std::size_t I = 0; I < NumReuses; ++I) {
      AmortizedDecision D =
          decideAmortized(Plan, Base, R.Costs, ReuseCounts[I], O.MinSpeedup);
      R.Apply[I] = D.Apply;
      R.EndToEnd[I] = getEndToEndSpeedup(Base, R.Time.MedianMs, R.Costs.total(),
                                         ReuseCounts[I]);
      Log << "    " << ReuseCounts[I] << " reuses: " << D.Explanation
          << "; measured " << R.EndToEnd[I] << "x\n";
      Ds.push_back(D);
    }
    return Ds;
  }
  void runIterative(Workload &W, const Module &M, const LaunchShape &Original,
                    const LaunchShape &Remapped, const std::vector<double> &Lat,
                    const MemorySystem &Mem, PipelineRow &P, std::ostream &Log);

  const Options &O;
  Context &Ctx;
  const DeviceProperties &Props;
  const LatencyTable &Table;
  const TransactionCost &Cost;
  const Module &Dispatch;
  std::map<std::pair<unsigned, unsigned>, std::vector<unsigned>> FirstWave;
  std::vector<Row> Rows;
  std::vector<PipelineRow> Pipelines;
  bool AllIdentical = true;
};

void Bench::size(Workload &W, const Module &M, std::ostream &Log) {
  W.setScale(1.0);
  double Ms = timeLaunches(
                  Ctx, [&] { W.launchOriginal(M); }, 3, 1)
                  .MedianMs;
  double Scale = std::clamp(O.TargetMs / std::max(Ms, 1e-3), 1.0 / 64, 1024.0);
  W.setScale(Scale);
  Log << "  sized: " << Ms << " ms at scale 1, scale " << Scale << "\n";
}

gpu::DeviceProfile onDevice(const DeviceBbvProfile &P) {
  return {P.Words.address(), P.Threads, P.Blocks, P.Sites};
}

/// The model on the device: both predictions of one order (0: identity).
ModelPrediction predictOnDevice(const DeviceBbvProfile &P,
                                const std::vector<double> &Lat,
                                const MemorySystem &Mem, CUdeviceptr Order,
                                const LaunchShape &Shape) {
  return predictFromDemands(
      gpu::getWarpDemandsOnDevice(onDevice(P), Lat, &Mem, Order, Shape), Shape);
}

/// Profile once, regroup once (Sorting on the device), launch
/// O.Iterations times, against O.Iterations + 1 original launches (the
/// profiled launch is one of the useful ones): host wall clock, every
/// step included.
void Bench::runIterative(Workload &W, const Module &M,
                         const LaunchShape &Original,
                         const LaunchShape &Remapped,
                         const std::vector<double> &Lat,
                         const MemorySystem &Mem, PipelineRow &P,
                         std::ostream &Log) {
  const unsigned N = O.Iterations;
  Ctx.synchronize();
  P.IterativeOriginalMs = hostMs([&] {
    for (unsigned I = 0; I <= N; ++I)
      W.launchOriginal(M);
    Ctx.synchronize();
  });
  std::vector<std::uint32_t> Ref = W.output();
  W.poisonOutput();
  Ctx.synchronize();
  bool Applied = false;
  P.IterativeRegroupedMs = hostMs([&] {
    DeviceBbvProfile Prof = W.profile(M);
    DeviceBuffer<std::uint32_t> Order(Ctx, Prof.Threads);
    gpu::sortThreadsOnDevice(onDevice(Prof), Order.address());
    ModelPrediction Before = predictOnDevice(Prof, Lat, Mem, 0, Original);
    ModelPrediction After =
        predictOnDevice(Prof, Lat, Mem, Order.address(), Remapped);
    RegroupPlan Plan = evaluatePredictions(RegroupAlgorithm::Sorting, {},
                                           Before, After, O.MinSpeedup);
    // Costs as the single-launch rows measured them: the plan's own
    // figures for this reuse count.
    AmortizedDecision D =
        decideAmortized(Plan, P.BaseMs, P.Costs, N, O.MinSpeedup);
    P.IterativePredicted = D.EndToEndSpeedup;
    P.IterativeDecision = D.Explanation;
    Applied = D.Apply;
    for (unsigned I = 0; I < N; ++I) {
      if (Applied)
        W.launchRemapped(M, Order);
      else
        W.launchOriginal(M);
    }
    Ctx.synchronize();
  });
  Log << "  iterative (" << N
      << " launches after the profiled one): " << P.IterativeOriginalMs
      << " ms original, " << P.IterativeRegroupedMs
      << " ms profiled, planned and " << (Applied ? "regrouped" : "left alone")
      << ": " << P.IterativeOriginalMs / P.IterativeRegroupedMs
      << "x end to end; " << P.IterativeDecision << "\n";
  Row R{W.name(), "iterative", "sorting"};
  check(R, Ref, W.output());
  if (R.Output != "identical")
    Log << "  iterative output: " << R.Output << "\n";
}

void Bench::run(Workload &W, const Module &M, std::ostream &Log) {
  Log << "== " << W.name() << "\n";
  size(W, M, Log);
  Log << "  " << W.describe() << "\n";
  LaunchConfig C = W.config();
  PipelineRow Pipe;
  Pipe.Workload = W.name();

  Row Orig{W.name(), "original", "-"};
  W.poisonOutput();
  Orig.Time = timeLaunches(
      Ctx, [&] { W.launchOriginal(M); }, O.OverheadsOnly ? 1 : O.Runs,
      O.OverheadsOnly ? 1 : 2);
  std::vector<std::uint32_t> Ref = W.output();
  W.poisonOutput();
  W.launchOriginal(M);
  check(Orig, Ref, W.output()); // Deterministic: a repeat run agrees.
  Orig.Measured = 1;
  record(Orig, Log);
  const double Base = Orig.Time.MedianMs;
  Pipe.BaseMs = Base;

  // The profiled launch is a useful launch: only its extra time counts.
  Row Prof{W.name(), "bbv-profile", "-"};
  std::optional<DeviceBbvProfile> Profile;
  W.poisonOutput();
  Prof.Time = timeLaunches(
      Ctx, [&] { Profile.emplace(W.profile(M)); }, O.OverheadsOnly ? 1 : 3, 1);
  Prof.Measured = Base / Prof.Time.MedianMs;
  check(Prof, Ref, W.output()); // The counting copy computes the same.
  record(Prof, Log);
  const double ProfileExtraMs = std::max(0.0, Prof.Time.MedianMs - Base);
  Pipe.Threads = Profile->Threads;

  BbvMap Map = readBbvMap(M, W.kernel());
  std::vector<double> Lat = getBlockLatencies(Map, Table);
  MemorySystem Mem = getMemorySystem(Map, Cost);
  LaunchShape Original = shapeOf(M, W.kernel(), C);
  LaunchShape Remapped = shapeOf(M, getRemapKernelName(W.kernel()), C);
  Log << "  occupancy: " << Original.BlocksPerSM << " CTAs/SM (original), "
      << Remapped.BlocksPerSM << " (remapped); " << Original.SMs << " SMs, "
      << Original.ConcurrentWarps << " concurrent warps/SM; first wave "
      << (Original.FirstWaveSms.empty() ? "round-robin (not measured)"
                                        : "in the measured SM order")
      << "\n";

  // The model of the launch as it is: once, shared by every algorithm.
  ModelPrediction Before;
  double BeforeMs = hostMs(
      [&] { Before = predictOnDevice(*Profile, Lat, Mem, 0, Original); });

  // Sorting on the device: the order never leaves it.
  DeviceBuffer<std::uint32_t> Sorted(Ctx, Profile->Threads);
  double SortMs = hostMs(
      [&] { gpu::sortThreadsOnDevice(onDevice(*Profile), Sorted.address()); });
  ModelPrediction SortedAfter;
  double SortedModelMs = BeforeMs + hostMs([&] {
                           SortedAfter = predictOnDevice(
                               *Profile, Lat, Mem, Sorted.address(), Remapped);
                         });
  Pipe.Costs = {ProfileExtraMs, SortedModelMs, SortMs, 0};
  RegroupPlan SortedPlan = evaluatePredictions(
      RegroupAlgorithm::Sorting, {}, Before, SortedAfter, O.MinSpeedup);
  Pipe.PredictedSpeedup = SortedPlan.predictedSpeedup();
  Log << "  device pipeline: profiled launch +" << ProfileExtraMs
      << " ms, model " << SortedModelMs << " ms (before " << BeforeMs
      << "), sort " << SortMs << " ms, upload 0 (the order is made there): "
      << 100 * Pipe.Costs.total() / Base << "% of one launch\n";
  if (O.OverheadsOnly) {
    for (std::size_t I = 0; I < NumReuses; ++I) {
      AmortizedDecision D = decideAmortized(SortedPlan, Base, Pipe.Costs,
                                            ReuseCounts[I], O.MinSpeedup);
      Pipe.Picks[I] = D.Apply ? "sorting" : "leave";
    }
    Pipelines.push_back(Pipe);
    return;
  }

  std::vector<std::uint32_t> Identity(Profile->Threads);
  std::iota(Identity.begin(), Identity.end(), 0u);
  auto IdentityBuf = DeviceBuffer<std::uint32_t>::fromHost(Ctx, Identity);
  Row Id{W.name(), "remap-identity", "-"};
  W.poisonOutput();
  Id.Time = timeLaunches(
      Ctx, [&] { W.launchRemapped(M, IdentityBuf); }, O.Runs);
  Id.Measured = Base / Id.Time.MedianMs;
  Id.PredWeighted = Id.PredScheduled = 1;
  check(Id, Ref, W.output());
  record(Id, Log);

  // Greedy and Greedy-Max run on the host: they pay the profile's
  // download too.
  BbvSet Set;
  double DownloadMs = hostMs([&] { Set = Profile->download(); });

  std::vector<std::vector<AmortizedDecision>> Decisions;
  for (RegroupAlgorithm A :
       {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
        RegroupAlgorithm::GreedyMax}) {
    const char *Name = getRegroupAlgorithmName(A);
    std::vector<std::uint32_t> Order;
    std::unique_ptr<DeviceBuffer<std::uint32_t>> Redirect;
    RegroupPlan Plan;
    Row R{W.name(), "remap", Name};
    R.Predicted = true;
    if (A == RegroupAlgorithm::Sorting) {
      R.Costs = Pipe.Costs;
      Plan = SortedPlan;
      Order = Sorted.download(); // For the layout rows; not a cost.
    } else {
      double RegroupMs = hostMs(
          [&] { Order = regroupThreads(Set, Lat, A, Remapped.WarpSize); });
      double UploadMs = hostMs([&] {
        Redirect = std::make_unique<DeviceBuffer<std::uint32_t>>(
            DeviceBuffer<std::uint32_t>::fromHost(Ctx, Order));
      });
      ModelPrediction After;
      double ModelMs = BeforeMs + hostMs([&] {
                         After = predictOnDevice(*Profile, Lat, Mem,
                                                 Redirect->address(), Remapped);
                       });
      R.Costs = {ProfileExtraMs, ModelMs, DownloadMs + RegroupMs, UploadMs};
      Plan = evaluatePredictions(A, {}, Before, After, O.MinSpeedup);
    }
    const DeviceBuffer<std::uint32_t> &Table = Redirect ? *Redirect : Sorted;
    R.PredWeighted = Plan.predictedWeightedSpeedup();
    R.PredScheduled = Plan.predictedSpeedup();
    W.poisonOutput();
    R.Time = timeLaunches(
        Ctx, [&] { W.launchRemapped(M, Table); }, O.Runs);
    R.Measured = Base / R.Time.MedianMs;
    check(R, Ref, W.output());
    Log << "  " << Name << ": profiled +" << R.Costs.ProfileExtraMs
        << " ms, model " << R.Costs.ModelMs << " ms, regroup "
        << R.Costs.RegroupMs << " ms, upload " << R.Costs.UploadMs
        << " ms; scheduled, first wave in the measured sequence "
        << Plan.predictedScheduledSpeedup() << ", round-robin "
        << Plan.predictedRoundRobinSpeedup() << "\n";
    Decisions.push_back(decide(R, Plan, Base, Log));
    record(R, Log);

    if (!W.hasIndexedInputs())
      continue;
    Row L{W.name(), "layout", Name};
    L.Predicted = true;
    double PermuteMs = hostMs([&] { W.permuteInputs(Order); });
    L.PredWeighted = R.PredWeighted;
    L.PredScheduled = R.PredScheduled;
    W.poisonOutput();
    L.Time = timeLaunches(
        Ctx, [&] { W.launchOriginal(M); }, O.Runs);
    L.Measured = Base / L.Time.MedianMs;
    std::vector<std::uint32_t> Back;
    double ScatterMs =
        hostMs([&] { Back = scatterToThreadOrder(W.output(), Order); });
    // The layout pays the order's download, permutation and scatter where
    // the redirection pays the table's upload.
    L.Costs = R.Costs;
    L.Costs.UploadMs = PermuteMs + ScatterMs;
    decide(L, Plan, Base, Log);
    check(L, Ref, Back);
    W.restoreInputs();
    record(L, Log);
  }
  for (std::size_t I = 0; I < NumReuses; ++I) {
    std::vector<AmortizedDecision> AtR;
    for (const auto &D : Decisions)
      AtR.push_back(D[I]);
    int Pick = pickAmortized(AtR);
    Pipe.Picks[I] =
        Pick < 0 ? "leave" : getRegroupAlgorithmName(AtR[Pick].Algorithm);
  }
  if (O.Iterations > 0)
    runIterative(W, M, Original, Remapped, Lat, Mem, Pipe, Log);
  Pipelines.push_back(Pipe);
}

void writeCsv(const std::string &Path, const std::vector<Row> &Rows) {
  std::ofstream OS(Path);
  OS << "workload,variant,algorithm,median_ms,min_ms,max_ms,runs,"
        "predicted_weighted,predicted_scheduled,measured_speedup,"
        "error_weighted,error_scheduled,profile_extra_ms,model_ms,regroup_ms,"
        "upload_ms,e2e_1,e2e_10,e2e_100,apply_1,apply_10,apply_100,output\n";
  for (const Row &R : Rows) {
    OS << R.Workload << "," << R.Variant << "," << R.Algorithm << ","
       << R.Time.MedianMs << "," << R.Time.MinMs << "," << R.Time.MaxMs << ","
       << R.Time.Runs << "," << R.PredWeighted << "," << R.PredScheduled << ","
       << R.Measured << ","
       << (R.Predicted ? relativeError(R.PredWeighted, R.Measured) : 0) << ","
       << (R.Predicted ? relativeError(R.PredScheduled, R.Measured) : 0) << ","
       << R.Costs.ProfileExtraMs << "," << R.Costs.ModelMs << ","
       << R.Costs.RegroupMs << "," << R.Costs.UploadMs;
    for (double E : R.EndToEnd)
      OS << "," << E;
    for (bool A : R.Apply)
      OS << "," << (R.Predicted ? (A ? "regroup" : "skip") : "-");
    OS << "," << R.Output << "\n";
  }
  if (!OS)
    throw Error("cannot write " + Path);
}

void writeSummary(std::ostream &OS, const std::vector<Row> &Rows,
                  const std::vector<PipelineRow> &Pipes, const Options &O) {
  OS << summaryHeader();
  for (const Row &R : Rows)
    OS << formatRow(R, O.MinSpeedup);
  std::size_t Wrong = 0, Decided = 0;
  for (const Row &R : Rows)
    if (R.Predicted)
      for (std::size_t I = 0; I < NumReuses; ++I, ++Decided)
        Wrong += !R.right(I, O.MinSpeedup);
  OS << "plan@1/10/100: A regroup, s skip, ! wrong (regroup exactly where "
        "the measured end-to-end speedup is >= "
     << O.MinSpeedup << "): " << Wrong << " wrong of " << Decided << "\n\n";
  OS << "device pipeline (Sorting on the GPU; overhead = profiled launch's "
        "extra + model + sort + upload, target <= 25% of one launch)\n";
  char Line[400];
  std::snprintf(Line, sizeof Line,
                "%-17s %8s %9s %8s %7s %7s %8s %6s %-30s %s\n", "workload",
                "threads", "launch-ms", "prof+ms", "model", "sort", "ovh%",
                "pred", "plan picks @1/10/100", "iterative e2e (meas/pred)");
  OS << Line;
  for (const PipelineRow &P : Pipes) {
    std::string Picks = P.Picks[0] + "/" + P.Picks[1] + "/" + P.Picks[2];
    char It[64] = "-";
    if (P.IterativeRegroupedMs > 0)
      std::snprintf(It, sizeof It, "%.2fx / %.2fx",
                    P.IterativeOriginalMs / P.IterativeRegroupedMs,
                    P.IterativePredicted);
    std::snprintf(Line, sizeof Line,
                  "%-17s %8zu %9.2f %8.2f %7.2f %7.2f %7.1f%% %6.2f %-30s %s\n",
                  P.Workload.c_str(), P.Threads, P.BaseMs,
                  P.Costs.ProfileExtraMs, P.Costs.ModelMs, P.Costs.RegroupMs,
                  100 * P.Costs.total() / P.BaseMs, P.PredictedSpeedup,
                  Picks.c_str(), It);
    OS << Line;
  }
}

int runBench(const Options &O) {
  Device Dev = Device::get(0);
  Context Ctx(Dev);
  DeviceProperties Props = Dev.properties();
  std::cout << "device: " << Props.Name << ", sm_" << Props.computeCapability()
            << ", " << Props.MultiprocessorCount << " SMs, "
            << Props.ClockRateKHz / 1000 << " MHz; commit " << O.Commit << "\n";

  Module Lat = Module::loadFile(Ctx, O.PtxDir + "/latency.ptx");
  std::vector<MeasuredLatency> Measured = measureLatencies(Ctx, Lat);
  LatencyTable Committed = getLatencyTable(Props.computeCapability());
  LatencyTable Table = applyMeasured(Committed, Measured);
  std::cout << "latency (cycles, measured / committed):";
  for (const MeasuredLatency &L : Measured)
    std::cout << " " << L.Class << "=" << L.Cycles << "/"
              << Committed.Cycles[*findLatencyClass(L.Class)];
  std::cout << "\n";

  Module Tx = Module::loadFile(Ctx, O.PtxDir + "/transactions.ptx");
  MeasuredTransactions MT = measureTransactionCost(
      Ctx, Tx, static_cast<unsigned>(Props.MultiprocessorCount));
  TransactionCost CommittedTx = getTransactionCost(Props.computeCapability());
  std::cout << "transactions (SM cycles per warp request at lane strides 0, "
               "4, 32, 128 bytes):";
  for (double C : MT.CyclesPerRequest)
    std::cout << " " << C;
  std::cout << "; fitted per request/line/sector " << MT.Fitted.PerRequest
            << "/" << MT.Fitted.PerLine << "/" << MT.Fitted.PerSector
            << " (committed " << CommittedTx.PerRequest << "/"
            << CommittedTx.PerLine << "/" << CommittedTx.PerSector << ", "
            << CommittedTx.Source << ")\n";

  Module M = Module::loadFile(Ctx, O.PtxDir + "/kernels.regroup.ptx");
  std::vector<std::unique_ptr<Workload>> Ws;
  Ws.push_back(makeVarTrip(Ctx, O.Threads, "skewed"));
  Ws.push_back(makeVarTrip(Ctx, O.Threads, "uniform"));
  Ws.push_back(makeVarTrip(Ctx, O.Threads, "coherent"));
  Ws.push_back(makeMandel(Ctx, O.Threads));
  Ws.push_back(makeSeqCmp(Ctx, O.Threads / 4));
  Module Dispatch = Module::loadFile(Ctx, O.PtxDir + "/dispatch.ptx");
  Bench B(O, Ctx, Props, Table, MT.Fitted, Dispatch);
  auto Start = std::chrono::steady_clock::now();
  std::cout << summaryHeader();
  bool Failed = false;
  for (auto &W : Ws) {
    if (!O.Only.empty() &&
        ("," + O.Only + ",").find("," + W->name() + ",") == std::string::npos)
      continue;
    double Spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count();
    if (Spent > O.BudgetS) {
      std::cout << "== " << W->name() << ": not run, " << Spent
                << " s spent of the " << O.BudgetS << " s budget\n";
      continue;
    }
    try {
      B.run(*W, M, std::cout);
    } catch (const std::exception &E) {
      std::cout << "== " << W->name() << " failed: " << E.what() << "\n";
      Failed = true;
    }
  }
  writeCsv(O.Csv, B.rows());
  std::ofstream Summary(O.Summary);
  writeSummary(Summary, B.rows(), B.pipelines(), O);
  std::cout << "\n";
  writeSummary(std::cout, B.rows(), B.pipelines(), O);
  if (Failed)
    return 2;
  if (!B.allOutputsIdentical()) {
    std::cerr << "divopt-regroup-bench: some outputs differ from the "
                 "original's\n";
    return 1;
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  try {
    return runBench(parseOptions(Argc, Argv));
  } catch (const std::exception &E) {
    std::cerr << "divopt-regroup-bench: " << E.what() << "\n";
    return 2;
  }
}
