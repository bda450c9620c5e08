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
//   3. profiles per-thread BBVs with the counting copy (same output);
//   4. times the remapped copy with the identity table (the cost of the
//      redirection alone);
//   5. for Sorting, Greedy and Greedy-Max: regroups (timed on the host),
//      predicts the speedup with BBV-weighted and BBV-weighted-scheduled
//      (memory-aware: the sampled addresses of each access site),
//      uploads the table (timed), times the remapped kernel, and, where the
//      inputs are indexed arrays, the original on inputs laid out in the
//      regrouped order (data layout transformation, output mapped back);
//   6. compares every output bit for bit with the original's.
// Writes a CSV row per variant and a summary; exits 1 if any output differs.
//
//===----------------------------------------------------------------------===//

#include "DispatchCalibration.h"
#include "LatencyCalibration.h"
#include "Statistics.h"
#include "TransactionCalibration.h"
#include "Workloads.h"

#include "analysis/model/Occupancy.h"
#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Error.h"
#include "runtime/Event.h"
#include "runtime/Module.h"
#include "runtime/RegroupPlan.h"
#include "runtime/ThreadRegrouping.h"

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
    else
      throw Error("unknown option " + A +
                  " (--ptx-dir, --csv, --summary, --commit, --target-ms, "
                  "--threads, --runs, --min-speedup, --budget-s, --only)");
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

struct Row {
  Row(std::string Workload, std::string Variant, std::string Algorithm)
      : Workload(std::move(Workload)), Variant(std::move(Variant)),
        Algorithm(std::move(Algorithm)) {}
  std::string Workload, Variant, Algorithm;
  TimingSummary Time;
  double PredWeighted = 0, PredScheduled = 0, Measured = 0;
  double OverheadMs = 0, SpeedupWithOverhead = 0;
  bool Apply = false;
  std::string Output;
};

double relativeError(double Predicted, double Measured) {
  return std::abs(Predicted - Measured) / Measured;
}

std::string summaryHeader() {
  char Line[256];
  std::snprintf(Line, sizeof Line,
                "%-17s %-8s %-10s %9s %6s %6s %6s %6s %6s %7s %6s %-5s %s\n",
                "workload", "variant", "algorithm", "ms", "pred-w", "pred-s",
                "meas", "err-w", "err-s", "ovh-ms", "w/ovh", "model", "output");
  return Line;
}

std::string formatRow(const Row &R) {
  bool Predicted = R.Variant == "remap" || R.Variant == "layout";
  char Line[320];
  std::snprintf(
      Line, sizeof Line,
      "%-17s %-8s %-10s %9.3f %6.2f %6.2f %6.2f %5.1f%% %5.1f%% %7.1f %6.2f "
      "%-5s %s\n",
      R.Workload.c_str(),
      R.Variant == "remap-identity" ? "remap-id" : R.Variant.c_str(),
      R.Algorithm.c_str(), R.Time.MedianMs, R.PredWeighted, R.PredScheduled,
      R.Measured,
      Predicted ? 100 * relativeError(R.PredWeighted, R.Measured) : 0.0,
      Predicted ? 100 * relativeError(R.PredScheduled, R.Measured) : 0.0,
      R.OverheadMs, R.SpeedupWithOverhead,
      Predicted ? (R.Apply ? "apply" : "skip") : "-", R.Output.c_str());
  return Line;
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
    Log << formatRow(R) << std::flush;
  }
  void check(Row &R, const std::vector<std::uint32_t> &Ref,
             const std::vector<std::uint32_t> &Got) {
    R.Output = describeMismatch(Ref, Got);
    AllIdentical &= R.Output == "identical";
  }

  const Options &O;
  Context &Ctx;
  const DeviceProperties &Props;
  const LatencyTable &Table;
  const TransactionCost &Cost;
  const Module &Dispatch;
  std::map<std::pair<unsigned, unsigned>, std::vector<unsigned>> FirstWave;
  std::vector<Row> Rows;
  bool AllIdentical = true;
};

void Bench::size(Workload &W, const Module &M, std::ostream &Log) {
  W.setScale(1.0);
  double Ms = timeLaunches(Ctx, [&] { W.launchOriginal(M); }, 3, 1).MedianMs;
  double Scale = std::clamp(O.TargetMs / std::max(Ms, 1e-3), 1.0 / 64, 1024.0);
  W.setScale(Scale);
  Log << "  sized: " << Ms << " ms at scale 1, scale " << Scale << "\n";
}

void Bench::run(Workload &W, const Module &M, std::ostream &Log) {
  Log << "== " << W.name() << "\n";
  size(W, M, Log);
  Log << "  " << W.describe() << "\n";
  LaunchConfig C = W.config();

  Row Orig{W.name(), "original", "-"};
  W.poisonOutput();
  Orig.Time = timeLaunches(Ctx, [&] { W.launchOriginal(M); }, O.Runs);
  std::vector<std::uint32_t> Ref = W.output();
  W.poisonOutput();
  W.launchOriginal(M);
  check(Orig, Ref, W.output()); // Deterministic: a repeat run agrees.
  Orig.Measured = 1;
  record(Orig, Log);
  const double Base = Orig.Time.MedianMs;

  Row Prof{W.name(), "bbv-profile", "-"};
  BbvSet Set;
  W.poisonOutput();
  Prof.OverheadMs = hostMs([&] { Set = W.profile(M); });
  Prof.Time.MedianMs = Prof.OverheadMs;
  Prof.Time.Runs = 1;
  check(Prof, Ref, W.output()); // The counting copy computes the same.
  record(Prof, Log);

  BbvMap Map = readBbvMap(M, W.kernel());
  std::vector<double> Lat = getBlockLatencies(Map, Table);
  Log << "  blocks (latency, executions over all threads):";
  for (std::size_t B = 0; B < Map.Blocks.size(); ++B) {
    std::uint64_t Runs = 0;
    for (std::size_t T = 0; T < Set.Threads; ++T)
      Runs += Set.row(T)[B];
    Log << " " << Map.Blocks[B].Name << "=" << Lat[B] << "x" << Runs;
  }
  Log << "\n";
  MemorySystem Mem = getMemorySystem(Map, Cost);
  Log << "  access sites (block, bytes):";
  for (const AccessSite &A : Mem.Sites)
    Log << " " << Map.Blocks[A.Block].Name << "/" << A.Bytes;
  Log << "\n";

  LaunchShape Original = shapeOf(M, W.kernel(), C);
  LaunchShape Remapped = shapeOf(M, getRemapKernelName(W.kernel()), C);
  Log << "  occupancy: " << Original.BlocksPerSM << " CTAs/SM (original), "
      << Remapped.BlocksPerSM << " (remapped); " << Original.SMs << " SMs, "
      << Original.ConcurrentWarps << " concurrent warps/SM; first wave "
      << (Original.FirstWaveSms.empty() ? "round-robin (not measured)"
                                        : "in the measured SM order")
      << "\n";

  std::vector<std::uint32_t> Identity(Set.Threads);
  std::iota(Identity.begin(), Identity.end(), 0u);
  auto IdentityBuf = DeviceBuffer<std::uint32_t>::fromHost(Ctx, Identity);
  Row Id{W.name(), "remap-identity", "-"};
  W.poisonOutput();
  Id.Time =
      timeLaunches(Ctx, [&] { W.launchRemapped(M, IdentityBuf); }, O.Runs);
  Id.Measured = Base / Id.Time.MedianMs;
  Id.PredWeighted = Id.PredScheduled = 1;
  check(Id, Ref, W.output());
  record(Id, Log);

  for (RegroupAlgorithm A :
       {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
        RegroupAlgorithm::GreedyMax}) {
    const char *Name = getRegroupAlgorithmName(A);
    std::vector<std::uint32_t> Order;
    double RegroupMs =
        hostMs([&] { Order = regroupThreads(Set, Lat, A, Remapped.WarpSize); });
    RegroupPlan Plan;
    double ModelMs = hostMs([&] {
      Plan = evaluateRegrouping(Set, Lat, Original, Remapped, A, Order,
                                O.MinSpeedup, &Mem);
    });
    // The issue-only model, for the report: what the memory side changes.
    RegroupPlan IssueOnly = evaluateRegrouping(Set, Lat, Original, Remapped, A,
                                               Order, O.MinSpeedup);
    std::unique_ptr<DeviceBuffer<std::uint32_t>> Redirect;
    double UploadMs = hostMs([&] {
      Redirect = std::make_unique<DeviceBuffer<std::uint32_t>>(
          DeviceBuffer<std::uint32_t>::fromHost(Ctx, Order));
    });
    Row R{W.name(), "remap", Name};
    R.PredWeighted = Plan.predictedWeightedSpeedup();
    R.PredScheduled = Plan.predictedScheduledSpeedup();
    R.Apply = Plan.Apply;
    W.poisonOutput();
    R.Time = timeLaunches(Ctx, [&] { W.launchRemapped(M, *Redirect); }, O.Runs);
    R.Measured = Base / R.Time.MedianMs;
    R.OverheadMs = RegroupMs + UploadMs;
    R.SpeedupWithOverhead = Base / (R.Time.MedianMs + R.OverheadMs);
    check(R, Ref, W.output());
    record(R, Log);
    Log << "  " << Name << ": regroup " << RegroupMs << " ms, model " << ModelMs
        << " ms, upload " << UploadMs << " ms; issue-only model "
        << IssueOnly.predictedWeightedSpeedup() << " / "
        << IssueOnly.predictedScheduledSpeedup()
        << "; scheduled, first wave round-robin "
        << Plan.predictedRoundRobinSpeedup() << "\n";

    if (!W.hasIndexedInputs())
      continue;
    Row L{W.name(), "layout", Name};
    double PermuteMs = hostMs([&] { W.permuteInputs(Order); });
    L.PredWeighted = R.PredWeighted;
    L.PredScheduled = R.PredScheduled;
    L.Apply = R.Apply;
    W.poisonOutput();
    L.Time = timeLaunches(Ctx, [&] { W.launchOriginal(M); }, O.Runs);
    L.Measured = Base / L.Time.MedianMs;
    std::vector<std::uint32_t> Back;
    double ScatterMs =
        hostMs([&] { Back = scatterToThreadOrder(W.output(), Order); });
    L.OverheadMs = RegroupMs + PermuteMs + ScatterMs;
    L.SpeedupWithOverhead = Base / (L.Time.MedianMs + L.OverheadMs);
    check(L, Ref, Back);
    W.restoreInputs();
    record(L, Log);
  }
}

void writeCsv(const std::string &Path, const std::vector<Row> &Rows) {
  std::ofstream OS(Path);
  OS << "workload,variant,algorithm,median_ms,min_ms,max_ms,runs,"
        "predicted_weighted,predicted_scheduled,measured_speedup,"
        "error_weighted,error_scheduled,overhead_ms,speedup_with_overhead,"
        "apply,output\n";
  for (const Row &R : Rows) {
    bool Predicted = R.Variant == "remap" || R.Variant == "layout";
    OS << R.Workload << "," << R.Variant << "," << R.Algorithm << ","
       << R.Time.MedianMs << "," << R.Time.MinMs << "," << R.Time.MaxMs << ","
       << R.Time.Runs << "," << R.PredWeighted << "," << R.PredScheduled << ","
       << R.Measured << ","
       << (Predicted ? relativeError(R.PredWeighted, R.Measured) : 0) << ","
       << (Predicted ? relativeError(R.PredScheduled, R.Measured) : 0) << ","
       << R.OverheadMs << "," << R.SpeedupWithOverhead << ","
       << (Predicted ? (R.Apply ? "regroup" : "skip") : "-") << "," << R.Output
       << "\n";
  }
  if (!OS)
    throw Error("cannot write " + Path);
}

void writeSummary(std::ostream &OS, const std::vector<Row> &Rows) {
  OS << summaryHeader();
  for (const Row &R : Rows)
    OS << formatRow(R);
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
  writeSummary(Summary, B.rows());
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
