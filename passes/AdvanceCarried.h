//===- AdvanceCarried.h - What loop advance carries -------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Both forms of loop advance that run the next iteration's pre-code where
// the last iteration ends (RotatedAdvance.h, HalvedAdvance.h) carry the
// same values from one trip to the next: the loop header's phis, with
// their values from the latch, and the values the pre-code computes that
// code outside it reads (the branch condition and latch values among
// them). Both also need the loop's values read after the loop, take only
// a two-way branch without a folded guard, and size the code they copy.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ADVANCECARRIED_H
#define DIVOPT_PASSES_ADVANCECARRIED_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class BasicBlock;
class Instruction;
class PHINode;
class Twine;
class Value;
} // namespace llvm

namespace divopt {

struct DelayShape;

struct AdvanceCarried {
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> InPre, InLoop;
  /// The original header phis and their values from the latch.
  llvm::SmallVector<llvm::PHINode *, 8> HeaderPhis;
  llvm::SmallVector<llvm::Value *, 8> LatchValues;
  /// Pre values read outside pre, in the order their phis are made.
  llvm::SetVector<llvm::Instruction *> PreValues;
};

/// S's carried values; S is a two-way branch's shape.
AdvanceCarried collectAdvanceCarried(const DelayShape &S);

/// Whether S's branch is one both lean forms can take: two-way, with no
/// guard folded into it. (Each form checks the code around it itself.)
bool isLeanAdvanceBranch(const DelayShape &S);

/// The instructions of Blocks, for the forms' limits on what they copy.
unsigned countInstructions(llvm::ArrayRef<llvm::BasicBlock *> Blocks);

/// A copy of S's pre blocks that runs a lane's next iteration where its
/// last one ends: placed before Before and ending in a branch to it, each
/// of HeaderPhis replaced by Next(its value in LatchValues), the value
/// standing for that latch value where the copy runs. Fills VMap and
/// Blocks; returns the copy of the branch's block, which ends it.
llvm::BasicBlock *
cloneNextPre(const DelayShape &S, llvm::ArrayRef<llvm::PHINode *> HeaderPhis,
             llvm::ArrayRef<llvm::Value *> LatchValues,
             llvm::function_ref<llvm::Value *(llvm::Value *)> Next,
             llvm::BasicBlock *Before, const llvm::Twine &Suffix,
             llvm::ValueToValueMapTy &VMap,
             llvm::SmallVectorImpl<llvm::BasicBlock *> &Blocks);

/// Adds to Out the instructions of Blocks that a block outside InLoop
/// reads, in block and instruction order.
void collectReadAfterLoop(
    llvm::ArrayRef<llvm::BasicBlock *> Blocks,
    const llvm::SmallPtrSetImpl<llvm::BasicBlock *> &InLoop,
    llvm::SetVector<llvm::Instruction *> &Out);

} // namespace divopt

#endif // DIVOPT_PASSES_ADVANCECARRIED_H
