//===- Cleanup.cpp - Fold what DivOpt's transforms leave behind -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Cleanup.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-cleanup"

STATISTIC(NumCleaned, "Functions cleaned up after a DivOpt transform");
STATISTIC(NumDivisionsSplit,
          "Divisions by a selected constant split into one per constant");

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

/// Whether dividing by C may run on lanes that chose the other divisor:
/// neither zero nor, signed, -1 (INT_MIN / -1 overflows).
static bool isSafeDivisor(const Constant *C, bool Signed) {
  const auto *CI = dyn_cast<ConstantInt>(C);
  return CI && !CI->isZero() && !(Signed && CI->isMinusOne());
}

/// instcombine folds `select C, (X / K1), (X / K2)`, which a meld of two
/// arms' divisions leaves, into `X / (select C, K1, K2)`. By a constant,
/// NVPTX divides with a multiply and shifts; by a run-time divisor it
/// calls its division subroutine (bench/uniform/divisions.cu: 0.51x where
/// the divisor was selected). Each such division is split back into one
/// per constant and a select of their results: the same integers, no
/// subroutine. Returns how many.
static unsigned splitDivisionsBySelect(Function &F) {
  SmallVector<BinaryOperator *, 4> Work;
  for (Instruction &I : instructions(F)) {
    auto *BO = dyn_cast<BinaryOperator>(&I);
    if (!BO || !BO->isIntDivRem())
      continue;
    auto *Sel = dyn_cast<SelectInst>(BO->getOperand(1));
    bool Signed = BO->getOpcode() == Instruction::SDiv ||
                  BO->getOpcode() == Instruction::SRem;
    if (Sel && isa<Constant>(Sel->getTrueValue()) &&
        isa<Constant>(Sel->getFalseValue()) &&
        isSafeDivisor(cast<Constant>(Sel->getTrueValue()), Signed) &&
        isSafeDivisor(cast<Constant>(Sel->getFalseValue()), Signed))
      Work.push_back(BO);
  }
  for (BinaryOperator *BO : Work) {
    auto *Sel = cast<SelectInst>(BO->getOperand(1));
    IRBuilder<> B(BO);
    B.SetCurrentDebugLocation(BO->getDebugLoc());
    // `exact` held for the divisor chosen only: both copies go without it.
    // A constant dividend folds each copy to a constant.
    Value *T =
        B.CreateBinOp(BO->getOpcode(), BO->getOperand(0), Sel->getTrueValue());
    Value *E =
        B.CreateBinOp(BO->getOpcode(), BO->getOperand(0), Sel->getFalseValue());
    Value *R = B.CreateSelect(Sel->getCondition(), T, E);
    if (isa<Instruction>(R))
      R->takeName(BO);
    BO->replaceAllUsesWith(R);
    BO->eraseFromParent();
    if (Sel->use_empty())
      Sel->eraseFromParent();
  }
  NumDivisionsSplit += Work.size();
  return Work.size();
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
  splitDivisionsBySelect(F);
  return PreservedAnalyses::none();
}
