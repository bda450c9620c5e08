//===- RegionTrial.h - Meld a copy of one region to measure it --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Branch distribution decides a candidate by melding it and measuring the
// result (cost, selects, registers). Melding a copy of the whole function
// made every candidate, refused ones included, cost the function's size:
// quadratic in the branches of one function (issue 20: 1000 if/else took
// 42-85 s). A trial copies only the region the meld rewrites (the branch's
// block, the arms and the join) into the function, melds the copy, measures
// its registers against the rest of the function measured once
// (FunctionPressure), and erases it: its cost is the region's size.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_REGIONTRIAL_H
#define DIVOPT_PASSES_REGIONTRIAL_H

#include "ArmMelder.h"
#include "analysis/CostModel.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace divopt {

class FunctionPressure;

struct RegionTrialResult {
  /// Live-register maximum of the function as the meld would leave it.
  unsigned MaxLive = 0;
  unsigned NumSelects = 0, NumDivergentBlocks = 0;
  /// What Measure said of the melded copy.
  Phase Measured;
};

/// Melds a copy of R (planned by Plan) inside R's function, calls Measure
/// on the copy's region and result, and erases the copy. FP must describe
/// the function as it is. None when the copy does not form a region the
/// melder takes (a join entered from outside the arms): then the caller
/// copies the whole function instead.
std::optional<RegionTrialResult> meldRegionCopy(
    const MeldRegion &R, const MeldPlan &Plan, const FunctionPressure &FP,
    llvm::function_ref<Phase(const MeldRegion &, const MeldResult &)> Measure);

} // namespace divopt

#endif // DIVOPT_PASSES_REGIONTRIAL_H
