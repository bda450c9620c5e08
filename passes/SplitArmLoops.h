//===- SplitArmLoops.h - Loops whose trips weigh a split's ways -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernel splitting weighs each way of a candidate branch by what a warp
// issues in it, and a loop inside a way weighs by its trips. Where the
// compiler cannot know them (a kernel parameter, data), the cost model
// assumes DefaultTripCount, and the split's prediction then rests on the
// assumption (the bench's KERNEL-SPLIT H=28: ways of 5295 and 9630 issue
// slots weighed as 1619 and 942). The divergence profile records these
// loops' trips per warp entry (docs/PROFILE-FORMAT.md, `loop`) so that
// profile use can weigh the ways by what ran. This is the one list of them,
// for the instrumentation and for kernel-split's remarks: the loops whose
// header lies in a way of a branch kernel-split would try (a divergent
// branch other than a loop exit, of a kernel it may split, that the
// legality checks admit), whose trip count ScalarEvolution does not find.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SPLITARMLOOPS_H
#define DIVOPT_PASSES_SPLITARMLOOPS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Loop;
} // namespace llvm

namespace divopt {

/// The loops of F, a kernel, whose trip count kernel-split would have to
/// assume in a way of one of its candidate branches; empty for a kernel it
/// cannot split. In LoopInfo's preorder, each once.
llvm::SmallVector<llvm::Loop *, 4>
getSplitArmLoops(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

} // namespace divopt

#endif // DIVOPT_PASSES_SPLITARMLOOPS_H
