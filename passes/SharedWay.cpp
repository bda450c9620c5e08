//===- SharedWay.cpp - One copy of a split kernel's large way -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SharedWay.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/CodeExtractor.h"

using namespace llvm;

// Below a few hundred instructions a way's second copy costs the back end
// little, and the part would pay a call for nothing.
static cl::opt<unsigned> ShareMinInstructions(
    "divopt-split-share-min-instructions", cl::Hidden, cl::init(256),
    cl::desc("Instructions a way of a split kernel holds at least to be "
             "compiled once, as a device function that the kernel and its "
             "part call (0: never share)"));

namespace divopt {

static size_t countInstructions(ArrayRef<const BasicBlock *> Way) {
  size_t N = 0;
  for (const BasicBlock *BB : Way)
    N += BB->sizeWithoutDebug();
  return N;
}

/// The one block of Way that blocks outside it branch to, where there is
/// one: then it dominates the others (every block of a way is reachable).
static const BasicBlock *getWayEntry(ArrayRef<const BasicBlock *> Way) {
  SmallPtrSet<const BasicBlock *, 16> InWay(Way.begin(), Way.end());
  const BasicBlock *Entry = nullptr;
  for (const BasicBlock *BB : Way) {
    if (all_of(predecessors(BB),
               [&](const BasicBlock *Pred) { return InWay.contains(Pred); }))
      continue;
    if (Entry)
      return nullptr;
    Entry = BB;
  }
  return Entry;
}

/// Whether every object V may point into is what a pointer parameter of
/// the kernel (not a by-value aggregate) points to: global memory, in CUDA
/// (NVPTXLowerArgs assumes the same of every such parameter).
static bool pointsToKernelParameters(const Value *V) {
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(V, Objects);
  return all_of(Objects, [](const Value *O) {
    const auto *A = dyn_cast<Argument>(O);
    return A && !A->hasByValAttr() && A->getParent()->hasKernelCallingConv();
  });
}

/// Whether a pointer the device function would receive loses what the
/// kernel knows of it: a local array (CodeExtractor moves one into the
/// device function only where its lifetime lies within the way) or a
/// by-value parameter, which the device function could only reach through
/// a generic pointer (the parameter only after a copy to local memory).
static bool losesAddressSpace(const Value *V) {
  if (!V->getType()->isPointerTy())
    return false;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(V, Objects);
  return any_of(Objects, [](const Value *O) {
    if (const auto *A = dyn_cast<Argument>(O))
      return A->hasByValAttr();
    return isa<AllocaInst>(O);
  });
}

bool isShareableWay(ArrayRef<const BasicBlock *> Way) {
  if (ShareMinInstructions == 0 || Way.empty() ||
      countInstructions(Way) < ShareMinInstructions || !getWayEntry(Way))
    return false;
  // A return inside the way would return from the device function and run
  // the code after the join.
  return none_of(Way, [](const BasicBlock *BB) {
    return isa<ReturnInst>(BB->getTerminator());
  });
}

/// What the kernel knows of the pointers the way uses, written where the
/// device function keeps it: pointers into global memory are passed as
/// such (the device function's loads and stores stay ld.global/st.global),
/// and loads from __restrict__ const parameters are marked invariant, as
/// NVPTX marks them in a kernel (they stay ld.global.nc). Inputs: the
/// values defined outside the way that it uses.
static void keepPointerFacts(Function &Kernel, ArrayRef<BasicBlock *> Blocks,
                             ArrayRef<Value *> Inputs) {
  LLVMContext &Ctx = Kernel.getContext();
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      auto *Load = dyn_cast<LoadInst>(&I);
      if (!Load || Load->getMetadata(LLVMContext::MD_invariant_load))
        continue;
      SmallVector<const Value *, 4> Objects;
      getUnderlyingObjects(Load->getPointerOperand(), Objects);
      if (all_of(Objects, [](const Value *O) {
            const auto *A = dyn_cast<Argument>(O);
            return A && A->onlyReadsMemory() && A->hasNoAliasAttr() &&
                   A->getParent()->hasKernelCallingConv();
          }))
        Load->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Ctx, {}));
    }
  if (Kernel.getParent()->getTargetTriple().getOS() != Triple::CUDA)
    return;
  SmallPtrSet<const BasicBlock *, 16> InWay(Blocks.begin(), Blocks.end());
  BasicBlock *Entry = Blocks.front();
  for (Value *V : Inputs) {
    auto *PtrTy = dyn_cast<PointerType>(V->getType());
    if (!PtrTy || PtrTy->getAddressSpace() != 0 || !pointsToKernelParameters(V))
      continue;
    IRBuilder<> B(Ctx);
    if (auto *Def = dyn_cast<Instruction>(V))
      B.SetInsertPoint(*Def->getInsertionPointAfterDef());
    else
      B.SetInsertPoint(Kernel.getEntryBlock().getFirstInsertionPt());
    Value *Global =
        B.CreateAddrSpaceCast(V, PointerType::get(Ctx, /*Global=*/1));
    B.SetInsertPoint(Entry->getFirstInsertionPt());
    Value *Generic = B.CreateAddrSpaceCast(Global, PtrTy);
    V->replaceUsesWithIf(Generic, [&](Use &U) {
      auto *User = cast<Instruction>(U.getUser());
      // A PHI of the entry takes V on the edge from outside the way.
      return User != Generic && InWay.contains(User->getParent()) &&
             !(isa<PHINode>(User) && User->getParent() == Entry);
    });
  }
}

Function *shareWay(Function &Kernel, ArrayRef<const BasicBlock *> Way,
                   const Twine &Name) {
  const BasicBlock *Entry = getWayEntry(Way);
  if (!Entry)
    return nullptr;
  // CodeExtractor takes the first block as the region's entry.
  SmallVector<BasicBlock *, 16> Blocks = {const_cast<BasicBlock *>(Entry)};
  for (const BasicBlock *BB : Way)
    if (BB != Entry)
      Blocks.push_back(const_cast<BasicBlock *>(BB));
  DominatorTree DT(Kernel);
  CodeExtractor CE(Blocks, &DT);
  if (!CE.isEligible())
    return nullptr;
  CodeExtractorAnalysisCache CEAC(Kernel);
  // The parameters the device function would get.
  SetVector<Value *> Sunk, Hoisted, Inputs, Outputs;
  BasicBlock *Exit = nullptr;
  CE.findAllocas(CEAC, Sunk, Hoisted, Exit);
  CE.findInputsOutputs(Inputs, Outputs, Sunk);
  if (any_of(Inputs, losesAddressSpace))
    return nullptr;
  keepPointerFacts(Kernel, Blocks, Inputs.getArrayRef());
  Function *Shared = CE.extractCodeRegion(CodeExtractorAnalysisCache(Kernel));
  if (!Shared)
    return nullptr;
  Shared->setName(Name);
  // A device function: the kernel's calling convention and its launch
  // attributes stay with the kernel.
  Shared->setCallingConv(CallingConv::C);
  Shared->setLinkage(GlobalValue::InternalLinkage);
  Shared->setComdat(Kernel.getComdat());
  Shared->addFnAttr(Attribute::NoInline);
  for (User *U : Shared->users())
    if (auto *Call = dyn_cast<CallInst>(U))
      Call->setCallingConv(CallingConv::C);
  return Shared;
}

} // namespace divopt
