//===- DivergenceModel.h - BBV-weighted latency of a launch -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the control-flow divergence model of "Modeling and Optimizing
// Control-Flow Divergence" (IEEE TCAD 35(7), 2016), over per-thread basic
// block vectors (BbvSet.h) and per-block latencies (BbvMap.h).
//
// A warp runs a block as often as its busiest lane does, so
//   warp latency  W  = sum over blocks b of max_{t in warp} count[t][b] *
//   lat[b] CTA latency      = sum of its warps' W (warps share the SM's issue)
// BBV-weighted:           kernel = sum of CTA latencies / SMs.
// BBV-weighted-scheduled: the block scheduler is simulated. The first wave
//   of CTAs is dealt round-robin over the SMs, up to the resident CTAs per
//   SM (the occupancy); a CTA that ends frees its slot for the next CTA in
//   launch order. On an SM, a warp runs at full speed (its W in W cycles)
//   while at most ConcurrentWarps are active; beyond that they share the
//   SM's issue equally. Kernel = when the last warp ends. It sees what the
//   plain sum does not: the tail uneven CTAs leave, and an SM left with
//   fewer long warps than it could interleave.
// BBV-weighted is in warp-cycles per SM, the scheduled one in cycles; each
// one's ratio between two thread orders is its predicted speedup.
//
// An order maps each launched position (a thread slot: CTA, warp, lane) to
// the thread whose work runs there; empty means the identity.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_DIVERGENCEMODEL_H
#define DIVOPT_RUNTIME_DIVERGENCEMODEL_H

#include "runtime/BbvSet.h"

#include <cstdint>
#include <vector>

namespace divopt::runtime {

struct LaunchShape {
  unsigned ThreadsPerBlock = 0;
  unsigned WarpSize = 32;
  unsigned SMs = 0;
  /// Resident CTAs per SM (analysis/model/Occupancy.h).
  unsigned BlocksPerSM = 0;
  /// Warps an SM runs at full speed at once: its warp schedulers times the
  /// cycles a dependent instruction waits (4 x 4 on sm_90).
  unsigned ConcurrentWarps = 16;
};

/// Latency of every warp of the launch, in position order. Positions past
/// the set's threads (a partial last CTA) are idle lanes.
std::vector<double> getWarpLatencies(const BbvSet &Set,
                                     const std::vector<double> &BlockLat,
                                     const std::vector<std::uint32_t> &Order,
                                     const LaunchShape &Shape);

/// Latency of every CTA (sum of its warps').
std::vector<double> getCtaLatencies(const BbvSet &Set,
                                    const std::vector<double> &BlockLat,
                                    const std::vector<std::uint32_t> &Order,
                                    const LaunchShape &Shape);

double getBbvWeighted(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape);

double getBbvWeightedScheduled(const BbvSet &Set,
                               const std::vector<double> &BlockLat,
                               const std::vector<std::uint32_t> &Order,
                               const LaunchShape &Shape);

/// The same two metrics from warp latencies already computed
/// (getWarpLatencies), so that one pass over the BBVs serves both.
double getBbvWeightedFromWarps(const std::vector<double> &Warps,
                               const LaunchShape &Shape);
double getBbvWeightedScheduledFromWarps(std::vector<double> Warps,
                                        const LaunchShape &Shape);

/// Throws std::invalid_argument unless Order is empty or a permutation of
/// the set's threads, and Shape and BlockLat fit the set.
void checkModelInputs(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DIVERGENCEMODEL_H
