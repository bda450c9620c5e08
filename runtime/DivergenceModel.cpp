//===- DivergenceModel.cpp - BBV-weighted latency of a launch -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DivergenceModel.h"

#include "runtime/BlockScheduler.h"

#include <algorithm>
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

namespace {

/// The threads of each warp of the launch (of the CTAs Only lists, when
/// given), in position order: F(First, Lanes) for each, where First points
/// at its lanes' thread indices.
template <typename Fn>
void forEachWarp(const BbvSet &Set, const std::vector<std::uint32_t> &Order,
                 const LaunchShape &Shape,
                 const std::vector<std::uint32_t> *Only, Fn F) {
  const std::size_t Ctas =
      (Set.Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
  const std::size_t WarpsPerCta =
      (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::vector<std::uint32_t> Lanes;
  for (std::size_t I = 0; I < (Only ? Only->size() : Ctas); ++I) {
    std::size_t C = Only ? (*Only)[I] : I;
    if (C >= Ctas)
      throw std::invalid_argument("sampled CTA " + std::to_string(C) +
                                  " of a launch of " + std::to_string(Ctas));
    for (std::size_t W = 0; W < WarpsPerCta; ++W) {
      Lanes.clear();
      std::size_t First = C * Shape.ThreadsPerBlock + W * Shape.WarpSize;
      std::size_t End =
          std::min<std::size_t>({First + Shape.WarpSize,
                                 (C + 1) * Shape.ThreadsPerBlock, Set.Threads});
      for (std::size_t P = First; P < End; ++P)
        Lanes.push_back(Order.empty() ? static_cast<std::uint32_t>(P)
                                      : Order[P]);
      F(Lanes.data(), Lanes.size());
    }
  }
}

double getIssueLatency(const BbvSet &Set, const std::vector<double> &BlockLat,
                       const std::uint32_t *Threads, std::size_t Lanes,
                       std::vector<std::uint32_t> &Max) {
  std::fill(Max.begin(), Max.end(), 0);
  for (std::size_t L = 0; L < Lanes; ++L) {
    const std::uint32_t *Row = Set.row(Threads[L]);
    for (std::size_t B = 0; B < Set.Blocks; ++B)
      Max[B] = std::max(Max[B], Row[B]);
  }
  double Lat = 0;
  for (std::size_t B = 0; B < Set.Blocks; ++B)
    Lat += Max[B] * BlockLat[B];
  return Lat;
}

} // namespace

std::vector<WarpDemand> getWarpDemands(const BbvSet &Set,
                                       const std::vector<double> &BlockLat,
                                       const MemorySystem *Mem,
                                       const std::vector<std::uint32_t> &Order,
                                       const LaunchShape &Shape,
                                       const std::vector<std::uint32_t> *Ctas) {
  checkModelInputs(Set, BlockLat, Order, Shape);
  if (Mem)
    checkMemoryInputs(Set, *Mem);
  std::vector<WarpDemand> Warps;
  std::vector<std::uint32_t> Max(Set.Blocks);
  forEachWarp(Set, Order, Shape, Ctas,
              [&](const std::uint32_t *Threads, std::size_t Lanes) {
                WarpDemand D;
                D.Issue = getIssueLatency(Set, BlockLat, Threads, Lanes, Max);
                if (Mem && D.Issue > 0) {
                  WarpTraffic T = getWarpTraffic(Set, *Mem, Threads, Lanes);
                  D.Issue += getSerializationCycles(T, Mem->Cost);
                  D.Memory = getMemoryCycles(T, Mem->Cost);
                }
                Warps.push_back(D);
              });
  return Warps;
}

std::vector<double> getWarpLatencies(const BbvSet &Set,
                                     const std::vector<double> &BlockLat,
                                     const std::vector<std::uint32_t> &Order,
                                     const LaunchShape &Shape) {
  std::vector<double> Lat;
  for (const WarpDemand &D :
       getWarpDemands(Set, BlockLat, nullptr, Order, Shape))
    Lat.push_back(D.Issue);
  return Lat;
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

double getBbvWeightedFromDemands(const std::vector<WarpDemand> &Warps,
                                 const LaunchShape &Shape) {
  // Memory cycles of the SM count ConcurrentWarps warp-cycles each: the
  // issue work the SM could have done meanwhile.
  double Issue = 0, Memory = 0;
  for (const WarpDemand &D : Warps) {
    Issue += D.Issue;
    Memory += D.Memory;
  }
  return std::max(Issue, Memory * Shape.ConcurrentWarps) / Shape.SMs;
}

double getBbvWeightedScheduledFromDemands(const std::vector<WarpDemand> &Warps,
                                          const LaunchShape &Shape) {
  return simulateBlockScheduling(Warps, Shape);
}

double getBbvWeighted(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape) {
  return getBbvWeightedFromDemands(
      getWarpDemands(Set, BlockLat, nullptr, Order, Shape), Shape);
}

double getBbvWeightedScheduled(const BbvSet &Set,
                               const std::vector<double> &BlockLat,
                               const std::vector<std::uint32_t> &Order,
                               const LaunchShape &Shape) {
  return getBbvWeightedScheduledFromDemands(
      getWarpDemands(Set, BlockLat, nullptr, Order, Shape), Shape);
}

} // namespace divopt::runtime
