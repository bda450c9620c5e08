//===- DivergenceProfile.h - Counting how branches diverge ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// divergence-profile (and -divopt-profile-generate in the automatic
// pipeline, instead of the transforms): counts, per warp execution, how
// the lanes of every branch and loop that a DivOpt transform considers
// split (docs/PROFILE-FORMAT.md): the divergent conditional branches and
// switches of DivOpt's vote-aware analysis, the loops with a divergent
// branch in their body, and the loops of unknown trips in the ways of a
// branch kernel-split may split (SplitArmLoops.h: it weighs each way by
// their trips). The counts are computed with the pass's own .sync
// votes over the active mask, so kernels with barriers and warp
// collectives are counted as they are: nothing convergent gets a new
// control dependence.
//
// Cost: a kernel's leader lanes update the block's counters in shared
// memory, drained into the globals once per block (a two-way branch: one
// reduction of the lanes' votes, three 32-bit shared atomics a warp
// execution, five in a loop); a device function that is not inlined
// updates the globals from the leader lane at each execution. Only one
// block in -divopt-profile-sample (default 64) counts; the others run an
// uninstrumented copy of the body (the counted ones, drawn from the
// grid's first quarter, run indices of blocks spread over the grid:
// BlockSpread.h), at the register count ptxas gives the
// whole kernel: the counted copy is built to add few registers to it
// (elect.sync, one reduction, 32-bit accumulators, the loop's own
// counter for its trips). In a counted block, each top-level loop counts
// two trips in -divopt-profile-sample-trips (default 64; TripSampling.h),
// its counts scaled back at the drain, so that a grid of one wave, whose
// time the counted block sets, pays little more. Counters and a
// descriptor naming them (profile/ProfileCounters.h) are device globals
// that the collector (runtime/ProfileCollector.cpp) reads at the
// program's exit. Contraction is pinned first (ContractionPinning.h): the
// instrumentation splits and copies blocks, which would change what code
// generation fuses, and so the instrumented program's floats.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_DIVERGENCEPROFILE_H
#define DIVOPT_PASSES_DIVERGENCEPROFILE_H

#include "llvm/IR/PassManager.h"

namespace divopt {

class DivergenceProfilePass
    : public llvm::PassInfoMixin<DivergenceProfilePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_DIVERGENCEPROFILE_H
