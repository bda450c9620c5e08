//===- VoteAwareUniformity.cpp - Uniformity that knows warp votes ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "VoteAwareUniformity.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;

namespace divopt {

bool isWarpUniformIntrinsic(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_vote_all:
  case Intrinsic::nvvm_vote_any:
  case Intrinsic::nvvm_vote_uni:
  case Intrinsic::nvvm_vote_ballot:
  case Intrinsic::nvvm_vote_all_sync:
  case Intrinsic::nvvm_vote_any_sync:
  case Intrinsic::nvvm_vote_uni_sync:
  case Intrinsic::nvvm_vote_ballot_sync:
  case Intrinsic::nvvm_activemask:
    return true;
  default:
    return false;
  }
}

bool readsWarpUniformRegister(const IntrinsicInst &II) {
  StringRef Name = II.getCalledFunction()->getName();
  if (!Name.consume_front("llvm.nvvm.read.ptx.sreg."))
    return false;
  return Name.starts_with("ctaid.") || Name.starts_with("nctaid.") ||
         Name.starts_with("ntid.") || Name == "warpsize" ||
         Name.starts_with("clusterid.") || Name.starts_with("nclusterid.") ||
         Name.starts_with("cluster.ctaid.") ||
         Name.starts_with("cluster.nctaid.") || Name == "cluster.ctarank" ||
         Name == "cluster.nctarank";
}

/// Whether every lane that reads an address in what O may point to reads
/// the same value there. Memory that global, shared and constant pointers
/// reach is one copy for the warp; so are the kernel's by-value parameters
/// that it never writes (one parameter buffer for the grid), and what a
/// pointer read from such memory points to (a parameter struct's arrays):
/// the host can pass no local address, and one a thread stored there
/// would be no other thread's to use. A local variable, and a generic
/// pointer of other origin (it may hold a local address, which names each
/// lane's own memory), are not.
bool VoteAwareUniformity::isOneCopyForTheWarp(const Value *O,
                                              unsigned Depth) const {
  switch (O->getType()->getPointerAddressSpace()) {
  case NVPTXAS::ADDRESS_SPACE_GLOBAL:
  case NVPTXAS::ADDRESS_SPACE_SHARED:
  case NVPTXAS::ADDRESS_SPACE_CONST:
  case NVPTXAS::ADDRESS_SPACE_PARAM:
    return true;
  case NVPTXAS::ADDRESS_SPACE_GENERIC:
    break;
  default:
    return false;
  }
  if (isa<GlobalVariable>(O))
    return true;
  if (const auto *LI = dyn_cast<LoadInst>(O))
    return readsOneCopy(*LI, Depth + 1);
  const auto *A = dyn_cast<Argument>(O);
  if (!A || !A->getParent()->hasKernelCallingConv())
    return false;
  // A pointer parameter of a kernel points to global memory in CUDA (the
  // host can pass no other), as NVPTXLowerArgs assumes.
  return !A->hasByValAttr() || A->onlyReadsMemory();
}

bool VoteAwareUniformity::readsOneCopy(const LoadInst &LI,
                                       unsigned Depth) const {
  constexpr unsigned MaxPointerLoads = 3;
  if (!LI.isSimple() || Depth > MaxPointerLoads)
    return false;
  // Kept: pointers merged by PHIs fan out at each load on the way, so a
  // chain of such merges would be walked once for each path through it.
  auto [It, New] = OneCopyLoads.try_emplace({&LI, Depth}, false);
  if (!New)
    return It->second;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(LI.getPointerOperand(), Objects);
  bool OneCopy = all_of(
      Objects, [&](const Value *O) { return isOneCopyForTheWarp(O, Depth); });
  // Looked up again: the walk above may have grown the map and moved It.
  OneCopyLoads[{&LI, Depth}] = OneCopy;
  return OneCopy;
}

bool VoteAwareUniformity::readsWarpUniformMemory(const LoadInst &LI) const {
  return LI.getPointerAddressSpace() == NVPTXAS::ADDRESS_SPACE_GENERIC &&
         readsOneCopy(LI, 0);
}

/// The lane a shuffle reads from where it is the same lane of the whole
/// warp for every reader (`__shfl_sync(mask, v, 0)`, width 32): its
/// result, a broadcast, is then uniform where that lane is. Null for any
/// other call: a width under 32 reads one lane a segment.
static const Value *getBroadcastSourceLane(const CallBase &CB) {
  const auto *II = dyn_cast<IntrinsicInst>(&CB);
  if (!II)
    return nullptr;
  unsigned Lane;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_shfl_sync_idx_i32:
  case Intrinsic::nvvm_shfl_sync_idx_f32:
    Lane = 2; // (mask, value, lane, clamp)
    break;
  case Intrinsic::nvvm_shfl_idx_i32:
  case Intrinsic::nvvm_shfl_idx_f32:
    Lane = 1; // (value, lane, clamp)
    break;
  default:
    return nullptr;
  }
  // The clamp operand of a shuffle over the whole warp: no segment mask,
  // lane bound 31 (clang writes ((32 - width) << 8) | 31).
  const auto *Clamp = dyn_cast<ConstantInt>(II->getArgOperand(Lane + 1));
  if (!Clamp || Clamp->getZExtValue() != 31)
    return nullptr;
  return II->getArgOperand(Lane);
}

enum class CallUniformity { Uniform, FromOperands, Divergent };

/// How a call's result relates to its operands. Only intrinsics are known:
/// a call to any other function may read the lane it runs in.
static CallUniformity classifyCall(const CallBase &CB) {
  if (isWarpUniformIntrinsic(&CB))
    return CallUniformity::Uniform;
  const auto *II = dyn_cast<IntrinsicInst>(&CB);
  if (!II)
    return CallUniformity::Divergent;
  if (readsWarpUniformRegister(*II))
    return CallUniformity::Uniform;
  if (II->getCalledFunction()->getName().starts_with("llvm.nvvm.read.ptx."))
    return CallUniformity::Divergent; // tid, laneid, lanemasks, clocks.
  // A pure, non-convergent intrinsic (fma, ctpop, min, ...) computes its
  // result from its operands alone.
  if (II->doesNotAccessMemory() && !II->isConvergent())
    return CallUniformity::FromOperands;
  return CallUniformity::Divergent;
}

bool computesFromOperandsAlone(const CallBase &CB) {
  return classifyCall(CB) == CallUniformity::FromOperands;
}

VoteAwareUniformity::VoteAwareUniformity(Function &F, const UniformityInfo &UI,
                                         const CycleInfo &CI,
                                         const TargetTransformInfo &TTI,
                                         const DominatorTree &DT, bool UseJoins)
    : UI(UI), CI(CI), TTI(TTI), DT(DT), UseJoins(UseJoins) {
  for (const Argument &A : F.args())
    if (UI.isDivergent(&A))
      Divergent.insert(&A);

  // Least fixed point over the values LLVM calls divergent; reverse post
  // order makes most functions converge in one or two sweeps.
  ReversePostOrderTraversal<Function *> RPOT(&F);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (BasicBlock *BB : RPOT)
      for (Instruction &I : *BB)
        if (!Divergent.contains(&I) && computeIsDivergent(I)) {
          Divergent.insert(&I);
          Changed = true;
        }
  }
}

bool VoteAwareUniformity::computeIsDivergent(const Instruction &I) {
  if (!UI.isDivergent(&I))
    return false;
  // Inside an irreducible cycle LLVM taints every definition when lanes
  // may enter at different blocks; DivOpt does not second-guess that.
  if (isInIrreducibleCycle(*I.getParent()))
    return true;
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (const Value *Lane = getBroadcastSourceLane(*CB))
      return Divergent.contains(Lane) ||
             leavesDivergentCycle(Lane, *I.getParent());
    switch (classifyCall(*CB)) {
    case CallUniformity::Uniform:
      return false;
    case CallUniformity::Divergent:
      return true;
    case CallUniformity::FromOperands:
      break;
    }
  } else if (TTI.getInstructionUniformity(&I) ==
                 InstructionUniformity::NeverUniform &&
             !(isa<LoadInst>(I) && readsWarpUniformMemory(cast<LoadInst>(I)))) {
    return true;
  }
  for (const Use &U : I.operands()) {
    if (Divergent.contains(U.get()))
      return true;
    if (leavesDivergentCycle(U.get(), *I.getParent()))
      return true;
  }
  if (UseJoins && isa<PHINode>(I) && isJoinOfDivergentBranch(*I.getParent()))
    return true;
  return false;
}

bool VoteAwareUniformity::isInIrreducibleCycle(const BasicBlock &BB) const {
  for (const CycleInfo::CycleT *C = CI.getCycle(&BB); C;
       C = C->getParentCycle())
    if (!C->isReducible())
      return true;
  return false;
}

bool VoteAwareUniformity::hasDivergentTerminator(const BasicBlock &BB) const {
  const Instruction *T = BB.getTerminator();
  if (const auto *Br = dyn_cast_or_null<BranchInst>(T))
    return Br->isConditional() && isDivergent(Br->getCondition());
  if (const auto *Sw = dyn_cast_or_null<SwitchInst>(T))
    return isDivergent(Sw->getCondition());
  // Other multi-way terminators (indirectbr, callbr) are taken as
  // divergent: DivOpt does not reason about them.
  return T && T->getNumSuccessors() > 1;
}

bool VoteAwareUniformity::isRefinedUniform(const Value *V) const {
  return UI.isDivergent(V) && !isDivergent(V);
}

SmallVector<VoteAwareUniformity::JoinDivergence, 8>
VoteAwareUniformity::getJoinDivergence(Function &F) const {
  // Without the rule, the fixed point is a subset of this one.
  VoteAwareUniformity NoJoins(F, UI, CI, TTI, DT, /*UseJoins=*/false);
  SmallVector<JoinDivergence, 8> Result;
  if (NoJoins.Divergent.size() == Divergent.size())
    return Result;
  for (const BasicBlock &BB : F)
    for (const PHINode &P : BB.phis())
      if (isDivergent(&P) && !NoJoins.isDivergent(&P)) {
        const Instruction *Witness = nullptr;
        if (NoJoins.joinsItsImmediateDominator(BB))
          Witness = DT.getNode(&BB)->getIDom()->getBlock()->getTerminator();
        Result.push_back({&P, Witness});
      }
  return Result;
}

const SmallPtrSetImpl<const BasicBlock *> &
VoteAwareUniformity::reaching(const BasicBlock *J) {
  auto It = ReachingCache.find(J);
  if (It != ReachingCache.end())
    return It->second;
  SmallPtrSet<const BasicBlock *, 16> Seen;
  SmallVector<const BasicBlock *, 16> Work{J};
  Seen.insert(J);
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    for (const BasicBlock *P : predecessors(BB))
      if (Seen.insert(P).second)
        Work.push_back(P);
  }
  return ReachingCache.try_emplace(J, std::move(Seen)).first->second;
}

/// Whether J's immediate dominator ends in a divergent branch two of whose
/// distinct successors reach J: a successor that dominates one of J's
/// predecessors (or is J) reaches it. The common case (an if/else and its
/// join) found in the edges around J; where it is not found, the reach
/// decides (isJoinOfDivergentBranch).
bool VoteAwareUniformity::joinsItsImmediateDominator(
    const BasicBlock &J) const {
  const DomTreeNode *N = DT.getNode(&J);
  if (!N || !N->getIDom())
    return false;
  const BasicBlock *D = N->getIDom()->getBlock();
  if (!hasDivergentTerminator(*D))
    return false;
  SmallPtrSet<const BasicBlock *, 4> Reaching;
  for (const BasicBlock *S : successors(D)) {
    if (Reaching.contains(S))
      continue;
    if (S == &J || any_of(predecessors(&J), [&](const BasicBlock *P) {
          return DT.dominates(S, P);
        }))
      Reaching.insert(S);
    if (Reaching.size() >= 2)
      return true;
  }
  return false;
}

bool VoteAwareUniformity::isJoinOfDivergentBranch(const BasicBlock &J) {
  if (joinsItsImmediateDominator(J))
    return true;
  // J joins a divergent branch when two of the branch's distinct
  // successors reach it. Only blocks that reach J can be such branches:
  // J's reaching set, found once per join and kept, costs the edges into
  // it, where the reach of every successor of every divergent branch cost
  // the square of the function (a 20,000-case switch, 1000 if/else in a
  // row).
  const SmallPtrSetImpl<const BasicBlock *> &Reaching = reaching(&J);
  for (const BasicBlock *BB : Reaching) {
    if (!hasDivergentTerminator(*BB))
      continue;
    SmallPtrSet<const BasicBlock *, 4> Distinct;
    for (const BasicBlock *S : successors(BB))
      if (Reaching.contains(S) && Distinct.insert(S).second &&
          Distinct.size() >= 2)
        return true;
  }
  return false;
}

bool VoteAwareUniformity::anyDivergentExit(
    const Value *Def, const BasicBlock &UseBB,
    function_ref<bool(const Instruction &)> Pred) const {
  const auto *DefI = dyn_cast<Instruction>(Def);
  if (!DefI)
    return false;
  for (const CycleInfo::CycleT *C = CI.getCycle(DefI->getParent());
       C && !C->contains(&UseBB); C = C->getParentCycle()) {
    SmallVector<BasicBlock *, 4> Exiting;
    C->getExitingBlocks(Exiting);
    for (const BasicBlock *E : Exiting)
      if (hasDivergentTerminator(*E) && Pred(*E->getTerminator()))
        return true;
  }
  return false;
}

} // namespace divopt
