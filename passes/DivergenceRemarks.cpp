//===- DivergenceRemarks.cpp - Say what divergence DivOpt found -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceRemarks.h"
#include "BranchLocations.h"
#include "UniqueRemarks.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/InstructionCost.h"
#include "analysis/ProfileIdentity.h"
#include "analysis/WarpIndexTest.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/FormatVariadic.h"

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

/// Issue slots one pass through each of the branch's ways costs a warp, in
/// the profile's way order (a way that goes straight to the join costs 0):
/// the numbers divopt-report multiplies by the profile's counts.
static SmallVector<double, 2> getWayCosts(const DivergentBranch &DB,
                                          unsigned CC) {
  SmallVector<double, 2> Costs;
  for (BasicBlock *Way : getProfileWays(*DB.Term)) {
    double C = 0;
    for (const ArmRegion &A : DB.Arms)
      if (A.Entry == Way)
        for (const BasicBlock *BB : A.Blocks)
          C += getBlockCost(*BB, CC);
    Costs.push_back(C);
  }
  return Costs;
}

PreservedAnalyses DivergenceRemarksPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  const unsigned CC = DI.getKernelInfo().computeCapability().value_or(90);
  // The profile's names for the branch, where profile use stamped them: the
  // key divopt-report joins remarks to profile records by.
  std::optional<profile::FunctionKey> Key = getStampedFunction(F);
  UniqueRemarks Remarks;
  for (const DivergentBranch &DB : DI.branches()) {
    ++NumDivergentBranches;
    Remarks.emit(ORE, [&] {
      auto R = remarkAt<OptimizationRemarkAnalysis>(
          DEBUG_TYPE, "DivergentBranch", *DB.Term);
      R << "divergent " << ore::NV("Kind", getBranchKindName(DB.Kind))
        << " branch";
      if (!DB.Arms.empty()) { // A loop's exit has none.
        R << " with " << ore::NV("Arms", unsigned(DB.Arms.size()))
          << " arm(s) of ";
        ListSeparator LS("+");
        for (const ArmRegion &A : DB.Arms)
          R << LS << ore::NV("ArmInsts", A.NumInsts);
        R << " instructions";
      }
      R << ", " << describePlace(DB) << "; way costs ";
      ListSeparator LC("+");
      for (double C : getWayCosts(DB, CC))
        R << LC << ore::NV("WayCost", formatv("{0:f1}", C).str());
      R << " issue slots";
      if (isWarpIndexTest(DB, DI))
        R << "; the condition reads the thread's index only through its "
             "warp: no warp splits where blocks are whole warps wide";
      if (std::optional<unsigned> Index = getStampedBranch(*DB.Term);
          Index && Key)
        R << "; profile branch " << ore::NV("ProfileBranch", *Index) << " of "
          << ore::NV("ProfileFunction", Key->Name) << " cfg="
          << ore::NV("ProfileHash",
                     "0x" + utohexstr(Key->CfgHash, /*LowerCase=*/true, 16));
      return R;
    });
  }
  return PreservedAnalyses::all();
}

} // namespace divopt
