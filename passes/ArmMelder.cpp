//===- ArmMelder.cpp - Meld the two arms of a divergent branch ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ArmMelder.h"
#include "ConstantFolds.h"
#include "analysis/AddressSpace.h"
#include "analysis/CostModel.h"
#include "analysis/InstructionCost.h"
#include "analysis/VoteAwareUniformity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

#include <optional>

using namespace llvm;

namespace divopt {

static cl::opt<bool> UseSelectTables(
    "divopt-select-tables", cl::init(true), cl::Hidden,
    cl::desc("Branch distribution selects constants for melded loops from "
             "a constant table (an entry per arm) rather than with select"));

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

static Error collectBlock(BasicBlock &BB, SmallVectorImpl<Instruction *> &Out,
                          DenseMap<const Value *, unsigned> &Uses) {
  for (Instruction &I : BB) {
    std::string Why = getBlockingReason(I);
    if (!Why.empty())
      return refuse(Why);
    for (const Value *Op : I.operands())
      ++Uses[Op];
    if (!isa<PHINode>(I) && !I.isTerminator())
      Out.push_back(&I);
  }
  return Error::success();
}

/// The arms have the same control flow when a walk from both entries,
/// successor by successor, pairs every block of one with exactly one of the
/// other, reaches the join at the same places, and paired blocks have the
/// same number of PHIs and predecessors.
static Error pairBlocks(MeldRegion &R) {
  DenseMap<BasicBlock *, BasicBlock *> ToElse, ToThen;
  auto Pair = [&](BasicBlock *T, BasicBlock *F) -> Error {
    // The arms are disjoint: a block of both cannot be melded with itself.
    if (ToThen.count(T) || ToElse.count(F))
      return refuse("the arms share blocks");
    auto [It, New] = ToElse.try_emplace(T, F);
    if (!New && It->second != F)
      return refuse("the arms' control flow differs");
    if (New && !ToThen.try_emplace(F, T).second)
      return refuse("the arms' control flow differs");
    if (New)
      R.Pairs.push_back({T, F, {}, {}});
    return Error::success();
  };
  if (Error E = Pair(R.Then, R.Else))
    return E;
  for (unsigned I = 0; I < R.Pairs.size(); ++I) {
    BasicBlock *T = R.Pairs[I].Then, *F = R.Pairs[I].Else;
    auto *BT = dyn_cast<BranchInst>(T->getTerminator());
    auto *BF = dyn_cast<BranchInst>(F->getTerminator());
    if (!BT || !BF || BT->getNumSuccessors() != BF->getNumSuccessors())
      return refuse("the arms' control flow differs");
    if (T == R.Branch->getParent() || F == R.Branch->getParent() || T == F)
      return refuse("the arms share blocks or loop back to the branch");
    if (pred_size(T) != pred_size(F) ||
        std::distance(T->phis().begin(), T->phis().end()) !=
            std::distance(F->phis().begin(), F->phis().end()))
      return refuse("the arms' control flow differs");
    // Paired blocks' PHIs meld one to one: they must hold the same types.
    for (auto [PT, PF] : zip(T->phis(), F->phis()))
      if (PT.getType() != PF.getType())
        return refuse("paired blocks of the arms have PHIs of different "
                      "types");
    for (unsigned S = 0; S < BT->getNumSuccessors(); ++S) {
      BasicBlock *ST = BT->getSuccessor(S), *SF = BF->getSuccessor(S);
      if ((ST == R.Join) != (SF == R.Join))
        return refuse("the arms' control flow differs");
      if (ST != R.Join)
        if (Error E = Pair(ST, SF))
          return E;
    }
    if (R.Pairs.size() > 256)
      return refuse("the arms hold more than 256 blocks");
  }
  // Nothing else may enter the arms: each block's predecessors are in its
  // own arm (or the branch, for the entries).
  for (const BlockPair &P : R.Pairs)
    for (auto [BB, Mine] :
         {std::pair(P.Then, &ToElse), std::pair(P.Else, &ToThen)})
      for (BasicBlock *Pred : predecessors(BB))
        if (!Mine->count(Pred) && Pred != R.Branch->getParent())
          return refuse("an arm is entered from outside the branch");
  return Error::success();
}

Expected<MeldRegion> getMeldRegion(BranchInst &Br, BasicBlock *Join,
                                   unsigned MaxArmInsts) {
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
  R.Join = Join;
  if (!R.Join)
    return refuse("the arms never rejoin");
  if (Error E = pairBlocks(R))
    return E;
  R.ThenEntryAlone = R.Then->getSinglePredecessor() == Br.getParent();
  R.ElseEntryAlone = R.Else->getSinglePredecessor() == Br.getParent();
  unsigned NT = 0, NF = 0;
  for (auto [Idx, P] : enumerate(R.Pairs)) {
    R.ThenBlocks.insert(P.Then);
    R.ElseBlocks.insert(P.Else);
    R.PairIndex[P.Then] = R.PairIndex[P.Else] = Idx;
    if (Error E = collectBlock(*P.Then, P.ThenInsts, R.ThenUses))
      return E;
    if (Error E = collectBlock(*P.Else, P.ElseInsts, R.ElseUses))
      return E;
    NT += P.ThenInsts.size();
    NF += P.ElseInsts.size();
  }
  if (std::max(NT, NF) > MaxArmInsts)
    return refuse(
        "an arm holds " + Twine(std::max(NT, NF)) +
        " instructions, more than max-arm-insts=" + Twine(MaxArmInsts));
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

/// An `fneg V` that runs before I on every path: in I's block before it, or
/// up I's chain of single predecessors (each of which dominates I).
static Instruction *findDominatingFNeg(Value *V, const Instruction &I) {
  const BasicBlock *BB = I.getParent();
  for (unsigned Depth = 0; BB && Depth != 16;
       ++Depth, BB = BB->getSinglePredecessor())
    for (User *U : V->users()) {
      auto *N = dyn_cast<UnaryOperator>(U);
      if (N && N->getOpcode() == Instruction::FNeg && N->getParent() == BB &&
          (BB != I.getParent() || N->comesBefore(&I)))
        return N;
    }
  return nullptr;
}

namespace {
/// Compares of mirrored arms: T is `fcmp P x, K` and F `fcmp swapped(P) y,
/// -K` (or with the constant first). Negating both operands of a compare
/// keeps its result exactly (fneg only flips the sign bit: NaN stays NaN,
/// -0.0 == 0.0, the order reverses), so T is `fcmp swapped(P) -x, -K`,
/// F's operation, with an `fneg x` that T's arm already computes (or the
/// other way round): one compare of a selected operand.
struct MirroredCompare {
  CmpInst::Predicate Pred;
  unsigned ConstIdx;
  Constant *K;
  Value *TOp, *FOp; ///< The selected operand on each side.
};
} // namespace

static std::optional<MirroredCompare> getMirroredCompare(const Instruction &T,
                                                         const Instruction &F) {
  const auto *CT = dyn_cast<FCmpInst>(&T);
  const auto *CF = dyn_cast<FCmpInst>(&F);
  if (!CT || !CF || CT->getPredicate() != CF->getSwappedPredicate() ||
      CT->getPredicate() == CF->getPredicate() ||
      CT->getOperand(0)->getType() != CF->getOperand(0)->getType() ||
      CT->getFastMathFlags() != CF->getFastMathFlags())
    return std::nullopt;
  for (unsigned C = 0; C != 2; ++C) {
    const auto *KT = dyn_cast<ConstantFP>(CT->getOperand(C));
    const auto *KF = dyn_cast<ConstantFP>(CF->getOperand(C));
    if (!KT || !KF || !KT->getValueAPF().bitwiseIsEqual(-KF->getValueAPF()))
      continue;
    Value *X = CT->getOperand(1 - C), *Y = CF->getOperand(1 - C);
    if (isa<Constant>(X) || isa<Constant>(Y))
      return std::nullopt;
    if (Instruction *NX = findDominatingFNeg(X, T))
      return MirroredCompare{CF->getPredicate(), C,
                             const_cast<ConstantFP *>(KF), NX, Y};
    if (Instruction *NY = findDominatingFNeg(Y, F))
      return MirroredCompare{CT->getPredicate(), C,
                             const_cast<ConstantFP *>(KT), X, NY};
  }
  return std::nullopt;
}

/// F's operand that pairs with T's operand I.
static unsigned pairedOperand(bool Swapped, unsigned I) {
  return Swapped && I < 2 ? 1 - I : I;
}

/// Whether I rounds the product of its first two operands once, the
/// product's sign being the factors' signs combined: an fma or a correctly
/// rounded multiply. `(-a) * b` is then `a * (-b)` bit for bit (the same
/// magnitude and the same sign, zeros included; a NaN factor gives a NaN
/// either way), so a negation may move from one factor to the other.
static bool isSignMovableProduct(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::fma:
  case Intrinsic::nvvm_fma_rn_f:
  case Intrinsic::nvvm_fma_rn_ftz_f:
  case Intrinsic::nvvm_fma_rn_d:
  case Intrinsic::nvvm_mul_rn_f:
  case Intrinsic::nvvm_mul_rn_ftz_f:
  case Intrinsic::nvvm_mul_rn_d:
    return true;
  default:
    return false;
  }
}

/// A factor of I without the negation only I reads (the fneg the
/// contraction pinner makes of `z - x*y`, `fma(-x, y, z)`), and whether
/// one was taken off.
static std::pair<Value *, bool> stripNegation(Value *V) {
  auto *N = dyn_cast<UnaryOperator>(V);
  if (N && N->getOpcode() == Instruction::FNeg && N->hasOneUse() &&
      !N->hasNoNaNs() && !N->hasNoInfs())
    return {N->getOperand(0), true};
  return {V, false};
}

namespace {
/// How F's operands pair with T's when the two meld.
struct OperandPairing {
  /// F's first two operands pair crosswise.
  bool Swapped = false;
  /// Both are products (isSignMovableProduct) whose factors pair without
  /// their negations: mirrored arms write `-s * -u` and `-u * s` (the
  /// pinned `c - s*(-u)` and `c - u*s`), which are `-s * u'` with u'
  /// the selected `-u` or `u`. The melded product negates its first factor
  /// when each side negated an odd number of them.
  bool MoveSigns = false;
  bool Negate = false;
  /// Which factors of T and of F (in their own order) lose their fneg.
  bool StripT[2] = {false, false}, StripF[2] = {false, false};
};
} // namespace

/// What the pair scorer asks of a value used by one arm (a then-arm
/// instruction's operands against the then-arm, an else-arm one's against
/// the else-arm). An alignment scores every pair of the arms' instructions;
/// these are found once per instruction (ScoreFacts), not once per pair.
struct ValueFacts {
  const Value *V = nullptr;
  /// isInArm, isKnownAtBranch, and its uses in the arm (ThenUses, ElseUses).
  bool InArm = false, Known = true;
  unsigned Uses = 0;
  /// Index in Pairs of its block; -1 where its block is in none.
  int Pair = -1;
  /// Its opcode where it is an instruction, else -1.
  int Opcode = -1;
};

/// An arm instruction's operands' facts, and for a product
/// (isSignMovableProduct) those of its factors without the negation only it
/// reads (stripNegation).
struct InstFacts {
  SmallVector<ValueFacts, 4> Ops;
  ValueFacts Factor[2];
  bool Negated[2] = {false, false};
  bool SignMovable = false, Commutative = false;
  /// getInstructionCost at compute capability CostCC (0: not yet).
  mutable double Cost = 0;
  mutable unsigned CostCC = 0;
  /// canSelectOperand of each operand, foldsConstantsDifferently.
  SmallVector<bool, 4> CanSelect;
  bool FoldsDifferently = false;
  /// keepsConstant, found where first asked (-1: not yet).
  mutable signed char KeepsConstant = -1;
};

using OperandFactPairs =
    SmallVector<std::pair<const ValueFacts *, const ValueFacts *>, 4>;

/// scorePair's memo in a MeldRegion: facts by instruction, for each side.
struct ScoreFacts {
  DenseMap<const Instruction *, InstFacts> Then, Else;
};

ScoreFacts &MeldRegion::getScoreFacts() const {
  if (!Facts)
    Facts = std::make_shared<ScoreFacts>();
  return *Facts;
}

/// T's operands and the operands of F that pair with them, in T's order.
static SmallVector<std::pair<Value *, Value *>, 4>
getOperandPairs(const Instruction &T, const Instruction &F,
                const OperandPairing &P) {
  SmallVector<std::pair<Value *, Value *>, 4> Ops;
  // The negations found when the pairing was chosen: an fneg's uses change
  // while the melder clones T.
  auto Strip = [](Value *V, bool Yes) {
    return Yes ? cast<UnaryOperator>(V)->getOperand(0) : V;
  };
  for (unsigned I = 0, E = T.getNumOperands(); I != E; ++I) {
    const unsigned J = pairedOperand(P.Swapped, I);
    Value *TV = T.getOperand(I), *FV = F.getOperand(J);
    if (P.MoveSigns && I < 2) {
      TV = Strip(TV, P.StripT[I]);
      FV = Strip(FV, P.StripF[J]);
    }
    Ops.push_back({TV, FV});
  }
  return Ops;
}

/// Whether I, computed from constants alone, is or feeds (through other
/// such operations) one that ptxas evaluates otherwise than the GPU: then
/// I's value must stay a constant in its arm, and melding it with a
/// different operation of the other arm, which makes it a run-time value,
/// changes what the approximation gives.
static bool feedsConstantFold(const Instruction &I, unsigned Depth = 0) {
  if (foldsConstantsDifferently(I))
    return true;
  if (Depth == 6)
    return false;
  return any_of(I.users(), [&](const User *U) {
    const auto *UI = dyn_cast<Instruction>(U);
    return UI && isComputedFromConstants(UI) &&
           feedsConstantFold(*UI, Depth + 1);
  });
}

/// Whether I must stay a constant in its arm (isComputedFromConstants and
/// feedsConstantFold), memoized in its facts.
static bool keepsConstant(const Instruction &I, const InstFacts &F) {
  if (F.KeepsConstant < 0)
    F.KeepsConstant = isComputedFromConstants(&I) && feedsConstantFold(I);
  return F.KeepsConstant;
}

bool isWarpUniform(const Value *V, unsigned Depth) {
  if (isa<Constant>(V))
    return true;
  if (const auto *A = dyn_cast<Argument>(V))
    return A->getParent()->hasKernelCallingConv();
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 8)
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(I))
    return readsWarpUniformRegister(*II);
  // Every lane of a warp that loads from one address reads one value: the
  // pointers of a parameter struct (byval) or of a struct in memory.
  if (const auto *L = dyn_cast<LoadInst>(I))
    return L->isUnordered() && isWarpUniform(L->getPointerOperand(), Depth + 1);
  if (!isa<GetElementPtrInst, CastInst, BinaryOperator, SelectInst,
           ExtractValueInst>(I))
    return false;
  return all_of(I->operands(),
                [&](const Value *Op) { return isWarpUniform(Op, Depth + 1); });
}

bool isBroadcastAccess(const Instruction &I) {
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(I))
    return true;
  const auto *L = dyn_cast<LoadInst>(&I);
  return L && getInferredAddressSpace(L->getPointerOperand()) ==
                  NVPTXAS::ADDRESS_SPACE_CONST;
}

/// Whether I computes the address of a broadcast access (directly or
/// through a cast) that is the same for every lane of a warp.
static bool isUniformBroadcastAddress(const Instruction &I) {
  if (!I.getType()->isPointerTy())
    return false;
  auto FeedsAccess = [](const Value &V) {
    return any_of(V.uses(), [](const Use &U) {
      const auto *A = dyn_cast<Instruction>(U.getUser());
      return A && U.getOperandNo() == 0 && isBroadcastAccess(*A);
    });
  };
  bool Feeds = FeedsAccess(I) || any_of(I.users(), [&](const User *U) {
                 return isa<CastInst>(U) && FeedsAccess(*U);
               });
  return Feeds && isWarpUniform(&I);
}

/// Same operation, same types, same flags that change results: a merged
/// copy computes exactly what each arm computed. Ops: the operands as they
/// pair (getOperandFacts).
static bool isSameOperation(const Instruction &T, const Instruction &F,
                            const OperandPairing &P, const InstFacts &TF,
                            const InstFacts &FF, const OperandFactPairs &Ops) {
  if (getMirroredCompare(T, F))
    return true;
  const bool Swapped = P.Swapped;
  if (T.getOpcode() != F.getOpcode() || T.getType() != F.getType() ||
      T.getNumOperands() != F.getNumOperands())
    return false;
  if (const auto *CT = dyn_cast<CmpInst>(&T)) {
    // A compare whose operands pair crosswise has F's swapped predicate;
    // otherwise the predicates (and compare flags) are the same.
    const auto &CF = cast<CmpInst>(F);
    if ((Swapped ? CF.getSwappedPredicate() : CF.getPredicate()) !=
            CT->getPredicate() ||
        T.getOperand(0)->getType() != F.getOperand(0)->getType())
      return false;
    if (const auto *IT = dyn_cast<ICmpInst>(&T))
      if (IT->hasSameSign() != cast<ICmpInst>(F).hasSameSign())
        return false;
  } else if (!T.isSameOperationAs(&F, Instruction::CompareIgnoringAlignment)) {
    return false;
  }
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
  // An atomic on a warp-uniform address (a counter, a work list's end)
  // runs once a warp: ptxas aggregates its lanes. Melded with the other
  // arm's atomic on another address, the address is selected and the
  // atomic runs once a lane (bench/atomics/workq.cu: 15-27x slower on an
  // H100). A constant-memory load on a warp-uniform address (a table's
  // coefficient) is a broadcast ptxas takes straight from the constant
  // bank; selected, it is a per-lane load the constant cache serializes
  // (bench/uniform/tables.cu: 0.80x). Per-lane addresses have nothing to
  // lose.
  if (isBroadcastAccess(T) || isBroadcastAccess(F)) {
    const Value *TA = Ops.front().first->V, *FA = Ops.front().second->V;
    if (TA != FA && (isWarpUniform(TA) || isWarpUniform(FA)))
      return false;
  }
  // An integer division or remainder by a constant compiles to a multiply
  // and shifts; by a selected divisor it becomes the division subroutine
  // (bench/uniform/divisions.cu: 0.51x). Each arm keeps its own divisor.
  switch (T.getOpcode()) {
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem: {
    const Value *TD = Ops[1].first->V, *FD = Ops[1].second->V;
    if (TD != FD && (isa<Constant>(TD) || isa<Constant>(FD)))
      return false;
    break;
  }
  default:
    break;
  }
  bool OperandsDiffer = false;
  for (auto [I, Pair] : enumerate(Ops)) {
    const Value *TOp = Pair.first->V, *FOp = Pair.second->V;
    if (TOp == FOp)
      continue;
    OperandsDiffer = true;
    if (!TF.CanSelect[I])
      return false;
    // A constant of either arm would be folded where it stands; chosen by a
    // select it is computed at run time, and its arm's result changes.
    if (TF.FoldsDifferently &&
        (isComputedFromConstants(TOp) || isComputedFromConstants(FOp)))
      return false;
  }
  // Nor may a warp-uniform address such an access uses become a selected
  // one.
  if (OperandsDiffer &&
      (isUniformBroadcastAddress(T) || isUniformBroadcastAddress(F)))
    return false;
  // Melded with operands that differ, neither arm's value stays a constant.
  return !OperandsDiffer || (!keepsConstant(T, TF) && !keepsConstant(F, FF));
}

static bool isInArm(const Value *V, const SmallPtrSetImpl<BasicBlock *> &Arm) {
  const auto *I = dyn_cast<Instruction>(V);
  return I && Arm.contains(I->getParent());
}

/// Whether the melded copy of V is known where the branch stands, so that
/// a select of it is made once, at the end of the branch's block: V is
/// defined before the region, or in the arm's entry block when only the
/// branch enters it (the melded entry then continues the branch's block).
/// Mirrored arms compute `-x` there and use it where the other arm uses
/// `x`: one select of the two serves every such pair.
static bool isKnownAtBranch(const Value *V, const BasicBlock *Entry,
                            bool EntryAlone,
                            const SmallPtrSetImpl<BasicBlock *> &Arm) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !Arm.contains(I->getParent()))
    return true;
  return EntryAlone && I->getParent() == Entry;
}

static ValueFacts getValueFacts(const Value *V, bool IsThen,
                                const MeldRegion &R) {
  const SmallPtrSetImpl<BasicBlock *> &Arm =
      IsThen ? R.ThenBlocks : R.ElseBlocks;
  ValueFacts F;
  F.V = V;
  F.InArm = isInArm(V, Arm);
  F.Known = isKnownAtBranch(V, IsThen ? R.Then : R.Else,
                            IsThen ? R.ThenEntryAlone : R.ElseEntryAlone, Arm);
  F.Uses = (IsThen ? R.ThenUses : R.ElseUses).lookup(V);
  if (const auto *I = dyn_cast<Instruction>(V)) {
    F.Opcode = I->getOpcode();
    auto It = R.PairIndex.find(I->getParent());
    if (It != R.PairIndex.end())
      F.Pair = It->second;
  }
  return F;
}

static InstFacts getInstFacts(const Instruction &I, bool IsThen,
                              const MeldRegion &R) {
  InstFacts F;
  for (const Use &Op : I.operands()) {
    F.Ops.push_back(getValueFacts(Op.get(), IsThen, R));
    F.CanSelect.push_back(canSelectOperand(I, Op.getOperandNo()));
  }
  F.FoldsDifferently = foldsConstantsDifferently(I);
  F.SignMovable = isSignMovableProduct(I);
  F.Commutative = I.isCommutative();
  if (F.SignMovable)
    for (unsigned K = 0; K != 2; ++K) {
      auto [Factor, Negated] = stripNegation(I.getOperand(K));
      F.Factor[K] = getValueFacts(Factor, IsThen, R);
      F.Negated[K] = Negated;
    }
  return F;
}

/// getInstFacts, memoized in R: for the pairs an alignment scores, before
/// anything is rewritten.
static const InstFacts &getCachedFacts(const Instruction &I, bool IsThen,
                                       const MeldRegion &R) {
  ScoreFacts &SF = R.getScoreFacts();
  auto &Map = IsThen ? SF.Then : SF.Else;
  auto [It, New] = Map.try_emplace(&I);
  if (New)
    It->second = getInstFacts(I, IsThen, R);
  return It->second;
}

/// How far apart two operands are for melding: 0 when the same value, 1
/// when both are computed in the arms (they may meld themselves), 2 when a
/// select must choose between them.
/// Two instructions of the same opcode (the sqrt of each arm's tail) are
/// closer than two that differ: `sqrt(a) * -x` and `y * sqrt(b)` then pair
/// their sqrts, and select only between -x and y.
static unsigned operandDistance(const ValueFacts &A, const ValueFacts &B) {
  if (A.V == B.V)
    return 0;
  if (A.Opcode < 0 || B.Opcode < 0)
    return 3;
  return A.Opcode == B.Opcode ? 1 : 2;
}

/// What choosing between A (of the then-arm) and B (of the else-arm) costs
/// a pair that reads them, or nullopt when both are computed in the arms
/// and are expected to meld themselves.
/// A select of two values known where the branch stands (from before the
/// region: constants, values of the prologue; or of the arms' entries) is
/// made once, at the end of the branch's block, and shared by every pair
/// that uses them; inside loops of the arms it costs nothing per trip (but
/// holds a register, which the decision weighs).
/// SelectCost: getOpClassCost(OpClass::IntALU, CC).
static std::optional<double> getSelectCost(const ValueFacts &A,
                                           const ValueFacts &B,
                                           double SelectCost, double Weight) {
  if (A.V == B.V)
    return 0.0;
  if (A.InArm && B.InArm)
    return std::nullopt;
  double Shared = 1;
  if (A.Known && B.Known)
    Shared = std::max(1u, std::min(A.Uses, B.Uses)) * std::max(1.0, Weight);
  return SelectCost / Shared;
}

/// T's operands' facts and those of F's that pair with them, in T's order
/// (getOperandPairs).
static OperandFactPairs getOperandFacts(const InstFacts &TF,
                                        const InstFacts &FF,
                                        const OperandPairing &P) {
  OperandFactPairs Ops;
  for (unsigned I = 0, E = TF.Ops.size(); I != E; ++I) {
    const unsigned J = pairedOperand(P.Swapped, I);
    const bool StripT = P.MoveSigns && I < 2 && P.StripT[I];
    const bool StripF = P.MoveSigns && I < 2 && P.StripF[J];
    Ops.push_back({StripT ? &TF.Factor[I] : &TF.Ops[I],
                   StripF ? &FF.Factor[J] : &FF.Ops[J]});
  }
  return Ops;
}

/// Whether F pairs with T with its first two operands crosswise: a
/// commutative operation (fma's factors included) whose operands then
/// differ less, or a compare whose predicate is T's swapped (`a < b` and
/// `b > a`, what clang makes of `x <= c` and `-x >= -c` in mirrored arms).
static bool pairsSwapped(const Instruction &T, const Instruction &F,
                         const InstFacts &TF, const InstFacts &FF) {
  if (T.getOpcode() != F.getOpcode() || T.getNumOperands() < 2 ||
      F.getNumOperands() != T.getNumOperands())
    return false;
  if (const auto *CT = dyn_cast<CmpInst>(&T)) {
    const auto &CF = cast<CmpInst>(F);
    if (CT->getPredicate() != CF.getPredicate())
      return CT->getPredicate() == CF.getSwappedPredicate();
  } else if (!TF.Commutative || !FF.Commutative) {
    return false;
  } else if (const auto *CT = dyn_cast<CallBase>(&T)) {
    if (CT->getCalledOperand() != cast<CallBase>(F).getCalledOperand())
      return false;
  }
  auto Dist = [&](unsigned A, unsigned B) {
    return operandDistance(TF.Ops[0], FF.Ops[A]) +
           operandDistance(TF.Ops[1], FF.Ops[B]);
  };
  return Dist(1, 0) < Dist(0, 1);
}

/// How T's and F's operands pair: crosswise where pairsSwapped says so;
/// products (isSignMovableProduct) crosswise where that needs fewer
/// selects, their factors without their negations where both sides
/// negate an odd number, or both an even number, of them. Depends on the arms
/// alone (not on the pair's weight), so that the melder pairs them as the plan
/// scored them.
static OperandPairing getPairing(const Instruction &T, const Instruction &F,
                                 const InstFacts &TF, const InstFacts &FF,
                                 const MeldRegion &R, unsigned CC) {
  OperandPairing P;
  P.Swapped = pairsSwapped(T, F, TF, FF);
  if (!TF.SignMovable || !FF.SignMovable ||
      cast<CallBase>(T).getCalledOperand() !=
          cast<CallBase>(F).getCalledOperand())
    return P;
  bool NegT0 = TF.Negated[0], NegT1 = TF.Negated[1];
  bool NegF0 = FF.Negated[0], NegF1 = FF.Negated[1];
  const unsigned NegT = NegT0 + NegT1, NegF = NegF0 + NegF1;
  // Without negations to move, or with an odd number on one side only,
  // the factors pair as they are, crosswise where that is cheaper (the
  // products are commutative even where LLVM does not mark them so).
  const bool MoveSigns = NegT + NegF != 0 && NegT % 2 == NegF % 2;
  const ValueFacts *T0 = &TF.Factor[0], *T1 = &TF.Factor[1];
  const ValueFacts *F0 = &FF.Factor[0], *F1 = &FF.Factor[1];
  if (!MoveSigns) {
    T0 = &TF.Ops[0], T1 = &TF.Ops[1];
    F0 = &FF.Ops[0], F1 = &FF.Ops[1];
    NegT0 = NegT1 = NegF0 = NegF1 = false;
  }
  // Two values of the arms meld when they are the same operation in paired
  // blocks (a value of the arm's entry never melds with one further down);
  // else a select chooses between them.
  const double SelectCost = getOpClassCost(OpClass::IntALU, CC);
  auto Cost = [&](const ValueFacts &A, const ValueFacts &B) {
    if (std::optional<double> C = getSelectCost(A, B, SelectCost, 1.0))
      return *C;
    bool Paired = A.Pair < 0 || B.Pair < 0 || A.Pair == B.Pair;
    return Paired && operandDistance(A, B) == 1 ? 0.5 : SelectCost;
  };
  double Straight = Cost(*T0, *F0) + Cost(*T1, *F1);
  double Crossed = Cost(*T0, *F1) + Cost(*T1, *F0);
  // Without signs to move, the plain pairing is one of those two.
  double Plain = P.Swapped ? Crossed : Straight;
  if (MoveSigns)
    Plain = Cost(TF.Ops[0], FF.Ops[pairedOperand(P.Swapped, 0)]) +
            Cost(TF.Ops[1], FF.Ops[pairedOperand(P.Swapped, 1)]);
  if (std::min(Straight, Crossed) >= Plain)
    return P;
  OperandPairing Moved;
  Moved.MoveSigns = MoveSigns;
  Moved.Swapped = Crossed < Straight;
  Moved.Negate = MoveSigns && NegT % 2;
  Moved.StripT[0] = NegT0;
  Moved.StripT[1] = NegT1;
  Moved.StripF[0] = NegF0;
  Moved.StripF[1] = NegF1;
  return isSameOperation(T, F, Moved, TF, FF, getOperandFacts(TF, FF, Moved))
             ? Moved
             : P;
}

/// getPairing on the arms as they are now (the melder asks it of each pair
/// it merges, before T is cloned).
static OperandPairing getPairing(const Instruction &T, const Instruction &F,
                                 const MeldRegion &R, unsigned CC) {
  return getPairing(T, F, getInstFacts(T, /*IsThen=*/true, R),
                    getInstFacts(F, /*IsThen=*/false, R), R, CC);
}

/// Whether any pairing could make T and F one operation. Most pairs of an
/// alignment fail here (mirrored compares are both fcmp); operands pair by
/// position, so both must have as many (calls of different arity).
static bool mayBeOneOperation(const Instruction &T, const Instruction &F) {
  return T.getOpcode() == F.getOpcode() &&
         T.getNumOperands() == F.getNumOperands();
}

/// scorePair, with T's and F's facts.
static double scorePair(const Instruction &T, const Instruction &F,
                        const InstFacts &TF, const InstFacts &FF,
                        const MeldRegion &R, unsigned CC, double Weight) {
  if (!mayBeOneOperation(T, F))
    return 0;
  const OperandPairing Pairing = getPairing(T, F, TF, FF, R, CC);
  OperandFactPairs Ops = getOperandFacts(TF, FF, Pairing);
  if (!isSameOperation(T, F, Pairing, TF, FF, Ops))
    return 0;
  const double SelectCost = getOpClassCost(OpClass::IntALU, CC);
  // A negation the melded product keeps replaces one in each arm.
  if (TF.CostCC != CC) {
    TF.Cost = getInstructionCost(T, CC);
    TF.CostCC = CC;
  }
  double Gain = TF.Cost;
  ValueFacts MirroredT, MirroredF;
  if (std::optional<MirroredCompare> M = getMirroredCompare(T, F)) {
    MirroredT = getValueFacts(M->TOp, /*IsThen=*/true, R);
    MirroredF = getValueFacts(M->FOp, /*IsThen=*/false, R);
    Ops = {{&MirroredT, &MirroredF}};
  }
  unsigned NumSelected = 0;
  for (auto [A, B] : Ops) {
    // Operands computed in the arms are expected to be melded themselves.
    std::optional<double> C = getSelectCost(*A, *B, SelectCost, Weight);
    if (!C || *C == 0)
      continue;
    Gain -= *C;
    ++NumSelected;
  }
  // Compares that each feed one instruction of the same kind (those of
  // mirrored arms, each read by its arm's select) would need a select of
  // their results once those users meld: melding them saves it, where it
  // costs one select of an operand.
  if (Gain < 0 && NumSelected == 1 && isa<CmpInst>(T) && T.hasOneUse() &&
      F.hasOneUse()) {
    const auto *UT = dyn_cast<Instruction>(T.user_back());
    const auto *UF = dyn_cast<Instruction>(F.user_back());
    if (UT && UF && !isa<PHINode>(UT) && isInArm(UT, R.ThenBlocks) &&
        isInArm(UF, R.ElseBlocks) && UT->getOpcode() == UF->getOpcode())
      Gain += SelectCost;
  }
  // Zero-cost pairs (casts) still keep melded chains together.
  return Gain == 0 ? 0.25 : Gain;
}

double scorePair(const Instruction &T, const Instruction &F,
                 const MeldRegion &R, unsigned CC, double Weight) {
  // Checked first so that such pairs look no facts up.
  if (!mayBeOneOperation(T, F))
    return 0;
  return scorePair(T, F, getCachedFacts(T, /*IsThen=*/true, R),
                   getCachedFacts(F, /*IsThen=*/false, R), R, CC, Weight);
}

MeldPlan planMeld(const MeldRegion &R, unsigned CC, ArrayRef<double> Weights) {
  MeldPlan P;
  P.CC = CC;
  for (auto [Idx, Pair] : enumerate(R.Pairs)) {
    double W = Idx < Weights.size() ? Weights[Idx] : 1.0;
    // A reference, not the binding itself: lambdas capture structured
    // bindings only from C++20.
    const auto &BP = Pair;
    // Each instruction's facts once, not once per pair it is scored in;
    // room for all of them first, so that no insertion moves the others.
    ScoreFacts &SF = R.getScoreFacts();
    SF.Then.reserve(SF.Then.size() + BP.ThenInsts.size());
    SF.Else.reserve(SF.Else.size() + BP.ElseInsts.size());
    SmallVector<const InstFacts *, 32> ThenFacts, ElseFacts;
    for (const Instruction *I : BP.ThenInsts)
      ThenFacts.push_back(&getCachedFacts(*I, /*IsThen=*/true, R));
    for (const Instruction *I : BP.ElseInsts)
      ElseFacts.push_back(&getCachedFacts(*I, /*IsThen=*/false, R));
    P.Columns.push_back(alignSequences(
        BP.ThenInsts.size(), BP.ElseInsts.size(), [&](unsigned I, unsigned J) {
          return scorePair(*BP.ThenInsts[I], *BP.ElseInsts[J], *ThenFacts[I],
                           *ElseFacts[J], R, CC, W);
        }));
    for (const AlignedPair &C : P.Columns.back())
      P.NumMatched += C.isMatch();
    P.NumThenInsts += BP.ThenInsts.size();
    P.NumElseInsts += BP.ElseInsts.size();
  }
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

/// Whether a block of either arm reaches itself without leaving its arm.
/// Without a loop a selected constant is used once per pass through the
/// region, so a select is as cheap as a table entry and its load's latency
/// (a constant-cache hit, then often an address) is saved: the boundary
/// step's CosCrit0/CosCrit1 field offset came from a table and delayed the
/// load it addressed on every step.
static bool armsHaveLoop(const MeldRegion &R) {
  for (const auto *Arm : {&R.ThenBlocks, &R.ElseBlocks})
    for (BasicBlock *Start : *Arm) {
      SmallVector<BasicBlock *, 8> Work(successors(Start));
      SmallPtrSet<BasicBlock *, 16> Seen;
      while (!Work.empty()) {
        BasicBlock *BB = Work.pop_back_val();
        if (BB == Start)
          return true;
        if (Arm->contains(BB) && Seen.insert(BB).second)
          append_range(Work, successors(BB));
      }
    }
  return false;
}

class Melder {
public:
  explicit Melder(const MeldRegion &R)
      : R(R), Cond(R.Branch->getCondition()), Head(R.Branch->getParent()),
        BranchLoc(R.Branch->getDebugLoc()),
        Prof(R.Branch->getMetadata(LLVMContext::MD_prof)),
        Taken(getTakenProbability(*R.Branch)), IRB(R.Branch->getContext()),
        ArmsLoop(armsHaveLoop(R)) {}

  MeldResult run(const MeldPlan &Plan);

private:
  void emitPair(unsigned Idx, ArrayRef<AlignedPair> Columns);
  void emitMerged(Instruction &T, Instruction &F);
  void emitDivergent(ArrayRef<Instruction *> TOnly,
                     ArrayRef<Instruction *> FOnly, const BlockPair &BP);
  Value *cloneInto(Instruction &I, bool IsThen, BasicBlock *BB);
  bool shouldSpeculate(ArrayRef<Instruction *> TOnly,
                       ArrayRef<Instruction *> FOnly) const;
  void emitSpeculated(ArrayRef<Instruction *> Insts, bool IsThen);
  void emitAlone(ArrayRef<Instruction *> Insts, bool IsThen);
  void findDeadBlocks();
  Value *getSide(Value *V, bool IsThen);
  Value *getMerged(Value *TV, Value *FV);
  Value *getOneSidedPhi(const Placed &P, bool IsThen);
  Value *selectAt(Value *A, Value *B, StringRef Name);
  bool isTableCandidate(Value *A, Value *B) const;
  Value *tableLookup(IRBuilder<> &B, Value *ThenV, Value *ElseV);
  void emitTable();
  BasicBlock *target(BasicBlock *ThenSucc) const;
  BasicBlock *endOf(BasicBlock *ThenBB) const;
  void emitTerminators();
  void fillPhis();
  void rewriteJoinPhis();
  void eraseDeadCode(const SmallPtrSetImpl<const Instruction *> &HeadInsts);

  const MeldRegion &R;
  unsigned CC = DefaultComputeCapability;
  Value *Cond;
  BasicBlock *Head;
  /// The region branch's location, for the branches the meld makes of it
  /// (a diamond of unmatched instructions keeps its condition): a later
  /// transform's remark on one names the source branch, not the function.
  DebugLoc BranchLoc;
  /// The branch's weights, kept for the diamonds it leaves behind.
  MDNode *Prof;
  /// Read before the rewrite erases the branch.
  double Taken;
  BasicBlock *Cur = nullptr;
  IRBuilder<> IRB;
  DenseMap<const Value *, Placed> ThenMap, ElseMap;
  SmallVector<Diamond, 4> Diamonds;
  /// Selects of values from outside the arms, made once in Head.
  DenseMap<std::pair<Value *, Value *>, Value *> HoistedSelects;
  /// Selects of arm values, per block they were made in.
  DenseMap<std::tuple<BasicBlock *, Value *, Value *>, Value *> LocalSelects;
  DenseMap<std::pair<Value *, Value *>, PHINode *> Phis;
  /// Blocks the rewrite created (the arms' blocks are still there too).
  SmallPtrSet<BasicBlock *, 16> NewBlocks;
  /// Per pair: the first melded block and the last of its chain.
  DenseMap<BasicBlock *, BasicBlock *> Start, End;
  /// Melded PHIs and the pair PHIs they stand for.
  SmallVector<std::tuple<PHINode *, PHINode *, PHINode *>, 8> PairPhis;
  /// A constant pair looked up in the region's table: the address of its
  /// slot, made against a placeholder until the table's layout is known.
  struct TableSlot {
    GetElementPtrInst *Addr;
    Constant *Then, *Else;
  };
  SmallVector<TableSlot, 8> Slots;
  GlobalVariable *Placeholder = nullptr;
  Value *TableIdx = nullptr;
  /// An arm holds a loop: constants selected for it are used once per trip.
  bool ArmsLoop;
  MeldResult Result;
  /// Blocks of an arm that no lane of it reaches: an empty copy's blocks
  /// off the way its constant branches take.
  SmallPtrSet<const BasicBlock *, 8> Dead;
  /// What Result counts, for eraseDeadCode to count off.
  SmallPtrSet<const Value *, 16> Selects, Merged, Speculated;
};

} // namespace

/// An empty copy (RegionAlignment.h) branches on constants: the paired
/// blocks it never enters are reached by the other arm's lanes alone.
void Melder::findDeadBlocks() {
  for (auto [Entry, Blocks] :
       {std::pair(R.Then, &R.ThenBlocks), std::pair(R.Else, &R.ElseBlocks)}) {
    SmallPtrSet<const BasicBlock *, 16> Live;
    SmallVector<BasicBlock *, 16> Work{Entry};
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (!Blocks->contains(BB) || !Live.insert(BB).second)
        continue;
      auto *Br = cast<BranchInst>(BB->getTerminator());
      auto *C = Br->isConditional() ? dyn_cast<ConstantInt>(Br->getCondition())
                                    : nullptr;
      if (C)
        Work.push_back(Br->getSuccessor(C->isZero()));
      else
        append_range(Work, successors(BB));
    }
    for (BasicBlock *BB : *Blocks)
      if (!Live.contains(BB))
        Dead.insert(BB);
  }
}

Value *Melder::getOneSidedPhi(const Placed &P, bool IsThen) {
  const Diamond &D = Diamonds[P.DiamondIdx];
  Value *Poison = PoisonValue::get(P.V->getType());
  auto Key = IsThen ? std::make_pair(P.V, Poison) : std::make_pair(Poison, P.V);
  PHINode *&Phi = Phis[Key];
  if (!Phi) {
    // Lanes of the other arm never read it: a select on the condition (or
    // the other arm's own code) keeps them from it. Poison until branch
    // distribution is done with the function (UnreadPhis, UnreadValue.h).
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

/// `select %cond, A, B` where the rewrite stands. Values from outside the
/// arms are selected once, at the end of the branch's block, which
/// dominates the whole region (and hoists them out of the arms' loops).
Value *Melder::selectAt(Value *A, Value *B, StringRef Name) {
  // Defined before the region, or in the branch's block: dominates the end
  // of the branch's block.
  auto Early = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() == Head || !NewBlocks.contains(I->getParent());
  };
  if (Early(A) && Early(B)) {
    Value *&Sel = HoistedSelects[{A, B}];
    if (!Sel) {
      IRBuilder<> HB(Head->getContext());
      if (Instruction *T = Head->getTerminator())
        HB.SetInsertPoint(T);
      else
        HB.SetInsertPoint(Head); // Head's own chain is still being emitted.
      Sel = isTableCandidate(A, B) ? tableLookup(HB, A, B)
                                   : HB.CreateSelect(Cond, A, B, Name + ".sel");
      ++Result.NumSelects;
      Selects.insert(Sel);
    }
    return Sel;
  }
  Value *&Sel = LocalSelects[{IRB.GetInsertBlock(), A, B}];
  if (!Sel) {
    Sel = IRB.CreateSelect(Cond, A, B, Name + ".sel");
    ++Result.NumSelects;
    Selects.insert(Sel);
  }
  return Sel;
}

/// Two numeric constants selected for a region with loops. ptxas
/// rematerializes a select of two immediates next to every use to save its
/// register, which inside the melded loops costs an instruction per use
/// per trip; a load from the region's constant table is loaded once. (On an
/// H200, SYN-BRDIS with the middle in a loop ran 10-15% behind the hand
/// version with selects.)
bool Melder::isTableCandidate(Value *A, Value *B) const {
  return UseSelectTables && ArmsLoop &&
         (isa<ConstantFP>(A) || isa<ConstantInt>(A)) &&
         (isa<ConstantFP>(B) || isa<ConstantInt>(B)) &&
         !A->getType()->isIntegerTy(1);
}

Value *Melder::tableLookup(IRBuilder<> &B, Value *ThenV, Value *ElseV) {
  if (!Placeholder)
    Placeholder = new GlobalVariable(
        *Head->getModule(), B.getInt8Ty(), /*isConstant=*/true,
        GlobalValue::PrivateLinkage, B.getInt8(0), "divopt.select.pending",
        nullptr, GlobalValue::NotThreadLocal, /*AddressSpace=*/4);
  // Entry 0 for lanes of the else-arm (condition false), 1 for the then-arm.
  if (!TableIdx)
    TableIdx = B.CreateZExt(Cond, B.getInt64Ty(), "divopt.entry");
  auto *Addr = cast<GetElementPtrInst>(
      B.CreateInBoundsGEP(B.getInt8Ty(), Placeholder, TableIdx, "divopt.slot"));
  Slots.push_back({Addr, cast<Constant>(ThenV), cast<Constant>(ElseV)});
  return B.CreateLoad(ThenV->getType(), Addr, "divopt.const");
}

/// divopt.select, or divopt.select.<N> for the first N free: a name that
/// depends on the tables the module keeps, not on how many names were
/// taken before (the trials' copies, erased since), which LLVM's own
/// uniquing counts.
static std::string getFreeTableName(const Module &M) {
  std::string Name = "divopt.select";
  for (unsigned N = 1; M.getNamedValue(Name); ++N)
    Name = "divopt.select." + std::to_string(N);
  return Name;
}

/// One table for the whole region, an entry per arm holding every selected
/// constant side by side: each lane reads one entry, so the loads share a
/// cache line and ptxas merges neighbouring ones into vector loads, as it
/// does for a struct of constants written by hand. (Separate two-entry
/// tables, one per constant, left the SYN-BRDIS loops on an H200 with a
/// register assignment 10-15% slower than the hand version's.)
void Melder::emitTable() {
  if (Slots.empty())
    return;
  SmallVector<Type *, 8> Fields;
  SmallVector<Constant *, 8> ThenC, ElseC;
  for (const TableSlot &S : Slots) {
    Fields.push_back(S.Then->getType());
    ThenC.push_back(S.Then);
    ElseC.push_back(S.Else);
  }
  LLVMContext &Ctx = Head->getContext();
  auto *EntryTy = StructType::get(Ctx, Fields);
  auto *TableTy = ArrayType::get(EntryTy, 2);
  auto *Init =
      ConstantArray::get(TableTy, {ConstantStruct::get(EntryTy, ElseC),
                                   ConstantStruct::get(EntryTy, ThenC)});
  auto *GV =
      new GlobalVariable(*Head->getModule(), TableTy,
                         /*isConstant=*/true, GlobalValue::PrivateLinkage, Init,
                         getFreeTableName(*Head->getModule()), nullptr,
                         GlobalValue::NotThreadLocal,
                         /*AddressSpace=*/4); // NVPTX constant space.
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(16));
  Result.Tables.push_back(GV);
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  for (auto [K, S] : enumerate(Slots)) {
    Value *Idx = S.Addr->getOperand(1);
    Value *Field[] = {ConstantInt::get(I64, 0), Idx, ConstantInt::get(I32, K)};
    auto *Addr = GetElementPtrInst::CreateInBounds(TableTy, GV, Field, "",
                                                   S.Addr->getIterator());
    Addr->takeName(S.Addr);
    S.Addr->replaceAllUsesWith(Addr);
    S.Addr->eraseFromParent();
  }
  Placeholder->eraseFromParent();
  Placeholder = nullptr;
  Slots.clear();
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
  // Poison on one side (a PHI of an empty copy, which its lanes never
  // read): the other side's value is a valid choice for every lane.
  if (A == B || isa<PoisonValue>(B))
    return A;
  if (isa<PoisonValue>(A))
    return B;
  return selectAt(A, B, TV->getName());
}

void Melder::emitMerged(Instruction &T, Instruction &F) {
  // Paired before T is cloned: the clone reads T's negations too.
  const OperandPairing Pairing = getPairing(T, F, R, CC);
  const SmallVector<std::pair<Value *, Value *>, 4> Ops =
      getOperandPairs(T, F, Pairing);
  Instruction *M = T.clone();
  if (std::optional<MirroredCompare> MC = getMirroredCompare(T, F)) {
    auto *C = cast<FCmpInst>(M);
    C->setPredicate(MC->Pred);
    C->setOperand(MC->ConstIdx, MC->K);
    C->setOperand(1 - MC->ConstIdx, getMerged(MC->TOp, MC->FOp));
  } else {
    for (auto [I, Pair] : enumerate(Ops)) {
      auto [TV, FV] = Pair;
      if (TV == FV && !ThenMap.count(TV) && !ElseMap.count(FV) &&
          TV == T.getOperand(I))
        continue; // The same value from before the branch.
      M->setOperand(I, getMerged(TV, FV));
    }
    // The negations left the factors: the pinned fnegs that only T and F
    // read are dead (eraseDeadCode).
    if (Pairing.Negate)
      M->setOperand(0, IRB.CreateFNeg(M->getOperand(0)));
  }
  M->andIRFlags(&F);
  if (auto *LI = dyn_cast<LoadInst>(M))
    LI->setAlignment(std::min(LI->getAlign(), cast<LoadInst>(F).getAlign()));
  if (auto *SI = dyn_cast<StoreInst>(M))
    SI->setAlignment(std::min(SI->getAlign(), cast<StoreInst>(F).getAlign()));
  if (auto *AI = dyn_cast<AtomicRMWInst>(M))
    AI->setAlignment(
        std::min(AI->getAlign(), cast<AtomicRMWInst>(F).getAlign()));
  if (auto *CI = dyn_cast<AtomicCmpXchgInst>(M))
    CI->setAlignment(
        std::min(CI->getAlign(), cast<AtomicCmpXchgInst>(F).getAlign()));
  M->setDebugLoc(DebugLoc(
      DILocation::getMergedLocation(T.getDebugLoc(), F.getDebugLoc())));
  IRB.Insert(M);
  M->takeName(&T); // T is erased with its arm.
  combineMetadataForCSE(M, &F, /*DoesKMove=*/true);
  ThenMap[&T] = {M, -1};
  ElseMap[&F] = {M, -1};
  ++Result.NumMerged;
  Merged.insert(M);
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

static cl::opt<bool> Speculate(
    "divopt-meld-speculate", cl::init(true), cl::Hidden,
    cl::desc("Branch distribution runs short unmatched runs of instructions "
             "that neither touch memory nor trap on every lane, selecting "
             "their results, where the cost model predicts that cheaper "
             "than a divergent diamond"));

/// Most unmatched instructions run on every lane in place of one diamond:
/// each holds a register while the lanes of the other arm run it too.
static constexpr unsigned MaxSpeculatedRun = 12;

/// Whether every lane may run the unmatched instructions of both sides,
/// each lane then reading its own side's results through selects: they
/// neither touch memory nor trap, and the cost model predicts both sides
/// on every lane to cost less than the diamond (its branch, reconvergence
/// and jumps, and both sides whenever the warp's lanes disagree).
bool Melder::shouldSpeculate(ArrayRef<Instruction *> TOnly,
                             ArrayRef<Instruction *> FOnly) const {
  if (!Speculate || TOnly.size() + FOnly.size() > MaxSpeculatedRun)
    return false;
  double T = 0, F = 0;
  for (auto [Insts, Cost] : {std::pair(TOnly, &T), std::pair(FOnly, &F)})
    for (Instruction *I : Insts) {
      if (I->mayReadOrWriteMemory() || I->getType()->isTokenTy() ||
          !isSafeToSpeculativelyExecute(I))
        return false;
      *Cost += getInstructionCost(*I, CC);
    }
  WarpOutcomes W = WarpOutcomes::get(Taken);
  double Diamond = getOpClassCost(OpClass::Branch, CC) +
                   getOpClassCost(OpClass::Jump, CC) *
                       ((!TOnly.empty()) + (!FOnly.empty())) +
                   W.Both * divergentRegionCost(T, F) + W.ThenOnly * T +
                   W.ElseOnly * F;
  return T + F <= Diamond;
}

void Melder::emitSpeculated(ArrayRef<Instruction *> Insts, bool IsThen) {
  for (Instruction *I : Insts) {
    Instruction *C = I->clone();
    for (unsigned Op = 0, E = I->getNumOperands(); Op != E; ++Op)
      C->setOperand(Op, getSide(I->getOperand(Op), IsThen));
    // Lanes of the other arm compute it too, on values it was never meant
    // for: its result reaches them only as a select's unchosen operand,
    // but integer flags (nsw, inbounds) would promise later passes what
    // those lanes break. Floating-point flags stay: they decide rounding
    // and code generation, which must not change.
    if (!isa<FPMathOperator>(C))
      C->dropPoisonGeneratingFlags();
    C->dropPoisonGeneratingMetadata();
    IRB.Insert(C);
    C->takeName(I);
    (IsThen ? ThenMap : ElseMap)[I] = {C, -1};
    ++Result.NumSpeculated;
    Speculated.insert(C);
  }
}

/// Code of one arm where only its lanes run: no diamond, no select.
void Melder::emitAlone(ArrayRef<Instruction *> Insts, bool IsThen) {
  for (Instruction *I : Insts) {
    Instruction *C = I->clone();
    for (unsigned Op = 0, E = I->getNumOperands(); Op != E; ++Op)
      C->setOperand(Op, getSide(I->getOperand(Op), IsThen));
    IRB.Insert(C);
    C->takeName(I);
    (IsThen ? ThenMap : ElseMap)[I] = {C, -1};
  }
}

void Melder::emitDivergent(ArrayRef<Instruction *> TOnly,
                           ArrayRef<Instruction *> FOnly, const BlockPair &BP) {
  // Beside a block no lane of the other arm reaches, the code runs as is.
  if (TOnly.empty() && Dead.contains(BP.Then)) {
    emitAlone(FOnly, /*IsThen=*/false);
    return;
  }
  if (FOnly.empty() && Dead.contains(BP.Else)) {
    emitAlone(TOnly, /*IsThen=*/true);
    return;
  }
  if (shouldSpeculate(TOnly, FOnly)) {
    emitSpeculated(TOnly, /*IsThen=*/true);
    emitSpeculated(FOnly, /*IsThen=*/false);
    return;
  }
  LLVMContext &Ctx = Head->getContext();
  Function *Fn = Head->getParent();
  Diamonds.push_back({Cur, nullptr, nullptr, nullptr});
  Diamond &D = Diamonds.back();
  BasicBlock *Join = BasicBlock::Create(Ctx, "dist.join", Fn);
  if (!TOnly.empty())
    D.ThenBB = BasicBlock::Create(Ctx, "dist.then", Fn, Join);
  if (!FOnly.empty())
    D.ElseBB = BasicBlock::Create(Ctx, "dist.else", Fn, Join);
  for (BasicBlock *BB : {Join, D.ThenBB, D.ElseBB})
    if (BB)
      NewBlocks.insert(BB);
  // Emit the arms while the diamond is open, so their values are used
  // directly inside it.
  for (Instruction *I : TOnly)
    cloneInto(*I, /*IsThen=*/true, D.ThenBB);
  for (Instruction *I : FOnly)
    cloneInto(*I, /*IsThen=*/false, D.ElseBB);
  BranchInst *Br = BranchInst::Create(D.ThenBB ? D.ThenBB : Join,
                                      D.ElseBB ? D.ElseBB : Join, Cond, Cur);
  Br->setDebugLoc(BranchLoc);
  if (Prof)
    Br->setMetadata(LLVMContext::MD_prof, Prof);
  Br->setMetadata("divopt.distributed", MDNode::get(Ctx, {}));
  for (BasicBlock *BB : {D.ThenBB, D.ElseBB})
    if (BB)
      BranchInst::Create(Join, BB)->setDebugLoc(BranchLoc);
  if (D.ThenBB) {
    Result.ThenOnly.push_back(D.ThenBB);
    Result.ThenOrigin.push_back(&BP);
  }
  if (D.ElseBB) {
    Result.ElseOnly.push_back(D.ElseBB);
    Result.ElseOrigin.push_back(&BP);
  }
  D.Join = Join;
  Cur = Join;
  Result.Blocks.push_back(Join);
  Result.Origin.push_back(&BP);
  IRB.SetInsertPoint(Cur);
}

/// Emits one block pair as a chain of melded code and diamonds.
void Melder::emitPair(unsigned Idx, ArrayRef<AlignedPair> Columns) {
  const BlockPair &BP = R.Pairs[Idx];
  // The entry pair continues the branch's block when nothing else enters
  // it; any other pair (and an entry that heads a loop) gets a block.
  if (Idx == 0 && R.ThenEntryAlone) {
    Cur = Head;
  } else {
    Cur = BasicBlock::Create(Head->getContext(), BP.Then->getName() + ".dist",
                             Head->getParent());
    NewBlocks.insert(Cur);
    Result.Blocks.push_back(Cur);
    Result.Origin.push_back(&BP);
  }
  Start[BP.Then] = Cur;
  IRB.SetInsertPoint(Cur);
  for (auto [PT, PF] : zip(BP.Then->phis(), BP.Else->phis())) {
    PHINode *M = IRB.CreatePHI(PT.getType(), PT.getNumIncomingValues());
    M->takeName(&PT);
    ThenMap[&PT] = {M, -1};
    ElseMap[&PF] = {M, -1};
    PairPhis.push_back({M, &PT, &PF});
  }

  SmallVector<Instruction *, 16> TOnly, FOnly;
  auto Flush = [&] {
    if (!TOnly.empty() || !FOnly.empty())
      emitDivergent(TOnly, FOnly, BP);
    TOnly.clear();
    FOnly.clear();
  };
  for (const AlignedPair &C : Columns) {
    if (C.isMatch()) {
      Flush();
      emitMerged(*BP.ThenInsts[*C.First], *BP.ElseInsts[*C.Second]);
    } else if (C.First) {
      TOnly.push_back(BP.ThenInsts[*C.First]);
    } else {
      FOnly.push_back(BP.ElseInsts[*C.Second]);
    }
  }
  Flush();
  End[BP.Then] = Cur;
}

/// The melded block a then-arm successor leads to.
BasicBlock *Melder::target(BasicBlock *ThenSucc) const {
  return ThenSucc == R.Join ? R.Join : Start.lookup(ThenSucc);
}

BasicBlock *Melder::endOf(BasicBlock *ThenBB) const {
  return ThenBB == Head ? Head : End.lookup(ThenBB);
}

/// Each pair's branch, its condition selected: lanes follow their own
/// arm's way.
void Melder::emitTerminators() {
  for (const BlockPair &BP : R.Pairs) {
    auto *BT = cast<BranchInst>(BP.Then->getTerminator());
    auto *BF = cast<BranchInst>(BP.Else->getTerminator());
    BasicBlock *E = End[BP.Then];
    IRB.SetInsertPoint(E);
    // Arms on other lines merge to line 0, which a remark cannot show.
    DILocation *Merged =
        DILocation::getMergedLocation(BT->getDebugLoc(), BF->getDebugLoc());
    IRB.SetCurrentDebugLocation(Merged && Merged->getLine() ? DebugLoc(Merged)
                                                            : BranchLoc);
    if (BT->isUnconditional()) {
      IRB.CreateBr(target(BT->getSuccessor(0)));
      continue;
    }
    Value *C = Dead.contains(BP.Then)
                   ? getSide(BF->getCondition(), /*IsThen=*/false)
               : Dead.contains(BP.Else)
                   ? getSide(BT->getCondition(), /*IsThen=*/true)
                   : getMerged(BT->getCondition(), BF->getCondition());
    BranchInst *Br = IRB.CreateCondBr(C, target(BT->getSuccessor(0)),
                                      target(BT->getSuccessor(1)));
    Br->copyMetadata(*BT, {LLVMContext::MD_loop});
  }
}

/// A pair's PHIs take, from each melded predecessor, the value each arm's
/// PHI took from its predecessor.
void Melder::fillPhis() {
  DenseMap<BasicBlock *, BasicBlock *> ElseOf;
  for (const BlockPair &BP : R.Pairs)
    ElseOf[BP.Then] = BP.Else;
  ElseOf[Head] = Head;
  for (auto [M, PT, PF] : PairPhis) {
    for (unsigned I = 0, E = PT->getNumIncomingValues(); I != E; ++I) {
      BasicBlock *PredT = PT->getIncomingBlock(I);
      BasicBlock *PredF = ElseOf.lookup(PredT);
      BasicBlock *From = endOf(PredT);
      IRB.SetInsertPoint(From->getTerminator());
      M->addIncoming(getMerged(PT->getIncomingValue(I),
                               PF->getIncomingValueForBlock(PredF)),
                     From);
    }
  }
}

void Melder::rewriteJoinPhis() {
  for (const BlockPair &BP : R.Pairs) {
    if (!is_contained(successors(BP.Then), R.Join))
      continue;
    BasicBlock *E = End[BP.Then];
    IRB.SetInsertPoint(E->getTerminator());
    for (PHINode &P : R.Join->phis()) {
      Value *V = getMerged(P.getIncomingValueForBlock(BP.Then),
                           P.getIncomingValueForBlock(BP.Else));
      P.removeIncomingValue(BP.Then, /*DeletePHIIfEmpty=*/false);
      P.removeIncomingValue(BP.Else, /*DeletePHIIfEmpty=*/false);
      P.addIncoming(V, E);
    }
  }
}

/// Code the rewrite made that nothing reads: the negations a product's
/// pairing took off its factors (getPairing), melded or run on every lane,
/// and the selects of their operands. Head's own instructions stay as they
/// were (the caller keeps their liveness).
void Melder::eraseDeadCode(
    const SmallPtrSetImpl<const Instruction *> &HeadInsts) {
  SmallVector<BasicBlock *, 16> Blocks{Head};
  append_range(Blocks, NewBlocks);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *BB : Blocks)
      for (Instruction &I : make_early_inc_range(reverse(*BB))) {
        if (HeadInsts.contains(&I) || !isInstructionTriviallyDead(&I))
          continue;
        Result.NumSelects -= Selects.erase(&I);
        Result.NumMerged -= Merged.erase(&I);
        Result.NumSpeculated -= Speculated.erase(&I);
        I.eraseFromParent();
        Changed = true;
      }
  }
}

MeldResult Melder::run(const MeldPlan &Plan) {
  if (Plan.CC)
    CC = Plan.CC;
  // An arm's entry entered from the branch alone may still hold PHIs of one
  // incoming value (a loop preheader's, left by iteration delaying): they
  // are that value. The melded entry continues the branch's block, where no
  // PHI may stand.
  for (BasicBlock *Entry : {R.Then, R.Else})
    if (Entry->getSinglePredecessor())
      FoldSingleEntryPHINodes(Entry);
  Result.Blocks.push_back(Head);
  Result.Origin.push_back(nullptr);
  SmallPtrSet<const Instruction *, 32> HeadInsts;
  for (const Instruction &I : *Head)
    HeadInsts.insert(&I);
  findDeadBlocks();
  R.Branch->eraseFromParent();
  for (unsigned I = 0; I < R.Pairs.size(); ++I)
    emitPair(I, Plan.Columns[I]);
  if (Start[R.Then] != Head) {
    IRB.SetInsertPoint(Head);
    IRB.SetCurrentDebugLocation(BranchLoc);
    IRB.CreateBr(Start[R.Then]);
  }
  emitTerminators();
  fillPhis();
  rewriteJoinPhis();
  emitTable();

  // Uses of the arms' values outside them can only be in unreachable
  // blocks (which everything dominates): they read poison from now on.
  auto InArms = [&](const Instruction *U) {
    return R.ThenBlocks.contains(U->getParent()) ||
           R.ElseBlocks.contains(U->getParent());
  };
  for (const BlockPair &BP : R.Pairs)
    for (BasicBlock *BB : {BP.Then, BP.Else})
      for (Instruction &I : *BB)
        I.replaceUsesWithIf(PoisonValue::get(I.getType()), [&](Use &U) {
          return !InArms(cast<Instruction>(U.getUser()));
        });
  for (const BlockPair &BP : R.Pairs) {
    BP.Then->dropAllReferences();
    BP.Else->dropAllReferences();
  }
  for (const BlockPair &BP : R.Pairs) {
    BP.Then->eraseFromParent();
    BP.Else->eraseFromParent();
  }
  eraseDeadCode(HeadInsts);
  return Result;
}

MeldResult meldRegion(const MeldRegion &R, const MeldPlan &Plan) {
  return Melder(R).run(Plan);
}

} // namespace divopt
