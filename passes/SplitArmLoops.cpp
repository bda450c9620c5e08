//===- SplitArmLoops.cpp - Loops whose trips weigh a split's ways ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SplitArmLoops.h"
#include "KernelSplit.h"
#include "SplitLegality.h"
#include "analysis/DivergenceAnalysis.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

using namespace llvm;

namespace divopt {

SmallVector<Loop *, 4> getSplitArmLoops(Function &F,
                                        FunctionAnalysisManager &FAM) {
  // The kernels and branches KernelSplitPass tries (KernelSplit.cpp).
  if (F.isDeclaration() || !F.hasKernelCallingConv() ||
      F.hasFnAttribute(SplitPartAttribute) ||
      F.hasFnAttribute(Attribute::OptimizeNone) || checkKernelSplittable(F))
    return {};
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &CI = FAM.getResult<CycleAnalysis>(F);
  auto &AA = FAM.getResult<AAManager>(F);
  SmallSetVector<Loop *, 4> Loops;
  for (const DivergentBranch &DB : DI.branches()) {
    if (DB.Kind == BranchKind::LoopExit)
      continue;
    SplitRegions R = getSplitRegions(DB);
    if (R.Ways.size() > KernelSplitMaxWays ||
        checkBranchSplittable(DB, R, CI, AA))
      continue;
    for (Loop *L : LI.getLoopsInPreorder())
      if (R.get(L->getHeader()) >= 0 && !SE.getSmallConstantTripCount(L))
        Loops.insert(L);
  }
  // In LoopInfo's preorder whatever the branches' order.
  SmallVector<Loop *, 4> Ordered;
  for (Loop *L : LI.getLoopsInPreorder())
    if (Loops.contains(L))
      Ordered.push_back(L);
  return Ordered;
}

} // namespace divopt
