//===- InstructionCost.h - Issue cost of NVVM IR instructions ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What one warp-wide instruction costs an SM sub-partition, in issue slots
// of a full-rate FP32 instruction: a throughput-weighted instruction count.
// Divergent arms serialize, so their costs add; that is the quantity every
// DivOpt transform trades. Latency is not modelled: with enough resident
// warps the scheduler hides it, and occupancy is weighed separately.
//
// Sources: CUDA C++ Programming Guide, "Arithmetic Instructions" throughput
// table (results per clock per SM) for compute capabilities 7.0-12.0. The
// cost of a class is 128 / (its throughput), so FP32 add/mul/fma on sm_90
// cost 1 and 32-bit integer ALU operations cost 2. Memory operations and
// calls cost what their issue takes, not their latency.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_INSTRUCTIONCOST_H
#define DIVOPT_ANALYSIS_INSTRUCTIONCOST_H

namespace llvm {
class BasicBlock;
class Instruction;
} // namespace llvm

namespace divopt {

/// Operation classes of the throughput table.
enum class OpClass {
  Free,    ///< No machine instruction (bitcasts, phis, debug, ...).
  FP32,    ///< fadd/fmul/fma on float.
  FP64,    ///< the same on double.
  FP16,    ///< half/bfloat arithmetic.
  IntALU,  ///< 32-bit add, logic, shift, compare, min/max, select.
  IntMul,  ///< 32-bit multiply (and multiply-add).
  Int64,   ///< 64-bit integer arithmetic (two 32-bit operations or more).
  Convert, ///< int <-> float conversions, float width changes.
  Special, ///< SFU: rsqrt, sqrt.approx, ex2, lg2, sin, cos.
  Divide,  ///< IEEE division and square root: a short subroutine.
  Memory,  ///< loads and stores.
  Atomic,  ///< atomics.
  Branch,  ///< conditional branches and switches.
  Jump,    ///< unconditional branches (often a fall-through) and returns.
  Call,    ///< calls that stay calls.
};

OpClass classify(const llvm::Instruction &I);

/// Cost of one instruction of class C on compute capability CC (90 for
/// sm_90; unknown capabilities use sm_90's table).
double getOpClassCost(OpClass C, unsigned CC);

double getInstructionCost(const llvm::Instruction &I, unsigned CC);
double getBlockCost(const llvm::BasicBlock &BB, unsigned CC);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_INSTRUCTIONCOST_H
