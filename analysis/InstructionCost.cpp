//===- InstructionCost.cpp - Issue cost of NVVM IR instructions -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "InstructionCost.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace divopt {

static bool isWide(const Type *T) { return T->getScalarSizeInBits() > 32; }

/// Whether every user of I is floating-point arithmetic, which takes I's
/// value with an absolute-value or negation modifier on its operand (SASS
/// FADD, FMUL, FFMA, FSETP, FMNMX and MUFU do): then fabs or fneg costs no
/// instruction of its own.
static bool isFoldedIntoUsers(const Instruction &I) {
  return !I.use_empty() && all_of(I.users(), [](const User *U) {
    const auto *UI = dyn_cast<Instruction>(U);
    if (!UI || isa<SelectInst>(UI) || isa<PHINode>(UI))
      return false;
    switch (classify(*UI)) {
    case OpClass::FP32:
    case OpClass::FP64:
    case OpClass::FP16:
    case OpClass::Special:
    case OpClass::Divide:
      return true;
    default:
      return false;
    }
  });
}

/// An absolute value or negation: a modifier where its users take it.
static OpClass classifySignOp(const Instruction &I, OpClass Otherwise) {
  return isFoldedIntoUsers(I) ? OpClass::Free : Otherwise;
}

/// The NVVM intrinsics that libdevice and the CUDA headers emit, each by
/// the SASS it becomes; none is a call.
static std::optional<OpClass> classifyNVVM(const IntrinsicInst &II) {
  StringRef Name = II.getCalledFunction()->getName();
  if (!Name.consume_front("llvm.nvvm."))
    return std::nullopt;
  bool Double = II.getType()->isDoubleTy();
  auto Any = [&](std::initializer_list<StringRef> Prefixes) {
    return any_of(Prefixes, [&](StringRef P) { return Name.starts_with(P); });
  };
  if (Name.starts_with("read.ptx.sreg."))
    return OpClass::IntALU; // S2R: one move.
  if (Name.starts_with("fabs"))
    return classifySignOp(II, Double ? OpClass::FP64 : OpClass::FP32);
  if (Any({"sqrt.approx", "rsqrt", "ex2", "lg2", "sin", "cos", "rcp.approx",
           "div.approx"}))
    return OpClass::Special; // One MUFU.
  if (Any({"div", "rcp", "sqrt"}))
    return OpClass::Divide;
  if (Any({"fma", "add", "mul.r", "saturate", "fmin", "fmax"}))
    return Double ? OpClass::FP64 : OpClass::FP32;
  if (Any({"mulhi", "mul24"}))
    return isWide(II.getType()) ? OpClass::Int64 : OpClass::IntMul;
  // A barrier (BAR.SYNC) issues once; the wait for the block's other warps
  // is theirs.
  if (Any({"prmt", "vote", "activemask", "bar.warp.sync", "barrier", "brev",
           "clz", "popc", "lohi.i2d", "d2i.lo", "d2i.hi"}))
    return OpClass::IntALU;
  // Shuffles and warp reductions go to the MIO pipe, as shared-memory
  // accesses do, at 16-32 a clock per SM.
  if (Any({"shfl", "redux", "match"}))
    return OpClass::Memory;
  if (Name.contains("2f.") || Name.contains("2i.") || Name.contains("2ll.") ||
      Name.contains("2ui.") || Name.contains("2ull.") || Name.contains("2d."))
    return OpClass::Convert;
  if (Any({"atomic", "membar", "fence"}))
    return OpClass::Atomic;
  return std::nullopt;
}

/// The accesses NVPTX expands a memcpy, memmove or memset of a constant
/// length into (a struct copy: 8 loads and 8 stores for 32 bytes aligned to
/// 4), straight or, past 128 bytes, in a loop: one load and one store (one
/// store for a memset) per chunk of its alignment, at most 16 bytes. None
/// for a length only known at run time.
static std::optional<uint64_t> getMemIntrinsicAccesses(const MemIntrinsic &MI) {
  const auto *Len = dyn_cast<ConstantInt>(MI.getLength());
  if (!Len)
    return std::nullopt;
  uint64_t Chunk =
      std::min<uint64_t>(16, MI.getDestAlign().valueOrOne().value());
  if (const auto *MT = dyn_cast<MemTransferInst>(&MI))
    Chunk =
        std::min<uint64_t>(Chunk, MT->getSourceAlign().valueOrOne().value());
  uint64_t Chunks = divideCeil(Len->getZExtValue(), Chunk);
  return isa<MemSetInst>(MI) ? Chunks : 2 * Chunks;
}

static OpClass classifyIntrinsic(const IntrinsicInst &II) {
  switch (II.getIntrinsicID()) {
  case Intrinsic::fabs:
    return classifySignOp(II, II.getType()->isDoubleTy() ? OpClass::FP64
                                                         : OpClass::FP32);
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::copysign:
    return II.getType()->isDoubleTy() ? OpClass::FP64 : OpClass::FP32;
  case Intrinsic::sqrt:
    return OpClass::Divide;
  case Intrinsic::floor:
  case Intrinsic::ceil:
  case Intrinsic::trunc:
  case Intrinsic::round:
  case Intrinsic::roundeven:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
    return OpClass::Convert; // FRND, on the conversion unit.
  case Intrinsic::sin:
  case Intrinsic::cos:
  case Intrinsic::exp2:
  case Intrinsic::log2:
    return OpClass::Special;
  case Intrinsic::smin:
  case Intrinsic::smax:
  case Intrinsic::umin:
  case Intrinsic::umax:
  case Intrinsic::abs:
  case Intrinsic::ctpop:
  case Intrinsic::ctlz:
  case Intrinsic::cttz:
  case Intrinsic::bitreverse:
  case Intrinsic::bswap:
  case Intrinsic::fshl:
  case Intrinsic::fshr:
    return isWide(II.getType()) ? OpClass::Int64 : OpClass::IntALU;
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    // Of a constant length NVPTX expands it into loads and stores
    // (getExpansion); of a length known only at run time into a loop of
    // unknown trips, costed as a call.
    if (std::optional<uint64_t> N =
            getMemIntrinsicAccesses(cast<MemIntrinsic>(II)))
      return *N ? OpClass::Memory : OpClass::Free;
    return OpClass::Call;
  case Intrinsic::assume:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::experimental_noalias_scope_decl:
    return OpClass::Free;
  default:
    break;
  }
  return classifyNVVM(II).value_or(OpClass::Call);
}

static OpClass classifyFloat(const Instruction &I) {
  const Type *T = I.getType()->getScalarType();
  if (T->isDoubleTy())
    return OpClass::FP64;
  if (T->isHalfTy() || T->isBFloatTy())
    return OpClass::FP16;
  return OpClass::FP32;
}

/// Whether I is an integer division or remainder by a constant, which NVPTX
/// expands to multiplies and shifts rather than its division subroutine.
static bool isDivisionByConstant(const Instruction &I) {
  const auto *BO = dyn_cast<BinaryOperator>(&I);
  return BO && BO->isIntDivRem() && isa<ConstantInt>(BO->getOperand(1));
}

OpClass classify(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::PHI:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze:
  case Instruction::Unreachable:
    return OpClass::Free;
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
    return classifyFloat(I);
  case Instruction::FNeg:
    return classifySignOp(I, classifyFloat(I));
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SRem:
  case Instruction::URem:
    if (isDivisionByConstant(I)) // Multiplies and shifts.
      return isWide(I.getType()) ? OpClass::Int64 : OpClass::IntMul;
    return OpClass::Divide;
  case Instruction::FDiv:
  case Instruction::FRem:
    return OpClass::Divide;
  case Instruction::FCmp:
    return isWide(I.getOperand(0)->getType()) ? OpClass::FP64 : OpClass::FP32;
  case Instruction::Mul:
    return isWide(I.getType()) ? OpClass::Int64 : OpClass::IntMul;
  case Instruction::ICmp:
    return isWide(I.getOperand(0)->getType()) ? OpClass::Int64
                                              : OpClass::IntALU;
  case Instruction::FPToSI:
  case Instruction::FPToUI:
  case Instruction::SIToFP:
  case Instruction::UIToFP:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
    return OpClass::Convert;
  case Instruction::Load:
  case Instruction::Store:
    return OpClass::Memory;
  case Instruction::AtomicRMW:
  case Instruction::AtomicCmpXchg:
  case Instruction::Fence:
    return OpClass::Atomic;
  case Instruction::Br:
    return cast<BranchInst>(I).isConditional() ? OpClass::Branch
                                               : OpClass::Jump;
  case Instruction::Switch:
  case Instruction::IndirectBr:
    return OpClass::Branch;
  case Instruction::Ret:
    return OpClass::Jump;
  case Instruction::Call:
    if (const auto *II = dyn_cast<IntrinsicInst>(&I))
      return classifyIntrinsic(*II);
    return OpClass::Call;
  default:
    // Integer ALU, casts, GEPs, selects, vector element moves.
    if (I.getType()->isVoidTy())
      return OpClass::IntALU;
    return isWide(I.getType()) ? OpClass::Int64 : OpClass::IntALU;
  }
}

namespace {
/// Results per clock per SM (Programming Guide) for the classes the table
/// gives; the rest are per-warp costs stated below.
struct Throughput {
  unsigned FP32, FP64, FP16, Int, IntMul, Convert, Special;
};
} // namespace

static Throughput getThroughput(unsigned CC) {
  switch (CC) {
  case 70:
  case 72:
    return {64, 32, 128, 64, 64, 16, 16};
  case 75:
    return {64, 2, 128, 64, 64, 16, 16};
  case 80:
    return {64, 32, 256, 64, 64, 16, 16};
  case 86:
  case 87:
  case 89:
  case 120:
  case 121:
    return {128, 2, 256, 64, 64, 16, 16};
  default: // 90, 100 and newer data-centre parts.
    return {128, 64, 256, 64, 64, 16, 16};
  }
}

double getOpClassCost(OpClass C, unsigned CC) {
  const Throughput T = getThroughput(CC);
  auto Per = [](unsigned ResultsPerClock) { return 128.0 / ResultsPerClock; };
  switch (C) {
  case OpClass::Free:
    return 0.0;
  case OpClass::FP32:
    return Per(T.FP32);
  case OpClass::FP64:
    return Per(T.FP64);
  case OpClass::FP16:
    return Per(T.FP16);
  case OpClass::IntALU:
    return Per(T.Int);
  case OpClass::IntMul:
    return Per(T.IntMul);
  case OpClass::Int64:
    return 2 * Per(T.Int); // Two 32-bit halves with carry.
  case OpClass::Convert:
    return Per(T.Convert);
  case OpClass::Special:
    return Per(T.Special);
  case OpClass::Divide:
    return 10 * Per(T.FP32) + Per(T.Special); // rcp + Newton steps + fixup.
  case OpClass::Memory:
    return 4.0; // LSU issue: 32 addresses per clock per SM.
  case OpClass::Atomic:
    return 8.0;
  case OpClass::Branch:
    // SASS of a divergent if/else: BSSY, @P BRA, BRA, BSYNC.
    return 3.0;
  case OpClass::Jump:
    return 0.5; // One arm jumps to the join, the other falls through.
  case OpClass::Call:
    return 20.0; // Parameter setup, call and return of an opaque callee.
  }
  return 1.0;
}

/// How many instructions of its class a memory intrinsic of a constant
/// length takes (getMemIntrinsicAccesses), or an integer division or
/// remainder by a constant: a quotient is a high multiply, a shift and a
/// sign fix (x / 7 on sm_90: IMAD.HI, SHF, LEA.HI); a remainder multiplies
/// it back and subtracts. 1 for any other instruction.
static double getExpansion(const Instruction &I) {
  if (const auto *MI = dyn_cast<MemIntrinsic>(&I))
    return getMemIntrinsicAccesses(*MI).value_or(1);
  if (!isDivisionByConstant(I))
    return 1;
  bool Remainder =
      I.getOpcode() == Instruction::SRem || I.getOpcode() == Instruction::URem;
  return Remainder ? 4 : 3;
}

/// What an approximate square root without ftz adds to its MUFU.SQRT: it
/// scales a denormal argument into range and the result back (sm_90: FMUL,
/// FSETP and FSEL before it, a predicated FMUL after).
static double getDenormalScaling(const Instruction &I, unsigned CC) {
  if (!match(&I, m_Intrinsic<Intrinsic::nvvm_sqrt_approx_f>()))
    return 0;
  return 4 * getOpClassCost(OpClass::FP32, CC);
}

double getInstructionCost(const Instruction &I, unsigned CC) {
  return getExpansion(I) * getOpClassCost(classify(I), CC) +
         getDenormalScaling(I, CC);
}

double getBlockCost(const BasicBlock &BB, unsigned CC) {
  double Cost = 0;
  for (const Instruction &I : BB)
    Cost += getInstructionCost(I, CC);
  return Cost;
}

} // namespace divopt
