//===- GridEdgeTest.cpp - Branches on a thread's place in the grid --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "GridEdgeTest.h"
#include "VoteAwareUniformity.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace divopt {

/// Whether V is blockIdx * blockDim + threadIdx read from one dimension's
/// registers, Ctaid, Ntid and Tid (an `or disjoint` being an add).
template <Intrinsic::ID Tid, Intrinsic::ID Ctaid, Intrinsic::ID Ntid>
static bool isBlockPlusThread(const Value *V) {
  auto Offset = m_c_Mul(m_Intrinsic<Ctaid>(), m_Intrinsic<Ntid>());
  return match(V, m_CombineOr(m_c_Add(Offset, m_Intrinsic<Tid>()),
                              m_c_DisjointOr(Offset, m_Intrinsic<Tid>())));
}

/// Whether V is a thread's grid index itself along x, y or z.
static bool isBlockPlusThread(const Value *V) {
  using namespace Intrinsic;
  return isBlockPlusThread<nvvm_read_ptx_sreg_tid_x, nvvm_read_ptx_sreg_ctaid_x,
                           nvvm_read_ptx_sreg_ntid_x>(V) ||
         isBlockPlusThread<nvvm_read_ptx_sreg_tid_y, nvvm_read_ptx_sreg_ctaid_y,
                           nvvm_read_ptx_sreg_ntid_y>(V) ||
         isBlockPlusThread<nvvm_read_ptx_sreg_tid_z, nvvm_read_ptx_sreg_ctaid_z,
                           nvvm_read_ptx_sreg_ntid_z>(V);
}

/// Whether V is a thread's grid index along one dimension, moved by
/// warp-uniform amounts, scaled by positive constants or cast: monotone in
/// threadIdx.d across a warp, with the block's offset.
static bool isGridIndex(const Value *V, const VoteAwareUniformity &VU,
                        unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  if (isBlockPlusThread(V))
    return true;
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
