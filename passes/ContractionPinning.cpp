//===- ContractionPinning.cpp - Make FP contraction explicit --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ContractionPinning.h"
#include "ConstantFolds.h"
#include "analysis/KernelInfo.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/BlockFrequencyInfo.h"
#include "llvm/Analysis/BranchProbabilityInfo.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#include <limits>

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

/// `x * 2.0`, which the DAG turns into the sum `x + x` when no sum of its
/// block takes it as a product; a product x then fuses into it like into
/// any sum: fma(a, b, a * b).
bool isDoubling(const Instruction &I) {
  if (I.getOpcode() != Instruction::FMul || !I.hasAllowContract() ||
      !isPinnedType(I.getType()))
    return false;
  const auto *C = dyn_cast<ConstantFP>(I.getOperand(1));
  return C && C->isExactlyValue(2.0);
}

/// Operations ptxas evaluates when their operands are constants, though
/// LLVM does not (bench/results/2026-11-25-ptxas-fusion-rule.txt): the
/// approximate functions, and what LLVM folds itself anyway.
bool ptxasFolds(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::FPExt:
  case Instruction::FPTrunc:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FNeg:
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
    return true;
  default:
    break;
  }
  if (isRoundedMulOrAdd(I))
    return true;
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::fabs:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::nvvm_fabs:
  case Intrinsic::nvvm_fabs_ftz:
  case Intrinsic::nvvm_fmin_f:
  case Intrinsic::nvvm_fmin_ftz_f:
  case Intrinsic::nvvm_fmax_f:
  case Intrinsic::nvvm_fmax_ftz_f:
  case Intrinsic::nvvm_sqrt_approx_f:
  case Intrinsic::nvvm_sqrt_approx_ftz_f:
  case Intrinsic::nvvm_rsqrt_approx_f:
  case Intrinsic::nvvm_rsqrt_approx_ftz_f:
  case Intrinsic::nvvm_ex2_approx:
  case Intrinsic::nvvm_ex2_approx_ftz:
  case Intrinsic::nvvm_lg2_approx_f:
  case Intrinsic::nvvm_lg2_approx_ftz_f:
  case Intrinsic::nvvm_sin_approx_f:
  case Intrinsic::nvvm_sin_approx_ftz_f:
  case Intrinsic::nvvm_cos_approx_f:
  case Intrinsic::nvvm_cos_approx_ftz_f:
  case Intrinsic::nvvm_rcp_approx_ftz_f:
  case Intrinsic::nvvm_div_approx_f:
  case Intrinsic::nvvm_div_approx_ftz_f:
  case Intrinsic::nvvm_div_full:
  case Intrinsic::nvvm_div_full_ftz:
    return true;
  default:
    return false;
  }
}

/// The range ptxas knows a value lies in, whatever the input: the
/// approximate sine and cosine in [-1, 1], absolute values and ex2
/// at least 0.
std::optional<std::pair<double, double>> getPtxasRange(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return std::nullopt;
  constexpr double Inf = std::numeric_limits<double>::infinity();
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_sin_approx_f:
  case Intrinsic::nvvm_sin_approx_ftz_f:
  case Intrinsic::nvvm_cos_approx_f:
  case Intrinsic::nvvm_cos_approx_ftz_f:
    return std::make_pair(-1.0, 1.0);
  case Intrinsic::fabs:
  case Intrinsic::nvvm_fabs:
  case Intrinsic::nvvm_fabs_ftz:
  case Intrinsic::nvvm_ex2_approx:
  case Intrinsic::nvvm_ex2_approx_ftz:
    return std::make_pair(0.0, Inf);
  default:
    return std::nullopt;
  }
}

/// What ptxas makes of `fcmp P v, C` where it knows v's range: it decides
/// setp.gt, .ge, .lt (and .neu, true off the range) when the whole range
/// agrees, and leaves the other predicates alone
/// (bench/results/2026-11-25-ptxas-fusion-rule.txt).
std::optional<bool> getPtxasDecision(const Value *Cond) {
  const auto *Cmp = dyn_cast<FCmpInst>(Cond);
  if (!Cmp)
    return std::nullopt;
  const auto *C = dyn_cast<ConstantFP>(Cmp->getOperand(1));
  auto Range = getPtxasRange(Cmp->getOperand(0));
  if (!C || !Range || !Cmp->getOperand(0)->getType()->isFloatTy())
    return std::nullopt;
  double K = C->getValueAPF().convertToDouble();
  auto [Lo, Hi] = *Range;
  switch (Cmp->getPredicate()) {
  case FCmpInst::FCMP_OGT:
    if (Lo > K)
      return true;
    if (Hi <= K)
      return false;
    return std::nullopt;
  case FCmpInst::FCMP_OGE:
    if (Lo >= K)
      return true;
    if (Hi < K)
      return false;
    return std::nullopt;
  case FCmpInst::FCMP_OLT:
    if (Hi < K)
      return true;
    if (Lo >= K)
      return false;
    return std::nullopt;
  case FCmpInst::FCMP_UNE:
    if (K < Lo || K > Hi)
      return true;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// An absolute value ptxas drops: of a square, which is never negative.
Value *getDroppedFabs(Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II || (II->getIntrinsicID() != Intrinsic::fabs &&
              II->getIntrinsicID() != Intrinsic::nvvm_fabs &&
              II->getIntrinsicID() != Intrinsic::nvvm_fabs_ftz))
    return nullptr;
  auto *M = dyn_cast<BinaryOperator>(II->getArgOperand(0));
  if (M && M->getOpcode() == Instruction::FMul &&
      M->getOperand(0) == M->getOperand(1))
    return M;
  return nullptr;
}

/// The value ptxas sees for V: selects whose condition it decides are the
/// arm they pick, the absolute value of a square the square.
Value *resolvePtxasSelects(Value *V) {
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    if (Value *Square = getDroppedFabs(V)) {
      V = Square;
      continue;
    }
    auto *Sel = dyn_cast<SelectInst>(V);
    if (!Sel)
      return V;
    std::optional<bool> D = getPtxasDecision(Sel->getCondition());
    if (!D)
      return V;
    V = *D ? Sel->getTrueValue() : Sel->getFalseValue();
  }
  return V;
}

/// Whether ptxas knows V's value when it assembles: a constant, or one of
/// the operations above over such values, through the selects it decides.
bool isPtxasConstant(const Value *V, unsigned Depth = 0) {
  V = resolvePtxasSelects(const_cast<Value *>(V));
  if (isa<Constant>(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth >= 6 || !ptxasFolds(*I))
    return false;
  const auto *Call = dyn_cast<CallBase>(I);
  auto Args = Call ? make_range(Call->arg_begin(), Call->arg_end())
                   : make_range(I->op_begin(), I->op_end());
  return all_of(
      Args, [&](const Use &U) { return isPtxasConstant(U.get(), Depth + 1); });
}

bool isFma(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && (II->getIntrinsicID() == Intrinsic::fma ||
                II->getIntrinsicID() == Intrinsic::fmuladd);
}

/// A product code generation turns into `x + x` when no sum of its block
/// takes it.
bool isTimesTwo(const Instruction &M) {
  return any_of(M.operands(), [](const Use &U) {
    const auto *C = dyn_cast<ConstantFP>(U.get());
    return C && C->isExactlyValue(2.0);
  });
}

class Pinner {
public:
  Pinner(Function &F) : F(F), DT(F), LI(DT) {}

  void run();

  SmallVector<ContractionPins::Record, 16> Records;

private:
  /// The three places code generation fuses, in the order they run.
  enum class Stage { Peephole, Dag, Ptxas };
  /// Which operand of the sum stage S fuses (0 or 1), if any.
  std::optional<unsigned> getFusedOperand(Instruction &Sum, Stage S);
  bool feedsOnlySums(const Instruction &M) const;
  bool ptxasFuses(const Instruction &M, const Instruction &Sum) const;
  const BasicBlock *getEmittedBlock(const Instruction &M) const;
  const BasicBlock *findEmittedBlock(const Instruction &M) const;
  bool hasConstantOperand(const Instruction &M) const;
  void hoistPartiallyRedundantProducts();
  struct MachineProduct;
  const MachineProduct *findMachineProduct(const Instruction &M) const;
  SmallVector<const Instruction *, 2>
  getMachineProduct(const Instruction &M) const;
  Instruction *findTailDuplicated(BasicBlock &J) const;
  void duplicateJoinBlocks(SmallVectorImpl<Instruction *> &Sums);
  SmallVector<Instruction *, 4> duplicateIntoPredecessors(Instruction &I);
  void fuse(Instruction &Sum, unsigned MulIdx);
  /// The multiply getFusedOperand found behind selects ptxas decides.
  BinaryOperator *ResolvedMul = nullptr;
  bool fuseDoubling(Instruction &D, Stage S);
  bool fuseDistributive(BinaryOperator &M);
  bool fuseReassociated(Instruction &Sum);
  void round(BinaryOperator &Mul);
  void replace(Instruction &Old, Instruction &New);
  void created(Instruction &New) {
    Records.push_back({&New, nullptr, nullptr});
  }
  void removeIfDead(Instruction &I);
  SmallVector<Value *, 3> detach(Instruction &I);
  unsigned getDagUses(const Instruction &M) const;
  bool hasOneLiveUse(const Value &V) const;
  Value *negate(Value *V, Instruction &Before, FastMathFlags FMF);
  void negateProduct(Value *&X, Value *&Y, Instruction &Before,
                     FastMathFlags FMF);

  Function &F;
  DominatorTree DT;
  LoopInfo LI;
  /// Instructions taken out of the function; their operands still list
  /// them as users.
  SmallPtrSet<const Instruction *, 16> Detached;
  /// Where the PTX computes each multiply left to ptxas (findEmittedBlock),
  /// found before ptxas's own fusions are modelled: MachineSink runs first.
  DenseMap<const Instruction *, const BasicBlock *> Emitted;
  /// Identical products as MachineCSE sees them
  /// (hoistPartiallyRedundantProducts): each first one, those hoisted into
  /// one multiply with it, and the block that multiply is in.
  struct MachineProduct {
    SmallVector<const Instruction *, 2> Members;
    const BasicBlock *At;
  };
  SmallVector<MachineProduct, 4> MachineProducts;
  DenseMap<const Instruction *, unsigned> MachineProductOf;
};

std::optional<unsigned> Pinner::getFusedOperand(Instruction &Sum, Stage S) {
  BinaryOperator *M[2] = {asContractableMul(Sum.getOperand(0)),
                          asContractableMul(Sum.getOperand(1))};
  ResolvedMul = nullptr;
  if (!M[0] && !M[1] && S != Stage::Ptxas)
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
  // What is left reaches ptxas as a plain mul feeding plain adds, the
  // first operand first, through the selects ptxas decides.
  for (unsigned Idx : {0u, 1u}) {
    BinaryOperator *R =
        asContractableMul(resolvePtxasSelects(Sum.getOperand(Idx)));
    if (R && ptxasFuses(*R, Sum)) {
      ResolvedMul = R;
      return Idx;
    }
  }
  return std::nullopt;
}

/// ptxas (--fmad=true) fuses a plain mul into an add/sub only where every
/// use of the product is such a sum (it does not keep a multiply alive to
/// fuse some of its uses; a product that is also an fma's addend stays a
/// mul), and then:
///   - in the multiply's own block, whatever its operands;
///   - in another block only when one operand is a constant (an immediate,
///     a value ptxas computes itself, like sqrt.approx(0.75), or a kernel
///     parameter, which ptxas reads from the constant bank), but not both
///     (ptxas folds the product),
///     and not in a block outside a loop that holds the multiply (a loop
///     exit): it recomputes `x * c` where it is added, but never `x * y`;
///     and never `x * 2.0`, which the DAG has made `x + x` by then.
/// bench/results/2026-11-25-ptxas-fusion-rule.txt has the probes.
/// Blocks are where the PTX has the multiply (getEmittedBlock).
bool Pinner::ptxasFuses(const Instruction &M, const Instruction &Sum) const {
  // `x * 2.0` is `x + x` by then, in its block too: a sum there that the
  // DAG did not fuse is a copy tail duplication put there later (fuzz
  // seed 520).
  if (isTimesTwo(M) || !all_of(getMachineProduct(M), [&](const Instruction *P) {
        return feedsOnlySums(*P);
      }))
    return false;
  // A product of two values ptxas knows is folded, not fused (fuzz seed 74:
  // sqrt.approx(0.75) * 0.25, sunk to its sum's block).
  if (all_of(M.operands(),
             [](const Use &U) { return isPtxasConstant(U.get()); }))
    return false;
  const BasicBlock *At = getEmittedBlock(M);
  if (At == Sum.getParent())
    return true;
  if (!hasConstantOperand(M))
    return false;
  const Loop *L = LI.getLoopFor(At);
  return !L || L->contains(Sum.getParent());
}

const BasicBlock *Pinner::getEmittedBlock(const Instruction &M) const {
  return Emitted.lookup_or(&M, M.getParent());
}

/// The block the PTX computes multiply M in, once the peephole and the DAG
/// took the sums they fuse: MachineSink moves an instruction none of whose
/// users is in its block into the successor that dominates them all, and
/// again from there, but not into a loop that does not hold it. So a
/// product whose sum in its own block became an fma, and whose other sums
/// are in one block below it, is computed there, and ptxas fuses it as a
/// product of that block (the Mandelbrot loop's zr*zr: |z|^2 fused in the
/// loop's test, zr*zr - zi*zi in its body; llc and ptxas -arch=sm_90, 5
/// FFMA where the IR's blocks predict 4; test/pin-contraction/sunk.ll).
const BasicBlock *Pinner::findEmittedBlock(const Instruction &M) const {
  const MachineProduct *Product = findMachineProduct(M);
  const BasicBlock *At = Product ? Product->At : M.getParent();
  SmallVector<const BasicBlock *, 4> UseBlocks;
  for (const Instruction *Member : getMachineProduct(M))
    for (const Use &U : Member->uses()) {
      const auto *I = cast<Instruction>(U.getUser());
      if (Detached.contains(I))
        continue;
      const auto *P = dyn_cast<PHINode>(I);
      const BasicBlock *B = P ? P->getIncomingBlock(U) : I->getParent();
      if (B == At)
        return B;
      UseBlocks.push_back(B);
    }
  while (!UseBlocks.empty() && !is_contained(UseBlocks, At)) {
    const BasicBlock *Next = nullptr;
    for (const BasicBlock *S : successors(At))
      if (S != At && DT.dominates(At, S) &&
          all_of(UseBlocks,
                 [&](const BasicBlock *B) { return DT.dominates(S, B); }))
        Next = S;
    const Loop *L = Next ? LI.getLoopFor(Next) : nullptr;
    if (!Next || (L && !L->contains(At)))
      break;
    At = Next;
  }
  return At;
}

/// MachineCSE's partial redundancy elimination (after tail duplication,
/// before MachineSink) hoists a multiply left after instruction selection
/// into the nearest common dominator of its block and of an identical
/// one's, where neither block dominates the other, one reaches the other,
/// and the dominator runs no more often than the two together; both are
/// then that one multiply, and ptxas fuses it only where all their uses
/// are sums (fuzz seed 662: `x * 0.5` made a double in one block and added
/// to 1.5 in a block it reaches, one multiply in the PTX, unfused).
void Pinner::hoistPartiallyRedundantProducts() {
  BranchProbabilityInfo BPI(F, LI);
  BlockFrequencyInfo BFI(F, BPI, LI);
  DenseMap<std::pair<Value *, Value *>, unsigned> Available;
  for (auto *Node : depth_first(DT.getRootNode())) {
    BasicBlock *B = Node->getBlock();
    for (Instruction &I : *B) {
      BinaryOperator *M = asContractableMul(&I);
      if (!M)
        continue;
      auto Key = std::make_pair(M->getOperand(0), M->getOperand(1));
      auto [It, New] = Available.try_emplace(Key, MachineProducts.size());
      if (New) {
        MachineProductOf[M] = MachineProducts.size();
        MachineProducts.push_back({{M}, B});
        continue;
      }
      MachineProduct &P = MachineProducts[It->second];
      const BasicBlock *B1 = P.At;
      // A copy the first dominates is left alone: code generation's GVN
      // would merge it before the DAG, which is not modelled.
      if (DT.dominates(B1, B))
        continue;
      BasicBlock *Common =
          DT.findNearestCommonDominator(const_cast<BasicBlock *>(B1), B);
      if (!isPotentiallyReachable(B1, B, nullptr, &DT, &LI) &&
          !isPotentiallyReachable(B, B1, nullptr, &DT, &LI))
        continue;
      if (BFI.getBlockFreq(Common) > BFI.getBlockFreq(B1) + BFI.getBlockFreq(B))
        continue;
      P.Members.push_back(M);
      P.At = Common;
      MachineProductOf[M] = It->second;
    }
  }
}

/// M's product, where hoistPartiallyRedundantProducts saw M (not in a
/// block the entry does not reach).
const Pinner::MachineProduct *
Pinner::findMachineProduct(const Instruction &M) const {
  auto It = MachineProductOf.find(&M);
  return It == MachineProductOf.end() ? nullptr : &MachineProducts[It->second];
}

SmallVector<const Instruction *, 2>
Pinner::getMachineProduct(const Instruction &M) const {
  const MachineProduct *Product = findMachineProduct(M);
  if (!Product)
    return {&M};
  return Product->Members;
}

/// The instruction of join block J that early tail duplication copies into
/// every predecessor, if any. It runs after instruction selection and
/// before MachineSink and ptxas, on a block of at most two machine
/// instructions (TailDuplicator's limit, but for -Os) past its PHIs, that
/// cannot fall through and whose predecessors all reach it by an
/// unconditional branch: here PHIs, one sum or product and a branch, and
/// no constant for the successor's PHIs. ptxas then meets each copy in a
/// predecessor, next to the value that flowed in through the PHI (fuzz
/// seed 4528: `phi(a * 1.5, b * c) + 2.0` fused in both arms), and a
/// product's copies reach their sums through a new PHI
/// (test/pin-contraction/tail-duplicated.ll).
Instruction *Pinner::findTailDuplicated(BasicBlock &J) const {
  if (J.isEntryBlock() || !isa<PHINode>(J.front()) || F.hasOptSize())
    return nullptr;
  auto *Br = dyn_cast<BranchInst>(J.getTerminator());
  if (!Br || Br->isConditional())
    return nullptr;
  // Code generation falls into a successor laid out next, and CodeGenPrepare
  // merges one that only J reaches into J.
  BasicBlock *Succ = Br->getSuccessor(0);
  if (Succ == &J || Succ == J.getNextNode() || Succ->getSinglePredecessor())
    return nullptr;
  // A constant the successor's PHIs take from J is a move in J.
  for (PHINode &Phi : Succ->phis()) {
    Value *In = Phi.getIncomingValueForBlock(&J);
    if (isa<Constant>(In) && !isa<UndefValue>(In))
      return nullptr;
  }
  Instruction *Only = nullptr;
  for (Instruction &I : make_range(J.getFirstNonPHIIt(), Br->getIterator())) {
    if (I.isDebugOrPseudoInst())
      continue;
    if (Only)
      return nullptr;
    Only = &I;
  }
  // `x * 2.0` is `x + x` by then, and ptxas fuses no copy of it; a constant
  // minus a value takes a move of the constant, a third instruction.
  if (!Only || !(isContractableSum(*Only) ||
                 (asContractableMul(Only) && !isTimesTwo(*Only))))
    return nullptr;
  if (Only->getOpcode() == Instruction::FSub &&
      isa<Constant>(Only->getOperand(0)))
    return nullptr;
  // A predecessor that is only a branch is gone by then (CodeGenPrepare).
  for (BasicBlock *P : predecessors(&J)) {
    auto *PBr = dyn_cast<BranchInst>(P->getTerminator());
    if (!PBr || PBr->isConditional() || &P->front() == PBr)
      return nullptr;
  }
  return Only;
}

/// Makes the copies early tail duplication will make (findTailDuplicated):
/// the sums left to ptxas are then the copies.
void Pinner::duplicateJoinBlocks(SmallVectorImpl<Instruction *> &Sums) {
  for (BasicBlock &J : F) {
    Instruction *I = findTailDuplicated(J);
    if (!I)
      continue;
    auto *Pos = find(Sums, I);
    if (isContractableSum(*I) && Pos == Sums.end())
      continue;
    SmallVector<Instruction *, 4> Copies = duplicateIntoPredecessors(*I);
    if (Pos != Sums.end()) {
      Sums.erase(Pos);
      Sums.append(Copies);
    }
  }
}

SmallVector<Instruction *, 4>
Pinner::duplicateIntoPredecessors(Instruction &I) {
  BasicBlock &J = *I.getParent();
  // In the order the block's PHIs list their predecessors.
  SmallVector<BasicBlock *, 4> Preds(cast<PHINode>(J.front()).blocks());
  PHINode *Merged = PHINode::Create(I.getType(), Preds.size());
  Merged->insertBefore(J.begin());
  SmallVector<Instruction *, 4> Copies;
  for (BasicBlock *P : Preds) {
    Instruction *Copy = I.clone();
    for (Use &U : Copy->operands())
      if (auto *Phi = dyn_cast<PHINode>(U.get()); Phi && Phi->getParent() == &J)
        U.set(Phi->getIncomingValueForBlock(P));
    Copy->insertBefore(P->getTerminator()->getIterator());
    Copy->setName(I.getName() + ".dup");
    created(*Copy);
    Merged->addIncoming(Copy, P);
    Copies.push_back(Copy);
  }
  replace(I, *Merged);
  // PHIs that only fed I are gone with it (a copy: removeIfDead records).
  SmallVector<Value *, 3> Operands = Records.back().Operands;
  for (Value *Op : Operands)
    if (auto *Phi = dyn_cast<PHINode>(Op); Phi && Phi->getParent() == &J)
      removeIfDead(*Phi);
  return Copies;
}

bool Pinner::hasConstantOperand(const Instruction &M) const {
  return any_of(M.operands(), [&](const Use &U) {
    if (isPtxasConstant(U.get()))
      return true;
    const auto *A = dyn_cast<Argument>(U.get());
    return A && A->getParent()->hasKernelCallingConv();
  });
}

bool Pinner::feedsOnlySums(const Instruction &M) const {
  return all_of(M.users(), [&](const User *U) {
    const auto *I = cast<Instruction>(U);
    if (Detached.contains(I) || isContractableSum(*I) || isDoubling(*I))
      return true;
    // ptxas drops the absolute value of a square: its users are the
    // product's.
    if (getDroppedFabs(const_cast<Instruction *>(I)) == &M)
      return feedsOnlySums(*I);
    // A select ptxas decides is the arm it picks: the product itself, or
    // not a use of it at all.
    const auto *Sel = dyn_cast<SelectInst>(I);
    std::optional<bool> D =
        Sel ? getPtxasDecision(Sel->getCondition()) : std::nullopt;
    if (!D)
      return false;
    const Value *Picked = *D ? Sel->getTrueValue() : Sel->getFalseValue();
    return Picked != &M || feedsOnlySums(*Sel);
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
  Records.push_back({&New, &Old, nullptr, detach(Old)});
}

void Pinner::removeIfDead(Instruction &I) {
  if (any_of(I.users(), [&](const User *U) {
        return !Detached.contains(cast<Instruction>(U));
      }))
    return;
  Instruction *Next = I.getNextNode();
  Records.push_back({nullptr, &I, Next, detach(I)});
}

SmallVector<Value *, 3> Pinner::detach(Instruction &I) {
  // A detached instruction that still used its operands would show up
  // among their users to the transform that runs next (a use with no
  // block: seen crashing region alignment's SSA update).
  SmallVector<Value *, 3> Operands(I.operand_values());
  for (Use &U : I.operands())
    U.set(PoisonValue::get(U->getType()));
  I.removeFromParent();
  Detached.insert(&I);
  return Operands;
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

/// -(x*y) as an fma's factors. The DAG combiner turns fma(-x, K, z) into
/// fma(x, -K, z) for a constant K (exact: the product only changes sign),
/// so the constant takes the sign, as in the PTX clang -O3 makes; arms that
/// write `y - x*K1` and `x*K2 + y` then pin to the same fma with different
/// constants, which meld.
void Pinner::negateProduct(Value *&X, Value *&Y, Instruction &Before,
                           FastMathFlags FMF) {
  if (isa<ConstantFP>(X) && !isa<ConstantFP>(Y))
    X = negate(X, Before, FMF);
  else if (isa<ConstantFP>(Y))
    Y = negate(Y, Before, FMF);
  else
    X = negate(X, Before, FMF);
}

void Pinner::fuse(Instruction &Sum, unsigned MulIdx) {
  auto *Mul =
      ResolvedMul ? ResolvedMul : cast<BinaryOperator>(Sum.getOperand(MulIdx));
  Value *X = Mul->getOperand(0), *Y = Mul->getOperand(1);
  Value *Z = Sum.getOperand(1 - MulIdx);
  if (Sum.getOpcode() == Instruction::FSub) {
    if (MulIdx == 0)
      Z = negate(Z, Sum, Sum.getFastMathFlags()); // x*y - z
    else
      negateProduct(X, Y, Sum, Mul->getFastMathFlags()); // z - x*y
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
  // multiply of the block, or its negation (the peephole's x*y - u*v).
  SmallVector<CallInst *, 4> Chain = {cast<CallInst>(Sum.getOperand(FmaIdx))};
  BinaryOperator *Mul;
  Instruction *Neg = nullptr;
  while (true) {
    Value *Addend = Chain.back()->getArgOperand(2);
    auto *N = dyn_cast<UnaryOperator>(Addend);
    if (N && N->getOpcode() == Instruction::FNeg && hasOneLiveUse(*N) &&
        N->getParent() == Sum.getParent()) {
      Neg = N;
      Addend = N->getOperand(0);
    }
    Mul = asContractableMul(Addend);
    if (Mul && hasOneLiveUse(*Mul) && Mul->getParent() == Sum.getParent())
      break;
    if (Neg)
      return false;
    if (!IsOneUseFmaHere(Addend))
      return false;
    Chain.push_back(cast<CallInst>(Addend));
  }
  Value *Z = Sum.getOperand(1 - FmaIdx);
  if (Sum.getOpcode() == Instruction::FSub)
    Z = negate(Z, Sum, Sum.getFastMathFlags());
  // The chain again, its innermost addend now fma(u, v, z); the old chain
  // and the multiply are left dead.
  Value *U = Mul->getOperand(0), *V = Mul->getOperand(1);
  if (Neg)
    negateProduct(U, V, Sum, Mul->getFastMathFlags());
  IRBuilder<> B(&Sum);
  Instruction *Acc =
      B.CreateIntrinsic(Intrinsic::fma, {Sum.getType()}, {U, V, Z});
  for (CallInst *C : reverse(Chain)) {
    Acc->setDebugLoc(Sum.getDebugLoc());
    created(*Acc);
    Acc = B.CreateIntrinsic(Intrinsic::fma, {Sum.getType()},
                            {C->getArgOperand(0), C->getArgOperand(1), Acc});
  }
  replace(Sum, *Acc);
  for (CallInst *C : Chain)
    removeIfDead(*C);
  if (Neg)
    removeIfDead(*Neg);
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

/// D = x * 2.0 left a product (no sum took it) is x + x by the time the
/// DAG combines its block's sums: a product x of the block fuses into it,
/// and one of another block where ptxas would fuse it.
bool Pinner::fuseDoubling(Instruction &D, Stage S) {
  auto *X = asContractableMul(D.getOperand(0));
  if (!X || Detached.contains(&D))
    return false;
  bool Fuses =
      S == Stage::Dag ? X->getParent() == D.getParent() : ptxasFuses(*X, D);
  if (!Fuses)
    return false;
  IRBuilder<> B(&D);
  CallInst *Fma = B.CreateIntrinsic(Intrinsic::fma, {D.getType()},
                                    {X->getOperand(0), X->getOperand(1), X});
  replace(D, *Fma);
  ++NumFused;
  return true;
}

/// Where infinities are ruled out (ninf, fast-math), the DAG turns a
/// product with x +- 1 of its block into an fma: (x + 1) * y is
/// fma(x, y, y), (x - 1) * y fma(x, y, -y), (1 - x) * y fma(-x, y, y),
/// (-1 - x) * y fma(-x, y, -y). It does so after the block's sums took
/// the products they fuse, for either operand, the first first.
bool Pinner::fuseDistributive(BinaryOperator &M) {
  if (Detached.contains(&M))
    return false;
  for (unsigned Idx : {0u, 1u}) {
    auto *A = dyn_cast<BinaryOperator>(M.getOperand(Idx));
    if (!A || A->getParent() != M.getParent() || !A->hasNoInfs() ||
        !A->hasAllowContract())
      continue;
    auto IsOne = [](const Value *V, double Sign) {
      const auto *C = dyn_cast<ConstantFP>(V);
      return C && C->isExactlyValue(Sign);
    };
    Value *X = nullptr;
    bool NegX = false, NegY = false;
    if (A->getOpcode() == Instruction::FAdd &&
        (IsOne(A->getOperand(1), 1.0) || IsOne(A->getOperand(1), -1.0))) {
      X = A->getOperand(0);
      NegY = IsOne(A->getOperand(1), -1.0);
    } else if (A->getOpcode() == Instruction::FSub &&
               (IsOne(A->getOperand(0), 1.0) ||
                IsOne(A->getOperand(0), -1.0))) {
      X = A->getOperand(1);
      NegX = true;
      NegY = IsOne(A->getOperand(0), -1.0);
    } else if (A->getOpcode() == Instruction::FSub &&
               (IsOne(A->getOperand(1), 1.0) ||
                IsOne(A->getOperand(1), -1.0))) {
      X = A->getOperand(0);
      NegY = IsOne(A->getOperand(1), 1.0);
    }
    if (!X)
      continue;
    Value *Y = M.getOperand(1 - Idx);
    if (NegX)
      X = negate(X, M, A->getFastMathFlags());
    Value *Z = NegY ? negate(Y, M, M.getFastMathFlags()) : Y;
    IRBuilder<> B(&M);
    CallInst *Fma = B.CreateIntrinsic(Intrinsic::fma, {M.getType()}, {X, Y, Z});
    replace(M, *Fma);
    removeIfDead(*A);
    ++NumFused;
    return true;
  }
  return false;
}

void Pinner::run() {
  SmallVector<Instruction *, 32> Sums, Doublings;
  for (Instruction &I : instructions(F)) {
    if (isContractableSum(I))
      Sums.push_back(&I);
    else if (isDoubling(I))
      Doublings.push_back(&I);
  }
  // Code generation fuses in this order: the IR peephole over the whole
  // function, then each block's DAG, then ptxas on what is left, once early
  // tail duplication copied small join blocks and MachineSink moved the
  // multiplies.
  for (Stage S : {Stage::Peephole, Stage::Dag, Stage::Ptxas}) {
    if (S == Stage::Ptxas) {
      duplicateJoinBlocks(Sums);
      hoistPartiallyRedundantProducts();
      for (Instruction &I : instructions(F))
        if (BinaryOperator *M = asContractableMul(&I))
          Emitted[M] = findEmittedBlock(*M);
    }
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
    if (S == Stage::Dag) {
      SmallVector<BinaryOperator *, 32> Muls;
      for (Instruction &I : instructions(F))
        if (BinaryOperator *M = asContractableMul(&I))
          Muls.push_back(M);
      for (BinaryOperator *M : Muls)
        fuseDistributive(*M);
    }
    if (S != Stage::Peephole)
      erase_if(Doublings, [&](Instruction *D) { return fuseDoubling(*D, S); });
  }
  SmallVector<BinaryOperator *, 32> Muls;
  for (Instruction &I : instructions(F))
    if (BinaryOperator *M = asContractableMul(&I))
      Muls.push_back(M);
  for (BinaryOperator *M : Muls)
    round(*M);
}

} // namespace

bool hasFastMathFolds(const Function &F) {
  for (const Instruction &I : instructions(F)) {
    const auto *FP = dyn_cast<FPMathOperator>(&I);
    if (!FP)
      continue;
    FastMathFlags FMF = FP->getFastMathFlags();
    if (FMF.noNaNs() || FMF.noInfs() || FMF.noSignedZeros() ||
        FMF.allowReassoc())
      return true;
  }
  return false;
}

bool hasContractionsToPin(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    return I.getOpcode() == Instruction::FMul && I.hasAllowContract() &&
           isPinnedType(I.getType());
  });
}

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
    // Later edits are undone already: the saved operands are in place.
    if (R.Old)
      for (auto [K, V] : enumerate(R.Operands))
        R.Old->setOperand(K, V);
    if (R.New && R.Old) {
      // A PHI that replaced an instruction leads its block; the
      // instruction goes back after the PHIs.
      R.Old->insertBefore(isa<PHINode>(R.New) && !isa<PHINode>(R.Old)
                              ? R.New->getParent()->getFirstNonPHIIt()
                              : R.New->getIterator());
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
