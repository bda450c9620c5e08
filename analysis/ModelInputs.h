//===- ModelInputs.h - What the cost model assumes of a run -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The cost model's inputs that the kernel's code does not fix, in one
// place, each from the most exact source there is:
//   - the block size: reqntid, else a profile (LaunchShape::get's caller),
//     else -divopt-assume-block-size, else the launch bounds' range, else
//     32-1024 (LaunchShape.h);
//   - the grid: a profile's launch records (blocks per SM, where they name
//     the device's SM count), else -divopt-assume-grid-blocks-per-sm, else
//     a grid that fills every SM to its occupancy;
//   - a branch's taken probability: its !prof weights
//     (__builtin_expect_with_probability writes them), else 0.5;
//   - how often a lane's next iteration takes the other way of a loop's
//     branch: -divopt-assume-switch-rate, else what independent iterations
//     give, 2p(1-p);
//   - a loop's trip count: a constant ScalarEvolution finds, else what a
//     profile measured (trips per warp entry, where the caller passes
//     them), else the latch's !prof weights, else DefaultTripCount.
// The -divopt-assume-* options state what a profile would measure; the
// calibration (scripts/calibrate.py) gives them the benchmarks' values.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODELINPUTS_H
#define DIVOPT_ANALYSIS_MODELINPUTS_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace llvm {
class BasicBlock;
class BranchInst;
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace divopt {

/// Trips assumed for a loop whose trip count is not known.
constexpr unsigned DefaultTripCount = 8;

/// Per-lane probability that a branch takes its first successor: from its
/// !prof branch weights when present, DefaultTakenProbability otherwise.
constexpr double DefaultTakenProbability = 0.5;
double getTakenProbability(const llvm::BranchInst &Br);

/// Probability that a lane whose iteration took one way of Br, a branch in
/// a loop, takes the other way in its next iteration, where something
/// states it (-divopt-assume-switch-rate); none where iterations are taken
/// as independent.
std::optional<double> getSwitchProbability(const llvm::BranchInst &Br);

/// The block size -divopt-assume-block-size states, if any.
std::optional<unsigned> getAssumedBlockSize();

/// The grid -divopt-assume-grid-blocks-per-sm states, in blocks per SM, if
/// any.
std::optional<double> getAssumedGridBlocksPerSM();

/// A loop's trips as a run measured them (per warp entry), or none.
using MeasuredTrips =
    llvm::function_ref<std::optional<double>(const llvm::Loop &)>;

/// How often BB runs per execution of Outer's body (per thread when Outer is
/// null): the product of the trip counts of the loops between them, each a
/// constant trip count, else Measured's, else the latch's estimate from
/// branch weights, else DefaultTripCount.
double getTripWeight(const llvm::BasicBlock &BB, const llvm::Loop *Outer,
                     const llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                     MeasuredTrips Measured = nullptr);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODELINPUTS_H
