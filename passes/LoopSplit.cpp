//===- LoopSplit.cpp - Fission of loops into independent groups -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LoopSplit.h"
#include "BranchLocations.h"
#include "Cleanup.h"
#include "ContractionPinning.h"
#include "DecidedSet.h"
#include "LoopFission.h"
#include "PassOptions.h"
#include "TransformCounter.h"
#include "UniqueRemarks.h"
#include "analysis/ChainLatency.h"
#include "analysis/CostModel.h"
#include "analysis/InstructionCost.h"
#include "analysis/RegisterPressure.h"
#include "analysis/StoreTraffic.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-loop-split"

STATISTIC(NumSplit, "Loops split into one loop per statement group");
STATISTIC(NumRefused, "Innermost loops left as they were");

namespace divopt {

/// Loops split per function: bounds pathological inputs.
static constexpr unsigned MaxSplitsPerFunction = 16;

Expected<LoopSplitOptions> parseLoopSplitOptions(StringRef Params) {
  LoopSplitOptions Opts;
  PassOptionParser P("loop-split", Params);
  Error E = P.forEach([&](StringRef Key, std::optional<StringRef> V) -> Error {
    if (Key == "threshold")
      return P.set(Opts.Threshold, Key, V, 0.01, 100.0);
    if (Key == "force")
      return P.setFlag(Opts.Force, Key, V);
    return P.unknown(Key, "threshold=<x> or force");
  });
  if (E)
    return E;
  return Opts;
}

void LoopSplitPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "loop-split<threshold=" << formatDecimal(Opts.Threshold)
     << (Opts.Force ? ";force" : "") << ">";
}

namespace {

double getCost(ArrayRef<Instruction *> Insts, unsigned CC) {
  double C = 0;
  for (const Instruction *I : Insts)
    C += getInstructionCost(*I, CC);
  return C;
}

/// The shared arithmetic Group needs, directly or through other shared
/// instructions.
SmallVector<Instruction *, 8> getSharedUsedBy(const FissionPlan &Plan,
                                              ArrayRef<Instruction *> Group) {
  SmallSetVector<Instruction *, 8> Used;
  SmallVector<Instruction *, 16> Work(Group.begin(), Group.end());
  while (!Work.empty())
    for (Value *Op : Work.pop_back_val()->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && is_contained(Plan.Shared, OpI) && Used.insert(OpI))
        Work.push_back(OpI);
  return SmallVector<Instruction *, 8>(Used.begin(), Used.end());
}

/// Per iteration: the body once before; after, each group with its own
/// copy of the loop control and of the shared arithmetic it uses.
Decision decideFission(Function &F, const FissionPlan &Plan, const Target &T,
                       double Threshold) {
  unsigned CC = T.ComputeCapability;
  // Values beyond ptxas's limit are spilled to local memory and reloaded in
  // every iteration of the loop.
  Estimate Before{getBlockCost(*Plan.Body, CC), 0};
  Before.Registers = estimateFunctionRegisters(F, &Before.Spilled);
  // The occupancy a split buys pays only where the warps it adds hide an
  // iteration's latency that the issue does not cover (Little's law, as
  // kernel splitting's phases): a loop of independent loads and stores
  // issues its way through the wait. LOOP-SPLIT on an H100 (calibration
  // run 4): doubling the warps of K=16-32 loses 4-8%, K=48's removed
  // spills gain 1.32x.
  Before.Phases.push_back({Before.Cost, getBlockChainLatency(*Plan.Body, CC)});
  // Every group stores what the body stored, so where the stores bound the
  // loop the split changes nothing but its issue (LOOP-SPLIT at K=8-32:
  // 2.6-3.1 TB/s, split or not).
  SmallVector<Instruction *, 64> BodyInsts;
  for (Instruction &I : *Plan.Body)
    BodyInsts.push_back(&I);
  Before.StoreBytes = getWarpStoreBytes(BodyInsts);
  Estimate After;
  for (const auto &Group : Plan.Groups) {
    SmallVector<Instruction *, 8> Shared = getSharedUsedBy(Plan, Group);
    Phase Loop{getCost(Group, CC) + getCost(Plan.Control, CC) +
                   getCost(Shared, CC),
               0};
    SmallPtrSet<const Instruction *, 32> In(Group.begin(), Group.end());
    In.insert(Plan.Control.begin(), Plan.Control.end());
    In.insert(Shared.begin(), Shared.end());
    Loop.Latency = getBlockChainLatency(
        *Plan.Body, CC, [&](const Instruction &I) { return In.contains(&I); });
    After.Cost += Loop.Cost;
    After.Phases.push_back(Loop);
    After.StoreBytes += getWarpStoreBytes(Group);
  }
  auto Split = [&](Function &, ValueToValueMapTy &VMap) {
    applyFission(Plan, &VMap);
  };
  After.Registers = estimateRegistersAfter(F, Split, &After.Spilled);
  if (decisionHingesOnRegisters(Before, After, T, Threshold)) {
    Before.Registers = getFunctionRegisters(F, &Before.Spilled);
    After.Registers = estimateRegistersAfter(F, Split, &After.Spilled,
                                             /*Exact=*/true);
  }
  Decision D = decide(Before, After, T, Threshold);
  // Little's law: the warps a scheduler needs for its issue to cover an
  // iteration's longest chain, against the warps it has.
  const Phase &Body = Before.Phases.front();
  raw_string_ostream(D.Explanation)
      << "; an iteration's longest chain " << format("%.0f", Body.Latency)
      << " cycles, covered by the issue of "
      << format("%.1f", Body.Latency / std::max(1.0, Body.Cost))
      << " warps a scheduler ("
      << format("%.1f", getWarpsPerScheduler(Before, T)) << " resident before)";
  if (Before.StoreBytes > 0)
    raw_string_ostream(D.Explanation)
        << "; its stores drain to DRAM in "
        << format("%.0f", getStoreDrainTime(Before, T))
        << " cycles a warp, its issue takes " << format("%.0f", Body.Cost);
  return D;
}

std::string describeGroups(const FissionPlan &Plan) {
  std::string S;
  raw_string_ostream OS(S);
  OS << Plan.Groups.size() << " statement groups of ";
  ListSeparator LS("+");
  for (const auto &Group : Plan.Groups)
    OS << LS << Group.size();
  OS << " instructions";
  return S;
}

class Splitter {
public:
  Splitter(Function &F, FunctionAnalysisManager &FAM,
           const LoopSplitOptions &Opts, bool FastMath)
      : F(F), FAM(FAM), Opts(Opts), FastMath(FastMath) {}

  bool run();

private:
  Loop *nextCandidate(LoopInfo &LI);
  bool trySplit(Loop &L, const Target &T);
  /// A refusal, with its remark: missed where the loop was a candidate,
  /// an analysis remark where it was none (trySplit).
  template <typename RemarkT = OptimizationRemarkMissed>
  void refuse(const Loop &L, StringRef Name, const Twine &Why);

  Function &F;
  FunctionAnalysisManager &FAM;
  const LoopSplitOptions &Opts;
  /// F has fast-math folds: every loop is refused (hasFastMathFolds).
  bool FastMath;
  /// Headers of loops already decided or created.
  DecidedSet<BasicBlock> Seen;
  /// Remarks on F, each distinct one once (unrolled copies of a branch).
  UniqueRemarks Remarks;
};

} // namespace

template <typename RemarkT>
void Splitter::refuse(const Loop &L, StringRef Name, const Twine &Why) {
  ++NumRefused;
  Remarks.emit(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F), [&] {
    return remarkAt<RemarkT>(DEBUG_TYPE, Name, *L.getHeader()->getTerminator())
           << "loop not split: " << Why.str();
  });
}

Loop *Splitter::nextCandidate(LoopInfo &LI) {
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost() && Seen.insert(L->getHeader()))
      return L;
  return nullptr;
}

bool Splitter::trySplit(Loop &L, const Target &T) {
  // A loop without statement groups to part (several blocks, one group, a
  // barrier) was never a candidate: in the default pipeline every other
  // loop is such, and saying so for each would bury the refusals that
  // matter. Why is an analysis remark (-Rpass-analysis).
  Expected<FissionPlan> Plan = planFission(L, FAM.getResult<AAManager>(F));
  if (!Plan) {
    refuse<OptimizationRemarkAnalysis>(L, "Illegal",
                                       toString(Plan.takeError()));
    return false;
  }
  if (FastMath) {
    refuse(L, "FastMath", FastMathRefusal);
    return false;
  }
  Decision D = decideFission(F, *Plan, T, Opts.Threshold);
  std::string Summary = describeGroups(*Plan) + "; " + D.Explanation;
  if (!D.Profitable && !Opts.Force) {
    refuse(L, "Unprofitable", "unprofitable: " + Summary);
    return false;
  }
  if (!shouldApplyTransform()) {
    refuse(L, "DebugCounter", TransformCounterRefusal);
    return false;
  }
  Remarks.emit(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F), [&] {
    return remarkAt<OptimizationRemark>(DEBUG_TYPE, "Split",
                                        *L.getHeader()->getTerminator())
           << "loop split into " << std::to_string(Plan->Groups.size())
           << " loops: " << Summary << (D.Profitable ? "" : " (forced)");
  });
  // The new loops hold one group each: nothing left to split.
  for (BasicBlock *Copy : applyFission(*Plan, nullptr))
    Seen.insert(Copy);
  ++NumSplit;
  return true;
}

bool Splitter::run() {
  const Target T = Target::get(getKernelInfo(F));
  bool Changed = false;
  for (unsigned Splits = 0; Splits < MaxSplitsPerFunction;) {
    Loop *L = nextCandidate(FAM.getResult<LoopAnalysis>(F));
    if (!L)
      break;
    if (!trySplit(*L, T))
      continue;
    ++Splits;
    Changed = true;
    // New blocks and loops: recompute before the next candidate.
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  return Changed;
}

PreservedAnalyses LoopSplitPass::run(Function &F,
                                     FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !isNVPTXModule(*F.getParent()))
    return PreservedAnalyses::all();
  if (!transformWithPinnedContractions(F, FAM, [&](bool FastMath) {
        return Splitter(F, FAM, Opts, FastMath).run();
      }))
    return PreservedAnalyses::all();
  markTransformed(F);
  return PreservedAnalyses::none();
}

} // namespace divopt
