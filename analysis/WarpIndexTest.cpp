//===- WarpIndexTest.cpp - Branches on a thread's warp --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "WarpIndexTest.h"
#include "DivergenceAnalysis.h"
#include "DivergentBranch.h"
#include "KernelInfo.h"
#include "VoteAwareUniformity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/KnownBits.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace divopt {
namespace {

constexpr unsigned LaneIndexBits = 5; // 32 lanes to a warp.
constexpr unsigned MaxDepth = 16;

uint64_t allBits(unsigned Width) {
  return Width >= 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
}

/// The bits a carry out of any bit of M may reach: M's lowest set bit and
/// every bit above it.
uint64_t carried(uint64_t M, unsigned Width) {
  return M ? allBits(Width) & ~((M & -M) - 1) : 0;
}

/// The number of M's highest set bit, plus one: the low bits that hold
/// every varying bit.
unsigned spanOf(uint64_t M) { return M ? 64 - llvm::countl_zero(M) : 0; }

} // namespace

/// The bits of integer values that may differ between the lanes of a warp
/// whose lanes hold 32 consecutive threadIdx.x from a multiple of 32.
class LaneBits {
public:
  LaneBits(const VoteAwareUniformity &VU, const KernelInfo &KI,
           const DataLayout &DL)
      : VU(VU), DL(DL) {
    if (!KI.ReqBlockDims)
      return;
    auto [X, Y, Z] = *KI.ReqBlockDims;
    // Rows wider than a warp but not by whole warps: a warp holds the end
    // of one row and the start of the next.
    if (X > 32 && X % 32 && Y * Z > 1)
      TidXBits = std::nullopt;
    NtidXZeros = llvm::countr_zero(X);
  }

  /// The bits of V that may differ between the lanes of a warp: all of
  /// them for what the walk does not follow. A pointer or floating-point
  /// value counts as 64 bits, all of which differ unless none does.
  uint64_t get(const Value *V, unsigned Depth = 0);

  /// Each test starts with a full budget: what earlier tests found is
  /// kept, and does not count.
  void startTest() { Budget = MaxVisits; }

private:
  uint64_t compute(const Instruction &I, unsigned Depth);
  uint64_t computeInteger(const Instruction &I, unsigned Depth);
  /// A pointer or floating-point value: alike in every lane where its
  /// operands are, for what computes its result from them alone.
  uint64_t computeOpaque(const Instruction &I, unsigned Depth);
  uint64_t computeBinary(const BinaryOperator &BO, unsigned Depth);
  uint64_t computeCompare(const ICmpInst &Cmp, unsigned Depth);
  uint64_t computeCall(const CallBase &CB, unsigned Depth);
  uint64_t computePhi(const PHINode &Phi, unsigned Depth);
  /// Whether the lanes of a warp all take the same way at T.
  bool agreesAt(const Instruction &T, unsigned Depth);
  /// The divergent terminators whose lanes can come to J by different
  /// ways before they reconverge; nothing where finding them would cost
  /// too much.
  std::optional<ArrayRef<const Instruction *>> getPartings(const BasicBlock &J);
  void findPartings(const Function &F);
  /// Whether the lanes that run I left every cycle that defines one of
  /// its operands, and that I is outside, in the same iteration.
  bool leftCyclesTogether(const Instruction &I, unsigned Depth);
  bool allOperandsAlike(const Instruction &I, unsigned Depth) {
    return all_of(I.operands(),
                  [&](const Value *Op) { return !get(Op, Depth + 1); });
  }
  /// The low bits of V known to be zero in every lane, with blockDim.x a
  /// multiple of 32 where the kernel does not state it.
  unsigned getLowZeros(const Value *V, unsigned Depth);
  /// V's low bits known to be one.
  unsigned getLowOnes(const Value *V) {
    return computeKnownBits(V, DL).countMinTrailingOnes();
  }

  const VoteAwareUniformity &VU;
  const DataLayout &DL;
  /// The bits taken for each PHI whose incoming values are being walked
  /// (a loop's induction variable reads itself). What the walk finds
  /// meanwhile is Tentative: kept once every assumption holds, forgotten
  /// where one does not.
  DenseMap<const PHINode *, uint64_t> Assumed;
  DenseMap<const Value *, uint64_t> Tentative;
  /// For each block, the divergent terminators two of whose successors
  /// reach it without passing their immediate post-dominator (where SIMT
  /// code reconverges the lanes that parted there): found the first time
  /// a PHI needs them.
  DenseMap<const BasicBlock *, SmallVector<const Instruction *, 2>> Partings;
  enum class PartingsState { NotFound, Found, TooCostly };
  PartingsState PartingsFound = PartingsState::NotFound;
  /// A bound on the blocks findPartings visits in one function.
  static constexpr unsigned MaxPartingVisits = 200000;
  /// The values one test may compute: a bound on its time in functions of
  /// many PHIs. (A value cut short counts as differing in every bit, and
  /// so does what is computed from it: the walk only errs towards lane
  /// tests.)
  static constexpr unsigned MaxVisits = 20000;
  unsigned Budget = MaxVisits;
  /// threadIdx.x's varying bits: none where the block's rows split warps.
  std::optional<uint64_t> TidXBits = allBits(LaneIndexBits);
  unsigned NtidXZeros = LaneIndexBits;
  DenseMap<const Value *, uint64_t> Memo;
};

namespace {

unsigned getWidth(const Value *V) {
  if (auto *IT = dyn_cast<IntegerType>(V->getType()))
    return IT->getBitWidth() <= 64 ? IT->getBitWidth() : 0;
  return 0;
}

/// The bits get() tracks of V: an integer's, or 64 of a pointer or a
/// floating-point value.
unsigned getTrackedWidth(const Value *V) {
  Type *T = V->getType();
  return T->isPointerTy() || T->isFloatingPointTy() ? 64 : getWidth(V);
}

} // namespace

uint64_t LaneBits::get(const Value *V, unsigned Depth) {
  if (VU.isUniform(V))
    return 0;
  unsigned Width = getTrackedWidth(V);
  const auto *I = dyn_cast<Instruction>(V);
  if (!Width || !I || Depth > MaxDepth)
    return allBits(64);
  if (const auto *Phi = dyn_cast<PHINode>(I))
    if (auto It = Assumed.find(Phi); It != Assumed.end())
      return It->second;
  if (auto It = Memo.find(V); It != Memo.end())
    return It->second;
  if (auto It = Tentative.find(V); It != Tentative.end())
    return It->second;
  if (!Budget)
    return allBits(64);
  --Budget;
  uint64_t Bits = compute(*I, Depth) & allBits(Width);
  if (!V->getType()->isIntegerTy() && Bits)
    Bits = allBits(64);
  (Assumed.empty() ? Memo : Tentative)[V] = Bits;
  return Bits;
}

namespace {

/// Whether V is a thread's grid index along x, blockIdx.x * blockDim.x +
/// threadIdx.x (an `or disjoint` being an add), which no launch that an
/// int indexes makes negative.
bool isGridIndexX(const Value *V) {
  using namespace Intrinsic;
  auto Offset = m_c_Mul(m_Intrinsic<nvvm_read_ptx_sreg_ctaid_x>(),
                        m_Intrinsic<nvvm_read_ptx_sreg_ntid_x>());
  auto Tid = m_Intrinsic<nvvm_read_ptx_sreg_tid_x>();
  return match(V,
               m_CombineOr(m_c_Add(Offset, Tid), m_c_DisjointOr(Offset, Tid)));
}

} // namespace

uint64_t LaneBits::compute(const Instruction &I, unsigned Depth) {
  // A PHI's operands may read the PHI: it checks them under its
  // assumption.
  if (const auto *Phi = dyn_cast<PHINode>(&I))
    return computePhi(*Phi, Depth);
  if (!leftCyclesTogether(I, Depth))
    return allBits(64);
  // Lanes that read one address of memory a warp has one copy of read
  // one value: a warp's own record, `table[threadIdx.x / 32]`.
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return VU.readsOneCopy(*LI) && !get(LI->getPointerOperand(), Depth + 1)
               ? 0
               : allBits(64);
  if (!I.getType()->isIntegerTy())
    return computeOpaque(I, Depth);
  return computeInteger(I, Depth);
}

uint64_t LaneBits::computeOpaque(const Instruction &I, unsigned Depth) {
  bool FromOperands =
      isa<BinaryOperator, UnaryOperator, CastInst, GetElementPtrInst,
          SelectInst, FreezeInst>(I) ||
      (isa<CallBase>(I) && computesFromOperandsAlone(cast<CallBase>(I)));
  return FromOperands && allOperandsAlike(I, Depth) ? 0 : allBits(64);
}

uint64_t LaneBits::computeInteger(const Instruction &I, unsigned Depth) {
  const Value *V = &I;
  unsigned Width = getWidth(V);
  const Value *Op;
  if (match(V, m_ZExt(m_Value(Op))) || match(V, m_Trunc(m_Value(Op))) ||
      match(V, m_Freeze(m_Value(Op))))
    return get(Op, Depth + 1);
  if (match(V, m_SExt(m_Value(Op)))) {
    uint64_t M = get(Op, Depth + 1);
    unsigned From = getWidth(Op);
    // A varying sign bit varies every bit it is copied to.
    return M >> (From - 1) & 1 ? M | (allBits(Width) & ~allBits(From)) : M;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(V))
    return computeBinary(*BO, Depth);
  if (const auto *Cmp = dyn_cast<ICmpInst>(V))
    return computeCompare(*Cmp, Depth);
  if (const auto *Sel = dyn_cast<SelectInst>(V)) {
    if (get(Sel->getCondition(), Depth + 1))
      return allBits(Width);
    return get(Sel->getTrueValue(), Depth + 1) |
           get(Sel->getFalseValue(), Depth + 1);
  }
  if (const auto *CB = dyn_cast<CallBase>(V))
    return computeCall(*CB, Depth);
  // A float compared, a pointer's address: alike where their operands
  // are.
  if (isa<FCmpInst>(I) || isa<CastInst>(I))
    return allOperandsAlike(I, Depth) ? 0 : allBits(Width);
  return allBits(Width);
}

uint64_t LaneBits::computeCall(const CallBase &CB, unsigned Depth) {
  const auto *II = dyn_cast<IntrinsicInst>(&CB);
  if (!II)
    return allBits(64);
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    return TidXBits.value_or(allBits(64));
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
    return allBits(LaneIndexBits);
  default:
    return computesFromOperandsAlone(CB) && allOperandsAlike(CB, Depth)
               ? 0
               : allBits(64);
  }
}

uint64_t LaneBits::computePhi(const PHINode &Phi, unsigned Depth) {
  // In an irreducible cycle lanes may enter at different blocks.
  if (VU.isInIrreducibleCycle(*Phi.getParent()))
    return allBits(64);
  // The bits are found by iteration from none: each round takes the last
  // round's bits for the PHI where the walk reaches it again. Lanes that
  // run the PHI together came the same way where every divergent branch
  // whose lanes can come to its block by different ways (getPartings) is one
  // the lanes of a warp agree on: the PHI then holds one of its incoming
  // values in every lane.
  constexpr unsigned MaxRounds = 3;
  uint64_t Bits = 0;
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    Assumed[&Phi] = Bits;
    uint64_t Found = 0;
    for (const Value *In : Phi.incoming_values())
      Found |= get(In, Depth + 1);
    std::optional<ArrayRef<const Instruction *>> Parting =
        getPartings(*Phi.getParent());
    if (!Parting)
      Found = allBits(64);
    else
      for (const Instruction *T : *Parting)
        if (!agreesAt(*T, Depth + 1))
          Found = allBits(64);
    if (!leftCyclesTogether(Phi, Depth))
      Found = allBits(64);
    Found |= Bits;
    if (Found == Bits) {
      Assumed.erase(&Phi);
      if (Assumed.empty()) {
        Memo.insert(Tentative.begin(), Tentative.end());
        Tentative.clear();
      }
      return Bits;
    }
    // What was found under the old bits may understate the new ones.
    Tentative.clear();
    Bits = Found;
  }
  Assumed.erase(&Phi);
  Tentative.clear();
  return allBits(64);
}

bool LaneBits::agreesAt(const Instruction &T, unsigned Depth) {
  // Other multi-way terminators (indirectbr, callbr) are not followed.
  const Value *Cond = getBranchCondition(T);
  return Cond && !get(Cond, Depth);
}

std::optional<ArrayRef<const Instruction *>>
LaneBits::getPartings(const BasicBlock &J) {
  if (PartingsFound == PartingsState::NotFound)
    findPartings(*J.getParent());
  if (PartingsFound == PartingsState::TooCostly)
    return std::nullopt;
  auto It = Partings.find(&J);
  if (It == Partings.end())
    return ArrayRef<const Instruction *>();
  return ArrayRef<const Instruction *>(It->second);
}

void LaneBits::findPartings(const Function &F) {
  PostDominatorTree PDT(const_cast<Function &>(F));
  unsigned Visits = 0;
  for (const BasicBlock &BB : F) {
    if (!VU.hasDivergentTerminator(BB))
      continue;
    // Null where the successors meet only at the virtual exit.
    const BasicBlock *Meet = nullptr;
    if (const DomTreeNode *N = PDT.getNode(&BB); N && N->getIDom())
      Meet = N->getIDom()->getBlock();
    // How many of BB's distinct successors reach each block before Meet
    // (Meet itself counted, not passed).
    DenseMap<const BasicBlock *, unsigned> Reached;
    SmallPtrSet<const BasicBlock *, 4> Distinct;
    for (const BasicBlock *S : successors(&BB)) {
      if (!Distinct.insert(S).second)
        continue;
      SmallPtrSet<const BasicBlock *, 32> Seen;
      SmallVector<const BasicBlock *, 16> Work{S};
      while (!Work.empty()) {
        const BasicBlock *B = Work.pop_back_val();
        if (!Seen.insert(B).second)
          continue;
        if (++Visits > MaxPartingVisits) {
          Partings.clear();
          PartingsFound = PartingsState::TooCostly;
          return;
        }
        ++Reached[B];
        if (B != Meet)
          append_range(Work, successors(B));
      }
    }
    for (const auto &[B, N] : Reached)
      if (N >= 2)
        Partings[B].push_back(BB.getTerminator());
  }
  PartingsFound = PartingsState::Found;
}

bool LaneBits::leftCyclesTogether(const Instruction &I, unsigned Depth) {
  const auto *Phi = dyn_cast<PHINode>(&I);
  for (const Use &U : I.operands()) {
    // A PHI reads its incoming value at the end of the incoming block.
    const BasicBlock &At = Phi ? *Phi->getIncomingBlock(U) : *I.getParent();
    if (VU.anyDivergentExit(U.get(), At, [&](const Instruction &T) {
          return !agreesAt(T, Depth + 1);
        }))
      return false;
  }
  return true;
}

uint64_t LaneBits::computeBinary(const BinaryOperator &BO, unsigned Depth) {
  unsigned Width = getWidth(&BO);
  const Value *L = BO.getOperand(0), *R = BO.getOperand(1);
  uint64_t ML = get(L, Depth + 1), MR = get(R, Depth + 1);
  const auto *C = dyn_cast<ConstantInt>(R);
  uint64_t Amount = C && C->getValue().ult(Width) ? C->getZExtValue() : 64;
  switch (BO.getOpcode()) {
  case Instruction::Or:
    if (!cast<PossiblyDisjointInst>(BO).isDisjoint())
      return ML | MR;
    [[fallthrough]];
  case Instruction::Add:
  case Instruction::Sub: {
    // An amount whose low bits are zero below every varying bit of the
    // other operand moves the lanes' values together: no carry comes out
    // of the bits that vary. (Subtracting it adds its negation, whose low
    // zeros are its own.)
    if (!MR && getLowZeros(R, Depth + 1) >= spanOf(ML))
      return ML;
    if (!ML && BO.getOpcode() != Instruction::Sub &&
        getLowZeros(L, Depth + 1) >= spanOf(MR))
      return MR;
    return carried(ML | MR, Width);
  }
  case Instruction::Xor:
    return ML | MR;
  case Instruction::And:
    if (C)
      return ML & C->getZExtValue();
    return ML | MR;
  case Instruction::Shl:
    if (MR)
      return allBits(Width);
    return Amount < 64 ? ML << Amount : carried(ML, Width);
  case Instruction::LShr:
    if (MR)
      return allBits(Width);
    return Amount < 64 ? ML >> Amount : allBits(spanOf(ML));
  case Instruction::AShr: {
    // Rounds down, as a shift right of the non-negative does: lanes a
    // multiple of 2^Amount apart stay so, whatever their sign.
    if (MR || Amount == 64)
      return allBits(Width);
    uint64_t M = ML >> Amount;
    return ML >> (Width - 1) & 1
               ? M | (allBits(Width) & ~allBits(Width - Amount))
               : M;
  }
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem: {
    // By a power of two: a shift or a mask. sdiv and srem round towards
    // zero, which a shift does only where the dividend is not negative.
    if (MR || !C || !C->getValue().isPowerOf2())
      return allBits(Width);
    bool Signed = BO.getOpcode() == Instruction::SDiv ||
                  BO.getOpcode() == Instruction::SRem;
    if (Signed && !isGridIndexX(L) && !computeKnownBits(L, DL).isNonNegative())
      return allBits(Width);
    unsigned Log = C->getValue().logBase2();
    bool Div = BO.getOpcode() == Instruction::UDiv ||
               BO.getOpcode() == Instruction::SDiv;
    return Div ? ML >> Log : ML & allBits(Log);
  }
  case Instruction::Mul: {
    // A product's low bits depend only on the factors' bits at or below
    // them: nothing below the lowest varying bit (times C's low zeros)
    // varies.
    if (ML && MR)
      return allBits(Width);
    uint64_t M = ML | MR;
    const Value *Other = ML ? R : L;
    unsigned Zeros = getLowZeros(Other, Depth + 1);
    return Zeros >= 64 ? 0 : carried(M << Zeros, Width);
  }
  default:
    return allBits(Width);
  }
}

uint64_t LaneBits::computeCompare(const ICmpInst &Cmp, unsigned Depth) {
  const Value *L = Cmp.getOperand(0), *R = Cmp.getOperand(1);
  uint64_t ML = get(L, Depth + 1), MR = get(R, Depth + 1);
  if (!ML && !MR)
    return 0;
  if (ML && MR)
    return 1;
  ICmpInst::Predicate P = Cmp.getPredicate();
  if (MR) {
    std::swap(L, R);
    std::swap(ML, MR);
    P = ICmpInst::getSwappedPredicate(P);
  }
  if (Cmp.isEquality())
    return 1;
  // X against a bound U the lanes share: where U's low bits below every
  // varying bit of X are zero (X < U, X >= U) or one (X <= U, X > U), X
  // and U compare as their high bits do, which every lane holds alike. A
  // signed compare needs X's sign bit alike too.
  unsigned Span = spanOf(ML);
  if (ICmpInst::isSigned(P) && Span >= getWidth(L))
    return 1;
  switch (ICmpInst::getUnsignedPredicate(P)) {
  case ICmpInst::ICMP_ULT:
  case ICmpInst::ICMP_UGE:
    return getLowZeros(R, Depth + 1) >= Span ? 0 : 1;
  case ICmpInst::ICMP_ULE:
  case ICmpInst::ICMP_UGT:
    return getLowOnes(R) >= Span ? 0 : 1;
  default:
    return 1;
  }
}

unsigned LaneBits::getLowZeros(const Value *V, unsigned Depth) {
  unsigned Width = getWidth(V);
  if (!Width)
    return 0;
  unsigned Known = computeKnownBits(V, DL).countMinTrailingZeros();
  if (Depth > MaxDepth)
    return Known;
  unsigned Structural = 0;
  const Value *A, *B;
  const APInt *C;
  if (match(V, m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_ntid_x>()))
    Structural = NtidXZeros;
  else if (match(V, m_Mul(m_Value(A), m_Value(B))))
    Structural = getLowZeros(A, Depth + 1) + getLowZeros(B, Depth + 1);
  else if (match(V, m_Shl(m_Value(A), m_APInt(C))) && C->ult(Width))
    Structural = getLowZeros(A, Depth + 1) + C->getZExtValue();
  else if (match(V, m_CombineOr(
                        m_Add(m_Value(A), m_Value(B)),
                        m_CombineOr(m_Sub(m_Value(A), m_Value(B)),
                                    m_DisjointOr(m_Value(A), m_Value(B))))))
    Structural = std::min(getLowZeros(A, Depth + 1), getLowZeros(B, Depth + 1));
  else if (match(V, m_And(m_Value(A), m_Value(B))))
    Structural = std::max(getLowZeros(A, Depth + 1), getLowZeros(B, Depth + 1));
  else if (match(V, m_CombineOr(m_ZExtOrSExt(m_Value(A)), m_Trunc(m_Value(A)))))
    Structural = getLowZeros(A, Depth + 1);
  return std::min(Width, std::max(Known, Structural));
}

WarpLanes::WarpLanes(const VoteAwareUniformity &VU, const KernelInfo &KI,
                     const DataLayout &DL)
    : VU(VU), Bits(std::make_unique<LaneBits>(VU, KI, DL)) {}

WarpLanes::~WarpLanes() = default;

bool WarpLanes::isWarpIndexTest(const Value *Cond) {
  if (!isa_and_nonnull<Instruction>(Cond) || !VU.isDivergent(Cond))
    return false;
  Bits->startTest();
  return Bits->get(Cond) == 0;
}

bool isWarpIndexTest(const Value *Cond, const DivergenceInfo &DI) {
  return DI.getWarpLanes().isWarpIndexTest(Cond);
}

bool isWarpIndexTest(const DivergentBranch &DB, const DivergenceInfo &DI) {
  return isWarpIndexTest(getBranchCondition(*DB.Term), DI);
}

} // namespace divopt
