//===- BbvSet.h - Per-thread basic-block vectors ----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: what a `bbv-profile` run reads back. Row t holds how often
// thread t (its linear index in the launch) executed each basic block of
// the kernel, in the counter order of the module's block map (BbvMap.h).
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

  const std::uint32_t *row(std::size_t Thread) const {
    return Counts.data() + Thread * Blocks;
  }
};

/// Latency of one thread run alone: sum over blocks of count x latency.
double getThreadLatency(const BbvSet &Set, const std::vector<double> &BlockLat,
                        std::size_t Thread);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_BBVSET_H
