//===- Cleanup.h - Fold what DivOpt's transforms leave behind ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `divopt-cleanup`: instcombine and simplifycfg, on the functions a DivOpt
// transform changed or made (single-entry PHIs, selects of equal values,
// the dead arm of a kernel-split part) and on no other. -O3 has already
// run them on the rest: running them again changes nothing useful there,
// costs compile time, and under fast-math changed a function no transform
// had touched in the last bits (fuzz seed 596,
// bench/results/2026-11-26-h200-fast-math-bisect.md). Then an integer
// division instcombine left by a selected constant is split into one per
// constant, which NVPTX divides without its division subroutine.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_CLEANUP_H
#define DIVOPT_PASSES_CLEANUP_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace divopt {

/// Marks F as changed by a DivOpt transform, for divopt-cleanup.
void markTransformed(llvm::Function &F);

class CleanupPass : public llvm::PassInfoMixin<CleanupPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>) {
    OS << "divopt-cleanup";
  }
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_CLEANUP_H
