//===- AmortizedPlan.h - Regroup only when it pays end to end ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the decision of RegroupPlan.h counts only launch times. A user
// also pays the steps that produce the order: the counting copy's extra
// time over the original (the profiled launch is itself a useful launch:
// it computes the same outputs), the model, the regrouping and the
// redirection table's upload. The caller states how many launches will
// reuse the order (an iterative kernel: profile once, regroup once, launch
// many times). With T0 one original launch, S the predicted launch speedup
// (the smaller of the two first-wave dealings), R the reuses and O the
// overheads:
//   saved per launch = T0 - T0 / S
//   end to end       = R * T0 / (R * T0 / S + O)
// Regroup only when the launch prediction clears the threshold
// (RegroupPlan::Apply), saved per launch x R exceeds O, and the end-to-end
// prediction clears the threshold too.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_AMORTIZEDPLAN_H
#define DIVOPT_RUNTIME_AMORTIZEDPLAN_H

#include "runtime/RegroupPlan.h"

#include <string>
#include <vector>

namespace divopt::runtime {

/// What producing an order costs, in milliseconds.
struct RegroupCosts {
  double ProfileExtraMs = 0; ///< Counting copy's time less one original's.
  double ModelMs = 0;        ///< Predictions before and after.
  double RegroupMs = 0;      ///< The algorithm (host or device).
  double UploadMs = 0;       ///< The redirection table to the device.
  double total() const {
    return ProfileExtraMs + ModelMs + RegroupMs + UploadMs;
  }
};

struct AmortizedDecision {
  RegroupAlgorithm Algorithm = RegroupAlgorithm::Sorting;
  unsigned Reuses = 1;
  double OriginalMs = 0;       ///< One original launch, measured.
  double LaunchSpeedup = 0;    ///< Predicted, the smaller dealing's.
  double SavedPerLaunchMs = 0; ///< Predicted.
  double OverheadMs = 0;       ///< RegroupCosts::total().
  double EndToEndSpeedup = 0;  ///< Predicted, overheads included.
  bool Apply = false;
  /// One sentence with the numbers behind Apply.
  std::string Explanation;
};

/// The end-to-end decision for Plan's order. Throws std::invalid_argument
/// unless Reuses >= 1, OriginalMs > 0 and every cost is finite and >= 0.
AmortizedDecision decideAmortized(const RegroupPlan &Plan, double OriginalMs,
                                  const RegroupCosts &Costs,
                                  unsigned Reuses = 1,
                                  double MinSpeedup = 1.05);

/// Of several algorithms' decisions (same launch, same reuses), the index
/// of the applying one with the best predicted end-to-end speedup; -1 when
/// none applies (leave the launch alone).
int pickAmortized(const std::vector<AmortizedDecision> &Decisions);

/// Measured end to end: R launches of OriginalMs against R of RegroupedMs
/// plus OverheadMs.
double getEndToEndSpeedup(double OriginalMs, double RegroupedMs,
                          double OverheadMs, unsigned Reuses);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_AMORTIZEDPLAN_H
