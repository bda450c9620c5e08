//===- Cleanup.cpp - Fold what DivOpt's transforms leave behind -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cleanup.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-cleanup"

STATISTIC(NumCleaned, "Functions cleaned up after a DivOpt transform");

/// The functions to clean up, as a module's named metadata: a function
/// attribute would show in every output of a pipeline without the cleanup.
static constexpr const char *CleanupList = "divopt.cleanup";

void divopt::markTransformed(Function &F) {
  LLVMContext &Ctx = F.getContext();
  F.getParent()
      ->getOrInsertNamedMetadata(CleanupList)
      ->addOperand(MDNode::get(Ctx, ValueAsMetadata::get(&F)));
}

/// Takes F off M's cleanup list; whether it was on it.
static bool takeOffList(Function &F) {
  NamedMDNode *List = F.getParent()->getNamedMetadata(CleanupList);
  if (!List)
    return false;
  SmallVector<MDNode *, 8> Rest;
  bool Found = false;
  for (MDNode *N : List->operands()) {
    auto *VM = N->getNumOperands() == 1
                   ? dyn_cast_or_null<ValueAsMetadata>(N->getOperand(0))
                   : nullptr;
    if (VM && VM->getValue() == &F)
      Found = true;
    else if (VM) // Functions erased since (discarded parts) drop out.
      Rest.push_back(N);
  }
  List->clearOperands();
  for (MDNode *N : Rest)
    List->addOperand(N);
  if (Rest.empty())
    List->eraseFromParent();
  return Found;
}

PreservedAnalyses divopt::CleanupPass::run(Function &F,
                                           FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !takeOffList(F))
    return PreservedAnalyses::all();
  ++NumCleaned;
  FunctionPassManager FPM;
  FPM.addPass(InstCombinePass(InstCombineOptions().setVerifyFixpoint(false)));
  FPM.addPass(SimplifyCFGPass());
  FPM.run(F, FAM);
  return PreservedAnalyses::none();
}
