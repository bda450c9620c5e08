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
//   of CTAs is dealt in the hardware's measured SM order (or round-robin
//   over the SMs), up to the resident CTAs per SM (the occupancy); a CTA that
//   ends frees its slot for the next CTA in launch order, and when several SMs
//   free slots at the same time the next CTAs are dealt round-robin over them
//   too (as the hardware does: identical CTAs end together on every SM, and one
//   SM does not take all the CTAs that follow). On an SM, a warp runs at full
//   speed (its W in W cycles) while at most ConcurrentWarps are active; beyond
//   that they share the SM's issue equally. Kernel = when the last warp ends.
//   It sees what the plain sum does not: the tail uneven CTAs leave, and an SM
//   left with fewer long warps than it could interleave.
// With a memory system (MemoryTraffic.h), a warp also asks the SM's memory
//   pipeline for M cycles: its W grows by the wait of its uncoalesced
//   requests, and the warps of an SM all slow down (equally) as far as
//   needed for their memory demand per cycle, sum of M/W, to stay within
//   one: BBV-weighted takes the larger of the issue and the memory total.
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
#include "runtime/MemoryTraffic.h"

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
  /// The SM each CTA of the first wave goes to, in launch order (measured:
  /// bench/regroup/dispatch.cu). The hardware does not deal CTAs to SMs in
  /// index order: on an H100 some SMs take a second CTA before others have
  /// their first, so an order that puts heavy CTAs first loads those SMs
  /// twice. Empty: round-robin over the SMs in index order.
  std::vector<unsigned> FirstWaveSms = {};
};

/// What one warp asks of its SM: its run time alone (Issue, cycles) and the
/// time of the SM's memory pipeline its requests take (Memory, cycles).
struct WarpDemand {
  double Issue = 0;
  double Memory = 0;
};

/// The demand of every warp of the launch, in position order; Mem may be
/// null (no memory side: Memory stays 0). With Ctas (LaunchSample.h), the
/// warps of those CTAs only, in the list's order.
std::vector<WarpDemand>
getWarpDemands(const BbvSet &Set, const std::vector<double> &BlockLat,
               const MemorySystem *Mem, const std::vector<std::uint32_t> &Order,
               const LaunchShape &Shape,
               const std::vector<std::uint32_t> *Ctas = nullptr);

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

/// The same two metrics from warp demands already computed
/// (getWarpDemands), so that one pass over the BBVs serves both.
double getBbvWeightedFromDemands(const std::vector<WarpDemand> &Warps,
                                 const LaunchShape &Shape);
double getBbvWeightedScheduledFromDemands(const std::vector<WarpDemand> &Warps,
                                          const LaunchShape &Shape);

/// Throws std::invalid_argument unless Order is empty or a permutation of
/// the set's threads, and Shape and BlockLat fit the set.
void checkModelInputs(const BbvSet &Set, const std::vector<double> &BlockLat,
                      const std::vector<std::uint32_t> &Order,
                      const LaunchShape &Shape);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DIVERGENCEMODEL_H
