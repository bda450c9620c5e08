//===- CostPrinter.h - print<divopt-cost> -----------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Prints what the cost model believes of each function: the register
// estimate (checked against ptxas -v by scripts/check-registers.py), the
// occupancy it gives, and the issue cost of each block.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_COSTPRINTER_H
#define DIVOPT_ANALYSIS_COSTPRINTER_H

#include "llvm/IR/PassManager.h"

namespace divopt {

class CostPrinterPass : public llvm::PassInfoMixin<CostPrinterPass> {
public:
  explicit CostPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace divopt

#endif // DIVOPT_ANALYSIS_COSTPRINTER_H
