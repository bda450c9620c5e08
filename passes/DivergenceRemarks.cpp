//===- DivergenceRemarks.cpp - Say what divergence DivOpt found -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceRemarks.h"
#include "analysis/DivergenceAnalysis.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-divergence"

STATISTIC(NumDivergentBranches, "Divergent branches found");

namespace divopt {

static std::string describePlace(const DivergentBranch &DB) {
  std::string S;
  raw_string_ostream OS(S);
  if (DB.L) {
    OS << "in a loop of depth " << DB.L->getLoopDepth()
       << (DB.TopLevelInLoop ? ", at the top level of its body" : "");
    if (DB.Blockers.any()) {
      OS << "; loop blockers: ";
      DB.Blockers.print(OS);
    }
  } else {
    OS << (DB.TopLevelInKernel ? "at the top level of the kernel"
                               : "outside loops");
  }
  return S;
}

PreservedAnalyses DivergenceRemarksPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (const DivergentBranch &DB : DI.branches()) {
    ++NumDivergentBranches;
    ORE.emit([&] {
      OptimizationRemarkAnalysis R(DEBUG_TYPE, "DivergentBranch", DB.Term);
      R << "divergent " << ore::NV("Kind", getBranchKindName(DB.Kind))
        << " branch with " << ore::NV("Arms", unsigned(DB.Arms.size()))
        << " arm(s) of ";
      ListSeparator LS("+");
      for (const ArmRegion &A : DB.Arms)
        R << LS << ore::NV("ArmInsts", A.NumInsts);
      R << " instructions, " << describePlace(DB);
      return R;
    });
  }
  return PreservedAnalyses::all();
}

} // namespace divopt
