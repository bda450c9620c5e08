//===- LoopFission.h - Independent statement groups of a loop ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The legality and the rewrite of loop splitting (LoopSplit.h): the body's
// statements fall into groups, the connected components of "uses the
// value of" and "may touch the memory that one writes" (alias analysis over
// every iteration); the loop control (the exit condition's slice, the
// induction variable) and pure arithmetic on it belong to every group. Groups
// that share nothing may run one whole loop after the other.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_LOOPFISSION_H
#define DIVOPT_PASSES_LOOPFISSION_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class AAResults;
class BasicBlock;
class Instruction;
class Loop;
} // namespace llvm

namespace divopt {

struct FissionPlan {
  /// The loop's one block (header and latch).
  llvm::BasicBlock *Body = nullptr;
  /// Statement groups, in the order of their first instruction.
  llvm::SmallVector<llvm::SmallVector<llvm::Instruction *, 16>, 2> Groups;
  /// The loop control every group's loop keeps.
  llvm::SmallVector<llvm::Instruction *, 4> Control;
  /// Pure arithmetic on the control and on values from outside the loop
  /// (addresses from the induction variable): each loop computes what it
  /// uses of it, so it joins no groups.
  llvm::SmallVector<llvm::Instruction *, 8> Shared;
};

/// The groups of L, or why L cannot be split (a remark's sentence).
llvm::Expected<FissionPlan> planFission(llvm::Loop &L, llvm::AAResults &AA);

/// Rewrites the loop as one loop per group, in group order; Map takes the
/// plan's instructions to the function being rewritten (null when it is
/// the planned function, a clone's VMap otherwise). Returns the bodies of
/// the new loops.
llvm::SmallVector<llvm::BasicBlock *, 2>
applyFission(const FissionPlan &Plan, llvm::ValueToValueMapTy *Map);

} // namespace divopt

#endif // DIVOPT_PASSES_LOOPFISSION_H
