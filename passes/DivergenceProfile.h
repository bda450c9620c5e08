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
// switches of DivOpt's vote-aware analysis, and the loops with a divergent
// branch in their body. The counts are computed with the pass's own .sync
// votes over the active mask, so kernels with barriers and warp
// collectives are counted as they are: nothing convergent gets a new
// control dependence.
//
// Cost: a kernel accumulates in registers (one private counter per field,
// which only the warp's leader lane increases, by a select and not a
// branch) and flushes them with 64-bit atomics where it returns; a device
// function that is not inlined has no such place and updates the globals
// from the leader lane at each execution. Counters and a descriptor naming
// them (profile/ProfileCounters.h) are device globals that the collector
// (runtime/ProfileCollector.cpp) reads at the program's exit.
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
