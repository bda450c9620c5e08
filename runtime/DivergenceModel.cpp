//===- DivergenceModel.cpp - BBV-weighted latency of a launch -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DivergenceModel.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace divopt::runtime {

double getThreadLatency(const BbvSet &Set, const std::vector<double> &BlockLat,
                        std::size_t Thread) {
  const std::uint32_t *Row = Set.row(Thread);
  double Sum = 0;
  for (std::size_t B = 0; B < Set.Blocks; ++B)
    Sum += Row[B] * BlockLat[B];
  return Sum;
}

void checkModelInputs(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape) {
  if (Set.Counts.size() != Set.Threads * Set.Blocks)
    throw std::invalid_argument("BBV set: counts do not fill threads x blocks");
  if (BlockLat.size() != Set.Blocks)
    throw std::invalid_argument(
        "BBV set has " + std::to_string(Set.Blocks) + " blocks but " +
        std::to_string(BlockLat.size()) + " block latencies were given");
  if (Shape.ThreadsPerBlock == 0 || Shape.WarpSize == 0 || Shape.SMs == 0 ||
      Shape.BlocksPerSM == 0)
    throw std::invalid_argument(
        "launch shape: threads per block, warp size, SMs and resident "
        "blocks per SM must all be positive");
  if (Order.empty())
    return;
  if (Order.size() != Set.Threads)
    throw std::invalid_argument("thread order has " +
                                std::to_string(Order.size()) + " entries for " +
                                std::to_string(Set.Threads) + " threads");
  std::vector<bool> Seen(Set.Threads, false);
  for (std::uint32_t T : Order) {
    if (T >= Set.Threads || Seen[T])
      throw std::invalid_argument("thread order is not a permutation (thread " +
                                  std::to_string(T) + ")");
    Seen[T] = true;
  }
}

std::vector<double> getWarpLatencies(const BbvSet &Set,
                                     const std::vector<double> &BlockLat,
                                     const std::vector<std::uint32_t> &Order,
                                     const LaunchShape &Shape) {
  checkModelInputs(Set, BlockLat, Order, Shape);
  const std::size_t Ctas =
      (Set.Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
  const std::size_t WarpsPerCta =
      (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::vector<double> Warps;
  std::vector<std::uint32_t> Max(Set.Blocks);
  for (std::size_t C = 0; C < Ctas; ++C) {
    for (std::size_t W = 0; W < WarpsPerCta; ++W) {
      std::fill(Max.begin(), Max.end(), 0);
      std::size_t First = C * Shape.ThreadsPerBlock + W * Shape.WarpSize;
      std::size_t End =
          std::min<std::size_t>({First + Shape.WarpSize,
                                 (C + 1) * Shape.ThreadsPerBlock, Set.Threads});
      for (std::size_t P = First; P < End; ++P) {
        const std::uint32_t *Row = Set.row(Order.empty() ? P : Order[P]);
        for (std::size_t B = 0; B < Set.Blocks; ++B)
          Max[B] = std::max(Max[B], Row[B]);
      }
      double Lat = 0;
      for (std::size_t B = 0; B < Set.Blocks; ++B)
        Lat += Max[B] * BlockLat[B];
      Warps.push_back(Lat);
    }
  }
  return Warps;
}

std::vector<double> getCtaLatencies(const BbvSet &Set,
                                    const std::vector<double> &BlockLat,
                                    const std::vector<std::uint32_t> &Order,
                                    const LaunchShape &Shape) {
  std::vector<double> Warps = getWarpLatencies(Set, BlockLat, Order, Shape);
  const std::size_t WarpsPerCta =
      (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::vector<double> Ctas(Warps.size() / WarpsPerCta, 0.0);
  for (std::size_t W = 0; W < Warps.size(); ++W)
    Ctas[W / WarpsPerCta] += Warps[W];
  return Ctas;
}

double getBbvWeighted(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape) {
  std::vector<double> Ctas = getCtaLatencies(Set, BlockLat, Order, Shape);
  return std::accumulate(Ctas.begin(), Ctas.end(), 0.0) / Shape.SMs;
}

namespace {

/// CTAs resident on one SM, each with the work it has left; they share the
/// SM's issue equally.
struct SmState {
  std::vector<double> Left;
  /// Time until the first of them finishes.
  double timeToNextFinish() const {
    return *std::min_element(Left.begin(), Left.end()) * Left.size();
  }
};

} // namespace

double getBbvWeightedScheduled(const BbvSet &Set,
                               const std::vector<double> &BlockLat,
                               const std::vector<std::uint32_t> &Order,
                               const LaunchShape &Shape) {
  std::vector<double> Ctas = getCtaLatencies(Set, BlockLat, Order, Shape);
  std::vector<SmState> Sms(Shape.SMs);
  std::size_t Next = 0;
  // The first wave is dealt round-robin over the SMs.
  for (unsigned Round = 0; Round < Shape.BlocksPerSM; ++Round)
    for (SmState &S : Sms)
      if (Next < Ctas.size())
        S.Left.push_back(Ctas[Next++]);
  double Now = 0;
  for (;;) {
    double Step = -1;
    for (const SmState &S : Sms)
      if (!S.Left.empty() && (Step < 0 || S.timeToNextFinish() < Step))
        Step = S.timeToNextFinish();
    if (Step < 0)
      return Now;
    Now += Step;
    for (SmState &S : Sms) {
      if (S.Left.empty())
        continue;
      double Done = Step / S.Left.size();
      // A CTA within a rounding error of its end has ended.
      double Eps = 1e-9 * std::max(1.0, Done);
      std::vector<double> Kept;
      for (double L : S.Left)
        if (L - Done > Eps)
          Kept.push_back(L - Done);
      // Freed slots take the next CTAs in launch order.
      while (Kept.size() < Shape.BlocksPerSM && Next < Ctas.size())
        Kept.push_back(Ctas[Next++]);
      S.Left = std::move(Kept);
    }
  }
}

} // namespace divopt::runtime
