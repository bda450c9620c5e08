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

DivergenceInfo::DivergenceInfo(Function &F, VoteAwareUniformity VU,
                               SmallVector<DivergentBranch, 8> Branches)
    : KI(divopt::getKernelInfo(F)), VU(std::move(VU)),
      Branches(std::move(Branches)), DL(&F.getDataLayout()) {}

DivergenceInfo::DivergenceInfo(DivergenceInfo &&Other)
    : KI(std::move(Other.KI)), VU(std::move(Other.VU)),
      Branches(std::move(Other.Branches)), DL(Other.DL) {}

DivergenceInfo::~DivergenceInfo() = default;

WarpLanes &DivergenceInfo::getWarpLanes() const {
  if (!Lanes)
    Lanes = std::make_unique<WarpLanes>(VU, KI, *DL);
  return *Lanes;
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
