//===- ArmMelder.h - Meld the two arms of a divergent branch ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The code generation of branch distribution. Given a two-way branch whose
// arms have the same control flow (one block each, or isomorphic regions:
// the same loops and inner branches, with different operands), the melder
// pairs the arms' blocks, aligns each pair's instructions
// (SequenceAlignment.h) and rewrites each pair as a chain: every run of
// matched instructions becomes one copy that all lanes execute, with
// `select %cond` choosing operands that differ; every run of unmatched
// instructions stays under the condition, in a smaller divergent diamond,
// in its original order. Inner branches and PHIs meld with selected
// conditions and values, so each lane follows its own arm's path: it still
// executes the same loads, stores and calls, in the same order, with the
// same operands. Selects of values from outside the arms are made once, in
// the branch's block.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ARMMELDER_H
#define DIVOPT_PASSES_ARMMELDER_H

#include "SequenceAlignment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class BasicBlock;
class BranchInst;
class GlobalVariable;
class Instruction;
class Value;
} // namespace llvm

namespace divopt {

/// Two blocks in the same place of the two arms' control flow.
struct BlockPair {
  llvm::BasicBlock *Then = nullptr, *Else = nullptr;
  /// Their instructions but PHIs and terminators, in order.
  llvm::SmallVector<llvm::Instruction *, 32> ThenInsts, ElseInsts;
};

struct ScoreFacts;

/// The region of one candidate branch, checked for melding.
struct MeldRegion {
  llvm::BranchInst *Branch = nullptr;
  llvm::BasicBlock *Then = nullptr, *Else = nullptr, *Join = nullptr;
  /// Corresponding blocks, the arms' entries first.
  llvm::SmallVector<BlockPair, 4> Pairs;
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> ThenBlocks, ElseBlocks;
  /// Whether only the branch enters each arm's entry block: the melded
  /// entry then continues the branch's block (read before the meld
  /// rewrites the branch).
  bool ThenEntryAlone = false, ElseEntryAlone = false;
  /// Each arm block's index in Pairs: values of blocks of different pairs
  /// never meld with each other.
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> PairIndex;
  /// How often each value is an operand in each arm: a select of two
  /// values that recur is made once and shared.
  llvm::DenseMap<const llvm::Value *, unsigned> ThenUses, ElseUses;

  /// scorePair's memo (ArmMelder.cpp): what it asks of each arm instruction
  /// and its operands (their arm, their uses, whether the instruction must
  /// stay a constant, a walk of up to six levels of operands and users),
  /// found once per instruction rather than once per scored pair; filled
  /// while pairs are scored, before anything is rewritten.
  ScoreFacts &getScoreFacts() const;

private:
  mutable std::shared_ptr<ScoreFacts> Facts;
};

/// Whether every lane of a warp computes the same V: from constants,
/// globals, kernel arguments, the block's, grid's and cluster's indices and
/// sizes (readsWarpUniformRegister) and loads from such addresses (not the
/// thread's index or a PHI), through at most eight operations. Syntactic, so
/// that a trial copy can ask it too.
bool isWarpUniform(const llvm::Value *V, unsigned Depth = 0);

/// Whether I is an access ptxas serves once a warp when its address is
/// warp-uniform: an atomic (its lanes aggregated) or a load from constant
/// memory (a broadcast from the constant bank). Such an access on a
/// warp-uniform address pairs only with one on the same address.
bool isBroadcastAccess(const llvm::Instruction &I);

/// Checks the shape and the contents of Branch's arms. The error says why
/// the region cannot be melded, for the remark.
llvm::Expected<MeldRegion> getMeldRegion(llvm::BranchInst &Branch,
                                         llvm::BasicBlock *Join,
                                         unsigned MaxArmInsts);

/// Whether two instructions can become one with selected operands, and what
/// the pairing gains (issue cost saved minus selects added); <= 0 means no.
/// Weight is how often the pair runs per execution of the region: selects of
/// values from outside the arms are made once per execution, before it.
double scorePair(const llvm::Instruction &T, const llvm::Instruction &F,
                 const MeldRegion &R, unsigned CC, double Weight = 1);

struct MeldPlan {
  /// The compute capability the plan was scored for.
  unsigned CC = 0;
  /// One alignment per block pair.
  llvm::SmallVector<llvm::SmallVector<AlignedPair>, 4> Columns;
  unsigned NumMatched = 0;
  unsigned NumThenInsts = 0, NumElseInsts = 0;
};

/// Aligns every block pair; Weights (one per pair, as scorePair's Weight)
/// may be empty, which weighs every pair 1.
MeldPlan planMeld(const MeldRegion &R, unsigned CC,
                  llvm::ArrayRef<double> Weights = {});

struct MeldResult {
  /// Blocks all lanes run, the branch's block first, each with the block
  /// pair it came from (null for the branch's block).
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  llvm::SmallVector<const BlockPair *, 8> Origin;
  /// Blocks that only the lanes of one arm execute (the diamonds' arms),
  /// each with its pair.
  llvm::SmallVector<llvm::BasicBlock *, 8> ThenOnly, ElseOnly;
  llvm::SmallVector<const BlockPair *, 8> ThenOrigin, ElseOrigin;
  unsigned NumSelects = 0;
  unsigned NumMerged = 0;
  /// Unmatched instructions every lane runs, their results selected,
  /// where a divergent diamond of them would have cost more.
  unsigned NumSpeculated = 0;
  /// The constant table the selects of a region with loops read (one at
  /// most).
  llvm::SmallVector<llvm::GlobalVariable *, 4> Tables;
};

/// Rewrites the region in place; R's arms are erased.
MeldResult meldRegion(const MeldRegion &R, const MeldPlan &Plan);

} // namespace divopt

#endif // DIVOPT_PASSES_ARMMELDER_H
