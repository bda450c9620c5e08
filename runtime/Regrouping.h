//===- Regrouping.h - Thread regrouping over BBVs ---------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the regrouping algorithms of "Modeling and Optimizing
// Control-Flow Divergence" (IEEE TCAD 35(7), 2016). Each returns an order,
// position -> thread (a permutation; DivergenceModel.h), that puts threads
// with similar basic-block vectors into the same warp. The `thread-remap`
// pass makes a kernel run that order: position p does thread order[p]'s
// work (reference redirection).
//
// Sorting:    threads in descending lexicographic order of their BBVs,
//             the columns in getSortingColumns' order: heavier threads
//             first, so the longest CTAs start first and the short ones
//             fill the launch's tail (longest-first scheduling); the
//             grouping is the same either way.
// Greedy:     threads with equal BBVs form groups; each group's full warps
//             stand alone, and the remainders (fewer than a warp) are merged
//             pairwise, neighbours in latency order, cheapest first (the
//             latency a merge adds per thread it places), until every group
//             fills whole warps. Groups keep the lexicographic order.
// Greedy-Max: Greedy's groups, laid out by latency, longest first, so the
//             longest warps and CTAs start first and the block scheduler
//             fills the tail with short ones (load balance).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_REGROUPING_H
#define DIVOPT_RUNTIME_REGROUPING_H

#include "runtime/BbvSet.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace divopt::runtime {

enum class RegroupAlgorithm { Sorting, Greedy, GreedyMax };

/// "sorting", "greedy" or "greedy-max".
const char *getRegroupAlgorithmName(RegroupAlgorithm A);
std::optional<RegroupAlgorithm> parseRegroupAlgorithm(std::string_view Name);

/// Sorting's column order: the columns whose counts vary (Least[C] <
/// Most[C], each column's least and largest count over the threads), the
/// widest span (Most - Least) first, equal spans in index order. The block
/// numbering is incidental (clang's layout): in index order an unrolled
/// loop's remainder block, whose count spans at most the unroll factor,
/// came before its body and decided alone whether long threads sort first
/// or last, so the order flipped with the trip counts' residues (runs 7 and
/// 8 of the regroup bench). The widest span separates the threads whose
/// work differs most. Host and device (runtime/gpu/DeviceSort.cu) both
/// sort by it, so that their orders match element for element.
std::vector<std::uint32_t>
getSortingColumns(const std::vector<std::uint32_t> &Least,
                  const std::vector<std::uint32_t> &Most);

/// The order Algorithm gives; throws std::invalid_argument when BlockLat
/// does not fit the set, WarpSize is 0 or ChunkGroups 1. With ChunkGroups,
/// Greedy and Greedy-Max merge the open groups in chunks of at most that
/// many (GreedyMerge.h), as runtime/gpu does: the same order when the open
/// groups fit one chunk; 0 (the default) merges them as one line.
std::vector<std::uint32_t> regroupThreads(const BbvSet &Set,
                                          const std::vector<double> &BlockLat,
                                          RegroupAlgorithm Algorithm,
                                          unsigned WarpSize = 32,
                                          std::uint32_t ChunkGroups = 0);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_REGROUPING_H
