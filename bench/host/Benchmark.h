//===- Benchmark.h - A GPU benchmark of the harness -------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A benchmark uploads its inputs (fresh random values from a fixed seed),
// then, for each of its configurations, prepares its variants (the
// untransformed kernel from clang -O3, clang -O3 with DivOpt and nvcc -O3,
// and the hand-transformed ones) and hands them to a ConfigRunner.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_BENCHMARK_H
#define DIVOPT_BENCH_HOST_BENCHMARK_H

#include <memory>
#include <vector>

namespace divopt::bench {

class BenchEnvironment;
class ResultTable;

class Benchmark {
public:
  virtual ~Benchmark() = default;
  /// Also the stem of its PTX files and the value of --only.
  virtual const char *getName() const = 0;
  virtual void run(BenchEnvironment &Env, ResultTable &Table) = 0;
};

std::unique_ptr<Benchmark> createItDelayBench();
std::unique_ptr<Benchmark> createBrDisBench();
std::unique_ptr<Benchmark> createSplitBench();
std::unique_ptr<Benchmark> createLoopAdvanceBench();
std::unique_ptr<Benchmark> createLoopSplitBench();
std::unique_ptr<Benchmark> createMeldBench();

/// In the order they run and report.
std::vector<std::unique_ptr<Benchmark>> createAllBenchmarks();

/// Blocks of Threads threads that cover Count threads.
inline unsigned getBlockCount(int Count, int Threads) {
  return static_cast<unsigned>((Count + Threads - 1) / Threads);
}

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_BENCHMARK_H
