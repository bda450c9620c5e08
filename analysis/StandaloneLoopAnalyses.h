//===- StandaloneLoopAnalyses.h - A function's loops, unmanaged -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The dominator tree, loops and scalar evolution of a function that no
// analysis manager holds: a copy made for a trial, a counting copy, a
// function parsed by a unit test. Built once, in dependency order.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_STANDALONELOOPANALYSES_H
#define DIVOPT_ANALYSIS_STANDALONELOOPANALYSES_H

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace divopt {

struct StandaloneLoopAnalyses {
  explicit StandaloneLoopAnalyses(llvm::Function &F)
      : TLII(F.getParent()->getTargetTriple()), TLI(TLII, &F), AC(F), DT(F),
        LI(DT), SE(F, TLI, AC, DT, LI) {}
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  llvm::AssumptionCache AC;
  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
  llvm::ScalarEvolution SE;
};

} // namespace divopt

#endif // DIVOPT_ANALYSIS_STANDALONELOOPANALYSES_H
