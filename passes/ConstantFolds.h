//===- ConstantFolds.h - What ptxas evaluates on constants ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// ptxas evaluates an approximate operation (sin.approx, rsqrt.approx,
// ex2.approx, div.full, ...) whose operands are constants at compile time,
// to the exactly rounded value, which the hardware's approximation need
// not give: `sin.approx.f32` of 0.01 is 0x3c23d657 folded and 0x3c23d60b on
// an H100. So an operand must stay a constant where clang -O3 has one and a
// run-time value where it has one. Melding must not make a constant chain a
// run-time value (ArmMelder); specializing code must not make a run-time
// operand a constant: a kernel-split part keeps one way of a branch, and a
// PHI at its join that merged a constant from that way with run-time values
// from the others becomes the constant.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_CONSTANTFOLDS_H
#define DIVOPT_PASSES_CONSTANTFOLDS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class Function;
class Instruction;
class Value;
} // namespace llvm

namespace divopt {

/// Whether I is NVVM's correctly rounded multiply or add (mul.rn, add.rn),
/// which the contraction pinner writes and which fold to what they compute.
bool isRoundedMulOrAdd(const llvm::Instruction &I);

/// Whether a later stage may compute I on constant operands otherwise than
/// the GPU does at run time: calls and approximate (afn, arcp) or
/// reassociable floating-point operations; correctly rounded ones (fma,
/// mul.rn, add.rn, min, max, rounding) fold to what they compute.
bool foldsConstantsDifferently(const llvm::Instruction &I);

/// Whether V is computed from constants alone, through operations without
/// memory or side effects (at most six deep), so that ptxas may evaluate it
/// where it stands: `sin.approx(clamp(sqrt.approx(877.0)) * k)` is one
/// number in the PTX. Over-approximates: it only makes transforms refuse
/// more.
bool isComputedFromConstants(const llvm::Value *V, unsigned Depth = 0);

/// The operations of a function that foldsConstantsDifferently whose
/// operands are run-time values, once constants are propagated along the
/// edges that can run: found once for a kernel, then asked of each copy
/// that specializes it (a kernel-split part).
class RunTimeOperands {
public:
  explicit RunTimeOperands(const llvm::Function &Original);

  /// The first of them whose copy in Copy (VMap maps the original's values
  /// to Copy's) has constant operands there, or null.
  const llvm::Instruction *findMadeConstant(const llvm::ValueToValueMapTy &VMap,
                                            const llvm::Function &Copy) const;

private:
  llvm::SmallVector<const llvm::Instruction *, 8> Operations;
};

} // namespace divopt

#endif // DIVOPT_PASSES_CONSTANTFOLDS_H
