//===- DivergenceAnalysis.cpp - DivOpt's divergence facts -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceAnalysis.h"

#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/UniformityAnalysis.h"
#include "llvm/IR/Dominators.h"

using namespace llvm;

namespace divopt {

AnalysisKey DivergenceAnalysis::Key;

DivergenceInfo DivergenceAnalysis::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  auto &UI = FAM.getResult<UniformityInfoAnalysis>(F);
  auto &CI = FAM.getResult<CycleAnalysis>(F);
  auto &TTI = FAM.getResult<TargetIRAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  VoteAwareUniformity VU(F, UI, CI, TTI, DT);
  auto Branches = findDivergentBranches(F, VU, DT, PDT, LI, CI);
  return DivergenceInfo(F, std::move(VU), std::move(Branches));
}

bool DivergenceInfo::invalidate(Function &F, const PreservedAnalyses &PA,
                                FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<DivergenceAnalysis>();
  if (!(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>()))
    return true;
  // The result points into these analyses' results.
  return Inv.invalidate<UniformityInfoAnalysis>(F, PA) ||
         Inv.invalidate<CycleAnalysis>(F, PA) ||
         Inv.invalidate<DominatorTreeAnalysis>(F, PA) ||
         Inv.invalidate<LoopAnalysis>(F, PA) ||
         Inv.invalidate<TargetIRAnalysis>(F, PA);
}

} // namespace divopt
