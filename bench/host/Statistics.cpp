//===- Statistics.cpp - Summaries of timed runs ---------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Statistics.h"

#include <algorithm>

namespace divopt::bench {

TimingSummary summarizeTimings(std::vector<float> Ms) {
  TimingSummary S;
  if (Ms.empty())
    return S;
  std::sort(Ms.begin(), Ms.end());
  const std::size_t N = Ms.size();
  S.MedianMs = N % 2 ? Ms[N / 2] : (double(Ms[N / 2 - 1]) + Ms[N / 2]) / 2;
  S.MinMs = Ms.front();
  S.MaxMs = Ms.back();
  S.Runs = static_cast<int>(N);
  return S;
}

} // namespace divopt::bench
