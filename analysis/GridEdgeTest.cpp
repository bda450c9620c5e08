//===- GridEdgeTest.cpp - Branches on a thread's place in the grid --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "GridEdgeTest.h"
#include "VoteAwareUniformity.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace divopt {

/// The dimension (0-2) whose special register V reads, of the three
/// registers given for x.
static std::optional<unsigned> readsDimension(const Value *V, Intrinsic::ID X,
                                              Intrinsic::ID Y,
                                              Intrinsic::ID Z) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return std::nullopt;
  Intrinsic::ID ID = II->getIntrinsicID();
  if (ID == X)
    return 0;
  if (ID == Y)
    return 1;
  if (ID == Z)
    return 2;
  return std::nullopt;
}

static std::optional<unsigned> threadIdDimension(const Value *V) {
  return readsDimension(V, Intrinsic::nvvm_read_ptx_sreg_tid_x,
                        Intrinsic::nvvm_read_ptx_sreg_tid_y,
                        Intrinsic::nvvm_read_ptx_sreg_tid_z);
}

/// Whether V is blockIdx.d * blockDim.d.
static bool isBlockOffset(const Value *V, unsigned D) {
  const Value *A, *B;
  if (!match(V, m_Mul(m_Value(A), m_Value(B))))
    return false;
  auto Ctaid = [](const Value *X) {
    return readsDimension(X, Intrinsic::nvvm_read_ptx_sreg_ctaid_x,
                          Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
                          Intrinsic::nvvm_read_ptx_sreg_ctaid_z);
  };
  auto Ntid = [](const Value *X) {
    return readsDimension(X, Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                          Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                          Intrinsic::nvvm_read_ptx_sreg_ntid_z);
  };
  return (Ctaid(A) == D && Ntid(B) == D) || (Ctaid(B) == D && Ntid(A) == D);
}

/// Whether V is a thread's grid index along one dimension, moved by
/// warp-uniform amounts, scaled by positive constants or cast: monotone in
/// threadIdx.d across a warp, with the block's offset.
static bool isGridIndex(const Value *V, const VoteAwareUniformity &VU,
                        unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  const Value *Op;
  if (match(V, m_CombineOr(m_ZExtOrSExt(m_Value(Op)), m_Trunc(m_Value(Op)))))
    return isGridIndex(Op, VU, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(V);
  if (!BO)
    return false;
  const Value *L = BO->getOperand(0), *R = BO->getOperand(1);
  switch (BO->getOpcode()) {
  case Instruction::Or:
    // An `or disjoint` is an add; another or is not monotone.
    if (!cast<PossiblyDisjointInst>(BO)->isDisjoint())
      return false;
    [[fallthrough]];
  case Instruction::Add:
    // blockIdx.d * blockDim.d + threadIdx.d itself.
    for (auto [T, O] : {std::pair(L, R), std::pair(R, L)})
      if (std::optional<unsigned> D = threadIdDimension(T);
          D && isBlockOffset(O, *D))
        return true;
    [[fallthrough]];
  case Instruction::Sub:
    if (VU.isUniform(R))
      return isGridIndex(L, VU, Depth + 1);
    return BO->getOpcode() != Instruction::Sub && VU.isUniform(L) &&
           isGridIndex(R, VU, Depth + 1);
  case Instruction::Mul:
  case Instruction::Shl: {
    const auto *C = dyn_cast<ConstantInt>(R);
    if (!C && BO->getOpcode() == Instruction::Mul) {
      C = dyn_cast<ConstantInt>(L);
      L = R;
    }
    return C && C->getValue().isStrictlyPositive() &&
           isGridIndex(L, VU, Depth + 1);
  }
  default:
    return false;
  }
}

bool isGridEdgeTest(const Value *Cond, const VoteAwareUniformity &VU) {
  const Value *A, *B;
  if (match(Cond, m_Not(m_Value(A))))
    return isGridEdgeTest(A, VU);
  if (match(Cond, m_CombineOr(m_LogicalAnd(m_Value(A), m_Value(B)),
                              m_LogicalOr(m_Value(A), m_Value(B)))))
    return isGridEdgeTest(A, VU) && isGridEdgeTest(B, VU);
  const auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp)
    return false;
  const Value *L = Cmp->getOperand(0), *R = Cmp->getOperand(1);
  return (isGridIndex(L, VU) && VU.isUniform(R)) ||
         (isGridIndex(R, VU) && VU.isUniform(L));
}

} // namespace divopt
