//===- VoteAwareUniformity.h - Uniformity that knows warp votes -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// LLVM's UniformityInfo reports every NVPTX call result as divergent, warp
// votes included, so a branch on __ballot_sync(...) reads as divergent
// although every participating lane takes the same way. This analysis
// refines UniformityInfo: it keeps LLVM's answer for everything LLVM calls
// uniform and recomputes divergence, as a least fixed point, over the values
// LLVM calls divergent, treating the results of warp votes and
// `activemask` as uniform among the lanes that execute them, reads of
// per-block special registers (ctaid, ntid, ...) as uniform, pure
// intrinsics (fma, ctpop, ...) as uniform when their operands are, a
// shuffle that broadcasts one lane to the warp as uniform when that lane
// is, and generic loads of memory the warp has one copy of (a kernel's
// parameters, global and shared variables, the arrays a parameter struct points
// to) as uniform when their address is.
//
// The refinement is sound where UniformityInfo is: sources of divergence
// come from TTI, divergence flows through operands, through PHIs at joins of
// divergent branches (any block reachable from two successors of such a
// branch, a conservative superset of LLVM's disjoint-path joins) and through
// values leaving a cycle whose exit is divergent; inside irreducible cycles
// LLVM's answer is kept as it is.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_VOTEAWAREUNIFORMITY_H
#define DIVOPT_ANALYSIS_VOTEAWAREUNIFORMITY_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/UniformityAnalysis.h"

namespace llvm {
class DominatorTree;
class CallBase;
class IntrinsicInst;
class LoadInst;
class PHINode;
class TargetTransformInfo;
} // namespace llvm

namespace divopt {

/// True for calls whose result is the same in every lane that executes
/// them: `llvm.nvvm.vote.{all,any,uni,ballot}[.sync]` and
/// `llvm.nvvm.activemask`.
bool isWarpUniformIntrinsic(const llvm::Value *V);

/// Whether II reads a special register that holds one value per block,
/// grid or cluster (ctaid, ntid, nctaid, warpsize, cluster ids), so the
/// same value in every lane of a warp. NVPTX's TTI calls every call result
/// divergent, these reads included.
bool readsWarpUniformRegister(const llvm::IntrinsicInst &II);

/// Whether CB is a pure, non-convergent intrinsic (fma, ctpop, min, ...),
/// whose result is a function of its operands alone.
bool computesFromOperandsAlone(const llvm::CallBase &CB);

class VoteAwareUniformity {
public:
  VoteAwareUniformity(llvm::Function &F, const llvm::UniformityInfo &UI,
                      const llvm::CycleInfo &CI,
                      const llvm::TargetTransformInfo &TTI,
                      const llvm::DominatorTree &DT, bool UseJoins = true);

  bool isDivergent(const llvm::Value *V) const { return Divergent.contains(V); }
  bool isUniform(const llvm::Value *V) const { return !isDivergent(V); }
  /// A terminator is divergent when its condition is: lanes may part there.
  bool hasDivergentTerminator(const llvm::BasicBlock &BB) const;
  /// True when LLVM's UniformityInfo called V divergent and DivOpt's
  /// refinement proved it uniform.
  bool isRefinedUniform(const llvm::Value *V) const;
  /// A PHI divergent only because it stands at a join of a divergent
  /// branch (the same analysis without that rule calls it uniform), and
  /// the terminator of its block's immediate dominator where that is a
  /// branch it joins which is divergent without the rule (null where not).
  struct JoinDivergence {
    const llvm::PHINode *Phi;
    const llvm::Instruction *Witness;
  };
  /// Every such PHI of F. Removing a divergent branch changes the
  /// divergence of no value that reads none of the branch's region where
  /// each of these PHIs outside the region keeps a witness (branch
  /// distribution's melds between two analyses rely on it). Costs one
  /// more analysis.
  llvm::SmallVector<JoinDivergence, 8>
  getJoinDivergence(llvm::Function &F) const;

  /// What the rules above read, for walks that refine them (the lanes of
  /// one warp, WarpIndexTest.h):
  /// Whether every lane that runs LI reads the same value wherever the
  /// lanes read the same address: LI reads memory of which a warp has one
  /// copy, not a lane's local memory.
  bool readsOneCopy(const llvm::LoadInst &LI) const {
    return readsOneCopy(LI, 0);
  }
  /// Whether Pred holds of a divergent terminator of an exiting block of
  /// a cycle that holds Def and not UseBB: where it holds of none, the
  /// lanes that Pred calls apart left those cycles in the same iteration.
  bool anyDivergentExit(
      const llvm::Value *Def, const llvm::BasicBlock &UseBB,
      llvm::function_ref<bool(const llvm::Instruction &)> Pred) const;
  /// Whether BB lies in an irreducible cycle, which lanes may enter at
  /// different blocks.
  bool isInIrreducibleCycle(const llvm::BasicBlock &BB) const;

private:
  bool computeIsDivergent(const llvm::Instruction &I);
  /// Whether LI, a load through a generic pointer (a source of divergence
  /// to NVPTX: the pointer may hold a local address, each lane's own
  /// memory), provably reads memory of which a warp has one copy (global,
  /// shared or constant memory, a kernel's pointer parameters, its
  /// by-value parameters that it never writes, what a pointer read from
  /// such memory points to): its value is then uniform wherever its
  /// address is.
  bool readsWarpUniformMemory(const llvm::LoadInst &LI) const;
  /// The same of any load; Depth counts the pointers read from memory on
  /// the way (a few are enough: `p->q->r`).
  bool readsOneCopy(const llvm::LoadInst &LI, unsigned Depth) const;
  /// Whether every lane that reads an address in what the underlying
  /// object O may point to reads the same value there.
  bool isOneCopyForTheWarp(const llvm::Value *O, unsigned Depth) const;
  bool isJoinOfDivergentBranch(const llvm::BasicBlock &BB);
  bool joinsItsImmediateDominator(const llvm::BasicBlock &J) const;
  bool leavesDivergentCycle(const llvm::Value *Def,
                            const llvm::BasicBlock &UseBB) const {
    return anyDivergentExit(Def, UseBB,
                            [](const llvm::Instruction &) { return true; });
  }
  /// The blocks from which J can be reached, J included.
  const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &
  reaching(const llvm::BasicBlock *J);

  const llvm::UniformityInfo &UI;
  const llvm::CycleInfo &CI;
  const llvm::TargetTransformInfo &TTI;
  const llvm::DominatorTree &DT;
  /// False: PHIs at joins of divergent branches are divergent only where
  /// their operands are (getJoinDivergence).
  bool UseJoins = true;
  llvm::SmallPtrSet<const llvm::Value *, 32> Divergent;
  /// readsOneCopy's answers, by load and depth.
  mutable llvm::DenseMap<std::pair<const llvm::LoadInst *, unsigned>, bool>
      OneCopyLoads;
  llvm::DenseMap<const llvm::BasicBlock *,
                 llvm::SmallPtrSet<const llvm::BasicBlock *, 16>>
      ReachingCache;
};

} // namespace divopt

#endif // DIVOPT_ANALYSIS_VOTEAWAREUNIFORMITY_H
