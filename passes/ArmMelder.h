//===- ArmMelder.h - Meld the two arms of a divergent branch ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The code generation of branch distribution. Given a two-way branch whose
// arms are single blocks that both go to the join, the melder aligns the
// arms' instructions (SequenceAlignment.h) and rewrites the region as a
// chain: every run of matched instructions becomes one copy that all lanes
// execute, with `select %cond` choosing operands that differ; every run of
// unmatched instructions stays under the condition, in a smaller divergent
// diamond, in its original order. Each lane still executes the same loads,
// stores and calls, in the same order, with the same operands.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ARMMELDER_H
#define DIVOPT_PASSES_ARMMELDER_H

#include "SequenceAlignment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class BasicBlock;
class BranchInst;
class Instruction;
class Value;
} // namespace llvm

namespace divopt {

/// The region of one candidate branch, checked for melding.
struct MeldRegion {
  llvm::BranchInst *Branch = nullptr;
  llvm::BasicBlock *Then = nullptr, *Else = nullptr, *Join = nullptr;
  llvm::SmallVector<llvm::Instruction *, 32> ThenInsts, ElseInsts;
  /// How often each value is an operand in each arm: a select of two
  /// values that recur is made once and shared.
  llvm::DenseMap<const llvm::Value *, unsigned> ThenUses, ElseUses;
};

/// Checks the shape and the contents of Branch's arms. The error says why
/// the region cannot be melded, for the remark.
llvm::Expected<MeldRegion> getMeldRegion(llvm::BranchInst &Branch,
                                         unsigned MaxArmInsts);

/// Whether two instructions can become one with selected operands, and what
/// the pairing gains (issue cost saved minus selects added); <= 0 means no.
double scorePair(const llvm::Instruction &T, const llvm::Instruction &F,
                 const MeldRegion &R, unsigned CC);

struct MeldPlan {
  llvm::SmallVector<AlignedPair> Columns;
  unsigned NumMatched = 0;
};

MeldPlan planMeld(const MeldRegion &R, unsigned CC);

struct MeldResult {
  /// Blocks of the rewritten region, the branch's block first.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// Blocks that only the lanes of one arm execute (the diamonds' arms).
  llvm::SmallVector<llvm::BasicBlock *, 8> ThenOnly, ElseOnly;
  unsigned NumSelects = 0;
  unsigned NumMerged = 0;
};

/// Rewrites the region in place; R's arms are erased.
MeldResult meldRegion(const MeldRegion &R, const MeldPlan &Plan);

} // namespace divopt

#endif // DIVOPT_PASSES_ARMMELDER_H
