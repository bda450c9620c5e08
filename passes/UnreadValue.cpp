//===- UnreadValue.cpp - What a PHI gets where no lane reads it -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "UnreadValue.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace divopt {

Constant *getUnreadValue(Type *Ty) { return Constant::getNullValue(Ty); }

static bool hasPoisonIncoming(const PHINode &Phi) {
  return any_of(Phi.incoming_values(),
                [](const Use &U) { return isa<PoisonValue>(U.get()); });
}

/// Another PHI of Phi's block that has Phi's incoming values wherever
/// Phi's is not poison: Phi may be that PHI, on every path.
static PHINode *findTwin(PHINode &Phi) {
  for (PHINode &Other : Phi.getParent()->phis()) {
    if (&Other == &Phi || Other.getType() != Phi.getType() ||
        hasPoisonIncoming(Other))
      continue;
    if (all_of(Phi.blocks(), [&](BasicBlock *Pred) {
          Value *V = Phi.getIncomingValueForBlock(Pred);
          return isa<PoisonValue>(V) ||
                 V == Other.getIncomingValueForBlock(Pred);
        }))
      return &Other;
  }
  return nullptr;
}

/// A defined value for Phi on the edge from Pred that costs no move where
/// it can: the PHI itself where it dominates Pred (a loop's back edge
/// keeps the value it has), else another of its incoming values that is
/// available at the end of Pred, else getUnreadValue. Lanes coming from
/// Pred never read it.
static Value *getAvailableValue(PHINode &Phi, BasicBlock &Pred,
                                const DominatorTree &DT) {
  if (DT.dominates(Phi.getParent(), &Pred))
    return &Phi;
  for (Value *V : Phi.incoming_values()) {
    if (isa<UndefValue>(V))
      continue;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || DT.dominates(I, Pred.getTerminator()))
      return V;
  }
  return getUnreadValue(Phi.getType());
}

UnreadPhis::UnreadPhis(Function &F) {
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (hasPoisonIncoming(Phi))
        Input.emplace_back(&Phi);
}

unsigned UnreadPhis::define(Function &F) const {
  SmallPtrSet<const Value *, 4> Kept;
  for (const WeakVH &V : Input)
    if (V)
      Kept.insert(V);
  SmallVector<PHINode *, 16> New;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : BB.phis())
      if (!Kept.contains(&Phi) && hasPoisonIncoming(Phi))
        New.push_back(&Phi);
  if (New.empty())
    return 0;
  // A PHI whose other incoming values are one value that dominates it is
  // that value, and needs no register of its own on any path.
  DominatorTree DT(F);
  const SimplifyQuery Q(F.getDataLayout(), &DT);
  unsigned Defined = 0;
  for (PHINode *Phi : New) {
    // The same value as another PHI wherever it is read (a loop-carried
    // value that one way of a meld leaves alone): that PHI, and no
    // register or move of its own.
    Value *V = simplifyInstruction(Phi, Q);
    if (!V || V == Phi || isa<PoisonValue>(V))
      V = findTwin(*Phi);
    if (V) {
      Phi->replaceAllUsesWith(V);
      Phi->eraseFromParent();
      continue;
    }
    for (Use &U : Phi->incoming_values())
      if (isa<PoisonValue>(U.get())) {
        U.set(getAvailableValue(*Phi, *Phi->getIncomingBlock(U), DT));
        ++Defined;
      }
  }
  return Defined;
}

} // namespace divopt
