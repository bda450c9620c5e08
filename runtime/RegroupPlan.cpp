//===- RegroupPlan.cpp - Regroup a launch, or leave it --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/RegroupPlan.h"

namespace divopt::runtime {

ModelPrediction predict(const BbvSet &Set, const std::vector<double> &BlockLat,
                        const std::vector<std::uint32_t> &Order,
                        const LaunchShape &Shape, const MemorySystem *Mem) {
  std::vector<WarpDemand> Warps =
      getWarpDemands(Set, BlockLat, Mem, Order, Shape);
  ModelPrediction P;
  P.Weighted = getBbvWeightedFromDemands(Warps, Shape);
  P.Scheduled = getBbvWeightedScheduledFromDemands(Warps, Shape);
  return P;
}

RegroupPlan
evaluateRegrouping(const BbvSet &Set, const std::vector<double> &BlockLat,
                   const LaunchShape &Original, const LaunchShape &Remapped,
                   RegroupAlgorithm Algorithm, std::vector<std::uint32_t> Order,
                   double MinSpeedup, const MemorySystem *Mem) {
  RegroupPlan P;
  P.Algorithm = Algorithm;
  P.Before = predict(Set, BlockLat, {}, Original, Mem);
  P.Order = std::move(Order);
  P.After = predict(Set, BlockLat, P.Order, Remapped, Mem);
  // An empty profile predicts nothing: leave the launch alone.
  P.Apply =
      P.After.Scheduled > 0 && P.predictedScheduledSpeedup() >= MinSpeedup;
  return P;
}

RegroupPlan planRegrouping(const BbvSet &Set,
                           const std::vector<double> &BlockLat,
                           const LaunchShape &Original,
                           const LaunchShape &Remapped,
                           RegroupAlgorithm Algorithm, double MinSpeedup,
                           const MemorySystem *Mem) {
  return evaluateRegrouping(
      Set, BlockLat, Original, Remapped, Algorithm,
      regroupThreads(Set, BlockLat, Algorithm, Remapped.WarpSize), MinSpeedup,
      Mem);
}

} // namespace divopt::runtime
