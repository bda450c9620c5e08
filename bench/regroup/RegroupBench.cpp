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
//   4. runs each algorithm's pipeline on the device (DevicePipeline.h):
//      Sorting, Greedy, Greedy-Max (runtime/gpu), the model on the
//      device's warp demands (of a sample of the CTAs past
//      --model-max-ctas, its error against the whole launch's measured);
//   5. times the remapped copy with the identity table (the cost of the
//      redirection alone);
//   6. per algorithm: the remapped kernel with the device's order, the
//      order against the host's (regroupThreads: element for element, and
//      the remapped kernel with the host's order where they differ), and,
//      where the inputs are indexed arrays, the original on inputs laid
//      out in that order (data layout transformation, output mapped back);
//      each row's overheads, measured end-to-end speedups at 1, 10 and 100
//      reuses and the amortizing plan's decisions (AmortizedPlan.h), right
//      where they regroup exactly when the measured end-to-end speedup is
//      at least --min-speedup;
//   7. the iterative case: --iterations launches after one profiled
//      launch, the plan's pick for that many reuses run once, against as
//      many original launches, host wall clock;
//   8. compares every output bit for bit with the original's.
// With --overheads-only, steps 1-4 alone (sizes too large to time every
// variant), the plan deciding on the predicted speedups. Writes a CSV row
// per variant and per pipeline (appended with --append) and prints the
// tables and the verdict (Report.h) last. Exits 0 when every output is
// identical, every pipeline ran and agrees with the host and every target
// is met; 1 when an output differs; 2 on a failure; 3 when a target is
// missed.
//
//===----------------------------------------------------------------------===//

#include "DevicePipeline.h"
#include "DispatchCalibration.h"
#include "LatencyCalibration.h"
#include "Report.h"
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
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <string>

using namespace divopt;
using namespace divopt::bench;
using namespace divopt::runtime;

namespace {

constexpr RegroupAlgorithm Algorithms[] = {RegroupAlgorithm::Sorting,
                                           RegroupAlgorithm::Greedy,
                                           RegroupAlgorithm::GreedyMax};

struct Options {
  std::string PtxDir = ".";
  std::string Csv = "regroup.csv";
  std::string PipelinesCsv = "pipelines.csv";
  std::string Commit = "unknown";
  double TargetMs = 100;
  unsigned Threads = 1u << 20;
  int Runs = 5;
  double MinSpeedup = 1.05;
  /// Workloads not started once this many seconds have passed.
  double BudgetS = 150;
  /// Comma-separated workload names; all when empty.
  std::string Only;
  /// Only the pipelines' overheads against one original launch, for
  /// problem sizes too large to time every variant.
  bool OverheadsOnly = false;
  /// Launches of the iterative case (profile once, regroup once, launch
  /// this many times), timed end to end; 0: none.
  unsigned Iterations = 10;
  /// The CSVs get rows after what they hold.
  bool Append = false;
  PipelineOptions Pipeline;
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
    else if (A == "--pipelines-csv")
      O.PipelinesCsv = Value();
    else if (A == "--commit")
      O.Commit = Value();
    else if (A == "--target-ms")
      O.TargetMs = std::stod(Value());
    else if (A == "--threads")
      O.Threads = static_cast<unsigned>(std::stoul(Value()));
    else if (A == "--runs")
      O.Runs = std::stoi(Value());
    else if (A == "--min-speedup")
      O.MinSpeedup = O.Pipeline.MinSpeedup = std::stod(Value());
    else if (A == "--budget-s")
      O.BudgetS = std::stod(Value());
    else if (A == "--only")
      O.Only = Value();
    else if (A == "--overheads-only")
      O.OverheadsOnly = true;
    else if (A == "--iterations")
      O.Iterations = static_cast<unsigned>(std::stoul(Value()));
    else if (A == "--append")
      O.Append = true;
    else if (A == "--model-max-ctas")
      O.Pipeline.ModelMaxCtas = std::stoul(Value());
    else if (A == "--chunk-groups")
      O.Pipeline.ChunkGroups = static_cast<std::uint32_t>(std::stoul(Value()));
    else if (A == "--pipeline-runs")
      O.Pipeline.Runs = std::stoi(Value());
    else
      throw Error("unknown option " + A +
                  " (--ptx-dir, --csv, --pipelines-csv, --commit, "
                  "--target-ms, --threads, --runs, --min-speedup, "
                  "--budget-s, --only, --overheads-only, --iterations, "
                  "--append, --model-max-ctas, --chunk-groups, "
                  "--pipeline-runs)");
  }
  if (O.Threads == 0 || O.Threads % 256 != 0 || O.Runs < 1 || O.TargetMs <= 0 ||
      O.Pipeline.Runs < 1 || O.Pipeline.ChunkGroups == 1)
    throw Error("--threads must be a positive multiple of 256, --runs, "
                "--pipeline-runs and --target-ms positive, --chunk-groups 0 "
                "or at least 2");
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

/// Where two orders (or outputs) first differ, and how many places do.
std::string describeMismatch(const std::vector<std::uint32_t> &Ref,
                             const std::vector<std::uint32_t> &Got,
                             const char *Unit = "words") {
  if (Ref.size() != Got.size())
    return "size " + std::to_string(Got.size()) +
           " != " + std::to_string(Ref.size());
  std::size_t Bad = 0, First = Ref.size();
  for (std::size_t I = 0; I < Ref.size(); ++I)
    if (Ref[I] != Got[I] && Bad++ == 0)
      First = I;
  if (Bad == 0)
    return "identical";
  return std::to_string(Bad) + " " + Unit + " differ, first at " +
         std::to_string(First);
}

class Bench {
public:
  Bench(const Options &O, Context &Ctx, const DeviceProperties &Props,
        const LatencyTable &Table, const TransactionCost &Cost,
        const Module &Dispatch)
      : O(O), Ctx(Ctx), Props(Props), Table(Table), Cost(Cost),
        Dispatch(Dispatch) {}

  void run(Workload &W, const Module &M, std::ostream &Log);
  const std::vector<Row> &rows() const { return Rows; }
  const std::vector<PipelineRow> &pipelines() const { return Pipes; }
  const std::vector<WorkloadSummary> &workloads() const { return Summaries; }
  bool allOutputsIdentical() const { return AllIdentical; }

private:
  /// One workload's state while it runs.
  struct Run {
    Run(Workload &W, const Module &M, std::ostream &Log)
        : W(W), M(M), Log(Log) {}
    Workload &W;
    const Module &M;
    std::ostream &Log;
    std::vector<std::uint32_t> Ref;
    double Base = 0, ProfileExtraMs = 0;
    std::optional<DeviceBbvProfile> Profile;
    ModelInputs In;
    std::vector<PipelineRun> Pipelines;
    /// Per pipeline, its row in Pipes; per pipeline and reuse count, the
    /// plan's decision for the remapped kernel.
    std::vector<std::size_t> PipeRows;
    std::vector<std::vector<AmortizedDecision>> Decisions;
    BbvSet Set; ///< The profile on the host: the host's orders.
  };

  void size(Workload &W, const Module &M, std::ostream &Log);
  LaunchShape shapeOf(const Module &M, const std::string &Name,
                      const LaunchConfig &C);
  const std::vector<unsigned> &firstWaveSms(unsigned Tpb, unsigned Resident);
  void record(const Row &R, std::ostream &Log) {
    Rows.push_back(R);
    Log << formatRow(R, O.MinSpeedup) << std::flush;
  }
  void check(Row &R, const std::vector<std::uint32_t> &Ref,
             const std::vector<std::uint32_t> &Got) {
    R.Output = describeMismatch(Ref, Got);
    AllIdentical &= R.Output == "identical";
  }
  std::vector<AmortizedDecision> decide(Row &R, const RegroupPlan &Plan,
                                        double Base, std::ostream &Log);
  void runPipelines(Run &S);
  void runAlgorithm(Run &S, std::size_t I);
  void runHostOrder(Run &S, const PipelineRun &P,
                    const std::vector<std::uint32_t> &Host);
  void runLayout(Run &S, const PipelineRun &P, const RegroupPlan &Plan,
                 const Row &Remap);
  void summarize(Run &S, bool Measured);
  void runIterative(Run &S, WorkloadSummary &Sum);

  const Options &O;
  Context &Ctx;
  const DeviceProperties &Props;
  const LatencyTable &Table;
  const TransactionCost &Cost;
  const Module &Dispatch;
  std::map<std::pair<unsigned, unsigned>, std::vector<unsigned>> FirstWave;
  std::vector<Row> Rows;
  std::vector<PipelineRow> Pipes;
  std::vector<WorkloadSummary> Summaries;
  bool AllIdentical = true;
};

LaunchShape Bench::shapeOf(const Module &M, const std::string &Name,
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
const std::vector<unsigned> &Bench::firstWaveSms(unsigned Tpb,
                                                 unsigned Resident) {
  auto Key = std::make_pair(Tpb, Resident);
  auto It = FirstWave.find(Key);
  if (It == FirstWave.end())
    It = FirstWave
             .emplace(Key,
                      measureFirstWaveSms(Ctx, Dispatch, Props, Tpb, Resident))
             .first;
  return It->second;
}

void Bench::size(Workload &W, const Module &M, std::ostream &Log) {
  W.setScale(1.0);
  double Ms = timeLaunches(
                  Ctx, [&] { W.launchOriginal(M); }, 3, 1)
                  .MedianMs;
  double Scale = std::clamp(O.TargetMs / std::max(Ms, 1e-3), 1.0 / 64, 1024.0);
  W.setScale(Scale);
  Log << "  sized: " << Ms << " ms at scale 1, scale " << Scale << "\n";
}

/// Fills R's end-to-end speedups and decisions from Plan and R.Costs.
std::vector<AmortizedDecision> Bench::decide(Row &R, const RegroupPlan &Plan,
                                             double Base, std::ostream &Log) {
  std::vector<AmortizedDecision> Ds;
  for (std::size_t I = 0; I < NumReuses; ++I) {
    AmortizedDecision D =
        decideAmortized(Plan, Base, R.Costs, ReuseCounts[I], O.MinSpeedup);
    R.Apply[I] = D.Apply;
    R.EndToEnd[I] = getEndToEndSpeedup(Base, R.Time.MedianMs, R.Costs.total(),
                                       ReuseCounts[I]);
    Log << "    " << R.Variant << ", " << ReuseCounts[I]
        << " reuses: " << D.Explanation << "; measured " << R.EndToEnd[I]
        << "x\n";
    Ds.push_back(D);
  }
  R.Decided = true;
  return Ds;
}

/// Every algorithm's pipeline on the device; a failing one is reported and
/// the others go on.
void Bench::runPipelines(Run &S) {
  for (RegroupAlgorithm A : Algorithms) {
    PipelineRow P;
    P.Workload = S.W.name();
    P.Threads = S.Profile->Threads;
    P.BaseMs = S.Base;
    P.Algorithm = A;
    try {
      PipelineRun R =
          runPipeline(Ctx, A, *S.Profile, S.ProfileExtraMs, S.In, O.Pipeline);
      P.Costs = R.Costs;
      P.Predicted = R.Plan.predictedSpeedup();
      P.SampleFactor = R.SampleFactor;
      P.WholePredicted = R.WholePlan.predictedSpeedup();
      P.Stats = R.Stats;
      S.Log << "  " << getRegroupAlgorithmName(A) << " on the device: model "
            << R.Costs.ModelMs << " ms (sample 1/" << R.SampleFactor
            << ", predicted " << P.Predicted << "x, whole launch "
            << P.WholePredicted << "x; measured first wave "
            << R.Plan.predictedScheduledSpeedup() << ", round-robin "
            << R.Plan.predictedRoundRobinSpeedup() << "), regroup "
            << R.Costs.RegroupMs << " ms";
      if (A != RegroupAlgorithm::Sorting)
        S.Log << " (" << R.Stats.Classes << " classes, " << R.Stats.OpenGroups
              << " open groups, " << R.Stats.Rounds << " merge rounds"
              << (R.Stats.OneChunk ? ", one chunk" : "") << ")";
      S.Log << ": " << 100 * P.overheadShare() << "% of one launch\n";
      if (A != RegroupAlgorithm::Sorting) {
        S.Log << "    steps (ms):";
        for (unsigned St = 0; St < runtime::gpu::NumGreedySteps; ++St)
          S.Log << " " << runtime::gpu::getGreedyStepName(St) << " "
                << R.Stats.StepMs[St];
        S.Log << "; chunks of " << R.Stats.Chunk << ", " << R.Stats.FirstChunks
              << " in the first round; " << R.Stats.Launches << " launches, "
              << R.Stats.RoundTrips << " host waits\n";
      }
      S.PipeRows.push_back(Pipes.size());
      S.Pipelines.push_back(std::move(R));
    } catch (const std::exception &E) {
      P.Failure = E.what();
      S.Log << "  " << getRegroupAlgorithmName(A)
            << " on the device failed: " << E.what() << "\n";
    }
    Pipes.push_back(P);
  }
}

/// The host's order of Algorithm: where it differs from the device's,
/// the remapped kernel with it, predicted and timed.
void Bench::runHostOrder(Run &S, const PipelineRun &P,
                         const std::vector<std::uint32_t> &Host) {
  Row R{S.W.name(), S.Profile->Threads, "remap-host",
        getRegroupAlgorithmName(P.Algorithm)};
  R.Predicted = true;
  auto Table = DeviceBuffer<std::uint32_t>::fromHost(Ctx, Host);
  Prediction M = predictOnDevice(*S.Profile, S.In, Table.address(), 0);
  RegroupPlan Plan =
      evaluatePredictions(P.Algorithm, {}, M.Before, M.After, O.MinSpeedup);
  R.PredWeighted = Plan.predictedWeightedSpeedup();
  R.PredScheduled = Plan.predictedSpeedup();
  S.W.poisonOutput();
  R.Time = timeLaunches(
      Ctx, [&] { S.W.launchRemapped(S.M, Table); }, O.Runs);
  R.Measured = S.Base / R.Time.MedianMs;
  check(R, S.Ref, S.W.output());
  record(R, S.Log);
}

/// The original kernel on inputs laid out in the device's order.
void Bench::runLayout(Run &S, const PipelineRun &P, const RegroupPlan &Plan,
                      const Row &Remap) {
  Row L{S.W.name(), S.Profile->Threads, "layout",
        getRegroupAlgorithmName(P.Algorithm)};
  L.Predicted = true;
  std::vector<std::uint32_t> Order;
  // The layout pays the order's download, the inputs' permutation and the
  // output's scatter where the redirection pays nothing.
  double DownloadMs = hostMs([&] { Order = P.Order->download(); });
  double PermuteMs = hostMs([&] { S.W.permuteInputs(Order); });
  L.PredWeighted = Remap.PredWeighted;
  L.PredScheduled = Remap.PredScheduled;
  S.W.poisonOutput();
  L.Time = timeLaunches(
      Ctx, [&] { S.W.launchOriginal(S.M); }, O.Runs);
  L.Measured = S.Base / L.Time.MedianMs;
  std::vector<std::uint32_t> Back;
  double ScatterMs =
      hostMs([&] { Back = scatterToThreadOrder(S.W.output(), Order); });
  L.Costs = Remap.Costs;
  L.Costs.UploadMs = DownloadMs + PermuteMs + ScatterMs;
  decide(L, Plan, S.Base, S.Log);
  check(L, S.Ref, Back);
  S.W.restoreInputs();
  record(L, S.Log);
}

/// Pipeline I's rows: the remapped kernel with the device's order and its
/// decisions, the order against the host's, the layout.
void Bench::runAlgorithm(Run &S, std::size_t I) {
  const PipelineRun &P = S.Pipelines[I];
  PipelineRow &Pipe = Pipes[S.PipeRows[I]];
  const char *Name = getRegroupAlgorithmName(P.Algorithm);
  Row R{S.W.name(), S.Profile->Threads, "remap", Name};
  R.Predicted = true;
  R.Costs = P.Costs;
  R.PredWeighted = P.Plan.predictedWeightedSpeedup();
  R.PredScheduled = P.Plan.predictedSpeedup();
  S.W.poisonOutput();
  R.Time = timeLaunches(
      Ctx, [&] { S.W.launchRemapped(S.M, *P.Order); }, O.Runs);
  R.Measured = S.Base / R.Time.MedianMs;
  check(R, S.Ref, S.W.output());
  S.Decisions[I] = decide(R, P.Plan, S.Base, S.Log);
  record(R, S.Log);

  // The host's order, element for element: its Greedy merges the whole
  // line; where the device merged in chunks, the host's chunks too.
  std::vector<std::uint32_t> Device = P.Order->download();
  const unsigned Warp = S.In.Remapped.WarpSize;
  std::vector<std::uint32_t> Host;
  double HostMs = hostMs(
      [&] { Host = regroupThreads(S.Set, S.In.BlockLat, P.Algorithm, Warp); });
  std::string Exact = describeMismatch(Host, Device, "places");
  if (Exact == "identical") {
    Pipe.VsHost = "= host";
  } else if (!P.Stats.OneChunk) {
    std::string Chunked =
        describeMismatch(regroupThreads(S.Set, S.In.BlockLat, P.Algorithm, Warp,
                                        O.Pipeline.ChunkGroups),
                         Device, "places");
    Pipe.VsHost = Chunked == "identical"
                      ? "= host's chunks"
                      : "DIFFERS from host's chunks: " + Chunked;
  } else {
    Pipe.VsHost = "DIFFERS from host: " + Exact;
  }
  S.Log << "  " << Name << " against the host's order (" << HostMs
        << " ms there): " << Pipe.VsHost
        << (Exact == "identical" ? "" : "; host's Greedy: " + Exact) << "\n";
  if (Exact != "identical")
    runHostOrder(S, P, Host);
  if (S.W.hasIndexedInputs())
    runLayout(S, P, P.Plan, R);
}

/// The plan's pick at each reuse count, from the measured rows' decisions
/// or (Measured false) from the predictions alone; the overhead it costs.
void Bench::summarize(Run &S, bool Measured) {
  WorkloadSummary Sum;
  Sum.Workload = S.W.name();
  Sum.Threads = S.Profile->Threads;
  Sum.BaseMs = S.Base;
  for (std::size_t R = 0; R < NumReuses; ++R) {
    std::vector<AmortizedDecision> AtR;
    std::vector<std::size_t> Of;
    for (std::size_t I = 0; I < S.Pipelines.size(); ++I) {
      const PipelineRun &P = S.Pipelines[I];
      if (Measured && S.Decisions[I].empty())
        continue; // Its rows failed.
      AtR.push_back(Measured ? S.Decisions[I][R]
                             : decideAmortized(P.Plan, S.Base, P.Costs,
                                               ReuseCounts[R], O.MinSpeedup));
      Of.push_back(I);
    }
    int Pick = pickAmortized(AtR);
    // Leaving the launch alone costs what decided it: the Sorting pipeline.
    std::size_t Paid = S.Pipelines.size();
    if (Pick >= 0)
      Paid = Of[Pick];
    else
      for (std::size_t I = 0; I < S.Pipelines.size(); ++I)
        if (S.Pipelines[I].Algorithm == RegroupAlgorithm::Sorting)
          Paid = I;
    Sum.Picks[R] =
        Pick < 0 ? "leave" : getRegroupAlgorithmName(AtR[Pick].Algorithm);
    if (Paid < S.Pipelines.size())
      Sum.PickOverhead[R] = S.Pipelines[Paid].Costs.total() / S.Base;
    if (Pick >= 0)
      Pipes[S.PipeRows[Of[Pick]]].Picked[R] = true;
  }
  if (Measured && O.Iterations > 0)
    runIterative(S, Sum);
  Summaries.push_back(Sum);
}

/// Profile once, run the plan's pick for O.Iterations reuses once, launch
/// O.Iterations times, against O.Iterations + 1 original launches (the
/// profiled launch is one of the useful ones): host wall clock, every step
/// included.
void Bench::runIterative(Run &S, WorkloadSummary &Sum) {
  const unsigned N = O.Iterations;
  std::vector<AmortizedDecision> Ds;
  for (const PipelineRun &P : S.Pipelines)
    Ds.push_back(decideAmortized(P.Plan, S.Base, P.Costs, N, O.MinSpeedup));
  int Pick = pickAmortized(Ds);
  std::size_t Use = 0;
  if (Pick >= 0)
    Use = static_cast<std::size_t>(Pick);
  else
    for (std::size_t I = 0; I < S.Pipelines.size(); ++I)
      if (S.Pipelines[I].Algorithm == RegroupAlgorithm::Sorting)
        Use = I; // The cheapest pipeline decides to leave it.
  if (S.Pipelines.empty())
    return;
  const RegroupAlgorithm A = S.Pipelines[Use].Algorithm;
  const PipelineRun &Measured = S.Pipelines[Use];
  Ctx.synchronize();
  Sum.IterativeOriginalMs = hostMs([&] {
    for (unsigned I = 0; I <= N; ++I)
      S.W.launchOriginal(S.M);
    Ctx.synchronize();
  });
  S.W.poisonOutput();
  Ctx.synchronize();
  bool Applied = false;
  std::string Why;
  Sum.IterativeRegroupedMs = hostMs([&] {
    DeviceBbvProfile Prof = S.W.profile(S.M);
    DeviceBuffer<std::uint32_t> Order(Ctx, Prof.Threads);
    gpu::regroupOnDevice(onDevice(Prof), S.In.BlockLat, A,
                         S.In.Remapped.WarpSize, O.Pipeline.ChunkGroups,
                         Order.address());
    Prediction M =
        predictOnDevice(Prof, S.In, Order.address(), O.Pipeline.ModelMaxCtas);
    RegroupPlan Plan =
        evaluatePredictions(A, {}, M.Before, M.After, O.MinSpeedup);
    // Costs as the single-launch rows measured them.
    AmortizedDecision D =
        decideAmortized(Plan, S.Base, Measured.Costs, N, O.MinSpeedup);
    Sum.IterativePredicted = D.EndToEndSpeedup;
    Why = D.Explanation;
    Applied = D.Apply;
    for (unsigned I = 0; I < N; ++I) {
      if (Applied)
        S.W.launchRemapped(S.M, Order);
      else
        S.W.launchOriginal(S.M);
    }
    Ctx.synchronize();
  });
  Sum.IterativePick = Applied ? getRegroupAlgorithmName(A) : "leave";
  S.Log << "  iterative (" << N
        << " launches after the profiled one): " << Sum.IterativeOriginalMs
        << " ms original, " << Sum.IterativeRegroupedMs
        << " ms profiled, planned and "
        << (Applied ? "regrouped" : "left alone") << ": "
        << Sum.IterativeOriginalMs / Sum.IterativeRegroupedMs
        << "x end to end; " << Why << "\n";
  Row R{S.W.name(), S.Profile->Threads, "iterative",
        getRegroupAlgorithmName(A)};
  check(R, S.Ref, S.W.output());
  if (R.Output != "identical")
    S.Log << "  iterative output: " << R.Output << "\n";
}

void Bench::run(Workload &W, const Module &M, std::ostream &Log) {
  Log << "== " << W.name() << "\n";
  size(W, M, Log);
  Log << "  " << W.describe() << "\n";
  LaunchConfig C = W.config();
  Run S(W, M, Log);
  const std::size_t Threads = getLaunchedThreads(C);

  Row Orig{W.name(), Threads, "original", "-"};
  W.poisonOutput();
  Orig.Time = timeLaunches(
      Ctx, [&] { W.launchOriginal(M); }, O.OverheadsOnly ? 1 : O.Runs,
      O.OverheadsOnly ? 1 : 2);
  S.Ref = W.output();
  W.poisonOutput();
  W.launchOriginal(M);
  check(Orig, S.Ref, W.output()); // Deterministic: a repeat run agrees.
  Orig.Measured = 1;
  record(Orig, Log);
  S.Base = Orig.Time.MedianMs;

  // The profiled launch is a useful launch: only its extra time counts.
  Row Prof{W.name(), Threads, "bbv-profile", "-"};
  W.poisonOutput();
  Prof.Time = timeLaunches(
      Ctx, [&] { S.Profile.emplace(W.profile(M)); }, O.OverheadsOnly ? 1 : 3,
      1);
  Prof.Measured = S.Base / Prof.Time.MedianMs;
  check(Prof, S.Ref, W.output()); // The counting copy computes the same.
  record(Prof, Log);
  S.ProfileExtraMs = std::max(0.0, Prof.Time.MedianMs - S.Base);

  BbvMap Map = readBbvMap(M, W.kernel());
  S.In.BlockLat = getBlockLatencies(Map, Table);
  S.In.Mem = getMemorySystem(Map, Cost);
  S.In.Original = shapeOf(M, W.kernel(), C);
  S.In.Remapped = shapeOf(M, getRemapKernelName(W.kernel()), C);
  Log << "  occupancy: " << S.In.Original.BlocksPerSM << " CTAs/SM (original), "
      << S.In.Remapped.BlocksPerSM << " (remapped); " << S.In.Original.SMs
      << " SMs, " << S.In.Original.ConcurrentWarps
      << " concurrent warps/SM; first wave "
      << (S.In.Original.FirstWaveSms.empty() ? "round-robin (not measured)"
                                             : "in the measured SM order")
      << "\n";

  runPipelines(S);
  if (O.OverheadsOnly) {
    summarize(S, /*Measured=*/false);
    return;
  }

  std::vector<std::uint32_t> Identity(Threads);
  for (std::size_t I = 0; I < Threads; ++I)
    Identity[I] = static_cast<std::uint32_t>(I);
  auto IdentityBuf = DeviceBuffer<std::uint32_t>::fromHost(Ctx, Identity);
  Row Id{W.name(), Threads, "remap-id", "-"};
  W.poisonOutput();
  Id.Time = timeLaunches(
      Ctx, [&] { W.launchRemapped(M, IdentityBuf); }, O.Runs);
  Id.Measured = S.Base / Id.Time.MedianMs;
  Id.PredWeighted = Id.PredScheduled = 1;
  check(Id, S.Ref, W.output());
  record(Id, Log);

  S.Set = S.Profile->download(); // For the host's orders; not a cost.
  S.Decisions.resize(S.Pipelines.size());
  for (std::size_t I = 0; I < S.Pipelines.size(); ++I) {
    try {
      runAlgorithm(S, I);
    } catch (const std::exception &E) {
      Pipes[S.PipeRows[I]].Failure = E.what();
      S.Decisions[I].clear();
      S.W.restoreInputs();
      Log << "  " << getRegroupAlgorithmName(S.Pipelines[I].Algorithm)
          << "'s rows failed: " << E.what() << "\n";
    }
  }
  summarize(S, /*Measured=*/true);
}

/// Calibrates, then runs every workload; a failing workload is reported
/// and the others go on.
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
  Ws.push_back(makeVarTrip(Ctx, O.Threads, "skewed", "vartrip_call"));
  Ws.push_back(makeMandel(Ctx, O.Threads));
  Ws.push_back(makeSeqCmp(Ctx, O.Threads / 4));
  Module Dispatch = Module::loadFile(Ctx, O.PtxDir + "/dispatch.ptx");
  Bench B(O, Ctx, Props, Table, MT.Fitted, Dispatch);
  auto Start = std::chrono::steady_clock::now();
  std::cout << formatRowHeader();
  bool Failed = false;
  // The CSVs get each workload's rows as soon as it ends: a run stopped
  // later keeps them.
  std::size_t RowsWritten = 0, PipesWritten = 0;
  auto Flush = [&] {
    bool Append = O.Append || RowsWritten + PipesWritten > 0;
    writeRowsCsv(
        O.Csv, std::vector<Row>(B.rows().begin() + RowsWritten, B.rows().end()),
        Append);
    writePipelinesCsv(
        O.PipelinesCsv,
        std::vector<PipelineRow>(B.pipelines().begin() + PipesWritten,
                                 B.pipelines().end()),
        Append);
    RowsWritten = B.rows().size();
    PipesWritten = B.pipelines().size();
  };
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
      Failed = true;
      continue;
    }
    try {
      B.run(*W, M, std::cout);
    } catch (const std::exception &E) {
      std::cout << "== " << W->name() << " failed: " << E.what() << "\n";
      Failed = true;
    }
    Flush();
  }
  std::cout << "\n== summary (" << Props.Name << ", " << O.Threads
            << " threads, commit " << O.Commit << ")\n";
  bool Met = writeSummary(std::cout, B.rows(), B.pipelines(), B.workloads(),
                          O.MinSpeedup);
  if (!B.allOutputsIdentical()) {
    std::cerr << "divopt-regroup-bench: some outputs differ from the "
                 "original's\n";
    return 1;
  }
  if (Failed)
    return 2;
  return Met ? 0 : 3;
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
