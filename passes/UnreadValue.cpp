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
    if (Value *V = simplifyInstruction(Phi, Q);
        V && V != Phi && !isa<PoisonValue>(V)) {
      Phi->replaceAllUsesWith(V);
      Phi->eraseFromParent();
      continue;
    }
    for (Use &U : Phi->incoming_values())
      if (isa<PoisonValue>(U.get())) {
        U.set(getUnreadValue(Phi->getType()));
        ++Defined;
      }
  }
  return Defined;
}

} // namespace divopt
