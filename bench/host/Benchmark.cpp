//===- Benchmark.cpp - The benchmarks of the harness ----------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

namespace divopt::bench {

std::vector<std::unique_ptr<Benchmark>> createAllBenchmarks() {
  std::vector<std::unique_ptr<Benchmark>> All;
  All.push_back(createItDelayBench());
  All.push_back(createBrDisBench());
  All.push_back(createSplitBench());
  All.push_back(createLoopAdvanceBench());
  All.push_back(createLoopSplitBench());
  All.push_back(createMeldBench());
  return All;
}

} // namespace divopt::bench
