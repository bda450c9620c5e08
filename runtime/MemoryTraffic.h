//===- MemoryTraffic.h - Memory transactions of a warp ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: what a warp's global loads and stores cost the SM's memory
// pipeline, from the addresses the `bbv-profile` copy sampled (BbvSet.h:
// per thread and access site, the address of its first execution).
//
// A warp runs site s (in block b) as often as its busiest lane runs b; a
// 128-byte line (or 32-byte sector) is touched in as many of those runs as
// the busiest lane whose address falls in it, since lanes leave a loop in
// count order. So the warp's transactions at s are
//   lines   = sum over distinct lines of its lanes: max count[t][b]
//   sectors = the same over distinct 32-byte sectors
//   requests = max count[t][b] (one instruction per run).
// Regrouping changes which threads share a warp, hence which addresses
// coalesce: a kernel whose neighbours read neighbouring words loses its
// coalescing when its threads are scattered over warps.
//
// Each transaction costs the SM cycles of a calibrated table
// (analysis/model/TransactionCost.h): as throughput, the SM's L1 serves
// one request's lines and sectors at a time; as latency, a request that
// touches k lines waits for all k.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_MEMORYTRAFFIC_H
#define DIVOPT_RUNTIME_MEMORYTRAFFIC_H

#include "analysis/model/TransactionCost.h"
#include "runtime/BbvSet.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace divopt::runtime {

/// A global load or store of the kernel (the map's `access` lines).
struct AccessSite {
  std::size_t Block = 0; ///< The basic block that holds it.
  unsigned Bytes = 0;    ///< Size of one lane's access.
};

/// The memory side of the model: the kernel's sites, in the order of the
/// set's sampled addresses, and what a transaction costs.
struct MemorySystem {
  std::vector<AccessSite> Sites;
  TransactionCost Cost;
};

struct WarpTraffic {
  double Requests = 0;
  double Lines = 0;
  double Sectors = 0;
};

/// The transactions of the warp whose lanes run Threads[0..Lanes).
WarpTraffic getWarpTraffic(const BbvSet &Set, const MemorySystem &Mem,
                           const std::uint32_t *Threads, std::size_t Lanes);

/// SM cycles the memory pipeline spends on Traffic (throughput).
double getMemoryCycles(const WarpTraffic &Traffic, const TransactionCost &C);

/// Cycles a warp waits beyond one line and one sector per request
/// (latency): what its uncoalesced requests add to its run time alone.
double getSerializationCycles(const WarpTraffic &Traffic,
                              const TransactionCost &C);

/// Throws std::invalid_argument unless the set's addresses and Mem's sites
/// fit each other and the set's blocks.
void checkMemoryInputs(const BbvSet &Set, const MemorySystem &Mem);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_MEMORYTRAFFIC_H
