//===- LatencyCalibration.h - Measure the latency table ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the dependent-chain microbenchmarks of latency.cu and returns the
// measured cycles per operation class; the committed table
// (analysis/model/InstructionLatency.cpp) is made from these numbers.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_LATENCYCALIBRATION_H
#define DIVOPT_BENCH_REGROUP_LATENCYCALIBRATION_H

#include "analysis/model/InstructionLatency.h"

#include <string>
#include <vector>

namespace divopt::runtime {
class Context;
class Module;
} // namespace divopt::runtime

namespace divopt::bench {

struct MeasuredLatency {
  std::string Class; ///< A latency class name ("fp32", ...).
  double Cycles = 0; ///< Median over repeats, per operation.
};

/// Measures every class latency.cu covers (median of Repeats runs each).
std::vector<MeasuredLatency> measureLatencies(const runtime::Context &Ctx,
                                              const runtime::Module &M,
                                              int Repeats = 5);

/// Base with the measured classes replaced.
LatencyTable applyMeasured(LatencyTable Base,
                           const std::vector<MeasuredLatency> &Measured);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_LATENCYCALIBRATION_H
