//===- RegroupPlan.cpp - Regroup a launch, or leave it --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/RegroupPlan.h"

namespace divopt::runtime {

ModelPrediction predict(const BbvSet &Set, const std::vector<double> &BlockLat,
                        const std::vector<std::uint32_t> &Order,
                        const LaunchShape &Shape) {
  std::vector<double> Warps = getWarpLatencies(Set, BlockLat, Order, Shape);
  ModelPrediction P;
  P.Weighted = getBbvWeightedFromWarps(Warps, Shape);
  P.Scheduled = getBbvWeightedScheduledFromWarps(std::move(Warps), Shape);
  return P;
}

RegroupPlan
evaluateRegrouping(const BbvSet &Set, const std::vector<double> &BlockLat,
                   const LaunchShape &Original, const LaunchShape &Remapped,
                   RegroupAlgorithm Algorithm, std::vector<std::uint32_t> Order,
                   double MinSpeedup) {
  RegroupPlan P;
  P.Algorithm = Algorithm;
  P.Before = predict(Set, BlockLat, {}, Original);
  P.Order = std::move(Order);
  P.After = predict(Set, BlockLat, P.Order, Remapped);
  // An empty profile predicts nothing: leave the launch alone.
  P.Apply =
      P.After.Scheduled > 0 && P.predictedScheduledSpeedup() >= MinSpeedup;
  return P;
}

RegroupPlan planRegrouping(const BbvSet &Set,
                           const std::vector<double> &BlockLat,
                           const LaunchShape &Original,
                           const LaunchShape &Remapped,
                           RegroupAlgorithm Algorithm, double MinSpeedup) {
  return evaluateRegrouping(
      Set, BlockLat, Original, Remapped, Algorithm,
      regroupThreads(Set, BlockLat, Algorithm, Remapped.WarpSize), MinSpeedup);
}

} // namespace divopt::runtime
