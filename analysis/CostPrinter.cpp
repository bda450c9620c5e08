//===- CostPrinter.cpp - print<divopt-cost> -------------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CostPrinter.h"
#include "ChainLatency.h"
#include "CostModel.h"
#include "InstructionCost.h"
#include "KernelInfo.h"
#include "PtxasRegisters.h"
#include "RegisterPressure.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

PreservedAnalyses CostPrinterPass::run(Function &F,
                                       FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  KernelInfo KI = getKernelInfo(F);
  RegisterPressure RP = computeRegisterPressure(F);
  std::optional<PtxasCount> Exact;
  if (useExactRegisterCounts())
    Exact = countRegistersWithPtxas(F);
  unsigned Regs = Exact ? Exact->Registers : estimateRegisters(RP);
  // The lowest occupancy of the launch shape's block sizes.
  Target T = getWorstBlockSize(Target::get(KI), Regs, [&](const Target &At) {
    return At.occupancy(Regs).Fraction;
  });
  Occupancy Occ = T.occupancy(Regs);
  OS << "divopt-cost: function '" << F.getName() << "' registers=" << Regs
     << (Exact ? " (ptxas)" : "") << " max-live=" << RP.MaxLive
     << " occupancy=" << format("%.0f%%", 100 * Occ.Fraction) << " ("
     << (T.isGridBound(Regs) ? "grid" : getLimiterName(Occ.Limiter)) << ", ";
  T.printLaunch(OS);
  OS << ")\n";
  DenseMap<const BasicBlock *, unsigned> BlockLive = getBlockMaxLive(F);
  for (const BasicBlock &BB : F) {
    OS << "  block ";
    BB.printAsOperand(OS, /*PrintType=*/false);
    OS << ": cost=" << format("%.1f", getBlockCost(BB, T.ComputeCapability))
       << " latency="
       << format("%.1f", getBlockChainLatency(BB, T.ComputeCapability))
       << " max-live=" << BlockLive.lookup(&BB) << "\n";
  }
  return PreservedAnalyses::all();
}

} // namespace divopt
