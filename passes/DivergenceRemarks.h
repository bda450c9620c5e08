//===- DivergenceRemarks.h - Say what divergence DivOpt found ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `divopt-remarks`: one analysis remark per divergent branch (kind, arm
// sizes, loop and legality facts), so `-Rpass-analysis=divopt` shows a
// kernel author where their warps diverge even when no transform applies.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_DIVERGENCEREMARKS_H
#define DIVOPT_PASSES_DIVERGENCEREMARKS_H

#include "llvm/IR/PassManager.h"

namespace divopt {

class DivergenceRemarksPass
    : public llvm::PassInfoMixin<DivergenceRemarksPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_DIVERGENCEREMARKS_H
