//===- AmortizedPlan.cpp - Regroup only when it pays end to end -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/AmortizedPlan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace divopt::runtime {

namespace {

void checkCost(double Ms, const char *What) {
  if (!std::isfinite(Ms) || Ms < 0)
    throw std::invalid_argument(std::string("regrouping cost '") + What +
                                "' must be finite and not negative");
}

std::string explain(const AmortizedDecision &D, const RegroupCosts &C,
                    const RegroupPlan &Plan, double MinSpeedup) {
  char Buf[512];
  const char *Verdict = D.Apply ? "regroup" : "leave";
  double Gain = D.SavedPerLaunchMs * D.Reuses;
  const char *Why;
  if (!Plan.Apply)
    Why = "the launch prediction is below the threshold";
  else if (Gain <= D.OverheadMs)
    Why = "the time saved does not exceed the overhead";
  else if (D.EndToEndSpeedup < MinSpeedup)
    Why = "the end-to-end speedup is below the threshold";
  else
    Why = "the time saved exceeds every overhead";
  std::snprintf(
      Buf, sizeof Buf,
      "%s (%s): predicted %.2fx per launch (%.2fx in the measured first-wave "
      "order, %.2fx round-robin) saves %.3f ms x %u reuse%s = %.3f ms %s "
      "%.3f ms of overhead (profiling %.3f, model %.3f, regroup %.3f, upload "
      "%.3f): %.2fx end to end against a threshold of %.2fx; %s",
      Verdict, getRegroupAlgorithmName(D.Algorithm), D.LaunchSpeedup,
      Plan.predictedScheduledSpeedup(), Plan.predictedRoundRobinSpeedup(),
      D.SavedPerLaunchMs, D.Reuses, D.Reuses == 1 ? "" : "s", Gain,
      Gain > D.OverheadMs ? ">" : "<=", D.OverheadMs, C.ProfileExtraMs,
      C.ModelMs, C.RegroupMs, C.UploadMs, D.EndToEndSpeedup, MinSpeedup, Why);
  return Buf;
}

} // namespace

double getEndToEndSpeedup(double OriginalMs, double RegroupedMs,
                          double OverheadMs, unsigned Reuses) {
  return Reuses * OriginalMs / (Reuses * RegroupedMs + OverheadMs);
}

AmortizedDecision decideAmortized(const RegroupPlan &Plan, double OriginalMs,
                                  const RegroupCosts &Costs, unsigned Reuses,
                                  double MinSpeedup) {
  if (Reuses == 0)
    throw std::invalid_argument(
        "regrouping pays only over at least one launch (reuses >= 1)");
  if (!std::isfinite(OriginalMs) || OriginalMs <= 0)
    throw std::invalid_argument(
        "the original launch time must be positive and finite");
  checkCost(Costs.ProfileExtraMs, "profiling");
  checkCost(Costs.ModelMs, "model");
  checkCost(Costs.RegroupMs, "regroup");
  checkCost(Costs.UploadMs, "upload");
  AmortizedDecision D;
  D.Algorithm = Plan.Algorithm;
  D.Reuses = Reuses;
  D.OriginalMs = OriginalMs;
  // An empty profile predicts nothing: no gain.
  D.LaunchSpeedup =
      Plan.After.Scheduled > 0 && Plan.After.ScheduledRoundRobin > 0
          ? Plan.predictedSpeedup()
          : 1;
  if (!std::isfinite(D.LaunchSpeedup) || D.LaunchSpeedup <= 0)
    D.LaunchSpeedup = 1;
  D.SavedPerLaunchMs = OriginalMs - OriginalMs / D.LaunchSpeedup;
  D.OverheadMs = Costs.total();
  D.EndToEndSpeedup = getEndToEndSpeedup(
      OriginalMs, OriginalMs / D.LaunchSpeedup, D.OverheadMs, Reuses);
  D.Apply = Plan.Apply && D.SavedPerLaunchMs * Reuses > D.OverheadMs &&
            D.EndToEndSpeedup >= MinSpeedup;
  D.Explanation = explain(D, Costs, Plan, MinSpeedup);
  return D;
}

int pickAmortized(const std::vector<AmortizedDecision> &Decisions) {
  int Best = -1;
  for (std::size_t I = 0; I < Decisions.size(); ++I)
    if (Decisions[I].Apply && (Best < 0 || Decisions[I].EndToEndSpeedup >
                                               Decisions[Best].EndToEndSpeedup))
      Best = static_cast<int>(I);
  return Best;
}

} // namespace divopt::runtime
