//===- DivergentBranch.cpp - Divergent branches and their regions ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergentBranch.h"
#include "VoteAwareUniformity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

/// Arms larger than this are reported as they are found but not walked
/// further: no transform handles them and the walk must stay cheap on
/// hostile inputs.
static constexpr unsigned MaxArmBlocks = 4096;

Value *getBranchCondition(const Instruction &Term) {
  if (const auto *Br = dyn_cast<BranchInst>(&Term))
    return Br->isConditional() ? Br->getCondition() : nullptr;
  if (const auto *Sw = dyn_cast<SwitchInst>(&Term))
    return Sw->getCondition();
  return nullptr;
}

StringRef getBranchKindName(BranchKind K) {
  switch (K) {
  case BranchKind::IfElse:
    return "if-else";
  case BranchKind::IfOnly:
    return "if-only";
  case BranchKind::Switch:
    return "switch";
  case BranchKind::LoopExit:
    return "loop-exit";
  }
  llvm_unreachable("unknown branch kind");
}

bool isBarrier(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  StringRef Name = II->getCalledFunction()->getName();
  return Name.starts_with("llvm.nvvm.barrier") ||
         Name.starts_with("llvm.nvvm.bar.");
}

bool ArmRegion::contains(const BasicBlock *BB) const {
  return is_contained(Blocks, BB);
}

BasicBlock *DivergentBranch::getBlock() const { return Term->getParent(); }

bool DivergentBranch::armsContain(const BasicBlock *BB) const {
  return any_of(Arms, [BB](const ArmRegion &A) { return A.contains(BB); });
}

void LoopBlockers::print(raw_ostream &OS) const {
  if (!any()) {
    OS << "none";
    return;
  }
  ListSeparator LS(",");
  if (Barrier)
    OS << LS << "barrier";
  if (Convergent)
    OS << LS << "convergent";
  if (Call)
    OS << LS << "call";
  if (Irreducible)
    OS << LS << "irreducible";
  if (ExitFromArm)
    OS << LS << "exit-from-arm";
}

/// Claimed, if given, holds the blocks of the branch's arms built before
/// (a switch's): an arm that
/// runs into one shares it with another way, so it is not single-entry and
/// is not walked further. Each block is walked once per branch, where a
/// switch whose cases fall through into each other made every arm walk the
/// rest of the chain (quadratic in the cases).
static ArmRegion buildArm(BasicBlock *Entry, const BasicBlock *Branch,
                          const BasicBlock *Join, const DominatorTree &DT,
                          SmallPtrSetImpl<const BasicBlock *> *Claimed) {
  ArmRegion Arm;
  Arm.Entry = Entry;
  SmallPtrSet<const BasicBlock *, 16> Seen{Entry};
  Arm.Blocks.push_back(Entry);
  bool SESE = Join != nullptr;
  for (unsigned I = 0; I < Arm.Blocks.size(); ++I) {
    BasicBlock *BB = Arm.Blocks[I];
    Arm.NumInsts += BB->size();
    if (succ_empty(BB))
      SESE = false; // The arm leaves the function instead of rejoining.
    for (BasicBlock *S : successors(BB)) {
      if (S == Join)
        continue;
      if (S == Branch) {
        SESE = false; // A cycle back through the branch.
        continue;
      }
      if (Arm.Blocks.size() >= MaxArmBlocks ||
          (Claimed && Claimed->contains(S))) {
        SESE = false;
        continue;
      }
      if (Seen.insert(S).second)
        Arm.Blocks.push_back(S);
    }
  }
  // Single entry: the branch enters at Entry only, and nothing else enters
  // at all; cycles inside the arm (inner loops) are fine.
  for (BasicBlock *BB : Arm.Blocks)
    for (const BasicBlock *P : predecessors(BB))
      if (!Seen.contains(P) && !(BB == Entry && P == Branch))
        SESE = false;
  if (!all_of(Arm.Blocks,
              [&](BasicBlock *BB) { return DT.dominates(Entry, BB); }))
    SESE = false;
  Arm.IsSESE = SESE;
  if (Claimed)
    Claimed->insert(Arm.Blocks.begin(), Arm.Blocks.end());
  return Arm;
}

static LoopBlockers findBlockers(const Loop &L, const CycleInfo &CI) {
  LoopBlockers B;
  for (const BasicBlock *BB : L.blocks()) {
    for (const Instruction &I : *BB) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (!B.Barrier && isBarrier(I))
        B.Barrier = &I;
      else if (!B.Convergent && CB->isConvergent() && !isBarrier(I))
        B.Convergent = &I;
      else if (!B.Call && !isa<IntrinsicInst>(CB) && !CB->isInlineAsm())
        B.Call = &I;
    }
    for (const CycleInfo::CycleT *C = CI.getCycle(BB); C;
         C = C->getParentCycle())
      if (!C->isReducible() && L.contains(C->getHeader()))
        B.Irreducible = true;
  }
  return B;
}

static bool runsEveryTrip(const BasicBlock *BB, const Loop &L,
                          const DominatorTree &DT) {
  SmallVector<BasicBlock *, 4> Latches;
  L.getLoopLatches(Latches);
  return !Latches.empty() && all_of(Latches, [&](BasicBlock *Latch) {
    return DT.dominates(BB, Latch);
  });
}

/// findBlockers of each loop, found once: every branch of a loop body
/// shares them, and finding them walks the whole loop.
class BlockerCache {
public:
  explicit BlockerCache(const CycleInfo &CI) : CI(CI) {}
  const LoopBlockers &get(const Loop &L) {
    auto [It, New] = Cache.try_emplace(&L);
    if (New)
      It->second = findBlockers(L, CI);
    return It->second;
  }

private:
  const CycleInfo &CI;
  DenseMap<const Loop *, LoopBlockers> Cache;
};

static std::optional<DivergentBranch> classify(Instruction *Term,
                                               const DominatorTree &DT,
                                               const PostDominatorTree &PDT,
                                               const LoopInfo &LI,
                                               BlockerCache &Blockers) {
  BasicBlock *BB = Term->getParent();
  // A set beside the list: a switch may have tens of thousands of cases.
  SmallVector<BasicBlock *, 4> Succs;
  SmallPtrSet<BasicBlock *, 4> Distinct;
  for (BasicBlock *S : successors(BB))
    if (Distinct.insert(S).second)
      Succs.push_back(S);
  if (Succs.size() < 2)
    return std::nullopt; // Both ways lead to the same block: no divergence.

  DivergentBranch DB;
  DB.Term = Term;
  const DomTreeNode *IPDom =
      PDT.getNode(BB) ? PDT.getNode(BB)->getIDom() : nullptr;
  DB.Join = IPDom ? IPDom->getBlock() : nullptr;
  DB.L = LI.getLoopFor(BB);
  if (DB.L && DB.L->isLoopExiting(BB)) {
    DB.Kind = BranchKind::LoopExit;
    DB.Blockers = Blockers.get(*DB.L);
    return DB;
  }

  // Only a multi-way branch can walk the same blocks many times over; the
  // two arms of an if/else are reported whole even where they meet.
  SmallPtrSet<const BasicBlock *, 16> Claimed;
  for (BasicBlock *S : Succs)
    if (S != DB.Join)
      DB.Arms.push_back(
          buildArm(S, BB, DB.Join, DT, Succs.size() > 2 ? &Claimed : nullptr));
  if (isa<SwitchInst>(Term))
    DB.Kind = BranchKind::Switch;
  else
    DB.Kind = DB.Arms.size() == 1 ? BranchKind::IfOnly : BranchKind::IfElse;

  if (DB.L) {
    DB.TopLevelInLoop =
        DB.Join && DB.L->contains(DB.Join) && runsEveryTrip(BB, *DB.L, DT);
    DB.Blockers = Blockers.get(*DB.L);
    for (const ArmRegion &A : DB.Arms)
      for (const BasicBlock *ArmBB : A.Blocks)
        if (DB.L->isLoopExiting(ArmBB))
          DB.Blockers.ExitFromArm = true;
  }
  return DB;
}

SmallVector<DivergentBranch, 8>
findDivergentBranches(Function &F, const VoteAwareUniformity &VU,
                      const DominatorTree &DT, const PostDominatorTree &PDT,
                      const LoopInfo &LI, const CycleInfo &CI) {
  SmallVector<DivergentBranch, 8> Result;
  BlockerCache Blockers(CI);
  for (BasicBlock &BB : F) {
    if (!DT.isReachableFromEntry(&BB) || !VU.hasDivergentTerminator(BB))
      continue;
    if (std::optional<DivergentBranch> DB =
            classify(BB.getTerminator(), DT, PDT, LI, Blockers))
      Result.push_back(std::move(*DB));
  }

  if (!F.hasKernelCallingConv())
    return Result;
  // A branch's arms never hold its own block (buildArm stops at it), so a
  // branch is nested in another exactly when some branch's arms hold it.
  SmallPtrSet<const BasicBlock *, 32> InArms;
  for (const DivergentBranch &DB : Result)
    for (const ArmRegion &A : DB.Arms)
      InArms.insert(A.Blocks.begin(), A.Blocks.end());
  for (DivergentBranch &DB : Result)
    DB.TopLevelInKernel = !DB.L && !InArms.contains(DB.getBlock());
  return Result;
}

} // namespace divopt
