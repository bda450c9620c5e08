//===- AdvanceCarried.cpp - What loop advance carries between trips -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AdvanceCarried.h"
#include "DelayedLoop.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace divopt {

AdvanceCarried collectAdvanceCarried(const DelayShape &S) {
  AdvanceCarried C;
  C.InPre.insert(S.PreBlocks.begin(), S.PreBlocks.end());
  C.InLoop.insert(S.LoopBlocks.begin(), S.LoopBlocks.end());
  for (PHINode &P : S.Header->phis()) {
    C.HeaderPhis.push_back(&P);
    C.LatchValues.push_back(P.getIncomingValueForBlock(S.Latch));
  }
  auto IsPre = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && C.InPre.contains(I->getParent()) &&
           !(isa<PHINode>(I) && I->getParent() == S.Header);
  };
  for (BasicBlock *BB : S.PreBlocks)
    for (Instruction &I : *BB)
      if (IsPre(&I) && !I.isTerminator() && any_of(I.users(), [&](User *U) {
            return !C.InPre.contains(cast<Instruction>(U)->getParent());
          }))
        C.PreValues.insert(&I);
  // The condition, and what the next iteration's pre reads, are read in
  // the trip (or half) after the one that computed them: carried too.
  for (Value *V : C.LatchValues)
    if (IsPre(V))
      C.PreValues.insert(cast<Instruction>(V));
  if (Value *Cond = cast<BranchInst>(S.Branch)->getCondition(); IsPre(Cond))
    C.PreValues.insert(cast<Instruction>(Cond));
  return C;
}

bool isLeanAdvanceBranch(const DelayShape &S) {
  return !isSwitch(S) && !S.Guard;
}

unsigned countInstructions(ArrayRef<BasicBlock *> Blocks) {
  unsigned N = 0;
  for (BasicBlock *BB : Blocks)
    N += BB->size();
  return N;
}

BasicBlock *cloneNextPre(const DelayShape &S, ArrayRef<PHINode *> HeaderPhis,
                         ArrayRef<Value *> LatchValues,
                         function_ref<Value *(Value *)> Next,
                         BasicBlock *Before, const Twine &Suffix,
                         ValueToValueMapTy &VMap,
                         SmallVectorImpl<BasicBlock *> &Blocks) {
  for (BasicBlock *BB : S.PreBlocks) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, Suffix, BB->getParent());
    Copy->moveBefore(Before);
    VMap[BB] = Copy;
    Blocks.push_back(Copy);
  }
  for (auto [P, Latch] : zip(HeaderPhis, LatchValues)) {
    auto *Copy = cast<PHINode>(VMap[P]);
    VMap[P] = Next(Latch);
    Copy->eraseFromParent();
  }
  remapInstructionsInBlocks(Blocks, VMap);
  auto *End = cast<BasicBlock>(VMap[S.Branch->getParent()]);
  End->getTerminator()->eraseFromParent();
  BranchInst::Create(Before, End);
  return End;
}

void collectReadAfterLoop(ArrayRef<BasicBlock *> Blocks,
                          const SmallPtrSetImpl<BasicBlock *> &InLoop,
                          SetVector<Instruction *> &Out) {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB)
      if (any_of(I.users(), [&](User *U) {
            return !InLoop.contains(cast<Instruction>(U)->getParent());
          }))
        Out.insert(&I);
}

} // namespace divopt
