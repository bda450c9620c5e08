//===- WarpIndexTest.cpp - Branches on a thread's warp
//---------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "WarpIndexTest.h"
#include "DivergenceAnalysis.h"
#include "KernelInfo.h"
#include "VoteAwareUniformity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ValueTracking.h"
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
  /// them for what the walk does not follow.
  uint64_t get(const Value *V, unsigned Depth = 0);

private:
  uint64_t compute(const Value *V, unsigned Depth);
  uint64_t computeBinary(const BinaryOperator &BO, unsigned Depth);
  uint64_t computeCompare(const ICmpInst &Cmp, unsigned Depth);
  uint64_t computeCall(const CallBase &CB);
  /// The low bits of V known to be zero in every lane, with blockDim.x a
  /// multiple of 32 where the kernel does not state it.
  unsigned getLowZeros(const Value *V, unsigned Depth);
  /// V's low bits known to be one.
  unsigned getLowOnes(const Value *V) {
    return computeKnownBits(V, DL).countMinTrailingOnes();
  }

  const VoteAwareUniformity &VU;
  const DataLayout &DL;
  /// threadIdx.x's varying bits: none where the block's rows split warps.
  std::optional<uint64_t> TidXBits = allBits(LaneIndexBits);
  unsigned NtidXZeros = LaneIndexBits;
  DenseMap<const Value *, uint64_t> Memo;
};

unsigned getWidth(const Value *V) {
  if (auto *IT = dyn_cast<IntegerType>(V->getType()))
    return IT->getBitWidth() <= 64 ? IT->getBitWidth() : 0;
  return 0;
}

uint64_t LaneBits::get(const Value *V, unsigned Depth) {
  if (VU.isUniform(V))
    return 0;
  unsigned Width = getWidth(V);
  if (!Width || Depth > MaxDepth)
    return allBits(64);
  if (auto It = Memo.find(V); It != Memo.end())
    return It->second;
  uint64_t Bits = compute(V, Depth) & allBits(Width);
  Memo[V] = Bits;
  return Bits;
}

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

uint64_t LaneBits::compute(const Value *V, unsigned Depth) {
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
    return computeCall(*CB);
  return allBits(Width);
}

uint64_t LaneBits::computeCall(const CallBase &CB) {
  const auto *II = dyn_cast<IntrinsicInst>(&CB);
  if (!II)
    return allBits(64);
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    return TidXBits.value_or(allBits(64));
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
    return allBits(LaneIndexBits);
  default:
    return allBits(64);
  }
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

} // namespace

bool isWarpIndexTest(const Value *Cond, const VoteAwareUniformity &VU,
                     const KernelInfo &KI) {
  const auto *I = dyn_cast_or_null<Instruction>(Cond);
  if (!I || !VU.isDivergent(Cond))
    return false;
  LaneBits Bits(VU, KI, I->getModule()->getDataLayout());
  return Bits.get(Cond) == 0;
}

bool isWarpIndexTest(const DivergentBranch &DB, const DivergenceInfo &DI) {
  return isWarpIndexTest(getBranchCondition(*DB.Term), DI.getUniformity(),
                         DI.getKernelInfo());
}

} // namespace divopt
