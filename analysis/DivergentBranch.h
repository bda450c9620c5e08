//===- DivergentBranch.h - Divergent branches and their regions -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every divergent branch of a function, classified for the transforms:
// its kind (if/else, if-only, switch, divergent loop exit), its arms as regions
// that run up to the branch's join (immediate post-dominator), where it sits
// (top level of a loop body, top level of a kernel) and what would make its
// loop illegal to restructure (barriers, other convergent operations,
// irreducible control flow, exits from inside the arms).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_DIVERGENTBRANCH_H
#define DIVOPT_ANALYSIS_DIVERGENTBRANCH_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/CycleInfo.h"

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class PostDominatorTree;
class raw_ostream;
} // namespace llvm

namespace divopt {

class VoteAwareUniformity;

/// LoopExit: the branch leaves its loop on some lanes and stays on others
/// (a divergent trip count); it has no arms to restructure.
enum class BranchKind { IfElse, IfOnly, Switch, LoopExit };
llvm::StringRef getBranchKindName(BranchKind K);

/// The blocks one successor of a divergent branch runs before the join.
struct ArmRegion {
  llvm::BasicBlock *Entry = nullptr;
  /// Blocks reachable from Entry without passing the join, Entry first.
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  unsigned NumInsts = 0;
  /// Entry dominates every block, and every edge that leaves the arm goes
  /// to the join: the arm is a single-entry/single-exit region.
  bool IsSESE = false;

  bool contains(const llvm::BasicBlock *BB) const;
};

/// Why a loop may not be restructured (iteration delaying, splitting).
struct LoopBlockers {
  const llvm::Instruction *Barrier = nullptr;
  const llvm::Instruction *Convergent = nullptr;
  /// A call to a function (not an intrinsic): DivOpt may rewrite the callee
  /// with warp votes of its own, which must not end up under a vote-driven
  /// gate of the caller's loop.
  const llvm::Instruction *Call = nullptr;
  bool Irreducible = false;
  /// The loop is left from inside an arm of the branch (break/return).
  bool ExitFromArm = false;

  bool any() const {
    return Barrier || Convergent || Call || Irreducible || ExitFromArm;
  }
  void print(llvm::raw_ostream &OS) const;
};

struct DivergentBranch {
  llvm::Instruction *Term = nullptr;
  BranchKind Kind = BranchKind::IfElse;
  /// Immediate post-dominator of the branch; null when the arms never meet
  /// again (each ends the function on its own).
  llvm::BasicBlock *Join = nullptr;
  /// One arm per distinct successor that is not the join, in successor
  /// order. An if-only branch has one arm.
  llvm::SmallVector<ArmRegion, 2> Arms;
  /// Innermost loop holding the branch, or null.
  llvm::Loop *L = nullptr;
  /// The branch runs on every trip of L and its arms rejoin inside L.
  bool TopLevelInLoop = false;
  LoopBlockers Blockers;
  /// A branch of a kernel outside any loop and any other divergent region.
  bool TopLevelInKernel = false;

  llvm::BasicBlock *getBlock() const;
  /// Blocks of every arm, for containment tests.
  bool armsContain(const llvm::BasicBlock *BB) const;
};

/// Finds and classifies every divergent branch of F, in layout order.
llvm::SmallVector<DivergentBranch, 8>
findDivergentBranches(llvm::Function &F, const VoteAwareUniformity &VU,
                      const llvm::DominatorTree &DT,
                      const llvm::PostDominatorTree &PDT,
                      const llvm::LoopInfo &LI, const llvm::CycleInfo &CI);

/// The value a conditional br or a switch branches on; null for any other
/// terminator.
llvm::Value *getBranchCondition(const llvm::Instruction &Term);

/// True for barrier intrinsics (CTA, cluster and warp barriers).
bool isBarrier(const llvm::Instruction &I);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_DIVERGENTBRANCH_H
