//===- ContractionPinning.cpp - Make FP contraction explicit --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ContractionPinning.h"
#include "analysis/KernelInfo.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-pin-contraction"

STATISTIC(NumFused, "Multiply-adds made explicit fmas");
STATISTIC(NumRounded, "Multiplies made explicitly rounded");

namespace divopt {

namespace {

/// Scalar float and double: what NVPTX's peephole, its DAG combine and
/// ptxas contract, and what llvm.nvvm.mul.rn.* can pin.
bool isPinnedType(const Type *T) { return T->isFloatTy() || T->isDoubleTy(); }

BinaryOperator *asContractableMul(Value *V) {
  auto *BO = dyn_cast<BinaryOperator>(V);
  if (BO && BO->getOpcode() == Instruction::FMul && BO->hasAllowContract() &&
      isPinnedType(BO->getType()))
    return BO;
  return nullptr;
}

bool isContractableSum(const Instruction &I) {
  return (I.getOpcode() == Instruction::FAdd ||
          I.getOpcode() == Instruction::FSub) &&
         I.hasAllowContract() && isPinnedType(I.getType());
}

bool isFma(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && (II->getIntrinsicID() == Intrinsic::fma ||
                II->getIntrinsicID() == Intrinsic::fmuladd);
}

class Pinner {
public:
  Pinner(Function &F) : F(F) {}

  void run();

  SmallVector<ContractionPins::Record, 16> Records;

private:
  /// The three places code generation fuses, in the order they run.
  enum class Stage { Peephole, Dag, Ptxas };
  /// Which operand of the sum stage S fuses (0 or 1), if any.
  std::optional<unsigned> getFusedOperand(Instruction &Sum, Stage S);
  bool feedsOnlySums(const Instruction &M) const;
  void fuse(Instruction &Sum, unsigned MulIdx);
  bool fuseReassociated(Instruction &Sum);
  void round(BinaryOperator &Mul);
  void replace(Instruction &Old, Instruction &New);
  void created(Instruction &New) {
    Records.push_back({&New, nullptr, nullptr});
  }
  void removeIfDead(Instruction &I);
  unsigned getDagUses(const Instruction &M) const;
  bool hasOneLiveUse(const Value &V) const;
  Value *negate(Value *V, Instruction &Before, FastMathFlags FMF);

  Function &F;
  /// Instructions taken out of the function; their operands still list
  /// them as users.
  SmallPtrSet<const Instruction *, 16> Detached;
};

std::optional<unsigned> Pinner::getFusedOperand(Instruction &Sum, Stage S) {
  BinaryOperator *M[2] = {asContractableMul(Sum.getOperand(0)),
                          asContractableMul(Sum.getOperand(1))};
  if (!M[0] && !M[1])
    return std::nullopt;
  if (S == Stage::Peephole) {
    // NVPTX's IR peephole: a single-use multiply, in any block, the first
    // operand first.
    for (unsigned Idx : {0u, 1u})
      if (M[Idx] && hasOneLiveUse(*M[Idx]))
        return Idx;
    return std::nullopt;
  }
  bool InBlock[2] = {M[0] && M[0]->getParent() == Sum.getParent(),
                     M[1] && M[1]->getParent() == Sum.getParent()};
  if (S == Stage::Dag) {
    // The DAG combiner sees only multiplies of the sum's block, and prefers
    // the one with fewer uses (the first on a tie).
    if (InBlock[0] && InBlock[1])
      return getDagUses(*M[0]) <= getDagUses(*M[1]) ? 0u : 1u;
    if (InBlock[0] || InBlock[1])
      return InBlock[0] ? 0u : 1u;
    return std::nullopt;
  }
  // What is left reaches ptxas as a plain mul feeding a plain add. ptxas
  // fuses it, across blocks too, only where every use of the product is
  // such a sum: it does not keep a multiply alive to fuse some of its uses
  // (a product that is also an fma's addend stays a mul).
  for (unsigned Idx : {0u, 1u})
    if (M[Idx] && feedsOnlySums(*M[Idx]))
      return Idx;
  return std::nullopt;
}

bool Pinner::feedsOnlySums(const Instruction &M) const {
  return all_of(M.users(), [&](const User *U) {
    const auto *I = cast<Instruction>(U);
    return Detached.contains(I) || isContractableSum(*I);
  });
}

bool Pinner::hasOneLiveUse(const Value &V) const {
  return count_if(V.users(), [&](const User *U) {
           return !Detached.contains(cast<Instruction>(U));
         }) == 1;
}

/// Uses a multiply has as a node of its block's selection DAG: one per user
/// in its block, and one more (the copy to a virtual register) when any
/// user is elsewhere.
unsigned Pinner::getDagUses(const Instruction &M) const {
  unsigned InBlock = 0;
  bool Exported = false;
  for (const User *U : M.users()) {
    const auto *I = cast<Instruction>(U);
    if (Detached.contains(I))
      continue;
    if (I->getParent() == M.getParent())
      ++InBlock;
    else
      Exported = true;
  }
  return InBlock + Exported;
}

void Pinner::replace(Instruction &Old, Instruction &New) {
  New.takeName(&Old);
  New.setDebugLoc(Old.getDebugLoc());
  Old.replaceAllUsesWith(&New);
  Old.removeFromParent();
  Detached.insert(&Old);
  Records.push_back({&New, &Old, nullptr});
}

void Pinner::removeIfDead(Instruction &I) {
  if (any_of(I.users(), [&](const User *U) {
        return !Detached.contains(cast<Instruction>(U));
      }))
    return;
  Instruction *Next = I.getNextNode();
  I.removeFromParent();
  Detached.insert(&I);
  Records.push_back({nullptr, &I, Next});
}

Value *Pinner::negate(Value *V, Instruction &Before, FastMathFlags FMF) {
  IRBuilder<> B(&Before);
  Value *N = B.CreateFNegFMF(V, FMF);
  if (auto *I = dyn_cast<Instruction>(N)) {
    I->setDebugLoc(Before.getDebugLoc());
    created(*I);
  }
  return N;
}

void Pinner::fuse(Instruction &Sum, unsigned MulIdx) {
  auto *Mul = cast<BinaryOperator>(Sum.getOperand(MulIdx));
  Value *X = Mul->getOperand(0), *Y = Mul->getOperand(1);
  Value *Z = Sum.getOperand(1 - MulIdx);
  if (Sum.getOpcode() == Instruction::FSub) {
    if (MulIdx == 0)
      Z = negate(Z, Sum, Sum.getFastMathFlags()); // x*y - z
    else
      X = negate(X, Sum, Mul->getFastMathFlags()); // z - x*y
  }
  IRBuilder<> B(&Sum);
  CallInst *Fma = B.CreateIntrinsic(Intrinsic::fma, {Sum.getType()}, {X, Y, Z});
  replace(Sum, *Fma);
  removeIfDead(*Mul);
  ++NumFused;
}

/// With reassociation allowed, the DAG combiner also turns
/// (fadd (fma x, y, (fmul u, v)), z) into (fma x, y, (fma u, v, z)), and
/// (fsub (fma x, y, (fmul u, v)), z) into (fma x, y, (fma u, v, -z)),
/// when the fma and the multiply have one use each, in the sum's block.
bool Pinner::fuseReassociated(Instruction &Sum) {
  if (!Sum.hasAllowReassoc())
    return false;
  auto IsOneUseFmaHere = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && isFma(I) && hasOneLiveUse(*I) &&
           I->getParent() == Sum.getParent();
  };
  unsigned FmaIdx;
  if (IsOneUseFmaHere(Sum.getOperand(0)))
    FmaIdx = 0;
  else if (Sum.getOpcode() == Instruction::FAdd &&
           IsOneUseFmaHere(Sum.getOperand(1)))
    FmaIdx = 1;
  else
    return false;
  // Down the chain of one-use fmas to the first whose addend is a one-use
  // multiply of the block.
  SmallVector<CallInst *, 4> Chain = {cast<CallInst>(Sum.getOperand(FmaIdx))};
  BinaryOperator *Mul;
  while (true) {
    Value *Addend = Chain.back()->getArgOperand(2);
    Mul = asContractableMul(Addend);
    if (Mul && hasOneLiveUse(*Mul) && Mul->getParent() == Sum.getParent())
      break;
    if (!IsOneUseFmaHere(Addend))
      return false;
    Chain.push_back(cast<CallInst>(Addend));
  }
  Value *Z = Sum.getOperand(1 - FmaIdx);
  if (Sum.getOpcode() == Instruction::FSub)
    Z = negate(Z, Sum, Sum.getFastMathFlags());
  // The chain again, its innermost addend now fma(u, v, z); the old chain
  // and the multiply are left dead.
  IRBuilder<> B(&Sum);
  Instruction *Acc =
      B.CreateIntrinsic(Intrinsic::fma, {Sum.getType()},
                        {Mul->getOperand(0), Mul->getOperand(1), Z});
  for (CallInst *C : reverse(Chain)) {
    Acc->setDebugLoc(Sum.getDebugLoc());
    created(*Acc);
    Acc = B.CreateIntrinsic(Intrinsic::fma, {Sum.getType()},
                            {C->getArgOperand(0), C->getArgOperand(1), Acc});
  }
  replace(Sum, *Acc);
  for (CallInst *C : Chain)
    removeIfDead(*C);
  removeIfDead(*Mul);
  ++NumFused;
  return true;
}

void Pinner::round(BinaryOperator &Mul) {
  Intrinsic::ID ID = Intrinsic::nvvm_mul_rn_d;
  if (Mul.getType()->isFloatTy())
    ID = F.getDenormalMode(APFloat::IEEEsingle()).Output ==
                 DenormalMode::PreserveSign
             ? Intrinsic::nvvm_mul_rn_ftz_f
             : Intrinsic::nvvm_mul_rn_f;
  IRBuilder<> B(&Mul);
  CallInst *C =
      B.CreateIntrinsic(ID, {}, {Mul.getOperand(0), Mul.getOperand(1)});
  replace(Mul, *C);
  ++NumRounded;
}

void Pinner::run() {
  SmallVector<Instruction *, 32> Sums;
  for (Instruction &I : instructions(F))
    if (isContractableSum(I))
      Sums.push_back(&I);
  // Code generation fuses in this order: the IR peephole over the whole
  // function, then each block's DAG, then ptxas on what is left.
  for (Stage S : {Stage::Peephole, Stage::Dag, Stage::Ptxas}) {
    SmallVector<Instruction *, 32> Left;
    for (Instruction *Sum : Sums) {
      if (std::optional<unsigned> Idx = getFusedOperand(*Sum, S))
        fuse(*Sum, *Idx);
      else if (S == Stage::Dag && fuseReassociated(*Sum))
        continue;
      else
        Left.push_back(Sum);
    }
    Sums = std::move(Left);
  }
  SmallVector<BinaryOperator *, 32> Muls;
  for (Instruction &I : instructions(F))
    if (BinaryOperator *M = asContractableMul(&I))
      Muls.push_back(M);
  for (BinaryOperator *M : Muls)
    round(*M);
}

} // namespace

ContractionPins ContractionPins::pin(Function &F) {
  ContractionPins P;
  if (F.isDeclaration())
    return P;
  Module &M = *F.getParent();
  SmallPtrSet<const Function *, 32> Before;
  for (const Function &G : M)
    Before.insert(&G);
  Pinner Pn(F);
  Pn.run();
  P.Records = std::move(Pn.Records);
  for (Function &G : M)
    if (!Before.contains(&G))
      P.Declared.push_back(&G);
  return P;
}

ContractionPins::~ContractionPins() { keep(); }

void ContractionPins::keep() {
  // A detached sum may use a detached multiply: drop every reference
  // before deleting any.
  for (Record &R : Records)
    if (R.Old)
      R.Old->dropAllReferences();
  for (Record &R : Records)
    if (R.Old)
      R.Old->deleteValue();
  Records.clear();
  Declared.clear();
}

void ContractionPins::undo() {
  for (Record &R : reverse(Records)) {
    if (R.New && R.Old) {
      R.Old->insertBefore(R.New->getIterator());
      R.Old->takeName(R.New);
      R.New->replaceAllUsesWith(R.Old);
      R.New->eraseFromParent();
    } else if (R.New) {
      R.New->eraseFromParent();
    } else {
      R.Old->insertBefore(R.Next->getIterator());
    }
  }
  Records.clear();
  for (Function *D : Declared)
    if (D->use_empty())
      D->eraseFromParent();
  Declared.clear();
}

PreservedAnalyses ContractionPinningPass::run(Function &F,
                                              FunctionAnalysisManager &) {
  if (F.isDeclaration() || !isNVPTXModule(*F.getParent()))
    return PreservedAnalyses::all();
  ContractionPins Pins = ContractionPins::pin(F);
  if (Pins.empty())
    return PreservedAnalyses::all();
  Pins.keep();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace divopt
