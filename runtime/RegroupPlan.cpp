//===- RegroupPlan.cpp - Regroup a launch, or leave it --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/RegroupPlan.h"

namespace divopt::runtime {

RegroupPlan planRegrouping(const BbvSet &Set,
                           const std::vector<double> &BlockLat,
                           const LaunchShape &Original,
                           const LaunchShape &Remapped,
                           RegroupAlgorithm Algorithm, double MinSpeedup) {
  RegroupPlan P;
  P.Algorithm = Algorithm;
  P.Before.Weighted = getBbvWeighted(Set, BlockLat, {}, Original);
  P.Before.Scheduled = getBbvWeightedScheduled(Set, BlockLat, {}, Original);
  P.Order = regroupThreads(Set, BlockLat, Algorithm, Remapped.WarpSize);
  P.After.Weighted = getBbvWeighted(Set, BlockLat, P.Order, Remapped);
  P.After.Scheduled = getBbvWeightedScheduled(Set, BlockLat, P.Order, Remapped);
  // An empty profile predicts nothing: leave the launch alone.
  P.Apply =
      P.After.Scheduled > 0 && P.predictedScheduledSpeedup() >= MinSpeedup;
  return P;
}

} // namespace divopt::runtime
