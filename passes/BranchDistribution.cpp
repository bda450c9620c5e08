//===- BranchDistribution.cpp - Factor common code out of arms ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BranchDistribution.h"
#include "ArmEdges.h"
#include "ArmMelder.h"
#include "BranchLocations.h"
#include "Cleanup.h"
#include "ContractionPinning.h"
#include "DecidedSet.h"
#include "PassOptions.h"
#include "RegionSimplify.h"
#include "RegionTrial.h"
#include "SwitchChain.h"
#include "TransformCounter.h"
#include "UniqueRemarks.h"
#include "UnreadValue.h"
#include "analysis/ChainLatency.h"
#include "analysis/CostModel.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/GridEdgeTest.h"
#include "analysis/InstructionCost.h"
#include "analysis/KernelInfo.h"
#include "analysis/ProfileIdentity.h"
#include "analysis/ProfileUse.h"
#include "analysis/RegisterPressure.h"
#include "analysis/StandaloneLoopAnalyses.h"
#include "analysis/WarpIndexTest.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>
#include <utility>

using namespace llvm;

#define DEBUG_TYPE "divopt-branch-dist"

STATISTIC(NumDistributed, "Divergent branches distributed");
STATISTIC(NumMelded, "Instruction pairs melded into common code");
STATISTIC(NumSelects, "Selects added for differing operands");
STATISTIC(NumRefused, "Divergent branches left as they were");
STATISTIC(NumAnalyses, "Divergence analyses of a function branch "
                       "distribution took its candidates from");
STATISTIC(NumKeptCandidates, "Melds after which the candidates found before "
                             "stayed valid");
STATISTIC(NumPressureUpdates, "Melds whose region's register pressure was "
                              "updated in place");
STATISTIC(NumSimplified, "Divergent branches distributed after bringing "
                         "their arms to single-entry, single-exit form");
STATISTIC(NumSwitches, "Divergent switches lowered to two-way branches "
                       "that melded");
STATISTIC(NumUnreadDefined, "PHI operands on paths no lane reads them, "
                            "given a defined value");

namespace divopt {

/// Melds per function; each meld shrinks the arms, this only bounds
/// pathological inputs.
static constexpr unsigned MaxMeldsPerFunction = 64;

/// A branch whose arms must first be brought to single-entry, single-exit
/// form or to one shape is tried on a copy of the whole function, once per
/// rewrite: the rewrites build dominator trees of the function they
/// change. Past this many copies per function, such a branch is refused,
/// so that a function of thousands of them costs this many copies, not
/// one or two per branch (bench/kernels/meld.cu's bitonic sort makes 36).
static cl::opt<unsigned> MaxCopyTrials(
    "divopt-max-copy-trials", cl::init(64), cl::Hidden,
    cl::desc("Trial copies of a function branch distribution makes at most "
             "(arms not single-entry, single-exit, or of other shapes)"));

/// A switch is lowered, and its branches analysed afresh, one at a time;
/// past this many per function, a switch is refused, so that a function
/// of hundreds of them costs this many analyses, not two per switch.
static cl::opt<unsigned> MaxSwitchLowerings(
    "divopt-max-switch-lowerings", cl::init(16), cl::Hidden,
    cl::desc("Switches of a function branch distribution lowers to two-way "
             "branches at most"));

Expected<BranchDistributionOptions>
parseBranchDistributionOptions(StringRef Params) {
  BranchDistributionOptions Opts;
  PassOptionParser P("branch-dist", Params);
  Error E = P.forEach([&](StringRef Key, std::optional<StringRef> V) -> Error {
    if (Key == "threshold")
      return P.set(Opts.Threshold, Key, V, 0.01, 100.0);
    if (Key == "max-arm-insts")
      return P.set(Opts.MaxArmInsts, Key, V, 1, MaxArmInstsLimit);
    if (Key == "force")
      return P.setFlag(Opts.Force, Key, V);
    return P.unknown(Key, "threshold=<x>, max-arm-insts=<n> or force");
  });
  if (E)
    return E;
  return Opts;
}

void BranchDistributionPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "branch-dist<threshold=" << formatDecimal(Opts.Threshold)
     << ";max-arm-insts=" << Opts.MaxArmInsts << (Opts.Force ? ";force" : "")
     << ">";
}

namespace {

/// How often each block pair runs per execution of the region: the trip
/// counts of the loops inside the arms that hold it.
SmallVector<double, 4> getPairWeights(const MeldRegion &R, LoopInfo &LI,
                                      ScalarEvolution &SE) {
  const Loop *Outer = LI.getLoopFor(R.Branch->getParent());
  SmallVector<double, 4> W;
  for (const BlockPair &P : R.Pairs)
    W.push_back(getTripWeight(*P.Then, Outer, LI, SE));
  return W;
}

/// Each pair's blocks' share of the warps that run the region, by the
/// profile (getProfiledReach; 1 without one): a slow path inside an arm
/// that no warp took costs nothing before the meld or after it.
struct PairReach {
  double Then = 1, Else = 1;
  /// Where the melded block runs: where either arm's did, an empty block
  /// (an arm's copy of a sub-region only the other has) aside.
  double Either = 1;
};
SmallVector<PairReach, 4> getPairReach(const MeldRegion &R,
                                       const DominatorTree &DT,
                                       const FunctionProfile &Prof) {
  const BasicBlock &Head = *R.Branch->getParent();
  auto IsEmpty = [](const BasicBlock &BB) {
    return &*BB.getFirstNonPHIOrDbg() == BB.getTerminator();
  };
  SmallVector<PairReach, 4> Reach;
  for (const BlockPair &P : R.Pairs) {
    PairReach Rc{getProfiledReach(*P.Then, Head, DT, Prof),
                 getProfiledReach(*P.Else, Head, DT, Prof)};
    bool ThenEmpty = IsEmpty(*P.Then), ElseEmpty = IsEmpty(*P.Else);
    Rc.Either = ThenEmpty && !ElseEmpty   ? Rc.Else
                : ElseEmpty && !ThenEmpty ? Rc.Then
                                          : std::max(Rc.Then, Rc.Else);
    Reach.push_back(Rc);
  }
  return Reach;
}

/// A block as the time model sees it: the issue cost of a warp's pass
/// through it, and the latency of its dependence chains, its terminator's
/// included (a warp alone on its scheduler waits them out: with few warps
/// resident, melding pays by the branches and serialized arms it removes
/// from the path, not by issue slots).
Phase measureBlock(const BasicBlock &BB, unsigned CC) {
  return {getBlockCost(BB, CC), getBlockChainLatency(BB, CC)};
}

/// The issue cost of BB's branch.
double branchCost(const BasicBlock &BB, unsigned CC) {
  return getInstructionCost(*BB.getTerminator(), CC);
}

/// What ptxas makes of the branch a region hangs from, unmelded: a two-way
/// branch, which it predicates where the arms are short and straight, or
/// the ways of a switch, which it reaches through a tree of compares and
/// branches (bench/uniform/dispatch.cu: a material switch's two 5-instruction
/// ways, melded, ran 1.70x against 1.50x as a switch).
enum class BranchForm { TwoWay, SwitchWays };

/// One arm of a two-way region: its time, its instructions and whether it
/// branches on a condition of its own (whether ptxas keeps the branch to
/// it), and the issue cost of its branches.
struct Arm {
  Phase Time;
  unsigned Instructions = 0;
  bool Branches = false;
  double BranchCost = 0;

  void add(const BasicBlock &BB, double Weight, unsigned CC) {
    Time += measureBlock(BB, CC).times(Weight);
    Instructions += BB.size();
    Branches |= BB.getTerminator()->getNumSuccessors() > 1;
    BranchCost += Weight * branchCost(BB, CC);
  }
};

/// Whether ptxas turns a branch to these arms into predicated code: both
/// short and straight (the bitonic sort's arms, each a compare and a
/// branch to a swap, keep their branches: melded they ran 1.6x-2.0x).
bool isPredicated(const Arm &Then, const Arm &Else) {
  return !Then.Branches && !Else.Branches &&
         Then.Instructions <= PredicatedArmInstructions &&
         Else.Instructions <= PredicatedArmInstructions;
}

/// A two-way region's arms as a warp runs them: both, one after the other,
/// where its lanes disagree (divergentRegionCost), else the one they take;
/// each arm it branches into and reconverges from adds ArmBranchLatency to
/// the path. Arms short enough for ptxas to predicate are issued by every
/// warp, whatever its lanes take, and without the branches: BranchCost, the
/// issue cost of the branch to them, and the arms' own jumps are not paid
/// (bench/uniform/divisions.cu: melding such arms was predicted to save
/// its branch, 1.15x, and ran 0.84x).
Phase runArms(const Arm &Then, const Arm &Else, const WarpOutcomes &W,
              double BranchCost, BranchForm Form = BranchForm::TwoWay) {
  bool Predicated = Form == BranchForm::TwoWay && isPredicated(Then, Else);
  auto Latency = [&](const Arm &A) {
    return A.Time.Latency +
           (!Predicated && A.Instructions ? ArmBranchLatency : 0.0);
  };
  double T = Latency(Then), F = Latency(Else);
  double Cost =
      Predicated
          ? Then.Time.Cost - Then.BranchCost + Else.Time.Cost -
                Else.BranchCost - BranchCost
          : W.Both * divergentRegionCost(Then.Time.Cost, Else.Time.Cost) +
                W.ThenOnly * Then.Time.Cost + W.ElseOnly * Else.Time.Cost;
  return {Cost, W.Both * (T + F) + W.ThenOnly * T + W.ElseOnly * F};
}

/// What the region costs a warp before melding.
Phase costBefore(const MeldRegion &R, ArrayRef<double> Weights,
                 ArrayRef<PairReach> Reach, const WarpOutcomes &W, unsigned CC,
                 BranchForm Form) {
  Arm T, F;
  for (auto [P, Wt, Rc] : zip(R.Pairs, Weights, Reach)) {
    T.add(*P.Then, Wt * Rc.Then, CC);
    F.add(*P.Else, Wt * Rc.Else, CC);
  }
  const BasicBlock &Head = *R.Branch->getParent();
  Phase Region = measureBlock(Head, CC);
  Region += runArms(T, F, W, branchCost(Head, CC), Form);
  return Region;
}

/// What it costs after: the melded blocks run on every lane, each diamond
/// arm as the lanes' ways say; each block as often as the pair it came
/// from.
Phase costAfter(const MeldRegion &R, const MeldResult &M,
                ArrayRef<double> Weights, ArrayRef<PairReach> Reach,
                const WarpOutcomes &W, unsigned CC) {
  auto WeightOf = [&](const BlockPair *P, double PairReach::*Side) {
    if (!P)
      return 1.0;
    std::size_t I = P - R.Pairs.data();
    const PairReach &Rc = Reach[I];
    return Weights[I] * (Side ? Rc.*Side : Rc.Either);
  };
  auto Weighted = [&](ArrayRef<BasicBlock *> Blocks,
                      ArrayRef<const BlockPair *> Origin,
                      double PairReach::*Side) {
    Arm A;
    for (auto [BB, P] : zip(Blocks, Origin))
      A.add(*BB, WeightOf(P, Side), CC);
    return A;
  };
  // The branches of the melded blocks to the diamonds' arms.
  SmallPtrSet<const BasicBlock *, 8> DiamondArms;
  DiamondArms.insert_range(M.ThenOnly);
  DiamondArms.insert_range(M.ElseOnly);
  double Heads = 0;
  for (auto [BB, P] : zip(M.Blocks, M.Origin))
    if (any_of(successors(BB),
               [&](const BasicBlock *S) { return DiamondArms.contains(S); }))
      Heads += WeightOf(P, nullptr) * branchCost(*BB, CC);
  Phase Region = Weighted(M.Blocks, M.Origin, nullptr).Time;
  Region +=
      runArms(Weighted(M.ThenOnly, M.ThenOrigin, &PairReach::Then),
              Weighted(M.ElseOnly, M.ElseOrigin, &PairReach::Else), W, Heads);
  return Region;
}

/// An estimate of a region of one phase.
Estimate regionEstimate(const Phase &P, unsigned Registers = 0) {
  return Estimate(P.Cost, Registers, {P});
}

/// The region's chain latency decides only where the launch's grid leaves
/// the SMs fewer warps than occupancy allows (a profile's launch records
/// say so): predictTime then applies Little's law to the region's phase.
/// On a grid that fills the SMs, the occupancy knee, which the bench's
/// full-grid runs checked (CostModel.h), stays the rule, and the phases
/// are dropped from both estimates.
void keepLatencyIfExposed(Estimate &Before, Estimate &After, const Target &T) {
  if (T.isGridBound(Before.Registers) || T.isGridBound(After.Registers))
    return;
  Before.Phases.clear();
  After.Phases.clear();
}

/// The three ways a warp can run a two-way region: its lanes split, or all
/// take one way.
constexpr WarpOutcomes LanesSplit{1, 0, 0}, AllThen{0, 1, 0}, AllElse{0, 0, 1};

/// What the compiler knows of how often a branch's lanes split.
enum class SplitKnowledge {
  Measured,        ///< A profile records the branch: its outcomes decide.
  MeasuredNoSplit, ///< A profile records almost no warp splitting there.
  Unknown,         ///< Nothing: the meld must pay where 3 warps in 4 split.
  GridEdges,       ///< A test of the grid index: only edge warps split.
  WarpIndex,       ///< A test of the thread's warp: no warp splits.
  WarpSwitch,      ///< The ways of a switch on the thread's warp.
};

/// A profiled branch whose warps split in fewer of their executions than
/// this is one that no warp splits, as a test of the warp is.
constexpr double MaxNoSplitShare = 0.05;

/// A region as a warp runs it in each of those cases, before or after a
/// meld.
struct WarpCases {
  Phase Split, Then, Else;

  /// Only boundByAgreeingWarps reads the cases, and not where a profile
  /// measured the branch's lanes to split, nor at a switch on the warp,
  /// whose ways it never melds: then they are not computed.
  template <typename PhaseAt>
  static WarpCases get(SplitKnowledge Known, PhaseAt At) {
    if (Known == SplitKnowledge::Measured ||
        Known == SplitKnowledge::WarpSwitch)
      return {};
    return {At(LanesSplit), At(AllThen), At(AllElse)};
  }
};

/// A meld without a profile is taken only if it pays wherever three warps
/// in four, or more, split at the branch: it may add to a warp whose lanes
/// agree at most three times what it saves one whose lanes split. (Lanes
/// taking a way independently at any probability in UnknownProbabilities
/// split four warps in five or more; real branches are often rarer: a
/// boundary case, a tile's edge.) Measured on an H100: the melds of
/// bench/apps/switches.cu's material switch (30.0 added, 12.5 saved) gain
/// 1.20x-1.25x where materials are random, and SYN-BRDIS's smallest
/// natural-float meld (43.0, 37.5) 1.27x; melding Fresnel's
/// normal-incidence case, which no photon meets, into its general one
/// (20.0, 5.5) made bench/kernels/meld.cu's boundary kernel 13% slower
/// (bench/results/2026-11-27-h100-fabs-modifiers.md).
constexpr double MaxAgreeLossPerSplitGain = 3.0;

/// A branch no warp splits (a test of the thread's warp, of the grid's
/// edges, or one a profile saw split in under MaxNoSplitShare of its warp
/// executions) gives a meld nothing to save that the model counts; it is
/// taken only where it makes a warp whose lanes agree at most this share
/// slower, weighing the two ways by their warps where that is known (the
/// profile's, the branch's probability at a test of the warp), else by
/// the way it costs more: the model does not count all that such a branch
/// costs (ptxas cannot prove it uniform). Measured on an H100
/// (bench/results/2026-11-28-h100-warp-index.md): bench/uniform/
/// warpshare.cu's melds, half the warps each way, 1.7%, 5.7%, 10%, 14.5%
/// and 19% slower by the model ran 1.051x, 1.014x, 0.964x, 0.917x and
/// 0.882x; bench/uniform/edgeshare.cu's, every warp but the two at the
/// ends on one way, 2% and 8% slower ran 1.037x and 0.984x, 17%-34%
/// 0.997x-0.786x; bench/apps/warproles.cu's three, 18%-63%, 0.97x-1.00x.
constexpr double MaxNoSplitLossShare = 0.06;

struct Trial {
  Decision D;
  unsigned NumSelects = 0, NumDivergentBlocks = 0;
  /// Whether the issue cost alone would have paid: then the registers the
  /// melded code holds (and the occupancy they cost) refused it.
  bool CostAlonePays = false;
};

/// The share of the warps that take Br's then-way where no warp splits:
/// the profile's, of its warps whose lanes agreed; at a test of the warp,
/// the branch's probability (its lanes, and so its warps). None at a test
/// of the grid's edges, where which way most warps take is not known.
std::optional<double> getThenWarps(SplitKnowledge Known, const BranchInst &Br,
                                   const FunctionProfile &Prof) {
  if (Known == SplitKnowledge::WarpIndex)
    return getTakenProbability(Br);
  if (Known != SplitKnowledge::MeasuredNoSplit)
    return std::nullopt;
  WarpOutcomes W = getWarpOutcomes(Br, Prof);
  if (W.ThenOnly + W.ElseOnly <= 0)
    return std::nullopt;
  return W.ThenOnly / (W.ThenOnly + W.ElseOnly);
}

/// Refuses the meld Tr took, saying why.
void refuse(Trial &Tr, const Twine &Why) {
  Tr.D.Profitable = false;
  Tr.CostAlonePays = false; // Registers did not refuse it.
  Tr.D.Explanation += ("; but " + Why).str();
}

/// Without a record of the branch the compiler cannot know how often a
/// warp's lanes disagree there (a guard that almost always holds, a
/// boundary case no lane meets), and the cost model assumes they do. A
/// meld that makes a warp whose lanes agree slower by more than
/// MaxAgreeLossPerSplitGain times what it saves one whose lanes split is
/// refused, and the remark says so. A test of the grid's edges splits
/// almost no warp, a test of the thread's warp none: there the meld may
/// cost a warp whose lanes agree at most MaxNoSplitLossShare more. So may
/// a meld where the profile saw no warp split, which the profile's
/// outcomes refused. Times are predictTime's, at T, with latency where the
/// launch exposes it (keepLatencyIfExposed).
void boundByAgreeingWarps(Trial &Tr, SplitKnowledge Known,
                          std::optional<double> ThenWarps,
                          const WarpCases &Before, const WarpCases &After,
                          const Estimate &Like, const Estimate &LikeAfter,
                          const Target &T) {
  if (Known == SplitKnowledge::Measured)
    return;
  if (Known == SplitKnowledge::WarpSwitch) {
    if (Tr.D.Profitable)
      refuse(Tr, "the switch reads the thread's index only through its warp, "
                 "so that a warp's lanes all take one way wherever blocks "
                 "are whole warps wide, which the switch's jump table "
                 "reaches in one branch: a meld of its ways saves no warp "
                 "anything, and puts compares before the jump table");
    return;
  }
  // Where the profile saw no warp split, a meld its outcomes refused may be
  // taken below; elsewhere a meld taken may be refused.
  if (Tr.D.Profitable == (Known == SplitKnowledge::MeasuredNoSplit))
    return;
  auto Time = [&](const Phase &P, const Estimate &As) {
    Estimate E(P.Cost, As.Registers, {P});
    if (As.Phases.empty())
      E.Phases.clear();
    return predictTime(E, T);
  };
  double Gain = Time(Before.Split, Like) - Time(After.Split, LikeAfter);
  double ThenBefore = Time(Before.Then, Like),
         ElseBefore = Time(Before.Else, Like);
  double ThenLoss = Time(After.Then, LikeAfter) - ThenBefore,
         ElseLoss = Time(After.Else, LikeAfter) - ElseBefore;
  double Loss = std::max(ThenLoss, ElseLoss);
  // What a meld adds to a warp whose lanes agree, as a share of its time:
  // the two ways weighed by their warps where that is known, else the
  // larger.
  auto ShareOf = [](double Loss, double Time) {
    return Time > 0 ? Loss / Time
                    : (Loss > 0 ? std::numeric_limits<double>::infinity() : 0);
  };
  double ThenShare = ShareOf(ThenLoss, ThenBefore),
         ElseShare = ShareOf(ElseLoss, ElseBefore);
  auto Weigh = [&](double Then, double Else) {
    return ThenWarps ? *ThenWarps * Then + (1 - *ThenWarps) * Else
                     : std::max(Then, Else);
  };
  double AgreeLoss = Weigh(ThenLoss, ElseLoss),
         LossShare = Weigh(ThenShare, ElseShare);
  Gain = std::max(Gain, 0.0);
  std::string Longer = formatv("{0:F1}", Loss).str() + " longer";
  // A warp whose lanes all take one way, melded: "5.0 longer (2%, within
  // 6%)", "22.0 longer (8%, more than 6%)" or "1.0 less (3% faster)".
  std::string Bound = formatv("{0:F0}%", 100 * MaxNoSplitLossShare);
  bool WithinBound = LossShare <= MaxNoSplitLossShare;
  // A meld that changes nothing such a warp runs: "no longer".
  std::string Agreeing =
      (AgreeLoss >= 0.05
           ? formatv("{0:F1} longer ({1:F0}%", AgreeLoss, 100 * LossShare)
                     .str() +
                 (WithinBound ? ", within " : ", more than ") + Bound + ")"
       : AgreeLoss > -0.05 ? std::string("no longer")
                           : formatv("{0:F1} less ({1:F0}% faster)", -AgreeLoss,
                                     -100 * LossShare)
                                 .str()) +
      (ThenWarps ? " on average over both ways' warps" : "");
  if (Known == SplitKnowledge::MeasuredNoSplit) {
    // Refused on the profile's outcomes: with no warp's split to pay for
    // it, a meld costs more than it saves by the model.
    if (WithinBound) {
      Tr.D.Profitable = true;
      Tr.D.Explanation +=
          "; taken all the same: the profile records almost no warp "
          "splitting here, and a warp whose lanes all take one way would "
          "take " +
          Agreeing +
          (AgreeLoss >= 0.05
               ? ", less than the model leaves out of a branch ptxas "
                 "cannot prove uniform"
               : "");
    }
    return;
  }
  if (Known == SplitKnowledge::GridEdges ||
      Known == SplitKnowledge::WarpIndex) {
    std::string Why =
        (Known == SplitKnowledge::GridEdges
             ? "the branch tests the thread's place in the grid against a "
               "bound, which splits only the warps at the grid's edges, and "
               "a warp whose lanes all take one way would take "
             : "the branch reads the thread's index only through its warp, "
               "so that a warp's lanes all take one way wherever blocks are "
               "whole warps wide, and such a warp would take ") +
        Agreeing;
    if (WithinBound)
      Tr.D.Explanation += "; " + Why;
    else
      refuse(Tr, Why);
    return;
  }
  if (Loss > MaxAgreeLossPerSplitGain * Gain)
    refuse(Tr, "a warp whose lanes all take one way would take " + Longer +
                   ", and one whose lanes split " +
                   formatv("{0:F1}", Gain).str() +
                   " less: it pays only where more than " +
                   formatv("{0:F0}%", 100 * Loss / (Gain + Loss)).str() +
                   " of the warps split, and no profile says they do");
}

/// Melds a copy of the region to measure the result (cost, selects,
/// register pressure against the rest of the function, FP), then throws
/// the copy away; a region the copy cannot stand for is tried on a copy of
/// the whole function.
Trial tryOnCopy(Function &F, const MeldRegion &R, const MeldPlan &Plan,
                ArrayRef<double> Weights, ArrayRef<PairReach> Reach,
                const Target &T, double Threshold, const FunctionPressure &FP,
                const FunctionProfile &Prof, SplitKnowledge Known,
                BranchForm Form) {
  const unsigned CC = T.ComputeCapability;
  WarpOutcomes W = getWarpOutcomes(*R.Branch, Prof);
  Estimate Before =
      regionEstimate(costBefore(R, Weights, Reach, W, CC, Form),
                     estimateRegisters(RegisterPressure{FP.getMaxLive(), 0}));
  WarpCases CasesBefore = WarpCases::get(Known, [&](const WarpOutcomes &At) {
    return costBefore(R, Weights, Reach, At, CC, Form);
  });

  Trial Tr;
  Estimate After;
  WarpCases CasesAfter;
  auto MeasureAfter = [&](const MeldRegion &CR, const MeldResult &M) {
    CasesAfter = WarpCases::get(Known, [&](const WarpOutcomes &At) {
      return costAfter(CR, M, Weights, Reach, At, CC);
    });
    return costAfter(CR, M, Weights, Reach, W, CC);
  };
  SmallVector<GlobalVariable *, 4> Tables;
  // The meld on a copy of the whole function (Exact: its registers counted
  // by ptxas, in exact mode).
  auto MeldCopy = [&](bool Exact) {
    return estimateRegistersAfter(
        F,
        [&](Function &, ValueToValueMapTy &VMap) {
          Expected<MeldRegion> CR =
              getMeldRegion(*cast<BranchInst>(VMap[R.Branch]),
                            cast<BasicBlock>(VMap[R.Join]), ~0u);
          // The copy has the same shape, so the same checks pass and the
          // pairs come in the same order.
          cantFail(CR.takeError());
          MeldResult M = meldRegion(*CR, Plan);
          Tr.NumSelects = M.NumSelects;
          Tr.NumDivergentBlocks = M.ThenOnly.size() + M.ElseOnly.size();
          After = regionEstimate(MeasureAfter(*CR, M), After.Registers);
          append_range(Tables, M.Tables);
        },
        nullptr, Exact);
  };
  if (std::optional<RegionTrialResult> RT =
          meldRegionCopy(R, Plan, FP, MeasureAfter)) {
    After = regionEstimate(RT->Measured,
                           estimateRegisters(RegisterPressure{RT->MaxLive, 0}));
    Tr.NumSelects = RT->NumSelects;
    Tr.NumDivergentBlocks = RT->NumDivergentBlocks;
  } else {
    After.Registers = MeldCopy(/*Exact=*/false);
  }
  keepLatencyIfExposed(Before, After, T);
  if (decisionHingesOnRegisters(Before, After, T, Threshold)) {
    Before.Registers = getFunctionRegisters(F);
    After.Registers = MeldCopy(/*Exact=*/true);
  }
  for (GlobalVariable *GV : Tables)
    GV->eraseFromParent(); // Only the copies read them.
  Tr.D = decide(Before, After, T, Threshold);
  Tr.CostAlonePays = After.Cost > 0 && Before.Cost / After.Cost >= Threshold;
  boundByAgreeingWarps(Tr, Known, getThenWarps(Known, *R.Branch, Prof),
                       CasesBefore, CasesAfter, Before, After, T);
  return Tr;
}

/// What a two-way branch whose arms are single-entry, single-exit regions
/// of any shape costs a warp: each arm's blocks, each as often as the loops
/// around it inside the arm run and as the profile saw warps reach it.
Phase costOfArms(BranchInst &Br, BasicBlock *Join, StandaloneLoopAnalyses &A,
                 const FunctionProfile &Prof, const WarpOutcomes &W,
                 unsigned CC, BranchForm Form) {
  const Loop *Outer = A.LI.getLoopFor(Br.getParent());
  Arm Arms[2];
  for (unsigned I = 0; I < 2; ++I) {
    SmallPtrSet<BasicBlock *, 16> Seen;
    SmallVector<BasicBlock *, 16> Work{Br.getSuccessor(I)};
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (BB == Join || !Seen.insert(BB).second)
        continue;
      Arms[I].add(*BB,
                  getTripWeight(*BB, Outer, A.LI, A.SE) *
                      getProfiledReach(*BB, *Br.getParent(), A.DT, Prof),
                  CC);
      append_range(Work, successors(BB));
    }
  }
  Phase Region = measureBlock(*Br.getParent(), CC);
  Region += runArms(Arms[0], Arms[1], W, branchCost(*Br.getParent(), CC), Form);
  return Region;
}

/// A region simplification tried on a copy of the function, followed by the
/// meld of the arms it made single-entry, single-exit.
struct SimplifiedTrial {
  /// Why the simplified arms could not be melded; empty when they were.
  std::string Refusal;
  Trial Tr;
  /// estimateRegisters(computeRegisterPressure(Copy)) of the rewritten copy.
  unsigned RegistersAfter = 0;
  unsigned NumBlocks = 0, NumPairs = 0;
  unsigned NumMatched = 0, NumThenInsts = 0, NumElseInsts = 0;
};

SimplifiedTrial trySimplifiedOnClone(Function &F, BranchInst &Br,
                                     BasicBlock *Join, RegionSimplification S,
                                     const Target &T,
                                     const BranchDistributionOptions &Opts,
                                     const FunctionProfile &Prof,
                                     SplitKnowledge Known, BranchForm Form,
                                     function_ref<unsigned()> RegistersBefore) {
  const unsigned CC = T.ComputeCapability;
  SimplifiedTrial ST;
  Estimate Before, After;
  WarpCases CasesBefore, CasesAfter;
  SmallVector<GlobalVariable *, 4> Tables;
  auto Simplify = [&](Function &Copy, ValueToValueMapTy &VMap) {
    auto &CBr = *cast<BranchInst>(VMap[&Br]);
    auto *CJoin = cast<BasicBlock>(VMap[Join]);
    // Arms of different shapes are costed as they are, before empty
    // copies of their sub-regions join them.
    Phase ArmsBefore;
    if (S == RegionSimplification::ArmShapes) {
      StandaloneLoopAnalyses Pre(Copy);
      auto ArmsAt = [&](const WarpOutcomes &At) {
        return costOfArms(CBr, CJoin, Pre, Prof, At, CC, Form);
      };
      ArmsBefore = ArmsAt(getWarpOutcomes(CBr, Prof));
      CasesBefore = WarpCases::get(Known, ArmsAt);
    }
    Expected<SimplifiedRegion> SR = simplifyRegion(S, CBr, CJoin, CC);
    if (!SR) {
      ST.Refusal = toString(SR.takeError());
      return false;
    }
    ST.NumBlocks = SR->NumBlocks;
    Expected<MeldRegion> R =
        getMeldRegion(*SR->Branch, SR->Join, Opts.MaxArmInsts);
    if (!R) {
      ST.Refusal = toString(R.takeError());
      return false;
    }
    StandaloneLoopAnalyses A(Copy);
    SmallVector<double, 4> Weights = getPairWeights(*R, A.LI, A.SE);
    MeldPlan Plan = planMeld(*R, CC, Weights);
    ST.NumPairs = R->Pairs.size();
    ST.NumMatched = Plan.NumMatched;
    ST.NumThenInsts = Plan.NumThenInsts;
    ST.NumElseInsts = Plan.NumElseInsts;
    if (Plan.NumMatched == 0) {
      ST.Refusal = "no instruction of one arm matches one of the other";
      return false;
    }
    WarpOutcomes W = getWarpOutcomes(*R->Branch, Prof);
    SmallVector<PairReach, 4> Reach = getPairReach(*R, A.DT, Prof);
    auto BeforeAt = [&](const WarpOutcomes &At) {
      Phase P = costBefore(*R, Weights, Reach, At, CC, Form);
      // The block a rerouted condition branches from is new: the code as
      // it is does not pay for it.
      if (S == RegionSimplification::ConditionChain)
        P += measureBlock(*R->Branch->getParent(), CC).times(-1);
      return P;
    };
    if (S == RegionSimplification::ArmShapes) {
      Before = regionEstimate(ArmsBefore);
    } else {
      Before = regionEstimate(BeforeAt(W));
      CasesBefore = WarpCases::get(Known, BeforeAt);
    }
    MeldResult M = meldRegion(*R, Plan);
    ST.Tr.NumSelects = M.NumSelects;
    ST.Tr.NumDivergentBlocks = M.ThenOnly.size() + M.ElseOnly.size();
    auto AfterAt = [&](const WarpOutcomes &At) {
      return costAfter(*R, M, Weights, Reach, At, CC);
    };
    After = regionEstimate(AfterAt(W));
    CasesAfter = WarpCases::get(Known, AfterAt);
    append_range(Tables, M.Tables);
    return true;
  };
  // Only a decision reads the registers: a refused copy is not measured,
  // nor F.
  if (std::optional<unsigned> Regs = estimateRegistersAfterIf(F, Simplify)) {
    After.Registers = *Regs;
    Before.Registers = RegistersBefore();
  }
  // Estimated, as F's registers are kept between candidates (Registers).
  ST.RegistersAfter = After.Registers;
  keepLatencyIfExposed(Before, After, T);
  if (ST.Refusal.empty() &&
      decisionHingesOnRegisters(Before, After, T, Opts.Threshold)) {
    Before.Registers = getFunctionRegisters(F);
    After.Registers = *estimateRegistersAfterIf(F, Simplify, nullptr,
                                                /*Exact=*/true);
  }
  for (GlobalVariable *GV : Tables)
    GV->eraseFromParent(); // Only the copies read them.
  if (ST.Refusal.empty()) {
    ST.Tr.D = decide(Before, After, T, Opts.Threshold);
    ST.Tr.CostAlonePays =
        After.Cost > 0 && Before.Cost / After.Cost >= Opts.Threshold;
    boundByAgreeingWarps(ST.Tr, Known, getThenWarps(Known, Br, Prof),
                         CasesBefore, CasesAfter, Before, After, T);
  }
  return ST;
}

bool callsItself(const Function &F) {
  return any_of(F.users(), [&](const User *U) {
    const auto *CB = dyn_cast<CallBase>(U);
    return CB && CB->getFunction() == &F;
  });
}

/// What simplifyAndMeld did with a branch.
enum class SimplifyOutcome { NotApplicable, Refused, Distributed };

class Distributor {
public:
  Distributor(Function &F, FunctionAnalysisManager &FAM,
              const BranchDistributionOptions &Opts, bool FastMath)
      : F(F), FAM(FAM), Opts(Opts), Prof(getFunctionProfile(F, FAM)),
        FastMath(FastMath) {}

  bool run();

private:
  const DivergentBranch *nextCandidate();
  void takeCandidates();
  bool isStillCandidate(const DivergentBranch &DB) const;
  void verifyCandidate(const DivergentBranch *DB);
  void committed();
  void recordMeld(const MeldRegion &R);
  bool keepCandidates(BasicBlock &Head, BasicBlock &Join);
  bool distribute(const DivergentBranch &DB, const Target &T);
  unsigned distributeSwitch(const DivergentBranch &DB, const Target &T,
                            unsigned Budget);
  unsigned meldChain(const SwitchChain &Chain, const Target &T, unsigned Budget,
                     unsigned &Tried);
  void deriveWayRecords(const SwitchChain &Chain,
                        const profile::BranchRecord &Switch,
                        ArrayRef<BasicBlock *> ProfileWays);
  bool meld(const MeldRegion &R, const Target &T);
  SimplifyOutcome simplifyAndMeld(BranchInst &Br, BasicBlock *Join,
                                  const Target &T,
                                  ArrayRef<RegionSimplification> Kinds,
                                  std::string &Why);
  bool alignAndMeld(BranchInst &Br, BasicBlock *Join, const Target &T,
                    std::string Why);
  void missed(const Instruction &Term, StringRef Name, const Twine &Why);
  void invalidate();
  /// "from the profile: diverged in ...; " where the branch has a record.
  std::string describeProfiled(const Instruction &Term) const;
  /// What is known of how often Br's lanes split, before it is melded.
  SplitKnowledge splitKnowledge(const BranchInst &Br, BranchForm Form);

  Function &F;
  FunctionAnalysisManager &FAM;
  const BranchDistributionOptions &Opts;
  /// Measured facts, where -divopt-profile-use has records of F.
  FunctionProfile Prof;
  /// F is compiled with fast-math folds: it stays as it is.
  bool FastMath;
  /// Remarks on F, each distinct one once (unrolled copies of a branch).
  UniqueRemarks Remarks;
  /// What the remarks call the branch being decided: a switch's lowered
  /// branches name the ways they choose between.
  std::string Subject = "divergent branch";
  /// What the branch being decided is, unmelded.
  BranchForm Form = BranchForm::TwoWay;
  /// Branches already decided; they stay in the function untouched.
  DecidedSet<Instruction> Seen;
  /// F's register pressure, measured once while F does not change: the
  /// candidates refused in a row share it.
  std::optional<FunctionPressure> Pressure;
  /// estimateRegisters(computeRegisterPressure(F)), while F does not change.
  std::optional<unsigned> Registers;
  /// What the copy a committed rewrite was tried on counted: F's registers
  /// now, F being the same code (unless F calls itself: the copy's calls go
  /// to F, whose registers then count as a callee's).
  std::optional<unsigned> CommittedRegisters;
  /// Branches tried on a copy of F (MaxCopyTrials).
  unsigned CopyTrials = 0;
  /// Switches lowered to two-way branches (MaxSwitchLowerings).
  unsigned SwitchLowerings = 0;
  /// The divergence analysis's branches, copied: the analysis goes with
  /// F's next change, where the copy may stay valid (keepCandidates).
  std::optional<SmallVector<DivergentBranch, 8>> Candidates;
  /// The block of each of Candidates, read without following Term (which
  /// a meld since may have erased).
  SmallVector<const BasicBlock *, 8> CandidateBlocks;
  /// Where nextCandidate goes on in Candidates: the ones before are
  /// decided or no candidates, so each branch is looked at once, not once
  /// per candidate.
  size_t NextBranch = 0;
  /// Whether Candidates may outlive a meld: F has no irreducible cycle.
  bool MayKeepCandidates = false;
  /// The PHIs of F, as Candidates found it, divergent only through a join
  /// of a divergent branch (getJoinDivergence), each with its block and
  /// its witness's block (null for none); found at the first meld, before
  /// F changes.
  struct JoinPhi {
    const BasicBlock *Block;
    const PHINode *Phi;
    const BasicBlock *Witness;
  };
  std::optional<SmallVector<JoinPhi, 8>> JoinPhis;
  /// Since Candidates were found: the blocks melds rewrote or erased, and
  /// the values they defined or rewrote with every value that reads them.
  SmallPtrSet<const BasicBlock *, 32> Touched;
  SmallPtrSet<const Value *, 32> Tainted;
  /// What a meld being committed recorded before it rewrote its region.
  struct PendingMeld {
    BasicBlock *Head, *Join;
    RegionRewrite Rewrite;
    SmallVector<const BasicBlock *, 16> OldBlocks;
    /// Whether the arms' values were read outside the region but at the
    /// join (in unreachable blocks).
    bool UsedOutside = false;
    /// Head's instructions but its branch: the meld keeps them as they
    /// are, so their divergence does not change.
    SmallPtrSet<const Instruction *, 32> HeadInsts;
    /// Whether the meld left a divergent diamond (on the branch's
    /// condition) in the region.
    bool LeftDiamond = false;
  };
  std::optional<PendingMeld> Pending;
  /// Melds since Candidates were found.
  unsigned MeldsSinceCandidates = 0;
};

} // namespace

std::string Distributor::describeProfiled(const Instruction &Term) const {
  if (const profile::BranchRecord *B = Prof.getBranch(Term))
    return "from the profile: " + describeMeasured(*B) + "; ";
  return "";
}

void Distributor::missed(const Instruction &Term, StringRef Name,
                         const Twine &Why) {
  ++NumRefused;
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  Remarks.emit(ORE, [&] {
    return remarkAt<OptimizationRemarkMissed>(DEBUG_TYPE, Name, Term)
           << Subject << " not distributed: " << Why.str();
  });
}

/// F changed, or may have: the analyses and what was measured of F go.
void Distributor::invalidate() {
  FAM.invalidate(F, PreservedAnalyses::none());
  Pressure.reset();
  Registers.reset();
  Candidates.reset();
}

void Distributor::takeCandidates() {
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  ++NumAnalyses;
  Candidates.emplace(DI.branches().begin(), DI.branches().end());
  CandidateBlocks.clear();
  for (const DivergentBranch &DB : *Candidates)
    CandidateBlocks.push_back(DB.getBlock());
  NextBranch = 0;
  MeldsSinceCandidates = 0;
  Touched.clear();
  Tainted.clear();
  JoinPhis.reset();
  // Irreducible cycles: LLVM's uniformity reasons about them as a whole,
  // which the taint below does not follow.
  auto &CI = FAM.getResult<CycleAnalysis>(F);
  MayKeepCandidates = none_of(F, [&](const BasicBlock &BB) {
    for (const CycleInfo::CycleT *C = CI.getCycle(&BB); C;
         C = C->getParentCycle())
      if (!C->isReducible())
        return true;
    return false;
  });
}

/// Whether DB, found before the melds since Candidates, is what a new
/// divergence analysis would find: its blocks, arms and join are none of
/// those the melds rewrote (keepCandidates vouches for its condition).
bool Distributor::isStillCandidate(const DivergentBranch &DB) const {
  if (Touched.empty())
    return true;
  if (DB.Join && Touched.contains(DB.Join))
    return false;
  return none_of(DB.Arms, [&](const ArmRegion &A) {
    return any_of(A.Blocks,
                  [&](const BasicBlock *BB) { return Touched.contains(BB); });
  });
}

const DivergentBranch *Distributor::nextCandidate() {
  while (true) {
    if (!Candidates)
      takeCandidates();
    const DivergentBranch *Found = nullptr;
    while (NextBranch < Candidates->size()) {
      const DivergentBranch &DB = (*Candidates)[NextBranch];
      // A block a meld rewrote ends in a branch that is no candidate
      // (keepCandidates), or was erased with its branch.
      if (DB.Kind == BranchKind::LoopExit ||
          Touched.contains(CandidateBlocks[NextBranch]) ||
          Seen.contains(DB.Term) ||
          DB.Term->getMetadata("divopt.distributed")) {
        ++NextBranch;
        continue;
      }
      Found = &DB;
      break;
    }
    if (Found && !isStillCandidate(*Found)) {
      // The melds rewrote part of it: a new analysis decides.
      Candidates.reset();
      continue;
    }
    if (verifyIncremental() && MeldsSinceCandidates > 0)
      verifyCandidate(Found);
    if (!Found)
      return nullptr;
    ++NextBranch;
    Seen.insert(Found->Term);
    return Found;
  }
}

/// -divopt-verify-incremental: the candidate a new divergence analysis
/// gives is DB (none where DB is null), with the same arms and join.
void Distributor::verifyCandidate(const DivergentBranch *DB) {
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  const DivergentBranch *Fresh = nullptr;
  for (const DivergentBranch &B : DI.branches())
    if (B.Kind != BranchKind::LoopExit && !Seen.contains(B.Term) &&
        !B.Term->getMetadata("divopt.distributed")) {
      Fresh = &B;
      break;
    }
  auto Same = [](const DivergentBranch &A, const DivergentBranch &B) {
    if (A.Term != B.Term || A.Kind != B.Kind || A.Join != B.Join ||
        A.Arms.size() != B.Arms.size())
      return false;
    for (auto [X, Y] : zip(A.Arms, B.Arms))
      if (X.Entry != Y.Entry || X.Blocks != Y.Blocks || X.IsSESE != Y.IsSESE ||
          X.NumInsts != Y.NumInsts)
        return false;
    return true;
  };
  if (!DB && !Fresh)
    return;
  if (!DB || !Fresh || !Same(*DB, *Fresh))
    report_fatal_error(Twine("divopt: branch distribution's next candidate "
                             "in ") +
                       F.getName() +
                       " differs from a new divergence analysis's");
}

/// The melded region from Head to Join (excluded), in depth-first order.
static SmallVector<BasicBlock *, 16> getMeldedBlocks(BasicBlock &Head,
                                                     BasicBlock &Join) {
  SmallVector<BasicBlock *, 16> Blocks{&Head};
  SmallPtrSet<BasicBlock *, 16> Seen{&Head};
  for (unsigned I = 0; I < Blocks.size(); ++I)
    for (BasicBlock *S : successors(Blocks[I]))
      if (S != &Join && Seen.insert(S).second)
        Blocks.push_back(S);
  return Blocks;
}

/// Whether the candidates found before a meld of the region from Head to
/// Join stay those a new divergence analysis would find, in the same
/// order. The meld rewrote the blocks of the region only, and the PHIs of
/// Join, which still post-dominates Head; paths between blocks outside
/// the region cross it from Head to Join as before, so dominance,
/// post-dominance, reach and loops outside it are the same. New blocks
/// come last in F, where branches found later would be. What is left to
/// check: the region ends in no new candidate; no branch outside it reads
/// a value the meld changed (the divergence of the others' conditions
/// flows from theirs); and a meld that left no divergent branch in the
/// region took away a join of a divergent branch from the blocks after it,
/// which matters only where a value is divergent through such a join
/// alone (getJoinDivergence). Branches whose arms or join the meld rewrote
/// are checked as they come (isStillCandidate).
bool Distributor::keepCandidates(BasicBlock &Head, BasicBlock &Join) {
  if (!MayKeepCandidates || !Candidates || Pending->UsedOutside)
    return false;
  SmallVector<BasicBlock *, 16> Region = getMeldedBlocks(Head, Join);
  SmallVector<const Value *, 64> Work;
  for (BasicBlock *BB : Region) {
    const Instruction *T = BB->getTerminator();
    if (!T)
      return false;
    if (T->getNumSuccessors() > 1 && !T->getMetadata("divopt.distributed"))
      return false;
    Touched.insert(BB);
    for (const Instruction &I : *BB)
      if (!Pending->HeadInsts.contains(&I))
        Work.push_back(&I);
  }
  Touched.insert(Pending->OldBlocks.begin(), Pending->OldBlocks.end());
  for (const PHINode &P : Join.phis())
    Work.push_back(&P);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Tainted.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      const auto *UI = cast<Instruction>(U);
      if (UI->isTerminator() && UI->getNumSuccessors() > 1 &&
          !Touched.contains(UI->getParent()))
        return false;
      Work.push_back(UI);
    }
  }
  // Without a divergent branch left in the region, the blocks after it
  // lost a join: each PHI divergent through a join alone needs another.
  if (Pending->LeftDiamond)
    return true;
  if (!JoinPhis)
    return false;
  return all_of(*JoinPhis, [&](const JoinPhi &J) {
    return Touched.contains(J.Block) || Tainted.contains(J.Phi) ||
           (J.Witness && !Touched.contains(J.Witness));
  });
}

/// After a meld: what is known of F is updated where the meld allows it,
/// else recomputed when next asked for.
void Distributor::committed() {
  FAM.invalidate(F, PreservedAnalyses::none());
  Registers = std::exchange(CommittedRegisters, std::nullopt);
  if (!Pending) {
    // A rewrite of more than one region (simplifyAndMeld).
    Pressure.reset();
    Candidates.reset();
    return;
  }
  if (Pressure) {
    if (Pressure->update(Pending->Rewrite))
      ++NumPressureUpdates;
    else
      Pressure.reset();
  }
  ++MeldsSinceCandidates;
  if (keepCandidates(*Pending->Head, *Pending->Join))
    ++NumKeptCandidates;
  else
    Candidates.reset();
  Pending.reset();
}

bool Distributor::distribute(const DivergentBranch &DB, const Target &T) {
  if (DB.Kind == BranchKind::IfOnly) {
    missed(*DB.Term, "IfOnly",
           "if-only branch: there is no second arm to meld with");
    return false;
  }
  auto *Br = dyn_cast<BranchInst>(DB.Term);
  if (!Br) {
    // callbr and other terminators with two ways: what runs on each way is
    // not ours to move.
    missed(*DB.Term, "Terminator",
           Twine("the branch is a ") + DB.Term->getOpcodeName() +
               ", not a conditional br");
    return false;
  }
  if (FastMath) {
    missed(*Br, "FastMath", FastMathRefusal);
    return false;
  }
  if (!DB.Join ||
      any_of(DB.Arms, [](const ArmRegion &A) { return !A.IsSESE; })) {
    std::string Why =
        "the arms are not single-entry, single-exit regions that rejoin";
    if (DB.Join) {
      // DB dies with the analyses if the function changes.
      BasicBlock *Join = DB.Join;
      switch (simplifyAndMeld(*Br, Join, T,
                              {RegionSimplification::SharedBlocks,
                               RegionSimplification::ConditionChain},
                              Why)) {
      case SimplifyOutcome::Distributed:
        return true;
      case SimplifyOutcome::Refused:
        return false;
      case SimplifyOutcome::NotApplicable:
        break;
      }
    }
    missed(*Br, "Shape", Why);
    return false;
  }
  Expected<MeldRegion> R = getMeldRegion(*Br, DB.Join, Opts.MaxArmInsts);
  if (R)
    return meld(*R, T);
  // Arms that differ only where one reaches a block by an edge and the
  // other through a block of its own pair up once those edges are split.
  std::string Why = toString(R.takeError());
  BasicBlock *Join = DB.Join;
  SmallVector<BasicBlock *, 16> ArmBlocks;
  for (const ArmRegion &A : DB.Arms)
    append_range(ArmBlocks, A.Blocks);
  ArmEdgeSplit Split = ArmEdgeSplit::split(ArmBlocks);
  if (!Split.empty()) {
    Expected<MeldRegion> RS = getMeldRegion(*Br, Join, Opts.MaxArmInsts);
    if (RS) {
      // The CFG changed under every cached analysis (DB among them).
      invalidate();
      if (meld(*RS, T))
        return true;
      Split.undo();
      invalidate();
      return false;
    }
    consumeError(RS.takeError());
    // Undone exactly (ArmEdges.h) before any analysis saw the split: what
    // was computed of F, DB included, still holds.
    Split.undo();
  }
  return alignAndMeld(*Br, Join, T, Why);
}

/// Gives each branch between ways of Chain a record derived from the
/// switch's (getSwitchWayRecord), whose ways are ProfileWays.
void Distributor::deriveWayRecords(const SwitchChain &Chain,
                                   const profile::BranchRecord &Switch,
                                   ArrayRef<BasicBlock *> ProfileWays) {
  ArrayRef<BasicBlock *> Ways = Chain.getWays();
  auto IndexOf = [&](const BasicBlock *BB) -> unsigned {
    return find(ProfileWays, BB) - ProfileWays.begin();
  };
  for (auto [K, Br] : enumerate(Chain.getArmBranches())) {
    unsigned A = Chain.getTestedWay(K);
    SmallVector<unsigned, 8> Earlier, Later;
    for (unsigned J = 0; J < Ways.size(); ++J)
      if (J != A)
        (J < A ? Earlier : Later).push_back(IndexOf(Ways[J]));
    Prof.derive(*cast<Instruction>(Br),
                getSwitchWayRecord(Switch, IndexOf(Ways[A]), Later, Earlier));
  }
}

/// Where the ways of Sw rejoin: Join, the divergence analysis's, or where
/// Sw's default is unreachable (it post-dominates nothing), where the ways
/// that lanes take do. Null where they do not.
static BasicBlock *getSwitchJoin(SwitchInst &Sw, BasicBlock *Join,
                                 const PostDominatorTree &PDT) {
  if (Join || !isUnreachableDefault(Sw))
    return Join;
  for (const auto &C : Sw.cases()) {
    BasicBlock *S = C.getCaseSuccessor();
    Join = Join ? PDT.findNearestCommonDominator(Join, S) : S;
    if (!Join)
      return nullptr;
  }
  return Join;
}

/// A switch whose ways hold code: lowered to a chain of two-way branches
/// (SwitchChain.h), each decided as any other branch, the innermost first,
/// until Budget melds; where none melds, the switch is put back as it was.
/// Returns the melds.
unsigned Distributor::distributeSwitch(const DivergentBranch &DB,
                                       const Target &T, unsigned Budget) {
  auto &Sw = cast<SwitchInst>(*DB.Term);
  Subject = "divergent switch";
  scope_exit Restore([&] { Subject = "divergent branch"; });
  if (FastMath) {
    missed(Sw, "FastMath", FastMathRefusal);
    return 0;
  }
  BasicBlock *Join =
      getSwitchJoin(Sw, DB.Join, FAM.getResult<PostDominatorTreeAnalysis>(F));
  if (Error E = SwitchChain::check(Sw, Join)) {
    missed(Sw, "Switch",
           "not lowered to two-way branches: " + toString(std::move(E)));
    return 0;
  }
  if (SwitchLowerings == MaxSwitchLowerings) {
    missed(Sw, "TooManySwitches",
           "not lowered to two-way branches: branch distribution lowers at "
           "most " +
               Twine(MaxSwitchLowerings) + " switches of a function");
    return 0;
  }
  ++SwitchLowerings;
  // Where the switch's remark points, after its branch is gone.
  DiagnosticLocation Where = getRemarkLocation(Sw);
  BasicBlock *Head = Sw.getParent();
  // What a profile measured of the switch, for the branches it lowers to.
  std::optional<profile::BranchRecord> Measured;
  SmallVector<BasicBlock *, 8> ProfileWays;
  if (const profile::BranchRecord *R = Prof.getBranch(Sw)) {
    Measured = *R;
    ProfileWays.assign(getProfileWays(Sw));
  }
  SwitchChain Chain = SwitchChain::lower(Sw, Join);
  invalidate();
  if (Measured)
    deriveWayRecords(Chain, *Measured, ProfileWays);
  scope_exit Forget([&] { Prof.clearDerived(F); });
  unsigned Tried = 0;
  unsigned Melds = meldChain(Chain, T, Budget, Tried);
  if (Melds) {
    Chain.eraseUnreachableDefault();
    ++NumSwitches;
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    Remarks.emit(ORE, [&] {
      return OptimizationRemark(DEBUG_TYPE, "DistributedSwitch", Where, Head)
             << ("lowered divergent switch of " + Twine(Chain.getNumWays()) +
                 " ways to two-way branches: " + Twine(Melds) + " of the " +
                 Twine(Chain.getArmBranches().size()) +
                 " between ways that hold code melded")
                    .str();
    });
    return Melds;
  }
  SwitchInst *Restored = Chain.undo();
  invalidate();
  Seen.insert(Restored);
  missed(*Restored, "Switch",
         "none of the " + Twine(Chain.getNumWays() - 1) +
             " two-way branches its " + Twine(Chain.getNumWays()) +
             " ways lower to melds (" + Twine(Tried) +
             " tried, each with its remark): it stays a switch");
  return 0;
}

/// Decides the branches between ways of Chain, innermost first, until
/// Budget melds; Tried counts those decided. Returns the melds.
unsigned Distributor::meldChain(const SwitchChain &Chain, const Target &T,
                                unsigned Budget, unsigned &Tried) {
  // The chain's branches are decided here, not again as candidates.
  for (const WeakVH &Br : Chain.getBranches())
    Seen.insert(cast<Instruction>(Br));
  unsigned Melds = 0;
  for (auto [I, Br] : enumerate(Chain.getArmBranches())) {
    if (Melds == Budget)
      break;
    if (!Br)
      continue; // A meld of an arm erased it.
    const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
    auto It = find_if(DI.branches(),
                      [&](const DivergentBranch &B) { return B.Term == Br; });
    if (It == DI.branches().end())
      continue;
    DivergentBranch Branch = *It;
    ++Tried;
    Pending.reset();
    Subject = "divergent switch (" + Chain.describe(I) + ")";
    Form = BranchForm::SwitchWays;
    bool Melded = distribute(Branch, T);
    Form = BranchForm::TwoWay;
    Subject = "divergent switch";
    if (!Melded)
      continue;
    ++Melds;
    committed();
  }
  return Melds;
}

/// Arms of different control flow: aligned as sequences of instructions and
/// sub-regions, on a copy, and melded if that pays.
bool Distributor::alignAndMeld(BranchInst &Br, BasicBlock *Join,
                               const Target &T, std::string Why) {
  // Only a difference of shape is worth aligning; arms refused for what
  // they hold (a convergent call, an alloca) stay refused.
  if (StringRef(Why).contains("control flow differs"))
    switch (
        simplifyAndMeld(Br, Join, T, {RegionSimplification::ArmShapes}, Why)) {
    case SimplifyOutcome::Distributed:
      return true;
    case SimplifyOutcome::Refused:
      return false;
    case SimplifyOutcome::NotApplicable:
      break;
    }
  missed(Br, "Shape", Why);
  return false;
}

/// Why the arms of R pair nothing, where broadcast accesses
/// (isBroadcastAccess) are the reason: one arm holds one on a warp-uniform
/// address, and the other an access of the same kind. Empty otherwise.
static StringRef describeUniformAccesses(const MeldRegion &R) {
  struct Holds {
    bool Load = false, Atomic = false, UniformLoad = false,
         UniformAtomic = false;
  };
  auto Scan = [](ArrayRef<Instruction *> Insts, Holds &H) {
    for (const Instruction *I : Insts) {
      bool IsAtomic = isa<AtomicRMWInst, AtomicCmpXchgInst>(I);
      if (!IsAtomic && !isa<LoadInst>(I))
        continue;
      (IsAtomic ? H.Atomic : H.Load) = true;
      // Operand 0 is the address of a load and of an atomic alike.
      if (isBroadcastAccess(*I) && isWarpUniform(I->getOperand(0)))
        (IsAtomic ? H.UniformAtomic : H.UniformLoad) = true;
    }
  };
  Holds Then, Else;
  for (const BlockPair &P : R.Pairs) {
    Scan(P.ThenInsts, Then);
    Scan(P.ElseInsts, Else);
  }
  if ((Then.UniformAtomic && Else.Atomic) ||
      (Else.UniformAtomic && Then.Atomic))
    return "; an atomic on a warp-uniform address pairs only with one on the "
           "same address: with its address selected, it would run once a "
           "lane, not once a warp";
  if ((Then.UniformLoad && Else.Load) || (Else.UniformLoad && Then.Load))
    return "; a constant-memory load on a warp-uniform address pairs only "
           "with one on the same address: with its address selected, it "
           "would be a per-lane load, not a broadcast from the constant bank";
  return "";
}

bool Distributor::meld(const MeldRegion &R, const Target &T) {
  BranchInst *Br = R.Branch;
  SmallVector<double, 4> Weights =
      getPairWeights(R, FAM.getResult<LoopAnalysis>(F),
                     FAM.getResult<ScalarEvolutionAnalysis>(F));
  MeldPlan Plan = planMeld(R, T.ComputeCapability, Weights);
  if (Plan.NumMatched == 0) {
    missed(*Br, "NoCommonCode",
           "no instruction of one arm matches one of the other (" +
               Twine(Plan.NumThenInsts) + "+" + Twine(Plan.NumElseInsts) +
               " instructions)" + describeUniformAccesses(R));
    return false;
  }
  if (!Pressure)
    Pressure.emplace(F);
  Trial Tr = tryOnCopy(
      F, R, Plan, Weights,
      getPairReach(R, FAM.getResult<DominatorTreeAnalysis>(F), Prof), T,
      Opts.Threshold, *Pressure, Prof, splitKnowledge(*Br, Form), Form);
  std::string Summary;
  raw_string_ostream(Summary)
      << "melded " << Plan.NumMatched << " pairs of " << Plan.NumThenInsts
      << "+" << Plan.NumElseInsts << " instructions";
  if (R.Pairs.size() > 1)
    raw_string_ostream(Summary) << " in " << R.Pairs.size() << " blocks";
  raw_string_ostream(Summary)
      << " with " << Tr.NumSelects << " selects, " << Tr.NumDivergentBlocks
      << " divergent blocks remain; " << describeProfiled(*Br)
      << Tr.D.Explanation;
  if (!Tr.D.Profitable && !Opts.Force) {
    if (Tr.CostAlonePays)
      missed(*Br, "RegisterPressure",
             "unprofitable: the registers it holds cost more occupancy than "
             "it saves: " +
                 Summary);
    else
      missed(*Br, "Unprofitable", "unprofitable: " + Summary);
    return false;
  }
  if (!shouldApplyTransform()) {
    missed(*Br, "DebugCounter", TransformCounterRefusal);
    return false;
  }

  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  Remarks.emit(ORE, [&] {
    return remarkAt<OptimizationRemark>(DEBUG_TYPE, "Distributed", *Br)
           << "distributed " << Subject << ": " << Summary
           << (Tr.D.Profitable ? "" : " (forced)");
  });
  recordMeld(R);
  MeldResult M = meldRegion(R, Plan);
  Pending->LeftDiamond = !M.ThenOnly.empty() || !M.ElseOnly.empty();
  ++NumDistributed;
  NumMelded += M.NumMerged;
  NumSelects += M.NumSelects;
  return true;
}

SplitKnowledge Distributor::splitKnowledge(const BranchInst &Br,
                                           BranchForm Form) {
  if (const profile::BranchRecord *B = Prof.getBranch(Br)) {
    // Not a switch's ways: a meld there lowers the switch, and a switch
    // whose warps take one way each is quickest through its jump table
    // (bench/apps/interpreter.cu's stack machine, 0.736x by compares:
    // ptxas then keeps its stack in local memory, not registers).
    std::optional<double> Split = B->getDivergentFraction();
    return Form == BranchForm::TwoWay && Split && *Split < MaxNoSplitShare
               ? SplitKnowledge::MeasuredNoSplit
               : SplitKnowledge::Measured;
  }
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  const VoteAwareUniformity &VU = DI.getUniformity();
  if (isWarpIndexTest(Br.getCondition(), DI))
    return Form == BranchForm::TwoWay ? SplitKnowledge::WarpIndex
                                      : SplitKnowledge::WarpSwitch;
  return isGridEdgeTest(Br.getCondition(), VU) ? SplitKnowledge::GridEdges
                                               : SplitKnowledge::Unknown;
}

/// What committed() needs of R's region before the meld rewrites it.
void Distributor::recordMeld(const MeldRegion &R) {
  BasicBlock *Head = R.Branch->getParent();
  Pending.emplace();
  Pending->Head = Head;
  Pending->Join = R.Join;
  if (Pressure)
    Pending->Rewrite = Pressure->beginRewrite(*Head, *R.Join);
  SmallPtrSet<const BasicBlock *, 16> InRegion;
  for (BasicBlock *BB : getMeldedBlocks(*Head, *R.Join)) {
    Pending->OldBlocks.push_back(BB);
    InRegion.insert(BB);
  }
  // The meld makes the arms' uses in unreachable blocks read poison, which
  // changes values keepCandidates does not follow.
  for (const BasicBlock *BB : Pending->OldBlocks)
    if (BB != Head)
      for (const Instruction &I : *BB)
        for (const User *U : I.users()) {
          const auto *UI = cast<Instruction>(U);
          if (!InRegion.contains(UI->getParent()) &&
              !(isa<PHINode>(UI) && UI->getParent() == R.Join))
            Pending->UsedOutside = true;
        }
  // Not the branch, which the meld erases (a new instruction may take its
  // address).
  for (const Instruction &I : *Head)
    if (!I.isTerminator())
      Pending->HeadInsts.insert(&I);
  // The analysis Candidates came from, still F's until the first meld.
  if (Candidates && MeldsSinceCandidates == 0 && !JoinPhis)
    if (auto *DI = FAM.getCachedResult<DivergenceAnalysis>(F)) {
      JoinPhis.emplace();
      for (auto [Phi, Witness] : DI->getUniformity().getJoinDivergence(F))
        JoinPhis->push_back(
            {Phi->getParent(), Phi, Witness ? Witness->getParent() : nullptr});
    }
}

/// Brings the arms to single-entry, single-exit form on a copy of the
/// function, each simplification in turn, and melds them there; the first
/// one whose meld is legal decides, and is applied to F only when the cost
/// model (or force) takes it. A refusal leaves F as it was.
SimplifyOutcome
Distributor::simplifyAndMeld(BranchInst &Br, BasicBlock *Join, const Target &T,
                             ArrayRef<RegionSimplification> Kinds,
                             std::string &Why) {
  for (RegionSimplification S : Kinds) {
    if (Error E = checkSimplification(S, Br, Join)) {
      Why += "; " + describe(S).str() + ": " + toString(std::move(E));
      continue;
    }
    if (CopyTrials == MaxCopyTrials) {
      missed(Br, "TooManyCopies",
             Why + "; " + describe(S) +
                 " not tried: branch distribution makes at most " +
                 Twine(MaxCopyTrials) + " trial copies of a function");
      return SimplifyOutcome::Refused;
    }
    ++CopyTrials;
    SimplifiedTrial ST = trySimplifiedOnClone(
        F, Br, Join, S, T, Opts, Prof, splitKnowledge(Br, Form), Form, [&] {
          if (!Registers)
            Registers = Pressure ? Pressure->getRegisters()
                                 : estimateFunctionRegisters(F);
          return *Registers;
        });
    if (!ST.Refusal.empty()) {
      Why += "; after " + describe(S).str() + ": " + ST.Refusal;
      continue;
    }
    std::string Summary;
    raw_string_ostream OS(Summary);
    OS << describe(S) << " (" << ST.NumBlocks << " blocks), then melded "
       << ST.NumMatched << " pairs of " << ST.NumThenInsts << "+"
       << ST.NumElseInsts << " instructions";
    if (ST.NumPairs > 1)
      OS << " in " << ST.NumPairs << " blocks";
    OS << " with " << ST.Tr.NumSelects << " selects, "
       << ST.Tr.NumDivergentBlocks << " divergent blocks remain; "
       << describeProfiled(Br) << ST.Tr.D.Explanation;
    if (!ST.Tr.D.Profitable && !Opts.Force) {
      missed(Br, ST.Tr.CostAlonePays ? "RegisterPressure" : "Unprofitable",
             "unprofitable after " + Summary +
                 " (tried on a copy: the function is unchanged)");
      return SimplifyOutcome::Refused;
    }
    if (!shouldApplyTransform()) {
      missed(Br, "DebugCounter", TransformCounterRefusal);
      return SimplifyOutcome::Refused;
    }
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    Remarks.emit(ORE, [&] {
      return remarkAt<OptimizationRemark>(DEBUG_TYPE, "DistributedSimplified",
                                          Br)
             << "distributed " << Subject << " after " << Summary
             << (ST.Tr.D.Profitable ? "" : " (forced)");
    });
    // The copy's simplification succeeded: F's, the same IR, does too.
    SimplifiedRegion SR =
        cantFail(simplifyRegion(S, Br, Join, T.ComputeCapability));
    invalidate();
    // The copy's arms melded: F's, the same IR, do too.
    MeldRegion R =
        cantFail(getMeldRegion(*SR.Branch, SR.Join, Opts.MaxArmInsts));
    SmallVector<double, 4> Weights =
        getPairWeights(R, FAM.getResult<LoopAnalysis>(F),
                       FAM.getResult<ScalarEvolutionAnalysis>(F));
    MeldResult M = meldRegion(R, planMeld(R, T.ComputeCapability, Weights));
    if (!callsItself(F))
      CommittedRegisters = ST.RegistersAfter;
    ++NumDistributed;
    ++NumSimplified;
    NumMelded += M.NumMerged;
    NumSelects += M.NumSelects;
    return SimplifyOutcome::Distributed;
  }
  return SimplifyOutcome::NotApplicable;
}

bool Distributor::run() {
  const Target T = getProfiledTarget(getKernelInfo(F), Prof);
  bool Changed = false;
  for (unsigned Melds = 0; Melds < MaxMeldsPerFunction;) {
    const DivergentBranch *DB = nextCandidate();
    if (!DB)
      break;
    // DB may point into Candidates, which a rewrite of F drops: a copy.
    DivergentBranch Branch = *DB;
    Pending.reset();
    if (Branch.Kind == BranchKind::Switch) {
      if (unsigned N =
              distributeSwitch(Branch, T, MaxMeldsPerFunction - Melds)) {
        Melds += N;
        Changed = true;
      }
      continue;
    }
    if (!distribute(Branch, T))
      continue;
    ++Melds;
    Changed = true;
    committed();
  }
  return Changed;
}

PreservedAnalyses BranchDistributionPass::run(Function &F,
                                              FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !isNVPTXModule(*F.getParent()))
    return PreservedAnalyses::all();
  UnreadPhis Unread(F);
  if (!transformWithPinnedContractions(F, FAM, [&](bool FastMath) {
        return Distributor(F, FAM, Opts, FastMath).run();
      }))
    return PreservedAnalyses::all();
  NumUnreadDefined += Unread.define(F);
  markTransformed(F);
  return PreservedAnalyses::none();
}

} // namespace divopt
