//===- DivergenceAnalysis.h - DivOpt's divergence facts ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The function analysis every DivOpt transform starts from: vote-aware
// uniformity of values, the kernel's launch facts, and the classified
// divergent branches (the candidates of iteration delaying, branch
// distribution and kernel splitting). Registered as `divopt-divergence`;
// `print<divopt-divergence>` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_DIVERGENCEANALYSIS_H
#define DIVOPT_ANALYSIS_DIVERGENCEANALYSIS_H

#include "DivergentBranch.h"
#include "KernelInfo.h"
#include "VoteAwareUniformity.h"
#include "WarpIndexTest.h"

#include "llvm/IR/PassManager.h"

namespace divopt {

class DivergenceInfo {
public:
  DivergenceInfo(llvm::Function &F, VoteAwareUniformity VU,
                 llvm::SmallVector<DivergentBranch, 8> Branches);
  /// Moved without the walk of the warp's lanes, which refers to the
  /// moved-from VU.
  DivergenceInfo(DivergenceInfo &&Other);
  ~DivergenceInfo();

  const KernelInfo &getKernelInfo() const { return KI; }
  const VoteAwareUniformity &getUniformity() const { return VU; }
  llvm::ArrayRef<DivergentBranch> branches() const { return Branches; }
  bool isDivergent(const llvm::Value *V) const { return VU.isDivergent(V); }
  /// The walk over the bits that may differ between a warp's lanes
  /// (WarpIndexTest.h), made on first use and kept with this result.
  WarpLanes &getWarpLanes() const;

  /// Computed from the CFG and the values of the function: any change to
  /// the function invalidates it.
  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  KernelInfo KI;
  VoteAwareUniformity VU;
  llvm::SmallVector<DivergentBranch, 8> Branches;
  const llvm::DataLayout *DL;
  mutable std::unique_ptr<WarpLanes> Lanes;
};

class DivergenceAnalysis : public llvm::AnalysisInfoMixin<DivergenceAnalysis> {
  friend llvm::AnalysisInfoMixin<DivergenceAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = DivergenceInfo;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

class DivergencePrinterPass
    : public llvm::PassInfoMixin<DivergencePrinterPass> {
public:
  explicit DivergencePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

} // namespace divopt

#endif // DIVOPT_ANALYSIS_DIVERGENCEANALYSIS_H
