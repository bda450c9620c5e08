//===- GlobalThreadIndex.cpp - Where a kernel reads its thread index ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/GlobalThreadIndex.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace divopt {

namespace {

/// Special registers that name a thread's place in its block or warp.
bool isPlaceRegister(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
  case Intrinsic::nvvm_read_ptx_sreg_warpid:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_eq:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_le:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_lt:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_ge:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_gt:
  case Intrinsic::nvvm_read_ptx_sreg_smid:
    return true;
  default:
    return false;
  }
}

/// The index in 32 bits, or in 64 with each register zero-extended
/// ((size_t)blockIdx.x * blockDim.x + threadIdx.x).
bool isGlobalIndex(const Instruction &I) {
  using namespace Intrinsic;
  return match(
      &I,
      m_c_Add(m_c_Mul(m_ZExtOrSelf(m_Intrinsic<nvvm_read_ptx_sreg_ctaid_x>()),
                      m_ZExtOrSelf(m_Intrinsic<nvvm_read_ptx_sreg_ntid_x>())),
              m_ZExtOrSelf(m_Intrinsic<nvvm_read_ptx_sreg_tid_x>())));
}

/// Whether every use of V (a tid.x or ctaid.x read, or what the index
/// builds from it: its zero extension, ctaid.x * ntid.x) ends in a global
/// index.
bool feedsOnlyGlobalIndices(const Value &V, unsigned Depth = 0) {
  if (Depth > 2 || V.use_empty())
    return false;
  for (const User *U : V.users()) {
    const auto *I = dyn_cast<Instruction>(U);
    if (!I)
      return false;
    if (isGlobalIndex(*I))
      continue;
    bool Step = I->getOpcode() == Instruction::Mul ||
                I->getOpcode() == Instruction::ZExt;
    if (!Step || !feedsOnlyGlobalIndices(*I, Depth + 1))
      return false;
  }
  return true;
}

/// Why Call would stop remapping, or an empty string.
std::string callBlocker(const CallBase &Call) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    Intrinsic::ID ID = II->getIntrinsicID();
    if (ID == Intrinsic::nvvm_read_ptx_sreg_tid_x ||
        ID == Intrinsic::nvvm_read_ptx_sreg_ctaid_x)
      return feedsOnlyGlobalIndices(Call)
                 ? ""
                 : std::string(Call.getCalledFunction()->getName()) +
                       " is used outside blockIdx.x*blockDim.x+threadIdx.x";
    if (isPlaceRegister(ID))
      return "reads " + std::string(Call.getCalledFunction()->getName());
    if (!Call.isConvergent())
      return "";
  }
  if (Call.isConvergent() || Call.isInlineAsm() || !Call.getCalledFunction())
    return "calls " +
           (Call.getCalledFunction()
                ? std::string(Call.getCalledFunction()->getName())
                : std::string(Call.isInlineAsm() ? "inline asm"
                                                 : "through a pointer")) +
           " (a barrier, warp-collective or opaque call sees its block and "
           "warp)";
  return "";
}

/// Shared memory is shared with the block: a moved thread would miss it.
bool touchesSharedMemory(const Instruction &I) {
  if (const auto *P = dyn_cast<PointerType>(I.getType()))
    if (P->getAddressSpace() == 3)
      return true;
  for (const Value *Op : I.operands())
    if (const auto *P = dyn_cast<PointerType>(Op->getType()))
      if (P->getAddressSpace() == 3)
        return true;
  return false;
}

} // namespace

GlobalThreadIndex findGlobalThreadIndex(Function &F) {
  GlobalThreadIndex R;
  for (Instruction &I : instructions(F)) {
    if (isGlobalIndex(I))
      R.Indices.push_back(&I);
    std::string Why;
    if (const auto *Call = dyn_cast<CallBase>(&I))
      Why = callBlocker(*Call);
    else if (touchesSharedMemory(I))
      Why = "uses shared memory (shared with its block)";
    if (!Why.empty() && R.Blocker.empty()) {
      R.Blocker = Why;
      R.BlockerAt = &I;
    }
  }
  if (R.Blocker.empty() && R.Indices.empty())
    R.Blocker = "computes no blockIdx.x*blockDim.x+threadIdx.x";
  return R;
}

} // namespace divopt
