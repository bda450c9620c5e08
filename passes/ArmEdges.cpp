//===- ArmEdges.cpp - Critical edges of a branch's arms, split and back ---===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ArmEdges.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace divopt {

/// Whether Pred reaches Succ by exactly one edge: with two, the PHIs of
/// Succ hold Pred twice and a split block would have to stand for both.
static bool hasOneEdgeTo(const BranchInst &Br, const BasicBlock *Succ) {
  return count(Br.successors(), Succ) == 1;
}

ArmEdgeSplit ArmEdgeSplit::split(ArrayRef<BasicBlock *> ArmBlocks) {
  SmallVector<std::pair<BranchInst *, unsigned>, 8> Edges;
  for (BasicBlock *BB : ArmBlocks) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || Br->isUnconditional())
      continue;
    for (unsigned I = 0; I < Br->getNumSuccessors(); ++I)
      if (isCriticalEdge(Br, I) && hasOneEdgeTo(*Br, Br->getSuccessor(I)))
        Edges.push_back({Br, I});
  }
  ArmEdgeSplit S;
  SmallPtrSet<BasicBlock *, 8> Targets;
  for (auto [Br, I] : Edges) {
    BasicBlock *Succ = Br->getSuccessor(I);
    if (Targets.insert(Succ).second) {
      auto &[BB, Order] = S.UseOrders.emplace_back();
      BB = Succ;
      for (const Use &U : Succ->uses())
        Order.push_back(&U);
    }
  }
  for (auto [Br, I] : Edges)
    if (BasicBlock *NB = SplitCriticalEdge(Br, I))
      S.Blocks.push_back(NB);
  return S;
}

void ArmEdgeSplit::undo() {
  // Newest first: each block still has the one predecessor and successor
  // it was made with.
  for (BasicBlock *NB : reverse(Blocks)) {
    BasicBlock *Pred = NB->getSinglePredecessor();
    BasicBlock *Succ = NB->getSingleSuccessor();
    assert(Pred && Succ && "a split edge block changed");
    Pred->getTerminator()->replaceSuccessorWith(NB, Succ);
    for (PHINode &Phi : Succ->phis())
      Phi.replaceIncomingBlockWith(NB, Pred);
    NB->eraseFromParent();
  }
  Blocks.clear();
  // The branches use their successors again through the same Use objects,
  // now at the head of each block's use list: put them back in place.
  for (auto &[BB, Order] : UseOrders) {
    DenseMap<const Use *, unsigned> Position;
    for (auto [Idx, U] : enumerate(Order))
      Position[U] = Idx;
    BB->sortUseList([&](const Use &L, const Use &R) {
      return Position.lookup(&L) < Position.lookup(&R);
    });
  }
  UseOrders.clear();
}

} // namespace divopt
