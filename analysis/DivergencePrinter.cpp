//===- DivergencePrinter.cpp - print<divopt-divergence> -------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A stable, line-oriented report that tests check and people read:
//
//   divopt-divergence: function 'k' (kernel target=sm_90 maxntid=256)
//     branch %4 at k.cu:5:7: divergent if-else on %cond
//       arm %5: blocks=1 insts=4 sese=yes
//       arm %6: blocks=1 insts=3 sese=yes
//       join %7
//       loop: none; kernel-top-level: yes
//     branch %8: divergent if-only on %w (warp index: no warp splits where
//                blocks are whole warps wide)
//       ...
//     branch %9: uniform (refined) on %b
//     summary: 2 divergent, 1 refined uniform, 1 uniform
//
// "refined" marks a branch LLVM's UniformityInfo calls divergent and
// DivOpt proves uniform (a warp vote, a per-block register); "warp index"
// a divergent branch on which the lanes of a warp agree wherever blocks
// are whole warps wide (analysis/WarpIndexTest.h).
//
//===----------------------------------------------------------------------===//

#include "DivergenceAnalysis.h"
#include "WarpIndexTest.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

static void printBlock(raw_ostream &OS, const BasicBlock *BB) {
  BB->printAsOperand(OS, /*PrintType=*/false);
}

static void printLocation(raw_ostream &OS, const Instruction &I) {
  if (const DebugLoc &DL = I.getDebugLoc())
    OS << " at " << DL->getFilename() << ":" << DL.getLine() << ":"
       << DL.getCol();
}

static void printCondition(raw_ostream &OS, const Instruction &Term) {
  if (const Value *C = getBranchCondition(Term)) {
    OS << " on ";
    C->printAsOperand(OS, /*PrintType=*/false);
  }
}

static void printLoop(raw_ostream &OS, const DivergentBranch &DB) {
  if (!DB.L) {
    OS << "loop: none";
    return;
  }
  OS << "loop: ";
  printBlock(OS, DB.L->getHeader());
  OS << " depth=" << DB.L->getLoopDepth()
     << " top-level=" << (DB.TopLevelInLoop ? "yes" : "no") << " blockers=";
  DB.Blockers.print(OS);
}

static void printDivergent(raw_ostream &OS, const DivergentBranch &DB,
                           const DivergenceInfo &DI) {
  OS << "  branch ";
  printBlock(OS, DB.getBlock());
  printLocation(OS, *DB.Term);
  OS << ": divergent " << getBranchKindName(DB.Kind);
  printCondition(OS, *DB.Term);
  if (isWarpIndexTest(DB, DI))
    OS << " (warp index: no warp splits where blocks are whole warps wide)";
  OS << "\n";
  for (const ArmRegion &A : DB.Arms) {
    OS << "    arm ";
    printBlock(OS, A.Entry);
    OS << ": blocks=" << A.Blocks.size() << " insts=" << A.NumInsts
       << " sese=" << (A.IsSESE ? "yes" : "no") << "\n";
  }
  OS << "    join ";
  if (DB.Join)
    printBlock(OS, DB.Join);
  else
    OS << "none";
  OS << "\n    ";
  printLoop(OS, DB);
  OS << "; kernel-top-level=" << (DB.TopLevelInKernel ? "yes" : "no") << "\n";
}

PreservedAnalyses DivergencePrinterPass::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  OS << "divopt-divergence: function '" << F.getName() << "' (";
  DI.getKernelInfo().print(OS);
  OS << ")\n";

  unsigned NumRefined = 0, NumUniform = 0;
  ArrayRef<DivergentBranch> Branches = DI.branches();
  for (const BasicBlock &BB : F) {
    const Instruction *Term = BB.getTerminator();
    const Value *Cond = Term ? getBranchCondition(*Term) : nullptr;
    if (!Cond || isa<Constant>(Cond))
      continue;
    const auto *It = find_if(
        Branches, [&](const DivergentBranch &DB) { return DB.Term == Term; });
    if (It != Branches.end()) {
      printDivergent(OS, *It, DI);
      continue;
    }
    bool Refined = DI.getUniformity().isRefinedUniform(Cond);
    (Refined ? NumRefined : NumUniform)++;
    OS << "  branch ";
    printBlock(OS, &BB);
    printLocation(OS, *Term);
    OS << ": uniform" << (Refined ? " (refined)" : "");
    printCondition(OS, *Term);
    OS << "\n";
  }
  OS << "  summary: " << Branches.size() << " divergent, " << NumRefined
     << " refined uniform, " << NumUniform << " uniform\n";
  return PreservedAnalyses::all();
}

} // namespace divopt
