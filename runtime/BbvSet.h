//===- BbvSet.h - Per-thread basic-block vectors ----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: what a `bbv-profile` run reads back. Row t holds how often
// thread t (its linear index in the launch) executed each basic block of
// the kernel, in the counter order of the module's block map (BbvMap.h),
// and, per access site of the map, the address of the thread's first
// execution of that global load or store (MemoryTraffic.h).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_BBVSET_H
#define DIVOPT_RUNTIME_BBVSET_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace divopt::runtime {

struct BbvSet {
  std::size_t Threads = 0;
  std::size_t Blocks = 0;
  /// Threads x Blocks, row-major: Counts[T * Blocks + B].
  std::vector<std::uint32_t> Counts;
  std::size_t Sites = 0;
  /// Threads x Sites: Addresses[T * Sites + S]; 0 where T never ran S.
  std::vector<std::uint64_t> Addresses;

  const std::uint32_t *row(std::size_t Thread) const {
    return Counts.data() + Thread * Blocks;
  }
  std::uint64_t address(std::size_t Thread, std::size_t Site) const {
    return Addresses[Thread * Sites + Site];
  }
};

/// Latency of one thread run alone: sum over blocks of count x latency.
double getThreadLatency(const BbvSet &Set, const std::vector<double> &BlockLat,
                        std::size_t Thread);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_BBVSET_H
