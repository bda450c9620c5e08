//===- PtxasRegisters.h - Register counts from ptxas itself -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The exact register count of a kernel is what ptxas gives it, and no
// static estimate tracks ptxas's scheduling closely (RegisterPressure.h,
// bench/results/2026-11-25-register-model.md). In exact mode
// (-divopt-registers=ptxas) the cost model asks ptxas: the kernel and the
// functions it calls are copied into a module of their own, compiled to
// PTX by LLVM's NVPTX back end in this process (clang and opt link it),
// and assembled by `ptxas -v` for the kernel's target; "Used N registers"
// is the count. It costs a code generation and a ptxas run per function
// measured (counts are cached by the PTX's hash), so it is not the
// default, and transforms ask for it only where the decision changes
// within the estimate's spread (decisionHingesOnRegisters, CostModel.h;
// kernel splitting, whose gain is registers alone, always). Where no
// ptxas or no NVPTX back end is found, or ptxas fails, the estimate stands
// in.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_PTXASREGISTERS_H
#define DIVOPT_ANALYSIS_PTXASREGISTERS_H

#include <optional>

namespace llvm {
class Function;
} // namespace llvm

namespace divopt {

/// Whether -divopt-registers=ptxas asks for exact counts.
bool useExactRegisterCounts();

struct PtxasCount {
  /// "Used N registers".
  unsigned Registers = 0;
  /// "N bytes spill stores", in 32-bit registers.
  unsigned Spilled = 0;
};

/// ptxas's register count for kernel F (its call tree included), or none
/// where it cannot be had: F is not a kernel, the NVPTX back end or ptxas
/// is missing, or either fails on F.
std::optional<PtxasCount> countRegistersWithPtxas(const llvm::Function &F);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_PTXASREGISTERS_H
