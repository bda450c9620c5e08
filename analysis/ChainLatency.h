//===- ChainLatency.h - Latency of a block's dependence chains --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The cycles one warp needs to run a block when nothing else hides its
// latency: the longest chain of dependent instructions through it, each
// instruction weighted by its class's latency (analysis/model/
// InstructionLatency.h). Together with the block's issue cost it says how
// many warps an SM sub-partition needs to keep issuing (Little's law:
// warps needed = chain latency / issue cost), which is what the cost
// model's time prediction uses (CostModel.h, Phase).
//
// Loads from global or generic memory wait longer than the table's L1 hit:
// a load whose address depends on a load (pointer chasing, table walks)
// rarely hits L1, so they are taken at GlobalLoadLatency, an L2 hit.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_CHAINLATENCY_H
#define DIVOPT_ANALYSIS_CHAINLATENCY_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace divopt {

/// Cycles of a global or generic load that misses L1: an L2 hit on sm_90.
/// From the KERNEL-SPLIT originals of run 11 (H100,
/// bench/results/2026-11-22-h100-run11.csv): at 12.5-50% occupancy their
/// time grows as 1/warps with a slope of 82-89 thousand cycles a warp for
/// the light arm's 256 dependent loads (at the 1.98 GHz the heavy arm's
/// issue-bound time implies), 320-350 cycles a step, of which the step's
/// integer operations take about 25. bench/regroup's latency.cu times L1
/// hits only.
constexpr double GlobalLoadLatency = 300;

/// Cycles a warp alone on its scheduler waits, per arm of a two-way branch
/// that it runs, to branch into the arm and reconverge after it (BSSY, BRA,
/// BSYNC in SASS), beyond the arms' own chains and the branch instruction's
/// latency (held by the branching block's chain). bench/latency/branch.cu on
/// an H100 (bench/results/2026-11-26-h100-branch-latency.md): one warp runs
/// an if/else whose arms are 12-60 dependent instructions; per iteration,
/// taking one arm costs 28 cycles more than computing both arms and
/// selecting, and running both (the lanes disagree) 57 more, at every arm
/// length. Less the branch's own 5: 25 an arm.
constexpr double ArmBranchLatency = 25;

/// Two-way branches whose arms both hold at most this many instructions
/// ptxas turns into predicated code, without branches (branch.cu's arms of
/// 3-8 instructions ran as fast divergent as uniform).
constexpr unsigned PredicatedArmInstructions = 8;

/// Cycles from issue until a dependent instruction may use I's result.
double getInstructionLatency(const llvm::Instruction &I, unsigned CC);

/// The longest latency-weighted chain of dependent instructions in BB;
/// values from other blocks are taken as ready when BB starts.
double getBlockChainLatency(const llvm::BasicBlock &BB, unsigned CC);

/// The same over the instructions of BB that Include accepts, as a block
/// holding only them would run (loop fission's per-group loops).
double getBlockChainLatency(
    const llvm::BasicBlock &BB, unsigned CC,
    llvm::function_ref<bool(const llvm::Instruction &)> Include);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_CHAINLATENCY_H
