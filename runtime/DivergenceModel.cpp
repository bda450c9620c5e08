//===- DivergenceModel.cpp - BBV-weighted latency of a launch -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DivergenceModel.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>

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

double getBbvWeightedFromWarps(const std::vector<double> &Warps,
                               const LaunchShape &Shape) {
  return std::accumulate(Warps.begin(), Warps.end(), 0.0) / Shape.SMs;
}

double getBbvWeighted(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape) {
  return getBbvWeightedFromWarps(getWarpLatencies(Set, BlockLat, Order, Shape),
                                 Shape);
}

namespace {

/// One SM of the scheduled model: its resident CTAs' warps and the work
/// (cycles at full speed) each has left.
struct SmState {
  std::vector<std::vector<double>> Ctas; ///< Per resident CTA, its warps.
  double Clock = 0;
  std::size_t ActiveWarps = 0;
  unsigned Version = 0; ///< Bumped when its next event moves.

  double warpRate(unsigned ConcurrentWarps) const {
    return ActiveWarps <= ConcurrentWarps
               ? 1.0
               : static_cast<double>(ConcurrentWarps) / ActiveWarps;
  }
  /// Time of its next warp completion; infinity when idle.
  double nextEvent(unsigned ConcurrentWarps) const {
    double Least = std::numeric_limits<double>::infinity();
    for (const auto &C : Ctas)
      for (double L : C)
        Least = std::min(Least, L);
    return Clock + Least / warpRate(ConcurrentWarps);
  }
};

/// The CTAs of the launch as lists of warp latencies, in launch order.
std::vector<std::vector<double>> splitIntoCtas(std::vector<double> Warps,
                                               const LaunchShape &Shape) {
  const std::size_t PerCta =
      (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::vector<std::vector<double>> Ctas;
  for (std::size_t W = 0; W < Warps.size(); W += PerCta)
    Ctas.emplace_back(Warps.begin() + W,
                      Warps.begin() + std::min(W + PerCta, Warps.size()));
  return Ctas;
}

class BlockScheduler {
public:
  BlockScheduler(std::vector<std::vector<double>> Ctas, const LaunchShape &S)
      : Ctas(std::move(Ctas)), Shape(S), Sms(S.SMs) {}

  double run() {
    // The first wave is dealt round-robin over the SMs.
    for (unsigned Round = 0; Round < Shape.BlocksPerSM; ++Round)
      for (SmState &S : Sms)
        admitNext(S);
    for (std::size_t I = 0; I < Sms.size(); ++I)
      schedule(I);
    while (!Events.empty()) {
      auto [Time, Index, Version] = Events.top();
      Events.pop();
      SmState &S = Sms[Index];
      if (Version != S.Version)
        continue;
      advance(S, Time);
      while (S.Ctas.size() < Shape.BlocksPerSM && admitNext(S))
        ;
      schedule(Index);
    }
    double End = 0;
    for (const SmState &S : Sms)
      End = std::max(End, S.Clock);
    return End;
  }

private:
  /// Gives S the next CTA in launch order; false when none is left.
  bool admitNext(SmState &S) {
    if (Next == Ctas.size())
      return false;
    std::vector<double> Warps;
    for (double W : Ctas[Next++])
      if (W > 0)
        Warps.push_back(W);
    if (Warps.empty()) // Nothing to run: it ends as it starts.
      return true;
    S.ActiveWarps += Warps.size();
    S.Ctas.push_back(std::move(Warps));
    return true;
  }

  /// Runs S's warps up to Time and retires those that are done.
  void advance(SmState &S, double Time) {
    double Done = (Time - S.Clock) * S.warpRate(Shape.ConcurrentWarps);
    S.Clock = Time;
    // A warp within a rounding error of its end has ended.
    double Eps = 1e-9 * std::max(1.0, Done);
    for (auto &C : S.Ctas) {
      std::vector<double> Kept;
      for (double L : C)
        if (L - Done > Eps)
          Kept.push_back(L - Done);
      S.ActiveWarps -= C.size() - Kept.size();
      C = std::move(Kept);
    }
    S.Ctas.erase(std::remove_if(S.Ctas.begin(), S.Ctas.end(),
                                [](const auto &C) { return C.empty(); }),
                 S.Ctas.end());
  }

  void schedule(std::size_t Index) {
    SmState &S = Sms[Index];
    ++S.Version;
    if (S.ActiveWarps > 0)
      Events.push({S.nextEvent(Shape.ConcurrentWarps), Index, S.Version});
  }

  std::vector<std::vector<double>> Ctas;
  std::size_t Next = 0;
  const LaunchShape &Shape;
  std::vector<SmState> Sms;
  using Event = std::tuple<double, std::size_t, unsigned>;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> Events;
};

} // namespace

double getBbvWeightedScheduledFromWarps(std::vector<double> Warps,
                                        const LaunchShape &Shape) {
  if (Shape.ConcurrentWarps == 0)
    throw std::invalid_argument(
        "launch shape: concurrent warps per SM must be positive");
  return BlockScheduler(splitIntoCtas(std::move(Warps), Shape), Shape).run();
}

double getBbvWeightedScheduled(const BbvSet &Set,
                               const std::vector<double> &BlockLat,
                               const std::vector<std::uint32_t> &Order,
                               const LaunchShape &Shape) {
  return getBbvWeightedScheduledFromWarps(
      getWarpLatencies(Set, BlockLat, Order, Shape), Shape);
}

} // namespace divopt::runtime
