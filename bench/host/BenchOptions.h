//===- BenchOptions.h - Command line of the bench programs ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_BENCHOPTIONS_H
#define DIVOPT_BENCH_HOST_BENCHOPTIONS_H

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::bench {

struct BenchOptions {
  std::string PtxDir;      ///< Where bench-build.sh put the PTX variants.
  std::string CsvPath;     ///< Full results, one row per variant.
  std::string SummaryPath; ///< The short table, one row per configuration.
  std::string Commit;      ///< Recorded in the CSV.
  std::vector<std::string> Only; ///< Benchmarks to run; empty: all.
  /// Configurations to run: those whose name contains one of these;
  /// empty: all.
  std::vector<std::string> Configs;
  int WarmupRuns = 3;
  int TimedRuns = 25;
  /// Threads launched, in units of what the device holds at 2048 threads
  /// per SM.
  int Waves = 4;
  bool Quick = false; ///< One configuration per benchmark, 10 runs.
  /// Collection mode: each configuration runs once, with the instrumented
  /// kernels (<bench>.clang-O3-divopt.ptx built -divopt-profile-generate),
  /// and writes its profile to <dir>/<bench>.<config>.profile; no timing.
  std::string ProfileDir;
  /// Added to every input seed: a collection run profiles other inputs
  /// than the timed run (with --waves, another size too).
  std::uint64_t SeedSalt = 0;
  /// Adds the variant DivOpt-pgo: the configuration's kernels rebuilt with
  /// -divopt-profile-use (<bench>.<config>.clang-O3-pgo.ptx).
  bool ProfileGuided = false;
  bool Help = false;
};

/// Parses argv; throws std::invalid_argument with a message on bad input.
BenchOptions parseBenchOptions(int Argc, char **Argv);

const char *getBenchUsage();

bool isSelected(const BenchOptions &O, const std::string &Benchmark);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_BENCHOPTIONS_H
