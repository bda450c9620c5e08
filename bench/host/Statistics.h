//===- Statistics.h - Summaries of timed runs -------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_STATISTICS_H
#define DIVOPT_BENCH_HOST_STATISTICS_H

#include <vector>

namespace divopt::bench {

struct TimingSummary {
  double MedianMs = 0.0;
  double MinMs = 0.0;
  double MaxMs = 0.0;
  int Runs = 0;
};

/// The median (mean of the middle two for an even count), min and max;
/// all zero for no samples.
TimingSummary summarizeTimings(std::vector<float> Ms);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_STATISTICS_H
