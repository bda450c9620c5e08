//===- ConstantFolds.cpp - Operations ptxas evaluates on constants --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ConstantFolds.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace divopt {

bool isRoundedMulOrAdd(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_mul_rn_f:
  case Intrinsic::nvvm_mul_rn_ftz_f:
  case Intrinsic::nvvm_mul_rn_d:
  case Intrinsic::nvvm_add_rn_f:
  case Intrinsic::nvvm_add_rn_ftz_f:
  case Intrinsic::nvvm_add_rn_d:
    return true;
  default:
    return false;
  }
}

bool foldsConstantsDifferently(const Instruction &I) {
  if (isRoundedMulOrAdd(I))
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::fabs:
    case Intrinsic::copysign:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::minimum:
    case Intrinsic::maximum:
    case Intrinsic::floor:
    case Intrinsic::ceil:
    case Intrinsic::trunc:
    case Intrinsic::rint:
    case Intrinsic::nearbyint:
    case Intrinsic::round:
    case Intrinsic::roundeven:
    case Intrinsic::nvvm_fma_rn_f:
    case Intrinsic::nvvm_fma_rn_ftz_f:
    case Intrinsic::nvvm_fma_rn_d:
      return false;
    default:
      break;
    }
  }
  auto IsFP = [](const Value *V) {
    return V->getType()->getScalarType()->isFloatingPointTy();
  };
  if (isa<CallBase>(I))
    return IsFP(&I) || any_of(I.operands(), IsFP);
  if (!isa<FPMathOperator>(I))
    return false;
  FastMathFlags FMF = I.getFastMathFlags();
  return FMF.approxFunc() || FMF.allowReciprocal() || FMF.allowReassoc();
}

bool isComputedFromConstants(const Value *V, unsigned Depth) {
  if (isa<Constant>(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 6 || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
      I->mayHaveSideEffects() || I->isTerminator())
    return false;
  if (const auto *Call = dyn_cast<CallBase>(I))
    if (!isa<IntrinsicInst>(Call) || Call->isInlineAsm())
      return false;
  return all_of(I->operands(), [&](const Use &U) {
    return isa<Function>(U.get()) ||
           isComputedFromConstants(U.get(), Depth + 1);
  });
}

namespace {

/// The constants a function's values become once constants are propagated
/// along the edges that can run, as code generation and ptxas find them: a
/// branch or switch on a constant takes one successor, a PHI whose values
/// on the edges that run are one constant is that constant, and what
/// InstSimplify proves of an instruction (known bits, ranges) counts too,
/// as the passes after the transform prove it. Operations
/// that foldsConstantsDifferently stay unfolded: whether their operands are
/// constant is the question. Pessimistic (every edge runs until a constant
/// shows otherwise), so it never calls a run-time value a constant.
class ConstantPropagation {
public:
  explicit ConstantPropagation(const Function &F);

  /// The constant V is, or null.
  Constant *get(const Value *V) const {
    if (auto *C = dyn_cast<Constant>(const_cast<Value *>(V)))
      return C;
    return Known.lookup(V);
  }
  bool isLive(const BasicBlock *BB) const { return Live.contains(BB); }

private:
  bool isEdgeLive(const BasicBlock *From, const BasicBlock *To) const;
  bool visit(const Instruction &I);

  const DataLayout &DL;
  DenseMap<const Value *, Constant *> Known;
  SmallPtrSet<const BasicBlock *, 32> Live;
};

ConstantPropagation::ConstantPropagation(const Function &F)
    : DL(F.getDataLayout()) {
  for (const BasicBlock &BB : F)
    Live.insert(&BB);
  ReversePostOrderTraversal<const Function *> RPOT(&F);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *BB : RPOT)
      if (Live.contains(BB))
        for (const Instruction &I : *BB)
          Changed |= visit(I);
    // Edges only die as constants appear: the blocks still reached.
    SmallPtrSet<const BasicBlock *, 32> Reached = {&F.getEntryBlock()};
    for (const BasicBlock *BB : RPOT)
      if (Reached.contains(BB))
        for (const BasicBlock *Succ : successors(BB))
          if (isEdgeLive(BB, Succ))
            Reached.insert(Succ);
    Changed |= Reached.size() != Live.size();
    Live = std::move(Reached);
  }
}

bool ConstantPropagation::isEdgeLive(const BasicBlock *From,
                                     const BasicBlock *To) const {
  if (!Live.contains(From))
    return false;
  const Instruction *Term = From->getTerminator();
  if (const auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional())
    if (auto *C = dyn_cast_or_null<ConstantInt>(get(Br->getCondition())))
      return Br->getSuccessor(C->isZero() ? 1 : 0) == To;
  if (const auto *SI = dyn_cast<SwitchInst>(Term))
    if (auto *C = dyn_cast_or_null<ConstantInt>(get(SI->getCondition())))
      return SI->findCaseValue(C)->getCaseSuccessor() == To;
  return true;
}

bool ConstantPropagation::visit(const Instruction &I) {
  if (Known.contains(&I) || I.getType()->isVoidTy())
    return false;
  if (const auto *Phi = dyn_cast<PHINode>(&I)) {
    Constant *Value = nullptr;
    for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
      if (!isEdgeLive(Phi->getIncomingBlock(K), Phi->getParent()))
        continue;
      Constant *C = get(Phi->getIncomingValue(K));
      if (!C || (Value && C != Value))
        return false;
      Value = C;
    }
    if (!Value)
      return false;
    Known[&I] = Value;
    return true;
  }
  if (foldsConstantsDifferently(I) || I.mayReadOrWriteMemory() ||
      I.mayHaveSideEffects() || I.isTerminator())
    return false;
  // The operands as far as they are known, and what the instruction is
  // then: folded, or simplified by what else is known of its operands (an
  // `icmp ugt (and x, 255), 63884` is false, whatever x).
  SmallVector<Value *, 4> Ops;
  for (const Use &U : I.operands()) {
    Constant *C = get(U.get());
    Ops.push_back(C ? C : U.get());
  }
  auto *R = dyn_cast_or_null<Constant>(simplifyInstructionWithOperands(
      const_cast<Instruction *>(&I), Ops, SimplifyQuery(DL, &I)));
  if (!R)
    return false;
  Known[&I] = R;
  return true;
}

/// Whether I's operands, its callee aside, are all constants.
bool hasConstantOperands(const Instruction &I, const ConstantPropagation &P) {
  const auto *Call = dyn_cast<CallBase>(&I);
  auto Ops = Call ? make_range(Call->arg_begin(), Call->arg_end())
                  : make_range(I.op_begin(), I.op_end());
  return !Ops.empty() &&
         all_of(Ops, [&](const Use &U) { return P.get(U.get()) != nullptr; });
}

} // namespace

RunTimeOperands::RunTimeOperands(const Function &Original) {
  std::optional<ConstantPropagation> P;
  for (const Instruction &I : instructions(Original)) {
    if (!foldsConstantsDifferently(I))
      continue;
    if (!P)
      P.emplace(Original);
    if (!hasConstantOperands(I, *P))
      Operations.push_back(&I);
  }
}

const Instruction *
RunTimeOperands::findMadeConstant(const ValueToValueMapTy &VMap,
                                  const Function &Copy) const {
  std::optional<ConstantPropagation> P;
  for (const Instruction *I : Operations) {
    const auto *C = dyn_cast_or_null<Instruction>(VMap.lookup(I));
    if (!C || C->getFunction() != &Copy)
      continue;
    if (!P)
      P.emplace(Copy);
    if (P->isLive(C->getParent()) && hasConstantOperands(*C, *P))
      return I;
  }
  return nullptr;
}

} // namespace divopt
