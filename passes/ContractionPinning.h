//===- ContractionPinning.h - Make FP contraction explicit ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// CUDA compiles `a * b + c` with contraction on: the IR holds an `fmul
// contract` and an `fadd contract`, and code generation fuses them into one
// `fma.rn` where the product flows straight into the sum. These stages do
// it:
//   - NVPTX's IR peephole (just before instruction selection) fuses an
//     `fadd`/`fsub` with a single-use `fmul` operand, in any block, the
//     first operand first;
//   - the DAG combiner fuses a multiply used more than once into every sum
//     of its own block (the operand with fewer uses first);
//   - the DAG also turns `x * 2.0` into the sum `x + x` (a product fuses
//     into it), and, without infinities, `(x +- 1) * y` into an fma;
//   - early tail duplication copies a join block of PHIs, one sum or
//     product and an unconditional branch into its predecessors: each
//     copy of a sum meets what flowed in through the PHI, and a product's
//     copies reach their sums through a PHI;
//   - MachineCSE hoists identical multiplies of two blocks, neither
//     dominating the other, into one in their common dominator, where that
//     runs no more often than they do: one multiply, with both's uses;
//   - MachineSink then moves a multiply none of whose users is left in its
//     block into the block below that dominates them (a product whose sum
//     in its own block became an fma, and whose other sums are below);
//   - ptxas (--fmad=true) fuses a plain `mul` into the `add`/`sub`s it
//     reaches where every use of the product is such a sum: in its own
//     (PTX) block always, in another block only when one operand is a
//     constant it knows (immediate, kernel parameter, a value it computes
//     itself); never where both are (it folds the product), never into a
//     loop exit, never through a PHI, and through a `selp` only where it
//     decides the condition from a value's range (sin/cos.approx, abs,
//     ex2.approx) (bench/results/2026-11-25-ptxas-fusion-rule.txt; checked
//     on random kernels against ptxas's machine code by
//     scripts/fuzz/fusion_check.py).
// A transform that moves a product and its sum apart, puts a select or a
// PHI between them, or removes one that was there, changes what is fused,
// and so the rounding. Before a transform changes a function, the pinner
// writes down what code generation would have done: every fused pair
// becomes `llvm.fma` (exactly one rounding, whatever moves later), and
// every multiply left becomes `llvm.nvvm.mul.rn.*` (rounded on its own;
// neither the backend nor ptxas fuses it). The transform then moves fused
// operations as units and never creates a fusion that was not there.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_CONTRACTIONPINNING_H
#define DIVOPT_PASSES_CONTRACTIONPINNING_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Value.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace divopt {

/// Whether code generation may fold F's floating-point operations by flags
/// beyond contraction (nnan, ninf, nsz, reassoc: -ffast-math). It then
/// rewrites products and sums (a sign of zero under nsz, constants and
/// fma chains under reassoc) in ways an explicit `llvm.fma` or
/// `llvm.nvvm.mul.rn` would hide, and -ffast-math fuses a product into a
/// sum whatever its flags, so a transform can neither pin such a function
/// nor restructure any part of it unpinned (the fusion of products and sums
/// around the part, across its blocks, would change): it leaves the
/// function as it is (the melding campaign's fast-math mismatches:
/// bench/results/2026-11-26-h200-fast-math-bisect.md).
bool hasFastMathFolds(const llvm::Function &F);

/// Whether ContractionPins::pin(F) would change F: every pin starts from a
/// contractable multiply (`fmul contract` of float or double).
bool hasContractionsToPin(const llvm::Function &F);

/// The reason a transform gives for leaving floating-point code of a
/// function with fast-math folds as it is (hasFastMathFolds).
inline constexpr const char *FastMathRefusal =
    "the function computes in floating point under fast-math flags (nsz, "
    "reassoc, nnan, ninf), which code generation folds and fuses in ways "
    "DivOpt cannot pin down: restructured anywhere, its results would "
    "change in the last bits";

/// The contractions of one function, made explicit, and what they
/// replaced, so that a transform that ends up changing nothing leaves the
/// function exactly as it was.
class ContractionPins {
public:
  /// Pins every contractable multiply of F (scalar float and double).
  static ContractionPins pin(llvm::Function &F);

  ContractionPins() = default;
  ContractionPins(ContractionPins &&O)
      : Records(std::move(O.Records)), Declared(std::move(O.Declared)) {
    O.Records.clear();
    O.Declared.clear();
  }
  ContractionPins &operator=(ContractionPins &&) = delete;
  ContractionPins(const ContractionPins &) = delete;
  ~ContractionPins();

  bool empty() const { return Records.empty(); }
  /// The function keeps the explicit forms; the originals are deleted.
  void keep();
  /// The function gets its original instructions back.
  void undo();

  /// One edit, undone in reverse order: New replaced Old (both set), New
  /// was created (Old null), or Old was left dead and detached from the
  /// place before Next (New null). A detached Old holds poison operands,
  /// its own in Operands: a transform that runs with the pins must not
  /// find it among its operands' users.
  struct Record {
    llvm::Instruction *New = nullptr;
    llvm::Instruction *Old = nullptr;
    llvm::Instruction *Next = nullptr;
    llvm::SmallVector<llvm::Value *, 3> Operands = {};
  };

private:
  llvm::SmallVector<Record, 16> Records;
  /// Intrinsic declarations the pins added to the module.
  llvm::SmallVector<llvm::Function *, 4> Declared;
};

/// Runs Transform (which returns whether it changed F, and is told whether
/// F has fast-math folds) on F with its contractions pinned; keeps the pins
/// when it did, and undoes them when it did not.
template <typename TransformFn>
bool transformWithPinnedContractions(llvm::Function &F,
                                     llvm::FunctionAnalysisManager &FAM,
                                     TransformFn Transform) {
  // Under fast-math pinning would change the results itself
  // (hasFastMathFolds); the transforms then refuse every candidate, with
  // remarks, and change nothing.
  bool FastMath = hasFastMathFolds(F);
  ContractionPins Pins = FastMath ? ContractionPins() : ContractionPins::pin(F);
  if (!Pins.empty())
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
  bool Changed = Transform(FastMath);
  if (Changed) {
    Pins.keep();
    return true;
  }
  if (!Pins.empty()) {
    Pins.undo();
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
  }
  return false;
}

/// `pin-contraction`: pins every function of the module (for tests, and
/// for checking the pinner against clang on the GPU: the pinned program
/// must compute what the original computes, bit for bit).
class ContractionPinningPass
    : public llvm::PassInfoMixin<ContractionPinningPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_CONTRACTIONPINNING_H
