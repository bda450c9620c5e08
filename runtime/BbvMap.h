//===- BbvMap.h - Counter index to basic block, as text ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the `bbv-profile` pass stores, next to each instrumented kernel,
// a constant string `<kernel>.divopt.bbv.map` that says what each counter
// counts, so that reports name blocks and the runtime can weigh them:
//
//   divopt-bbv 2
//   kernel <name>
//   classes free fp32 ... call          (analysis/model/InstructionLatency.h)
//   block <index> <name> <n0> <n1> ...  (one per counter: instructions per
//                                        class in that block)
//   access <index> <block> <bytes> load|store
//                                       (one per sampled global access, in
//                                        the order of the profile's
//                                        address columns; version 2)
//
// Version 1 maps (no access lines) still read.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_BBVMAP_H
#define DIVOPT_RUNTIME_BBVMAP_H

#include "analysis/model/InstructionLatency.h"
#include "runtime/MemoryTraffic.h"

#include <string>
#include <string_view>
#include <vector>

namespace divopt::runtime {

struct BbvBlock {
  std::string Name;
  /// Instructions per operation class, in the map's `classes` order.
  std::vector<unsigned> ClassCounts;
};

struct BbvAccess {
  std::size_t Block = 0;
  unsigned Bytes = 0;
  bool IsStore = false;
};

struct BbvMap {
  std::string Kernel;
  std::vector<std::string> Classes;
  std::vector<BbvBlock> Blocks;
  std::vector<BbvAccess> Accesses;
};

/// Parses the map text; throws std::invalid_argument saying which line is
/// wrong.
BbvMap parseBbvMap(std::string_view Text);

/// Each block's latency under Table: sum over classes of count x cycles.
/// Throws std::invalid_argument for a class the table does not know.
std::vector<double> getBlockLatencies(const BbvMap &Map,
                                      const LatencyTable &Table);

/// The map's access sites with Cost: the memory side of the model.
MemorySystem getMemorySystem(const BbvMap &Map, const TransactionCost &Cost);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_BBVMAP_H
