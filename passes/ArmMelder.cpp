//===- ArmMelder.cpp - Meld the two arms of a divergent branch ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ArmMelder.h"
#include "analysis/InstructionCost.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace divopt {

static Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// Why an instruction keeps its arm from being melded, or "" when it does
/// not.
static std::string getBlockingReason(const Instruction &I) {
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (CB->isConvergent()) {
      std::string Callee = "an indirect callee";
      if (const Function *Fn = CB->getCalledFunction())
        Callee = Fn->getName().str();
      else if (isa<InlineAsm>(CB->getCalledOperand()))
        Callee = "inline asm";
      return "the arm holds a convergent operation (" + Callee +
             "), which is never melded";
    }
    if (!isa<CallInst>(CB))
      return "the arm holds an invoke or callbr";
  }
  if (I.isEHPad())
    return "the arm holds an exception-handling pad";
  if (isa<AllocaInst>(I))
    return "the arm holds an alloca";
  if (I.getType()->isTokenTy())
    return "the arm defines a token";
  return "";
}

static Error collectArm(BasicBlock &BB, SmallVectorImpl<Instruction *> &Out,
                        DenseMap<const Value *, unsigned> &Uses,
                        unsigned MaxArmInsts) {
  for (Instruction &I : BB) {
    if (I.isTerminator())
      break;
    std::string Why = getBlockingReason(I);
    if (!Why.empty())
      return refuse(Why);
    Out.push_back(&I);
    for (const Value *Op : I.operands())
      ++Uses[Op];
  }
  if (Out.size() > MaxArmInsts)
    return refuse("an arm holds " + Twine(Out.size()) +
                  " instructions, more than max-arm-insts=" +
                  Twine(MaxArmInsts));
  return Error::success();
}

Expected<MeldRegion> getMeldRegion(BranchInst &Br, unsigned MaxArmInsts) {
  if (!Br.isConditional())
    return refuse("the branch is unconditional");
  MeldRegion R;
  R.Branch = &Br;
  R.Then = Br.getSuccessor(0);
  R.Else = Br.getSuccessor(1);
  if (R.Then == R.Else)
    return refuse("both ways lead to the same block");
  BasicBlock *JoinT = R.Then->getSingleSuccessor();
  BasicBlock *JoinE = R.Else->getSingleSuccessor();
  if (JoinT == R.Else || JoinE == R.Then)
    return refuse("if-only branch: there is no second arm to meld with");
  if (!JoinT || JoinT != JoinE || !R.Then->getSinglePredecessor() ||
      !R.Else->getSinglePredecessor())
    return refuse("the arms are not single blocks that rejoin directly "
                  "(nested control flow is not melded yet)");
  R.Join = JoinT;
  if (Error E = collectArm(*R.Then, R.ThenInsts, R.ThenUses, MaxArmInsts))
    return E;
  if (Error E = collectArm(*R.Else, R.ElseInsts, R.ElseUses, MaxArmInsts))
    return E;
  return R;
}

/// Operands whose value must be known when the program is compiled
/// (immediates, callees, struct field numbers) cannot come from a select.
static bool canSelectOperand(const Instruction &I, unsigned OpIdx) {
  const Value *Op = I.getOperand(OpIdx);
  Type *Ty = Op->getType();
  if (Ty->isTokenTy() || Ty->isLabelTy() || Ty->isMetadataTy())
    return false;
  if (const auto *CB = dyn_cast<CallBase>(&I)) {
    if (&CB->getCalledOperandUse() == &I.getOperandUse(OpIdx))
      return false;
    if (OpIdx < CB->arg_size() && CB->paramHasAttr(OpIdx, Attribute::ImmArg))
      return false;
  }
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(&I)) {
    if (OpIdx == 0)
      return true;
    auto It = gep_type_begin(GEP);
    std::advance(It, OpIdx - 1);
    return !It.isStruct();
  }
  return !isa<AllocaInst>(I) && !isa<SwitchInst>(I);
}

/// Same operation, same types, same flags that change results: a merged
/// copy computes exactly what each arm computed.
static bool isSameOperation(const Instruction &T, const Instruction &F) {
  if (T.getOpcode() != F.getOpcode() || T.getType() != F.getType() ||
      T.getNumOperands() != F.getNumOperands() ||
      !T.isSameOperationAs(&F, Instruction::CompareIgnoringAlignment))
    return false;
  if (isa<FPMathOperator>(T) && T.getFastMathFlags() != F.getFastMathFlags())
    return false; // contract etc. change rounding: each arm keeps its own.
  if (const auto *GT = dyn_cast<GetElementPtrInst>(&T))
    if (GT->getSourceElementType() !=
        cast<GetElementPtrInst>(F).getSourceElementType())
      return false;
  if (const auto *CT = dyn_cast<CallBase>(&T)) {
    const auto &CF = cast<CallBase>(F);
    if (CT->getCalledOperand() != CF.getCalledOperand() ||
        CT->hasOperandBundles() || CF.hasOperandBundles())
      return false;
  }
  for (unsigned I = 0, E = T.getNumOperands(); I != E; ++I)
    if (T.getOperand(I) != F.getOperand(I) && !canSelectOperand(T, I))
      return false;
  return true;
}

static bool isInBlock(const Value *V, const BasicBlock *BB) {
  const auto *I = dyn_cast<Instruction>(V);
  return I && I->getParent() == BB;
}

double scorePair(const Instruction &T, const Instruction &F,
                 const MeldRegion &R, unsigned CC) {
  if (!isSameOperation(T, F))
    return 0;
  const double SelectCost = getOpClassCost(OpClass::IntALU, CC);
  double Gain = getInstructionCost(T, CC);
  for (unsigned I = 0, E = T.getNumOperands(); I != E; ++I) {
    const Value *A = T.getOperand(I), *B = F.getOperand(I);
    if (A == B)
      continue;
    // Operands computed in the arms are expected to be melded themselves.
    bool ArmA = isInBlock(A, R.Then), ArmB = isInBlock(B, R.Else);
    if (ArmA && ArmB)
      continue;
    // A select of two values from outside the arms (constants, values of
    // the prologue) is made once and shared by every pair that uses them.
    unsigned Shared = 1;
    if (!ArmA && !ArmB)
      Shared = std::max(1u, std::min(R.ThenUses.lookup(A),
                                     R.ElseUses.lookup(B)));
    Gain -= SelectCost / Shared;
  }
  // Zero-cost pairs (casts) still keep melded chains together.
  return Gain == 0 ? 0.25 : Gain;
}

MeldPlan planMeld(const MeldRegion &R, unsigned CC) {
  MeldPlan P;
  P.Columns = alignSequences(
      R.ThenInsts.size(), R.ElseInsts.size(), [&](unsigned I, unsigned J) {
        return scorePair(*R.ThenInsts[I], *R.ElseInsts[J], R, CC);
      });
  for (const AlignedPair &C : P.Columns)
    P.NumMatched += C.isMatch();
  return P;
}

namespace {

/// One divergent diamond of the rewritten region.
struct Diamond {
  BasicBlock *Head = nullptr; ///< Branches on the condition.
  BasicBlock *ThenBB = nullptr, *ElseBB = nullptr; ///< Either may be null.
  BasicBlock *Join = nullptr;
};

/// Where a value of one arm now lives.
struct Placed {
  Value *V = nullptr;
  int DiamondIdx = -1; ///< >= 0 when V is only defined on one side.
};

class Melder {
public:
  explicit Melder(const MeldRegion &R)
      : R(R), Cond(R.Branch->getCondition()), Head(R.Branch->getParent()),
        Prof(R.Branch->getMetadata(LLVMContext::MD_prof)),
        IRB(R.Branch->getContext()) {}

  MeldResult run(const MeldPlan &Plan);

private:
  void emitMerged(Instruction &T, Instruction &F);
  void emitDivergent(ArrayRef<Instruction *> TOnly,
                     ArrayRef<Instruction *> FOnly);
  Value *cloneInto(Instruction &I, bool IsThen, BasicBlock *BB);
  Value *getSide(Value *V, bool IsThen);
  Value *getMerged(Value *TV, Value *FV);
  Value *getOneSidedPhi(const Placed &P, bool IsThen);
  void rewriteJoinPhis();

  const MeldRegion &R;
  Value *Cond;
  BasicBlock *Head;
  /// The branch's weights, kept for the diamonds it leaves behind.
  MDNode *Prof;
  BasicBlock *Cur = nullptr;
  IRBuilder<> IRB;
  DenseMap<const Value *, Placed> ThenMap, ElseMap;
  SmallVector<Diamond, 4> Diamonds;
  DenseMap<std::pair<Value *, Value *>, Value *> Selects;
  DenseMap<std::pair<Value *, Value *>, PHINode *> Phis;
  MeldResult Result;
};

} // namespace

Value *Melder::getOneSidedPhi(const Placed &P, bool IsThen) {
  const Diamond &D = Diamonds[P.DiamondIdx];
  Value *Poison = PoisonValue::get(P.V->getType());
  auto Key = IsThen ? std::make_pair(P.V, Poison) : std::make_pair(Poison, P.V);
  PHINode *&Phi = Phis[Key];
  if (!Phi) {
    // Lanes of the other arm never read it: select on the condition (or
    // the other arm's own code) keeps them from it.
    Phi = PHINode::Create(P.V->getType(), 2, P.V->getName() + ".dist",
                          D.Join->begin());
    BasicBlock *Mine = IsThen ? D.ThenBB : D.ElseBB;
    BasicBlock *Other = IsThen ? D.ElseBB : D.ThenBB;
    Phi->addIncoming(P.V, Mine);
    Phi->addIncoming(Poison, Other ? Other : D.Head);
  }
  return Phi;
}

/// The value an arm's operand has at the current point of the rewrite.
Value *Melder::getSide(Value *V, bool IsThen) {
  auto &Map = IsThen ? ThenMap : ElseMap;
  auto It = Map.find(V);
  if (It == Map.end())
    return V; // Defined before the branch.
  const Placed &P = It->second;
  if (P.DiamondIdx < 0 || Diamonds[P.DiamondIdx].Join == nullptr)
    return P.V; // Merged, or used inside its own diamond arm.
  return getOneSidedPhi(P, IsThen);
}

/// One value that is TV on the lanes of the then-arm and FV on the others.
Value *Melder::getMerged(Value *TV, Value *FV) {
  auto TI = ThenMap.find(TV), FI = ElseMap.find(FV);
  if (TI != ThenMap.end() && FI != ElseMap.end() &&
      TI->second.DiamondIdx >= 0 &&
      TI->second.DiamondIdx == FI->second.DiamondIdx &&
      Diamonds[TI->second.DiamondIdx].Join) {
    // Both sides come out of the same diamond: one PHI joins them.
    const Diamond &D = Diamonds[TI->second.DiamondIdx];
    PHINode *&Phi = Phis[{TI->second.V, FI->second.V}];
    if (!Phi) {
      Phi = PHINode::Create(TV->getType(), 2, TV->getName() + ".dist",
                            D.Join->begin());
      Phi->addIncoming(TI->second.V, D.ThenBB);
      Phi->addIncoming(FI->second.V, D.ElseBB);
    }
    return Phi;
  }
  Value *A = getSide(TV, /*IsThen=*/true);
  Value *B = getSide(FV, /*IsThen=*/false);
  if (A == B)
    return A;
  Value *&Sel = Selects[{A, B}];
  if (!Sel) {
    Sel = IRB.CreateSelect(Cond, A, B, TV->getName() + ".sel");
    ++Result.NumSelects;
  }
  return Sel;
}

void Melder::emitMerged(Instruction &T, Instruction &F) {
  Instruction *M = T.clone();
  for (unsigned I = 0, E = T.getNumOperands(); I != E; ++I) {
    Value *TV = T.getOperand(I), *FV = F.getOperand(I);
    if (TV == FV && !ThenMap.count(TV) && !ElseMap.count(FV))
      continue; // The same value from before the branch.
    M->setOperand(I, getMerged(TV, FV));
  }
  M->andIRFlags(&F);
  if (auto *LI = dyn_cast<LoadInst>(M))
    LI->setAlignment(std::min(LI->getAlign(), cast<LoadInst>(F).getAlign()));
  if (auto *SI = dyn_cast<StoreInst>(M))
    SI->setAlignment(std::min(SI->getAlign(), cast<StoreInst>(F).getAlign()));
  M->setDebugLoc(
      DebugLoc(DILocation::getMergedLocation(T.getDebugLoc(), F.getDebugLoc())));
  IRB.Insert(M);
  M->takeName(&T); // T is erased with its arm.
  combineMetadataForCSE(M, &F, /*DoesKMove=*/true);
  ThenMap[&T] = {M, -1};
  ElseMap[&F] = {M, -1};
  ++Result.NumMerged;
}

Value *Melder::cloneInto(Instruction &I, bool IsThen, BasicBlock *BB) {
  Instruction *C = I.clone();
  for (unsigned Op = 0, E = I.getNumOperands(); Op != E; ++Op)
    C->setOperand(Op, getSide(I.getOperand(Op), IsThen));
  C->takeName(&I);
  C->insertInto(BB, BB->end());
  (IsThen ? ThenMap : ElseMap)[&I] = {C, int(Diamonds.size()) - 1};
  return C;
}

void Melder::emitDivergent(ArrayRef<Instruction *> TOnly,
                           ArrayRef<Instruction *> FOnly) {
  LLVMContext &Ctx = Head->getContext();
  Function *Fn = Head->getParent();
  Diamonds.push_back({Cur, nullptr, nullptr, nullptr});
  Diamond &D = Diamonds.back();
  BasicBlock *Join = BasicBlock::Create(Ctx, "dist.join", Fn);
  if (!TOnly.empty())
    D.ThenBB = BasicBlock::Create(Ctx, "dist.then", Fn, Join);
  if (!FOnly.empty())
    D.ElseBB = BasicBlock::Create(Ctx, "dist.else", Fn, Join);
  // Emit the arms while the diamond is open, so their values are used
  // directly inside it.
  for (Instruction *I : TOnly)
    cloneInto(*I, /*IsThen=*/true, D.ThenBB);
  for (Instruction *I : FOnly)
    cloneInto(*I, /*IsThen=*/false, D.ElseBB);
  BranchInst *Br = BranchInst::Create(D.ThenBB ? D.ThenBB : Join,
                                      D.ElseBB ? D.ElseBB : Join, Cond, Cur);
  if (Prof)
    Br->setMetadata(LLVMContext::MD_prof, Prof);
  Br->setMetadata("divopt.distributed", MDNode::get(Ctx, {}));
  for (BasicBlock *BB : {D.ThenBB, D.ElseBB})
    if (BB)
      BranchInst::Create(Join, BB);
  if (D.ThenBB)
    Result.ThenOnly.push_back(D.ThenBB);
  if (D.ElseBB)
    Result.ElseOnly.push_back(D.ElseBB);
  D.Join = Join;
  Cur = Join;
  Result.Blocks.push_back(Join);
  IRB.SetInsertPoint(Cur);
}

void Melder::rewriteJoinPhis() {
  for (PHINode &P : R.Join->phis()) {
    Value *V = getMerged(P.getIncomingValueForBlock(R.Then),
                         P.getIncomingValueForBlock(R.Else));
    P.removeIncomingValue(R.Then, /*DeletePHIIfEmpty=*/false);
    P.removeIncomingValue(R.Else, /*DeletePHIIfEmpty=*/false);
    P.addIncoming(V, Cur);
  }
}

MeldResult Melder::run(const MeldPlan &Plan) {
  Cur = Head;
  Result.Blocks.push_back(Head);
  R.Branch->eraseFromParent();
  IRB.SetInsertPoint(Cur);

  SmallVector<Instruction *, 16> TOnly, FOnly;
  auto Flush = [&] {
    if (!TOnly.empty() || !FOnly.empty())
      emitDivergent(TOnly, FOnly);
    TOnly.clear();
    FOnly.clear();
  };
  for (const AlignedPair &C : Plan.Columns) {
    if (C.isMatch()) {
      Flush();
      emitMerged(*R.ThenInsts[*C.First], *R.ElseInsts[*C.Second]);
    } else if (C.First) {
      TOnly.push_back(R.ThenInsts[*C.First]);
    } else {
      FOnly.push_back(R.ElseInsts[*C.Second]);
    }
  }
  Flush();
  rewriteJoinPhis();
  IRB.CreateBr(R.Join);

  R.Then->dropAllReferences();
  R.Else->dropAllReferences();
  R.Then->eraseFromParent();
  R.Else->eraseFromParent();
  return Result;
}

MeldResult meldRegion(const MeldRegion &R, const MeldPlan &Plan) {
  return Melder(R).run(Plan);
}

} // namespace divopt
