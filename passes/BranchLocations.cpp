//===- BranchLocations.cpp - Source locations for the branches a rewrite adds //
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BranchLocations.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace divopt {

BranchLocations::BranchLocations(Function &F) {
  for (BasicBlock &BB : F)
    if (Instruction *T = BB.getTerminator())
      Before.emplace_back(T);
}

unsigned BranchLocations::locateNew(Function &F, const DebugLoc &Loc) const {
  if (!Loc)
    return 0;
  SmallPtrSet<const Value *, 32> Old;
  for (const WeakVH &H : Before)
    if (H)
      Old.insert(H);
  unsigned N = 0;
  for (BasicBlock &BB : F) {
    Instruction *T = BB.getTerminator();
    if (T && !T->getDebugLoc() && !Old.contains(T)) {
      T->setDebugLoc(Loc);
      ++N;
    }
  }
  return N;
}

static bool hasLine(const Instruction *I) {
  const DILocation *L = I ? I->getDebugLoc().get() : nullptr;
  return L && L->getLine();
}

std::string describeAtLine(const Instruction &I) {
  if (!hasLine(&I))
    return "";
  const DILocation *L = I.getDebugLoc().get();
  std::string Kind;
  if (isa<LoadInst>(I))
    Kind = "load";
  else if (isa<StoreInst>(I))
    Kind = "store";
  else if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I))
    Kind = "atomic";
  else if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    Kind = Intrinsic::getBaseName(II->getIntrinsicID())
               .drop_front(StringRef("llvm.").size())
               .str(); // "the fma", "the nvvm.read.ptx.sreg.clock"
  else if (const auto *CB = dyn_cast<CallBase>(&I);
           CB && CB->getCalledFunction())
    Kind = ("call to " + CB->getCalledFunction()->getName()).str();
  else
    Kind = I.getOpcodeName();
  return ("the " + Kind + " at " + sys::path::filename(L->getFilename()) + ":" +
          Twine(L->getLine()) + ":" + Twine(L->getColumn()))
      .str();
}

DiagnosticLocation getRemarkLocation(const Instruction &I) {
  if (hasLine(&I))
    return I.getDebugLoc();
  const Value *Cond = nullptr;
  if (const auto *Br = dyn_cast<BranchInst>(&I); Br && Br->isConditional())
    Cond = Br->getCondition();
  else if (const auto *SI = dyn_cast<SwitchInst>(&I))
    Cond = SI->getCondition();
  if (const auto *C = dyn_cast_or_null<Instruction>(Cond); hasLine(C))
    return C->getDebugLoc();
  // A latch names its loop's first line in its llvm.loop metadata.
  if (const MDNode *Loop = I.getMetadata(LLVMContext::MD_loop))
    for (const MDOperand &Op : drop_begin(Loop->operands()))
      if (const auto *L = dyn_cast<DILocation>(Op); L && L->getLine())
        return DebugLoc(L);
  for (const Instruction *Above = I.getPrevNode(); Above;
       Above = Above->getPrevNode())
    if (hasLine(Above))
      return Above->getDebugLoc();
  return I.getDebugLoc();
}

} // namespace divopt
