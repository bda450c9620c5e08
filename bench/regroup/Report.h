//===- Report.h - The regrouping bench's rows, tables and CSVs --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What divopt-regroup-bench measures, in three kinds of records:
//   - a launch row per variant (original, counting copy, remapped with each
//     algorithm's order, the original on inputs laid out in that order, and
//     the remapped kernel with the host's order where the device's differs):
//     its time, the model's predictions and errors, what producing the order
//     cost, end-to-end speedups at 1, 10 and 100 reuses and the plan's
//     decisions;
//   - a pipeline row per workload and algorithm: the device pipeline's
//     overheads (profiled launch's extra time, model, regrouping, upload) as
//     a share of one launch, the model's sample and its error against the
//     whole launch's, how the order compares with the host's, and whether
//     the plan picks it at each reuse count;
//   - a workload summary: the plan's pick at each reuse count, the
//     overhead of what it picks, and the iterative case.
// The verdict checks the targets of issue #21: the pick's overhead at most
// 25% of one launch, every decision right, every prediction within 10%.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_REPORT_H
#define DIVOPT_BENCH_REGROUP_REPORT_H

#include "Statistics.h"

#include "runtime/AmortizedPlan.h"
#include "runtime/Regrouping.h"
#include "runtime/gpu/GreedyPipeline.h"

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace divopt::bench {

/// The reuse counts the report gives end-to-end speedups for.
constexpr unsigned ReuseCounts[] = {1, 10, 100};
constexpr std::size_t NumReuses = 3;

/// The targets the verdict checks.
constexpr double OverheadTarget = 0.25;
constexpr double PredictionTarget = 0.10;

struct Row {
  Row(std::string Workload, std::size_t Threads, std::string Variant,
      std::string Algorithm)
      : Workload(std::move(Workload)), Threads(Threads),
        Variant(std::move(Variant)), Algorithm(std::move(Algorithm)) {}
  std::string Workload;
  std::size_t Threads;
  std::string Variant, Algorithm;
  TimingSummary Time;
  double PredWeighted = 0, PredScheduled = 0, Measured = 0;
  /// Whether the row has the model's predictions (its errors count).
  bool Predicted = false;
  /// Whether the plan decided the row (its decisions count).
  bool Decided = false;
  runtime::RegroupCosts Costs;
  /// Measured end to end and the plan's decision, per ReuseCounts entry.
  double EndToEnd[NumReuses] = {};
  bool Apply[NumReuses] = {};
  std::string Output;

  /// Whether the decision at reuse index R is right: regroup exactly
  /// where the measured end-to-end speedup is at least MinSpeedup.
  bool right(std::size_t R, double MinSpeedup) const {
    return Apply[R] == (EndToEnd[R] >= MinSpeedup);
  }
  double errorWeighted() const;
  double errorScheduled() const;
};

/// One algorithm's device pipeline on one workload.
struct PipelineRow {
  std::string Workload;
  std::size_t Threads = 0;
  double BaseMs = 0; ///< One original launch.
  runtime::RegroupAlgorithm Algorithm = runtime::RegroupAlgorithm::Sorting;
  runtime::RegroupCosts Costs;
  double Predicted = 0; ///< The plan's launch speedup (sampled model).
  /// The model's sample: one CTA and SM in SampleFactor; the whole
  /// launch's prediction, computed apart (not an overhead).
  unsigned SampleFactor = 1;
  double WholePredicted = 0;
  runtime::gpu::RegroupStats Stats;
  /// The order against the host's: "= host", or how far it is.
  std::string VsHost = "-";
  bool Picked[NumReuses] = {};
  std::string Failure;

  double overheadShare() const { return Costs.total() / BaseMs; }
  double sampleError() const;
};

struct WorkloadSummary {
  std::string Workload;
  std::size_t Threads = 0;
  double BaseMs = 0;
  /// The plan's pick at each reuse count ("leave": none).
  std::string Picks[NumReuses];
  /// The overhead of the pick, or of the cheapest pipeline that decided to
  /// leave the launch, as a share of one launch.
  double PickOverhead[NumReuses] = {};
  /// The iterative case: launches each way, timed end to end.
  double IterativeOriginalMs = 0, IterativeRegroupedMs = 0;
  double IterativePredicted = 0;
  std::string IterativePick;
};

std::string formatRowHeader();
std::string formatRow(const Row &R, double MinSpeedup);
std::string formatPipelineHeader();
std::string formatPipelineRow(const PipelineRow &P);
/// The device Greedy's steps (milliseconds each, launches, host waits).
std::string formatGreedyStepsHeader();
std::string formatGreedySteps(const PipelineRow &P);

/// Both CSVs; with Append, rows go after what the files hold (the header
/// only into a new file).
void writeRowsCsv(const std::string &Path, const std::vector<Row> &Rows,
                  bool Append);
void writePipelinesCsv(const std::string &Path,
                       const std::vector<PipelineRow> &Pipes, bool Append);

/// The tables, then the verdict against the targets; returns whether every
/// target checked was met.
bool writeSummary(std::ostream &OS, const std::vector<Row> &Rows,
                  const std::vector<PipelineRow> &Pipes,
                  const std::vector<WorkloadSummary> &Workloads,
                  double MinSpeedup);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_REPORT_H
