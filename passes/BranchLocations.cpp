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

/// "load", "store", "fma", "call to f", else the opcode.
static std::string describeKind(const Instruction &I) {
  if (isa<LoadInst>(I))
    return "load";
  if (isa<StoreInst>(I))
    return "store";
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I))
    return "atomic";
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return Intrinsic::getBaseName(II->getIntrinsicID())
        .drop_front(StringRef("llvm.").size())
        .str(); // "the fma", "the nvvm.read.ptx.sreg.clock"
  if (const auto *CB = dyn_cast<CallBase>(&I); CB && CB->getCalledFunction())
    return ("call to " + CB->getCalledFunction()->getName()).str();
  return I.getOpcodeName();
}

/// The nearest instruction above I in its block that has a line; null
/// where none has.
static const Instruction *findLineAbove(const Instruction &I) {
  for (const Instruction *Above = I.getPrevNode(); Above;
       Above = Above->getPrevNode())
    if (hasLine(Above))
      return Above;
  return nullptr;
}

static std::string describePosition(const DILocation &L) {
  return (sys::path::filename(L.getFilename()) + ":" + Twine(L.getLine()) +
          ":" + Twine(L.getColumn()))
      .str();
}

std::string describeAtLine(const Instruction &I) {
  if (!hasLine(&I))
    return "";
  return "the " + describeKind(I) + " at " +
         describePosition(*I.getDebugLoc().get());
}

std::string describeInstruction(const Instruction &I) {
  if (std::string AtLine = describeAtLine(I); !AtLine.empty())
    return AtLine;
  // Line 0 is what LLVM gives an instruction it merged from several lines
  // (a store sunk out of both arms); the nearest line is the best hint.
  std::string Text = "the " + describeKind(I) + " without a source line";
  if (const Instruction *Above = findLineAbove(I))
    return Text + " (after " + describePosition(*Above->getDebugLoc()) + ")";
  // First in its block, as a store sunk into the join is: an operand's line
  // tells which (its address, or through a PHI the value of an arm).
  SmallVector<const Instruction *, 8> Near{&I};
  for (unsigned Depth = 0; Depth < 2; ++Depth) {
    SmallVector<const Instruction *, 8> Next;
    for (const Instruction *At : Near)
      for (const Value *Op : At->operand_values())
        if (const auto *OpInst = dyn_cast<Instruction>(Op)) {
          if (hasLine(OpInst))
            return Text + " (its operand from " +
                   describePosition(*OpInst->getDebugLoc()) + ")";
          Next.push_back(OpInst);
        }
    Near = std::move(Next);
  }
  return I.getDebugLoc() ? Text : "";
}

DebugLoc getRemarkDebugLoc(const Instruction &I) {
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
  if (const Instruction *Above = findLineAbove(I))
    return Above->getDebugLoc();
  return I.getDebugLoc();
}

std::string describeInlinedAt(const DILocation *L) {
  std::string Text;
  for (; L && L->getInlinedAt(); L = L->getInlinedAt()) {
    const DISubprogram *SP = L->getScope()->getSubprogram();
    const DILocation *Call = L->getInlinedAt();
    Text += Text.empty() ? " (in " : ", in ";
    Text += (SP ? SP->getName() : StringRef("a function")).str();
    Text += " inlined at " + describePosition(*Call);
  }
  return Text.empty() ? Text : Text + ")";
}

} // namespace divopt
