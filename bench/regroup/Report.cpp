//===- Report.cpp - The regrouping bench's rows, tables and CSVs ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "runtime/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

using namespace divopt::runtime;

namespace divopt::bench {

namespace {

double relativeError(double Predicted, double Measured) {
  return Measured > 0 ? std::abs(Predicted - Measured) / Measured : 0;
}

std::string percent(double Share) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1f%%", 100 * Share);
  return Buf;
}

std::string decisions(const Row &R, double MinSpeedup) {
  if (!R.Decided)
    return "-";
  std::string P;
  for (std::size_t I = 0; I < NumReuses; ++I)
    P += std::string(I ? "/" : "") + (R.Apply[I] ? "A" : "s") +
         (R.right(I, MinSpeedup) ? "" : "!");
  return P;
}

/// Opens Path for rows, writing Header first unless appending to a file
/// that has content.
std::ofstream openCsv(const std::string &Path, const char *Header,
                      bool Append) {
  bool Fresh = true;
  if (Append) {
    std::ifstream In(Path);
    Fresh = !In || In.peek() == std::ifstream::traits_type::eof();
  }
  std::ofstream OS(Path, Append ? std::ios::app : std::ios::trunc);
  if (!OS)
    throw Error("cannot write " + Path);
  if (Fresh)
    OS << Header;
  return OS;
}

} // namespace

double Row::errorWeighted() const {
  return Predicted ? relativeError(PredWeighted, Measured) : 0;
}
double Row::errorScheduled() const {
  return Predicted ? relativeError(PredScheduled, Measured) : 0;
}

double PipelineRow::sampleError() const {
  return WholePredicted > 0 ? (Predicted - WholePredicted) / WholePredicted : 0;
}

std::string formatRowHeader() {
  char Line[320];
  std::snprintf(Line, sizeof Line,
                "%-17s %-10s %-10s %9s %6s %6s %6s %6s %6s %7s %7s %7s %6s "
                "%6s %6s %-14s %s\n",
                "workload", "variant", "algorithm", "ms", "pred-w", "pred-s",
                "meas", "err-w", "err-s", "prof+ms", "model", "regrp", "e2e1",
                "e2e10", "e2e100", "plan@1/10/100", "output");
  return Line;
}

std::string formatRow(const Row &R, double MinSpeedup) {
  char Line[512];
  std::snprintf(
      Line, sizeof Line,
      "%-17s %-10s %-10s %9.3f %6.2f %6.2f %6.2f %5.1f%% %5.1f%% %7.2f %7.2f "
      "%7.2f %6.2f %6.2f %6.2f %-14s %s\n",
      R.Workload.c_str(), R.Variant.c_str(), R.Algorithm.c_str(),
      R.Time.MedianMs, R.PredWeighted, R.PredScheduled, R.Measured,
      100 * R.errorWeighted(), 100 * R.errorScheduled(), R.Costs.ProfileExtraMs,
      R.Costs.ModelMs, R.Costs.RegroupMs + R.Costs.UploadMs, R.EndToEnd[0],
      R.EndToEnd[1], R.EndToEnd[2], decisions(R, MinSpeedup).c_str(),
      R.Output.c_str());
  return Line;
}

std::string formatPipelineHeader() {
  char Line[320];
  std::snprintf(Line, sizeof Line,
                "%-17s %-10s %8s %9s %7s %7s %7s %6s %6s %6s %6s %6s %-24s "
                "%s\n",
                "workload", "algorithm", "threads", "launch-ms", "prof+ms",
                "model", "regroup", "upload", "ovh%", "pred", "sample", "s-err",
                "vs host", "picked@1/10/100");
  return Line;
}

std::string formatPipelineRow(const PipelineRow &P) {
  char Line[512], Sample[16] = "all", Err[16] = "-";
  if (P.SampleFactor > 1) {
    std::snprintf(Sample, sizeof Sample, "1/%u", P.SampleFactor);
    std::snprintf(Err, sizeof Err, "%+.1f%%", 100 * P.sampleError());
  }
  std::string Picked;
  for (std::size_t I = 0; I < NumReuses; ++I)
    Picked += std::string(I ? "/" : "") + (P.Picked[I] ? "*" : "-");
  if (!P.Failure.empty())
    Picked = "failed: " + P.Failure;
  std::snprintf(Line, sizeof Line,
                "%-17s %-10s %8zu %9.2f %7.2f %7.2f %7.2f %6.2f %6s %6.2f "
                "%6s %6s %-24s %s\n",
                P.Workload.c_str(), getRegroupAlgorithmName(P.Algorithm),
                P.Threads, P.BaseMs, P.Costs.ProfileExtraMs, P.Costs.ModelMs,
                P.Costs.RegroupMs, P.Costs.UploadMs,
                percent(P.overheadShare()).c_str(), P.Predicted, Sample, Err,
                P.VsHost.c_str(), Picked.c_str());
  return Line;
}

std::string formatGreedyStepsHeader() {
  std::string H = "workload          algorithm   threads  groups  chunk "
                  "chunks rounds";
  char Col[16];
  for (unsigned S = 0; S < runtime::gpu::NumGreedySteps; ++S) {
    std::snprintf(Col, sizeof Col, " %7s", runtime::gpu::getGreedyStepName(S));
    H += Col;
  }
  return H + "  launches waits\n";
}

std::string formatGreedySteps(const PipelineRow &P) {
  const runtime::gpu::RegroupStats &S = P.Stats;
  char Line[256];
  std::snprintf(Line, sizeof Line, "%-17s %-10s %8zu %7zu %6zu %6zu %6zu",
                P.Workload.c_str(), getRegroupAlgorithmName(P.Algorithm),
                P.Threads, S.OpenGroups, S.Chunk, S.FirstChunks, S.Rounds);
  std::string Out = Line;
  for (double Ms : S.StepMs) {
    std::snprintf(Line, sizeof Line, " %7.3f", Ms);
    Out += Line;
  }
  std::snprintf(Line, sizeof Line, "  %8zu %5zu\n", S.Launches, S.RoundTrips);
  return Out + Line;
}

void writeRowsCsv(const std::string &Path, const std::vector<Row> &Rows,
                  bool Append) {
  std::ofstream OS = openCsv(
      Path,
      "workload,threads,variant,algorithm,median_ms,min_ms,max_ms,runs,"
      "predicted_weighted,predicted_scheduled,measured_speedup,"
      "error_weighted,error_scheduled,profile_extra_ms,model_ms,regroup_ms,"
      "upload_ms,e2e_1,e2e_10,e2e_100,apply_1,apply_10,apply_100,output\n",
      Append);
  for (const Row &R : Rows) {
    OS << R.Workload << "," << R.Threads << "," << R.Variant << ","
       << R.Algorithm << "," << R.Time.MedianMs << "," << R.Time.MinMs << ","
       << R.Time.MaxMs << "," << R.Time.Runs << "," << R.PredWeighted << ","
       << R.PredScheduled << "," << R.Measured << "," << R.errorWeighted()
       << "," << R.errorScheduled() << "," << R.Costs.ProfileExtraMs << ","
       << R.Costs.ModelMs << "," << R.Costs.RegroupMs << ","
       << R.Costs.UploadMs;
    for (double E : R.EndToEnd)
      OS << "," << E;
    for (bool A : R.Apply)
      OS << "," << (R.Decided ? (A ? "regroup" : "skip") : "-");
    OS << "," << R.Output << "\n";
  }
  if (!OS)
    throw Error("cannot write " + Path);
}

void writePipelinesCsv(const std::string &Path,
                       const std::vector<PipelineRow> &Pipes, bool Append) {
  std::ofstream OS = openCsv(
      Path,
      "workload,threads,launch_ms,algorithm,profile_extra_ms,model_ms,"
      "regroup_ms,upload_ms,overhead_share,predicted_speedup,sample_factor,"
      "whole_predicted_speedup,sample_error,classes,open_groups,"
      "merge_rounds,one_chunk,vs_host,picked_1,picked_10,picked_100,"
      "failure,chunk,first_chunks,sort_ms,classes_ms,line_ms,merge_ms,"
      "layout_ms,scatter_ms,launches,round_trips\n",
      Append);
  for (const PipelineRow &P : Pipes) {
    OS << P.Workload << "," << P.Threads << "," << P.BaseMs << ","
       << getRegroupAlgorithmName(P.Algorithm) << "," << P.Costs.ProfileExtraMs
       << "," << P.Costs.ModelMs << "," << P.Costs.RegroupMs << ","
       << P.Costs.UploadMs << "," << P.overheadShare() << "," << P.Predicted
       << "," << P.SampleFactor << "," << P.WholePredicted << ","
       << P.sampleError() << "," << P.Stats.Classes << "," << P.Stats.OpenGroups
       << "," << P.Stats.Rounds << "," << (P.Stats.OneChunk ? "yes" : "no")
       << "," << P.VsHost;
    for (bool Picked : P.Picked)
      OS << "," << (Picked ? "yes" : "no");
    OS << "," << P.Failure << "," << P.Stats.Chunk << ","
       << P.Stats.FirstChunks;
    for (double Ms : P.Stats.StepMs)
      OS << "," << Ms;
    OS << "," << P.Stats.Launches << "," << P.Stats.RoundTrips << "\n";
  }
  if (!OS)
    throw Error("cannot write " + Path);
}

bool writeSummary(std::ostream &OS, const std::vector<Row> &Rows,
                  const std::vector<PipelineRow> &Pipes,
                  const std::vector<WorkloadSummary> &Workloads,
                  double MinSpeedup) {
  OS << formatRowHeader();
  for (const Row &R : Rows)
    OS << formatRow(R, MinSpeedup);
  std::size_t Wrong = 0, Decided = 0, Predicted = 0, Off = 0;
  double WorstError = 0;
  for (const Row &R : Rows) {
    if (R.Decided)
      for (std::size_t I = 0; I < NumReuses; ++I, ++Decided)
        Wrong += !R.right(I, MinSpeedup);
    if (R.Predicted && R.Output == "identical") {
      ++Predicted;
      WorstError = std::max(WorstError, R.errorScheduled());
      Off += R.errorScheduled() > PredictionTarget;
    }
  }
  OS << "plan@1/10/100: A regroup, s skip, ! wrong (regroup exactly where "
        "the measured end-to-end speedup is >= "
     << MinSpeedup << "); variants: remap (the device's order), layout "
     << "(inputs in that order), remap-host (the host's order where the "
     << "device's differs)\n\n";

  OS << "device pipeline per algorithm (overhead = profiled launch's extra "
        "time + model + regroup + upload, as a share of one launch; sample: "
        "the model's CTAs and SMs, s-err its predicted speedup against the "
        "whole launch's; picked: * where the plan picks it at 1/10/100 "
        "reuses)\n";
  OS << formatPipelineHeader();
  bool PipelinesOk = true;
  for (const PipelineRow &P : Pipes) {
    OS << formatPipelineRow(P);
    PipelinesOk &=
        P.Failure.empty() && P.VsHost.find("DIFFERS") == std::string::npos;
  }

  OS << "\ndevice Greedy and Greedy-Max by step (ms, one run's events: "
        "Sorting's order, classes, the line of open groups, the merge's "
        "rounds of chunks, the final groups, the scatter; kernel and library "
        "launches, host waits)\n"
     << formatGreedyStepsHeader();
  for (const PipelineRow &P : Pipes)
    if (P.Algorithm != runtime::RegroupAlgorithm::Sorting && P.Failure.empty())
      OS << formatGreedySteps(P);

  OS << "\nthe plan's pick per workload (overhead of the pick, or of the "
        "Sorting pipeline that decided to leave the launch, target <= "
     << 100 * OverheadTarget << "% of one launch)\n";
  char Line[400];
  std::snprintf(Line, sizeof Line, "%-17s %8s %9s  %-34s %-22s %s\n",
                "workload", "threads", "launch-ms", "picks @1/10/100",
                "overhead @1/10/100", "iterative e2e meas/pred (pick)");
  OS << Line;
  std::size_t OverTarget = 0, Picks = 0;
  for (const WorkloadSummary &W : Workloads) {
    std::string P, Share;
    for (std::size_t I = 0; I < NumReuses; ++I) {
      P += (I ? "/" : "") + W.Picks[I];
      Share += (I ? "/" : "") + percent(W.PickOverhead[I]);
      ++Picks;
      OverTarget += W.PickOverhead[I] > OverheadTarget;
    }
    char It[96] = "-";
    if (W.IterativeRegroupedMs > 0)
      std::snprintf(It, sizeof It, "%.2fx / %.2fx (%s)",
                    W.IterativeOriginalMs / W.IterativeRegroupedMs,
                    W.IterativePredicted, W.IterativePick.c_str());
    std::snprintf(Line, sizeof Line, "%-17s %8zu %9.2f  %-34s %-22s %s\n",
                  W.Workload.c_str(), W.Threads, W.BaseMs, P.c_str(),
                  Share.c_str(), It);
    OS << Line;
  }

  OS << "\nverdict: decisions " << Wrong << " wrong of " << Decided
     << "; BBV-weighted-scheduled within " << 100 * PredictionTarget << "% in "
     << Predicted - Off << " of " << Predicted << " rows (worst "
     << percent(WorstError) << "); overhead of the pick "
     << "within " << 100 * OverheadTarget << "% in " << Picks - OverTarget
     << " of " << Picks << " (workload, reuses)"
     << (PipelinesOk ? "" : "; SOME PIPELINES FAILED OR DIFFER FROM THE HOST")
     << "\n";
  return Wrong == 0 && Off == 0 && OverTarget == 0 && PipelinesOk;
}

} // namespace divopt::bench
