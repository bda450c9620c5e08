//===- KernelSplit.cpp - One kernel per arm of a divergent branch ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelSplit.h"
#include "BranchLocations.h"
#include "Cleanup.h"
#include "ConstantFolds.h"
#include "ContractionPinning.h"
#include "LaunchPlanGlobal.h"
#include "PassOptions.h"
#include "SharedWay.h"
#include "SplitLegality.h"
#include "TransformCounter.h"
#include "UniqueRemarks.h"
#include "analysis/ChainLatency.h"
#include "analysis/CostModel.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/InstructionCost.h"
#include "analysis/ProfileIdentity.h"
#include "analysis/ProfileUse.h"
#include "analysis/PtxasRegisters.h"
#include "analysis/RegisterPressure.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <limits>

using namespace llvm;

#define DEBUG_TYPE "divopt-kernel-split"

STATISTIC(NumSplit, "Kernels split into one kernel per way of a branch");
STATISTIC(NumParts, "Kernels created by kernel splitting");
STATISTIC(NumRefused, "Divergent branches of kernels left unsplit");
STATISTIC(NumUnmeasured, "Branches refused without building their parts");
STATISTIC(NumSharedWays, "Ways of split kernels compiled once, as a device "
                         "function the kernel and its part call");

namespace divopt {

/// Branches a kernel is tried at, at most: each try copies the kernel once
/// per way.
static constexpr unsigned MaxTriesPerKernel = 8;

static constexpr unsigned MaxWays = KernelSplitMaxWays;
static constexpr const char *PartAttribute = SplitPartAttribute;

Expected<KernelSplitOptions> parseKernelSplitOptions(StringRef Params) {
  KernelSplitOptions Opts;
  PassOptionParser P("kernel-split", Params);
  Error E = P.forEach([&](StringRef Key, std::optional<StringRef> V) -> Error {
    if (Key == "threshold")
      return P.set(Opts.Threshold, Key, V, 0.01, 100.0);
    if (Key == "launch-overhead")
      return P.set(Opts.LaunchOverheadPercent, Key, V, 0.0, 100.0);
    if (Key == "force")
      return P.setFlag(Opts.Force, Key, V);
    return P.unknown(Key, "threshold=<x>, launch-overhead=<percent> or force");
  });
  if (E)
    return E;
  return Opts;
}

void KernelSplitPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "kernel-split<threshold=" << formatDecimal(Opts.Threshold)
     << ";launch-overhead=" << formatDecimal(Opts.LaunchOverheadPercent)
     << (Opts.Force ? ";force" : "") << ">";
}

namespace {

/// The name of a part, as PTX and cuModuleGetFunction spell it: NVPTX
/// rewrites '.' as "_$_" only in local symbols, and ptxas rejects '.' in
/// an entry's name, so the part is named that way in the IR already.
std::string getPartName(const Function &F, StringRef Suffix) {
  return (F.getName() + "_$_divopt_$_" + Suffix).str();
}

/// getPartName, or with a number after it where the module already has a
/// symbol of that name (a user's function may be named so): the launch
/// plan names the parts, so any free name serves.
std::string getFreePartName(const Function &F, StringRef Suffix) {
  std::string Name = getPartName(F, Suffix);
  std::string Free = Name;
  for (unsigned N = 1; F.getParent()->getNamedValue(Free); ++N)
    Free = Name + "_$_" + std::to_string(N);
  return Free;
}

/// Whether kernel-split made parts of F before (they name F).
bool hasParts(const Function &F) {
  return any_of(*F.getParent(), [&](const Function &Other) {
    return Other.getFnAttribute(PartAttribute).getValueAsString() ==
           F.getName();
  });
}

/// then/else for a two-way branch (by successor), arm<N> for a switch.
std::string getWaySuffix(const Instruction &Term, unsigned Way) {
  if (isa<BranchInst>(Term))
    return Way == 0 ? "then" : "else";
  return "arm" + std::to_string(Way);
}

/// The distinct successors of Term, in successor order: the ways.
SmallVector<BasicBlock *, 4> getWayEntries(Instruction &Term) {
  SmallVector<BasicBlock *, 4> Entries;
  for (BasicBlock *Succ : successors(&Term))
    if (!is_contained(Entries, Succ))
      Entries.push_back(Succ);
  return Entries;
}

/// Sends the part's copy of Term's ways other than Entry to one new block
/// that returns; a way's copy, where the part has one, loses the edge.
void cutOtherWays(Function &Part, Instruction &Term, BasicBlock *Entry,
                  ValueToValueMapTy &VMap) {
  auto *PartTerm = cast<Instruction>(VMap[&Term]);
  BasicBlock *PartBB = PartTerm->getParent();
  auto *Other =
      BasicBlock::Create(Part.getContext(), "divopt.other.way", &Part);
  ReturnInst::Create(Part.getContext(), Other);
  for (unsigned I = 0, E = Term.getNumSuccessors(); I != E; ++I) {
    BasicBlock *Succ = Term.getSuccessor(I);
    if (Succ == Entry)
      continue;
    if (auto *Copy = cast_or_null<BasicBlock>(VMap.lookup(Succ)))
      Copy->removePredecessor(PartBB);
    PartTerm->setSuccessor(I, Other);
  }
}

/// A copy of F named Name in which threads whose branch does not go to
/// Entry return at the branch: F copied whole, its other ways then cut off
/// and their blocks deleted. VMap maps F's values to the copy's.
Function *copyWholeAndCut(Function &F, Instruction &Term, BasicBlock *Entry,
                          const Twine &Name, ValueToValueMapTy &VMap) {
  Function *Part = CloneFunction(&F, VMap);
  // Before a way is cut off: one way's PHIs fold away and its multiplies
  // lose uses, which changes what code generation would fuse.
  ContractionPins::pin(*Part).keep();
  Part->setName(Name);
  cutOtherWays(*Part, Term, Entry, VMap);
  removeUnreachableBlocks(*Part);
  return Part;
}

/// The blocks of F a part keeps: those the entry reaches where Term leads
/// to Entry alone.
SmallPtrSet<const BasicBlock *, 32>
getPartBlocks(Function &F, Instruction &Term, BasicBlock *Entry) {
  SmallPtrSet<const BasicBlock *, 32> Kept = {&F.getEntryBlock()};
  SmallVector<const BasicBlock *, 32> Work = {&F.getEntryBlock()};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    for (const BasicBlock *Succ : successors(BB))
      if ((BB != Term.getParent() || Succ == Entry) && Kept.insert(Succ).second)
        Work.push_back(Succ);
  }
  return Kept;
}

/// What BasicBlock::removePredecessor(Pred) does to Succ's PHIs, for a Pred
/// that is not in Succ's function (a block of the kernel a part left out):
/// the values from Pred go, and a PHI left with one value is replaced by
/// it.
void removeIncomingFrom(BasicBlock &Succ, const BasicBlock *Pred) {
  if (Succ.empty() || !isa<PHINode>(Succ.front()))
    return;
  unsigned NumPreds = cast<PHINode>(Succ.front()).getNumIncomingValues();
  for (PHINode &Phi : make_early_inc_range(Succ.phis())) {
    Phi.removeIncomingValue(Pred, /*DeletePHIIfEmpty=*/true);
    if (NumPreds == 1)
      continue;
    if (Value *V = Phi.hasConstantValue()) {
      Phi.replaceAllUsesWith(V);
      Phi.eraseFromParent();
    }
  }
}

/// Whether copyKeptAndCut can stand for copyWholeAndCut on F: no debug
/// information (the copy's subprogram is CloneFunction's to make), no block
/// address, and nothing for ContractionPins to pin (it decides by every
/// use, those in the other ways included).
bool canCopyKeptBlocks(const Function &F) {
  if (F.getSubprogram() || hasContractionsToPin(F))
    return false;
  for (const BasicBlock &BB : F) {
    if (BB.hasAddressTaken())
      return false;
    for (const Instruction &I : BB)
      if (I.getDebugLoc() || I.hasDbgRecords())
        return false;
  }
  return true;
}

/// copyWholeAndCut at the cost of the part's own size: only the blocks the
/// part keeps are copied, and the edges from those it leaves out are taken
/// out of the PHIs in the order removeUnreachableBlocks would (the kernel's
/// block order). Null, with nothing left behind, where removing the
/// unreachable blocks would have changed more than that (a terminator it
/// folds): then only the whole copy is the same.
Function *copyKeptAndCut(Function &F, Instruction &Term, BasicBlock *Entry,
                         const Twine &Name, ValueToValueMapTy &VMap) {
  SmallPtrSet<const BasicBlock *, 32> Kept = getPartBlocks(F, Term, Entry);
  Function *Part =
      Function::Create(F.getFunctionType(), F.getLinkage(), F.getAddressSpace(),
                       F.getName(), F.getParent());
  for (auto [A, B] : zip(F.args(), Part->args())) {
    B.setName(A.getName());
    VMap[&A] = &B;
  }
  // As CloneFunction maps metadata: distinct nodes (alias scopes, loop
  // properties) are copied, debug information (there is none) kept.
  MetadataPredicate KeepDebugInfo = [](const Metadata *MD) {
    return isa<DINode>(MD);
  };
  CloneFunctionAttributesInto(Part, &F, VMap, /*ModuleLevelChanges=*/false);
  CloneFunctionMetadataInto(*Part, F, VMap, RF_None, nullptr, nullptr,
                            &KeepDebugInfo);
  for (const BasicBlock &BB : F)
    if (Kept.contains(&BB))
      VMap[&BB] = CloneBasicBlock(&BB, VMap, "", Part);
  // The left-out blocks' edges into kept ones stay, to the kernel's blocks,
  // until they are taken out below.
  for (BasicBlock &BB : *Part)
    for (Instruction &I : BB)
      RemapInstruction(&I, VMap, RF_IgnoreMissingLocals, nullptr, nullptr,
                       &KeepDebugInfo);
  Part->setName(Name);
  cutOtherWays(*Part, Term, Entry, VMap);
  for (const BasicBlock &BB : F)
    if (!Kept.contains(&BB))
      for (const BasicBlock *Succ : successors(&BB))
        if (Kept.contains(Succ))
          removeIncomingFrom(*cast<BasicBlock>(VMap[Succ]), &BB);
  if (removeUnreachableBlocks(*Part)) {
    Part->eraseFromParent();
    return nullptr;
  }
  return Part;
}

/// The IR of Part, its name left out.
std::string printBody(Function &Part) {
  std::string Name = Part.getName().str(), S;
  Part.setName("divopt.compared");
  raw_string_ostream OS(S);
  Part.print(OS);
  Part.setName(Name);
  return S;
}

/// A copy of F named Name in which threads whose branch does not go to
/// Entry return at the branch; VMap maps F's values to the copy's.
Function *buildPart(Function &F, Instruction &Term, BasicBlock *Entry,
                    const Twine &Name, ValueToValueMapTy &VMap) {
  Function *Part = nullptr;
  if (canCopyKeptBlocks(F))
    Part = copyKeptAndCut(F, Term, Entry, Name, VMap);
  if (Part && verifyIncremental()) {
    ValueToValueMapTy WholeMap;
    Function *Whole = copyWholeAndCut(F, Term, Entry, Name, WholeMap);
    if (printBody(*Part) != printBody(*Whole))
      reportFatalInternalError("kernel-split: the part of " + F.getName() +
                               " copied block by block differs from the "
                               "whole copy cut down");
    Whole->eraseFromParent();
  }
  if (!Part) {
    VMap.clear();
    Part = copyWholeAndCut(F, Term, Entry, Name, VMap);
  }
  Part->addFnAttr(PartAttribute, F.getName());
  // Kept or dropped by the linker together with the kernel (weak_odr,
  // linkonce_odr template kernels); CloneFunction keeps the linkage.
  Part->setComdat(F.getComdat());
  return Part;
}

/// Issue cost and chain latency of what a warp runs in each region of the
/// split kernel.
struct RegionCosts {
  Phase Prologue, Epilogue;
  SmallVector<Phase, 4> Ways;
  /// Probability that a warp has a lane taking each way.
  SmallVector<double, 4> WayRuns;
  /// What of it the profile measured, for the remark; empty without.
  std::string FromProfile;
};

Phase scaled(const Phase &P, double By) {
  return {P.Cost * By, P.Latency * By};
}

/// Where a profile is in use: the loops whose trips the compiler does not
/// know, by region, with what the cost model took for them: "loop trips
/// per warp entry: from the profile 32.0 (loop 1, then), 146.0 (loop 2,
/// else); assumed 8 (loop 0, then: no record); ".
std::string describeLoopTrips(const Instruction &Term, const SplitRegions &R,
                              const FunctionProfile &FP, LoopInfo &LI,
                              ScalarEvolution &SE) {
  std::string Measured, Assumed;
  raw_string_ostream MOS(Measured), AOS(Assumed);
  ListSeparator MLS(", "), ALS(", ");
  // By profile index: the order the profile's records come in.
  SmallVector<Loop *, 8> Loops(LI.getLoopsInPreorder());
  stable_sort(Loops, [](const Loop *A, const Loop *B) {
    return getStampedLoop(*A).value_or(~0u) < getStampedLoop(*B).value_or(~0u);
  });
  for (Loop *L : Loops) {
    if (SE.getSmallConstantTripCount(L))
      continue;
    int Region = R.get(L->getHeader());
    std::string Where = Region == SplitRegions::Prologue ? "before the branch"
                        : Region == SplitRegions::Epilogue
                            ? "after the join"
                            : getWaySuffix(Term, Region);
    std::string Name = "loop";
    if (std::optional<unsigned> I = getStampedLoop(*L))
      Name += " " + std::to_string(*I);
    if (std::optional<double> Trips = FP.getTripsPerEntry(*L)) {
      MOS << MLS << format("%.1f", *Trips) << " (" << Name << ", " << Where
          << ")";
      continue;
    }
    double Trips = getTripWeight(*L->getHeader(), L->getParentLoop(), LI, SE);
    AOS << ALS << format("%g", Trips) << " (" << Name << ", " << Where
        << ": no record)";
  }
  if (Measured.empty() && Assumed.empty())
    return "";
  std::string S = "loop trips per warp entry: ";
  if (!Measured.empty())
    S += "from the profile " + Measured;
  if (!Assumed.empty())
    S += (Measured.empty() ? "" : "; ") + ("assumed " + Assumed);
  return S + "; ";
}

/// Each block's trip weight, issue cost and chain latency, in the
/// kernel's order: the same for every branch tried, so found once.
struct BlockCost {
  const BasicBlock *BB;
  double Trips, Cost, Latency;
};

SmallVector<BlockCost, 32> getBlockCosts(Function &F, const Target &T,
                                         FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  FunctionProfile FP = getFunctionProfile(F, FAM);
  auto Measured = [&](const Loop &L) { return FP.getTripsPerEntry(L); };
  SmallVector<BlockCost, 32> Costs;
  for (BasicBlock &BB : F)
    Costs.push_back({&BB, getTripWeight(BB, nullptr, LI, SE, Measured),
                     getBlockCost(BB, T.ComputeCapability),
                     getBlockChainLatency(BB, T.ComputeCapability)});
  return Costs;
}

RegionCosts getRegionCosts(Function &F, ArrayRef<BlockCost> Blocks,
                           const DivergentBranch &DB, const SplitRegions &R,
                           const Target &T, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  FunctionProfile FP = getFunctionProfile(F, FAM);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  RegionCosts C;
  C.Ways.assign(R.Ways.size(), Phase());
  for (const BlockCost &B : Blocks) {
    int Region = R.get(B.BB);
    Phase &P = Region == SplitRegions::Prologue   ? C.Prologue
               : Region == SplitRegions::Epilogue ? C.Epilogue
                                                  : C.Ways[Region];
    // A way's block, or one after the join, as often as the profile saw
    // warps reach it from the branch or the join.
    double Reach = 1;
    if (Region >= 0)
      Reach = getProfiledReach(*B.BB, *DB.Term->getParent(), DT, FP);
    else if (Region == SplitRegions::Epilogue && DB.Join &&
             DT.dominates(DB.Join, B.BB))
      Reach = getProfiledReach(*B.BB, *DB.Join, DT, FP);
    P.Cost += B.Trips * Reach * B.Cost;
    P.Latency += B.Trips * Reach * B.Latency;
  }
  if (const profile::BranchRecord *B = FP.getBranch(*DB.Term);
      B && B->Ways.size() == R.Ways.size()) {
    // Measured: the share of warp executions with a lane on each way is
    // what each part's warps run of it.
    raw_string_ostream OS(C.FromProfile);
    OS << "from the profile: ";
    ListSeparator LS(", ");
    for (unsigned W = 0; W < B->Ways.size(); ++W) {
      C.WayRuns.push_back(B->getWarpShare(W).value_or(1.0));
      OS << LS << getWaySuffix(*DB.Term, W) << " runs in "
         << format("%.0f%%", 100 * C.WayRuns.back()) << " of warps, "
         << format("%.0f%%", 100 * B->getLaneShare(W).value_or(0))
         << " of threads";
    }
    OS << " (" << describeMeasured(*B) << ")";
    if (T.Shape.Source == LaunchShapeSource::Profile)
      OS << "; launched at " << T.Shape.MaxThreads << " threads/block";
    OS << "; ";
  } else if (const auto *Br = dyn_cast<BranchInst>(DB.Term)) {
    WarpOutcomes W = WarpOutcomes::get(getTakenProbability(*Br));
    C.WayRuns = {W.Both + W.ThenOnly, W.Both + W.ElseOnly};
  } else {
    // A switch's case probabilities are not modelled: every warp is taken
    // to run every way, as in a kernel whose lanes all disagree.
    C.WayRuns.assign(R.Ways.size(), 1.0);
  }
  if (FP.hasRecords())
    C.FromProfile += describeLoopTrips(*DB.Term, R, FP, LI, SE);
  return C;
}

struct Part {
  Function *F = nullptr;
  std::string Suffix;
  Estimate E;
};

/// The original kernel against its parts, run one after the other.
struct SplitPrediction {
  double Ratio = 0;
  std::string Explanation;
};

/// Before / after at one block size.
double getSplitRatio(const Estimate &Original, ArrayRef<Part> Parts,
                     const Target &T, const KernelSplitOptions &Opts) {
  double Before = predictTime(Original, T);
  double After = (Parts.size() - 1) * Opts.LaunchOverheadPercent / 100 * Before;
  for (const Part &P : Parts)
    After += predictTime(P.E, T);
  return After > 0 ? Before / After : 0;
}

/// The most a split can predict whatever registers its parts need: each
/// part at the occupancy of no registers at all. A part's predicted time
/// only grows as its occupancy falls (or is Cost * 1e6 where it cannot
/// launch, whichever is less here), and the block sizes the worst case is
/// taken over depend on the original alone: where this bound is below the
/// threshold, the measured prediction is too.
double getBestCaseRatio(const Estimate &Original, ArrayRef<Part> Parts,
                        const Target &Launch, const KernelSplitOptions &Opts) {
  double Worst;
  getWorstBlockSize(
      Launch, Original.Registers,
      [&](const Target &At) {
        double Before = predictTime(Original, At);
        double After =
            (Parts.size() - 1) * Opts.LaunchOverheadPercent / 100 * Before;
        for (const Part &P : Parts) {
          Estimate Fewest = P.E;
          Fewest.Registers = 0;
          After += std::min(predictTime(Fewest, At), P.E.Cost * 1e6);
        }
        return After > 0 ? Before / After
                         : std::numeric_limits<double>::infinity();
      },
      &Worst);
  return Worst;
}

SplitPrediction predict(const Estimate &Original, ArrayRef<Part> Parts,
                        const Target &Launch, const KernelSplitOptions &Opts) {
  SplitPrediction S;
  // The gain is the original's lost occupancy: it must hold where the
  // original needs fewer registers than estimated (the estimate's margin;
  // the parts keep their estimates, which only makes them slower).
  Estimate Leaner = Original;
  Leaner.Registers -= std::min(Leaner.Registers, getRegisterCountMargin());
  bool ByMargin = false;
  const Target T = getWorstBlockSize(
      Launch, Original.Registers,
      [&](const Target &At) {
        return std::min(getSplitRatio(Original, Parts, At, Opts),
                        getSplitRatio(Leaner, Parts, At, Opts));
      },
      &S.Ratio);
  ByMargin = getSplitRatio(Leaner, Parts, T, Opts) <
             getSplitRatio(Original, Parts, T, Opts);
  raw_string_ostream OS(S.Explanation);
  auto List = [&](auto Field) {
    ListSeparator LS(", ");
    for (const Part &P : Parts)
      OS << LS << Field(P) << " (" << P.Suffix << ")";
  };
  auto Percent = [&](unsigned Regs) {
    return format("%.1f%%", 100 * T.occupancy(Regs).Fraction);
  };
  OS << "registers " << Original.Registers << " -> ";
  List([](const Part &P) { return P.E.Registers; });
  OS << "; occupancy " << Percent(Original.Registers) << " -> ";
  List([&](const Part &P) { return Percent(P.E.Registers); });
  OS << " ";
  T.printLaunch(OS);
  OS << "; cost " << format("%.1f", Original.Cost) << " -> ";
  List([](const Part &P) { return format("%.1f", P.E.Cost); });
  OS << ", " << format("%g", Opts.LaunchOverheadPercent)
     << "% per extra launch";
  // Original.Phases: the prologue, then the ways in the parts' order.
  const Estimate &Worst = ByMargin ? Leaner : Original;
  for (auto [Way, P] : enumerate(Parts))
    if (isOverlapped(Worst, Way + 1, T))
      OS << "; the kernel hides the " << P.Suffix
         << " way's latency behind its other ways' issue ("
         << format("%.1f", getWarpsPerScheduler(Worst, T))
         << " warps a scheduler, "
         << format("%.1f", getOverlapWarps(Worst, Way + 1))
         << " needed): no occupancy to gain";
  int Decimals = getRatioDecimals(S.Ratio, Opts.Threshold);
  OS << "; predicted speedup " << format("%.*fx", Decimals, S.Ratio);
  if (ByMargin)
    OS << " with the kernel at " << Leaner.Registers
       << " registers (the estimate less its margin of "
       << Original.Registers - Leaner.Registers << ")";
  OS << " (threshold " << format("%.*fx", Decimals, Opts.Threshold) << ")";
  return S;
}

/// One legal way to split a kernel, built and measured.
struct Candidate {
  const DivergentBranch *DB = nullptr;
  SmallVector<Part, 2> Parts;
  SplitPrediction Prediction;
  /// Refused by getBestCaseRatio with remarks off: no parts were built, and
  /// Prediction is empty (only a remark would have read it).
  bool Unmeasured = false;
};

class Splitter {
public:
  Splitter(Function &F, FunctionAnalysisManager &FAM,
           const KernelSplitOptions &Opts)
      : F(F), M(*F.getParent()), FAM(FAM), Opts(Opts) {}

  bool run();

private:
  std::optional<Candidate> evaluate(const DivergentBranch &DB, const Target &T);
  void commit(Candidate &C);
  std::optional<std::string> shareLargeWays(Candidate &C);
  void discard(Candidate &C);
  void missed(const Instruction &Term, StringRef Name, const Twine &Why);
  void missed(const Instruction &Term, const SplitRefusal &Why);

  Function &F;
  Module &M;
  FunctionAnalysisManager &FAM;
  const KernelSplitOptions &Opts;
  /// The kernel does not change while its branches are tried: its
  /// registers and block costs are found once.
  std::optional<unsigned> OriginalRegisters, ExactOriginalRegisters;
  SmallVector<BlockCost, 32> BlockCosts;
  std::optional<KernelAccesses> Accesses;
  std::optional<RunTimeOperands> RunTime;
  /// Remarks on F, each distinct one once (unrolled copies of a branch).
  UniqueRemarks Remarks;
};

} // namespace

void Splitter::missed(const Instruction &Term, const SplitRefusal &Why) {
  ++NumRefused;
  Remarks.emit(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F), [&] {
    return remarkAt<OptimizationRemarkMissed>(DEBUG_TYPE, Why.Name, Term)
           << "kernel " << demangle(F.getName())
           << " not split at this divergent branch: " << Why.reason();
  });
}

void Splitter::missed(const Instruction &Term, StringRef Name,
                      const Twine &Why) {
  ++NumRefused;
  Remarks.emit(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F), [&] {
    return remarkAt<OptimizationRemarkMissed>(DEBUG_TYPE, Name, Term)
           << "kernel " << demangle(F.getName())
           << " not split at this divergent branch: " << Why.str();
  });
}

std::optional<Candidate> Splitter::evaluate(const DivergentBranch &DB,
                                            const Target &T) {
  auto &CI = FAM.getResult<CycleAnalysis>(F);
  // Before the regions: finding them walks the rest of the kernel.
  if (std::optional<SplitRefusal> Why = checkBranchOnce(DB, CI)) {
    missed(*DB.Term, *Why);
    return std::nullopt;
  }
  // Most refusals show without the walk.
  if (!Accesses)
    Accesses.emplace(F);
  if (std::optional<SplitRefusal> Why = findRefusalBeforeJoin(
          DB, *Accesses, FAM.getResult<DominatorTreeAnalysis>(F),
          FAM.getResult<PostDominatorTreeAnalysis>(F),
          FAM.getResult<AAManager>(F))) {
    missed(*DB.Term, *Why);
    return std::nullopt;
  }
  SplitRegions R = getSplitRegions(DB);
  if (std::optional<SplitRefusal> Why =
          checkBranchSplittable(DB, R, CI, FAM.getResult<AAManager>(F))) {
    missed(*DB.Term, *Why);
    return std::nullopt;
  }
  if (R.Ways.size() > MaxWays) {
    missed(*DB.Term, "TooManyWays",
           "the branch has " + Twine(R.Ways.size()) +
               " ways; kernel-split makes at most " + Twine(MaxWays) +
               " kernels of one");
    return std::nullopt;
  }
  if (BlockCosts.empty())
    BlockCosts = getBlockCosts(F, T, FAM);
  RegionCosts RC = getRegionCosts(F, BlockCosts, DB, R, T, FAM);
  if (!OriginalRegisters)
    OriginalRegisters = estimateFunctionRegisters(F);
  // Phases in the order a warp runs them: the original runs the ways one
  // after the other, each part its own way between prologue and epilogue.
  Estimate Original{0, *OriginalRegisters, {RC.Prologue}};
  Candidate C;
  C.DB = &DB;
  SmallVector<BasicBlock *, 4> Entries = getWayEntries(*DB.Term);
  for (unsigned Way = 0; Way < Entries.size(); ++Way) {
    Original.Phases.push_back(scaled(RC.Ways[Way], RC.WayRuns[Way]));
    Estimate E{0,
               0,
               {RC.Prologue, scaled(RC.Ways[Way], RC.WayRuns[Way]),
                scaled(RC.Epilogue, RC.WayRuns[Way])}};
    for (const Phase &P : E.Phases)
      E.Cost += P.Cost;
    C.Parts.push_back({nullptr, getWaySuffix(*DB.Term, Way), E});
  }
  Original.Phases.push_back(RC.Epilogue);
  for (const Phase &P : Original.Phases)
    Original.Cost += P.Cost;
  // Registers are the split's whole gain: in exact mode the kernel and its
  // parts are always counted by ptxas.
  if (useExactRegisterCounts()) {
    if (!ExactOriginalRegisters)
      ExactOriginalRegisters = getFunctionRegisters(F);
    Original.Registers = *ExactOriginalRegisters;
  }
  // Each part is a copy of the kernel to count its registers. Where no
  // register count can make the split pay, the copies would only give a
  // refusal's remark its numbers.
  if (!Opts.Force &&
      !FAM.getResult<OptimizationRemarkEmitterAnalysis>(F).allowExtraAnalysis(
          DEBUG_TYPE) &&
      getBestCaseRatio(Original, C.Parts, T, Opts) < Opts.Threshold) {
    ++NumUnmeasured;
    C.Parts.clear();
    C.Unmeasured = true;
    return C;
  }
  for (auto [Way, P] : enumerate(C.Parts)) {
    // Named at commit: candidates of other branches may coexist until then.
    ValueToValueMapTy VMap;
    P.F =
        buildPart(F, *DB.Term, Entries[Way], F.getName() + ".candidate", VMap);
    if (!RunTime)
      RunTime.emplace(F);
    if (const Instruction *I = RunTime->findMadeConstant(VMap, *P.F)) {
      const auto *Call = dyn_cast<CallBase>(I);
      missed(*DB.Term, "ApproximationMadeConstant",
             "in the part for the " + P.Suffix + " way the operands of " +
                 (Call ? getCalleeName(*Call) : I->getOpcodeName()) +
                 " would be constants, which ptxas evaluates at compile "
                 "time, exactly rounded, where the kernel computes them at "
                 "run time with the GPU's approximation");
      discard(C);
      return std::nullopt;
    }
    P.E.Registers = useExactRegisterCounts() ? getFunctionRegisters(*P.F)
                                             : estimateFunctionRegisters(*P.F);
  }
  C.Prediction = predict(Original, C.Parts, T, Opts);
  C.Prediction.Explanation = RC.FromProfile + C.Prediction.Explanation;
  return C;
}

void Splitter::discard(Candidate &C) {
  for (Part &P : C.Parts)
    if (P.F)
      P.F->eraseFromParent();
  C.Parts.clear();
}

/// Moves the ways worth compiling once (SharedWay.h) into device functions
/// and copies the parts again from the kernel that calls them. What the
/// remark adds (empty where no way was shared); none where the kernel is
/// unchanged.
std::optional<std::string> Splitter::shareLargeWays(Candidate &C) {
  SplitRegions R = getSplitRegions(*C.DB);
  SmallVector<unsigned, 2> Shareable;
  for (auto [Way, Blocks] : enumerate(R.Ways))
    if (isShareableWay(Blocks))
      Shareable.push_back(Way);
  if (Shareable.empty())
    return std::nullopt;
  Instruction &Term = *C.DB->Term;
  // A product in the kernel and its sum in the device function, or the
  // other way round, would no longer be fused.
  ContractionPins::pin(F).keep();
  SmallVector<std::string, 2> Shared;
  for (unsigned Way : Shareable) {
    Function *Fn = shareWay(F, R.Ways[Way],
                            getFreePartName(F, C.Parts[Way].Suffix + "_way"));
    if (!Fn)
      continue;
    ++NumSharedWays;
    Shared.push_back((C.Parts[Way].Suffix + " way as " + Fn->getName()).str());
  }
  // The parts were copied from the kernel before it changed (pins, calls).
  SmallVector<BasicBlock *, 4> Entries = getWayEntries(Term);
  for (auto [Way, P] : enumerate(C.Parts)) {
    P.F->eraseFromParent();
    ValueToValueMapTy VMap;
    P.F = buildPart(F, Term, Entries[Way], F.getName() + ".candidate", VMap);
  }
  if (Shared.empty())
    return std::string();
  return "; compiled once, called by the kernel and its part: " +
         join(Shared, ", ");
}

void Splitter::commit(Candidate &C) {
  std::optional<std::string> SharedWays = shareLargeWays(C);
  SmallVector<std::string, 4> Names;
  for (Part &P : C.Parts) {
    P.F->setName(getFreePartName(F, P.Suffix));
    Names.push_back(P.F->getName().str());
    markTransformed(*P.F);
  }
  createLaunchPlan(F, Names);
  ++NumSplit;
  NumParts += C.Parts.size();
  bool Forced = C.Prediction.Ratio < Opts.Threshold;
  Remarks.emit(FAM.getResult<OptimizationRemarkEmitterAnalysis>(F), [&] {
    return remarkAt<OptimizationRemark>(DEBUG_TYPE, "Split", *C.DB->Term)
           << "kernel " << demangle(F.getName()) << " split into "
           << join(Names, ", ") << " (launched in this order for "
           << F.getName() << "): " << C.Prediction.Explanation
           << (Forced ? " (forced)" : "") << SharedWays.value_or("");
  });
  // Last: the branch C names lives in the kernel's divergence analysis.
  if (SharedWays)
    FAM.invalidate(F, PreservedAnalyses::none());
}

bool Splitter::run() {
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  SmallVector<const DivergentBranch *, 4> Branches;
  for (const DivergentBranch &DB : DI.branches())
    if (DB.Kind != BranchKind::LoopExit)
      Branches.push_back(&DB);
  if (Branches.empty())
    return false;
  std::optional<SplitRefusal> Why = checkKernelSplittable(F);
  if (!Why && hasParts(F))
    Why = SplitRefusal{"AlreadySplit", "the kernel was split before"};
  if (!Why && hasFastMathFolds(F))
    Why = SplitRefusal{"FastMath", FastMathRefusal};
  if (!Why)
    if (Error E = checkLaunchPlanFree(F))
      Why = SplitRefusal{"LaunchPlan", toString(std::move(E))};
  if (Why) {
    missed(*Branches.front()->Term, *Why);
    return false;
  }
  const Target T =
      getProfiledTarget(DI.getKernelInfo(), getFunctionProfile(F, FAM));
  std::optional<Candidate> Best;
  unsigned Tries = 0;
  for (const DivergentBranch *DB : Branches) {
    if (Tries == MaxTriesPerKernel) {
      missed(*DB->Term, "TooMany",
             "kernel-split tries at most " + Twine(MaxTriesPerKernel) +
                 " branches per kernel");
      continue;
    }
    std::optional<Candidate> C = evaluate(*DB, T);
    if (C)
      ++Tries;
    if (!C)
      continue;
    bool Takeable =
        !C->Unmeasured && (Opts.Force || C->Prediction.Ratio >= Opts.Threshold);
    if (!Takeable) {
      missed(*DB->Term, "Unprofitable",
             "unprofitable: " + C->Prediction.Explanation);
      discard(*C);
      continue;
    }
    if (Best && Best->Prediction.Ratio >= C->Prediction.Ratio) {
      missed(*DB->Term, "NotBest",
             "another branch of the kernel predicts more: " +
                 C->Prediction.Explanation);
      discard(*C);
      continue;
    }
    if (Best) {
      missed(*Best->DB->Term, "NotBest",
             "another branch of the kernel predicts more: " +
                 Best->Prediction.Explanation);
      discard(*Best);
    }
    Best = std::move(C);
  }
  if (!Best)
    return false;
  if (!shouldApplyTransform()) {
    missed(*Best->DB->Term, "DebugCounter", TransformCounterRefusal);
    discard(*Best);
    return false;
  }
  commit(*Best);
  return true;
}

PreservedAnalyses KernelSplitPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    return PreservedAnalyses::all();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() && F.hasKernelCallingConv() &&
        !F.hasFnAttribute(PartAttribute) &&
        !F.hasFnAttribute(Attribute::OptimizeNone))
      Kernels.push_back(&F);
  bool Changed = false;
  for (Function *F : Kernels)
    Changed |= Splitter(*F, FAM, Opts).run();
  if (!Changed)
    return PreservedAnalyses::all();
  // New kernels, device functions and a global; a kernel that now calls a
  // shared way had its analyses invalidated when it changed.
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  PA.preserve<FunctionAnalysisManagerModuleProxy>();
  return PA;
}

} // namespace divopt
