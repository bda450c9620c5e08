//===- IterationDelay.cpp - Iteration delaying of divergent loops ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "IterationDelay.h"
#include "AdvanceCarried.h"
#include "BranchLocations.h"
#include "Cleanup.h"
#include "ContractionPinning.h"
#include "DecidedSet.h"
#include "DelayedLoop.h"
#include "HalvedAdvance.h"
#include "PassOptions.h"
#include "TransformCounter.h"
#include "UniqueRemarks.h"
#include "analysis/CostModel.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/ProfileUse.h"
#include "analysis/RegisterPressure.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/Support/Format.h"

#include <functional>
#include <numeric>

using namespace llvm;

#define DEBUG_TYPE "divopt-iter-delay"

STATISTIC(NumDelayed, "Loops rewritten by iteration delaying");
STATISTIC(NumRefused, "Loops with divergent branches left as they were");

namespace divopt {

/// Loops rewritten per function: bounds pathological inputs.
static constexpr unsigned MaxLoopsPerFunction = 16;

static Error setVote(IterationDelayOptions &O, DelayVote V,
                     const PassOptionParser &P) {
  if (O.Vote && *O.Vote != V)
    return createStringError(
        inconvertibleErrorCode(),
        "invalid iter-delay parameter: choose one of majority, "
        "round-robin and advance");
  O.Vote = V;
  return Error::success();
}

static Error parseOne(IterationDelayOptions &O, const PassOptionParser &P,
                      StringRef Key, std::optional<StringRef> V) {
  if (Key == "majority" || Key == "round-robin" || Key == "advance") {
    if (Error E = P.checkFlag(Key, V))
      return E;
    return setVote(O,
                   StringSwitch<DelayVote>(Key)
                       .Case("majority", DelayVote::Majority)
                       .Case("round-robin", DelayVote::RoundRobin)
                       .Default(DelayVote::Advance),
                   P);
  }
  if (Key == "threshold")
    return P.set(O.Threshold, Key, V, 1, 32);
  if (Key == "max-delay")
    return P.set(O.MaxDelay, Key, V, 1, 1 << 20);
  if (Key == "ones")
    return P.set(O.Ones, Key, V, 1, 99);
  if (Key == "zeros")
    return P.set(O.Zeros, Key, V, 1, 99);
  if (Key == "cycle") {
    // The then-arm's share of the trips, in percent: cycle=75 is 3 then-
    // trips for 1 else-trip.
    Expected<unsigned> C = P.getUnsigned(Key, V, 1, 99);
    if (!C)
      return C.takeError();
    unsigned G = std::gcd(*C, 100u - *C);
    O.Ones = *C / G;
    O.Zeros = (100 - *C) / G;
    return Error::success();
  }
  if (Key == "idle-removal") {
    if (Error E = P.checkFlag(Key, V))
      return E;
    O.IdleRemoval = true;
    return Error::success();
  }
  if (Key == "min-speedup")
    return P.set(O.MinSpeedup, Key, V, 0.01, 100.0);
  if (Key == "force") {
    if (Error E = P.checkFlag(Key, V))
      return E;
    O.Force = true;
    return Error::success();
  }
  return P.unknown(Key, "majority, round-robin, advance, threshold=<1..32>, "
                        "max-delay=<n>, cycle=<1..99>, ones=<1..99>, "
                        "zeros=<1..99>, "
                        "idle-removal, min-speedup=<x> or force");
}

Expected<IterationDelayOptions> parseIterationDelayOptions(StringRef Params) {
  IterationDelayOptions O;
  PassOptionParser P("iter-delay", Params);
  // Parameters of one strategy given with another are mistakes, even when
  // their value is the default (cycle=50).
  bool MajorityOnly = false, RoundRobinOnly = false, Cycle = false,
       Duty = false;
  if (Error E = P.forEach([&](StringRef K, std::optional<StringRef> V) {
        MajorityOnly |= K == "threshold" || K == "max-delay";
        Cycle |= K == "cycle";
        Duty |= K == "ones" || K == "zeros";
        RoundRobinOnly |=
            K == "cycle" || K == "ones" || K == "zeros" || K == "idle-removal";
        return parseOne(O, P, K, V);
      }))
    return E;
  // cycle= sets ones= and zeros=: given together, one would silently win.
  if (Cycle && Duty)
    return createStringError(inconvertibleErrorCode(),
                             "invalid iter-delay parameter: give either "
                             "cycle=<percent> or ones=<n>;zeros=<n>, not "
                             "both");
  if (RoundRobinOnly && O.Vote && *O.Vote != DelayVote::RoundRobin)
    return createStringError(inconvertibleErrorCode(),
                             "invalid iter-delay parameter: cycle, ones, "
                             "zeros and idle-removal belong to round-robin");
  // Loop advance has no vote to tune.
  if (MajorityOnly && O.Vote == DelayVote::Advance)
    return createStringError(inconvertibleErrorCode(),
                             "invalid iter-delay parameter: threshold and "
                             "max-delay belong to majority; advance has no "
                             "vote");
  return O;
}

void IterationDelayPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "iter-delay<";
  if (Opts.Vote == DelayVote::Majority)
    OS << "majority;";
  if (Opts.Vote == DelayVote::RoundRobin)
    OS << "round-robin;";
  // Only the chosen strategy's parameters: another's would not parse back.
  bool Auto = !Opts.Vote;
  if (Opts.Vote == DelayVote::Advance)
    OS << "advance";
  if (Auto || Opts.Vote == DelayVote::Majority)
    OS << "threshold=" << Opts.Threshold << ";max-delay=" << Opts.MaxDelay
       << (Auto ? ";" : "");
  if (Auto || Opts.Vote == DelayVote::RoundRobin)
    OS << "ones=" << Opts.Ones << ";zeros=" << Opts.Zeros
       << (Opts.IdleRemoval ? ";idle-removal" : "");
  OS << ";min-speedup=" << formatDecimal(Opts.MinSpeedup)
     << (Opts.Force ? ";force" : "") << ">";
}

namespace {

/// One way of delaying: the vote, as the cost model knows it.
struct Choice {
  DelayVote Vote;
  bool IdleRemoval;
  DelayStrategy Model() const {
    if (Vote == DelayVote::Majority)
      return DelayStrategy::Majority;
    if (Vote == DelayVote::Advance)
      return DelayStrategy::Advance;
    return IdleRemoval ? DelayStrategy::RoundRobinIdleRemoval
                       : DelayStrategy::RoundRobin;
  }
  std::string describe(const IterationDelayOptions &O, bool Switch) const {
    std::string S;
    raw_string_ostream OS(S);
    if (Vote == DelayVote::Majority && Switch)
      OS << "majority vote (the way most live lanes want; max-delay "
         << O.MaxDelay << ": 1 trip in " << O.MaxDelay + 1
         << " to the ways in turn)";
    else if (Vote == DelayVote::Majority)
      OS << "majority vote (threshold " << O.Threshold << "/32 of live lanes, "
         << "max-delay " << O.MaxDelay << ": 1 trip in " << O.MaxDelay + 1
         << " to the other side)";
    else if (Vote == DelayVote::Advance)
      OS << (Switch ? "loop advance (the ways take trips in turn, no vote)"
                    : "loop advance (then and else trips alternate, no vote)");
    else if (Switch)
      OS << "round robin (each way one trip in turn"
         << (IdleRemoval ? ", idle-trip removal" : "") << ")";
    else
      OS << "round robin (" << O.Ones << " then-trip(s) : " << O.Zeros
         << " else-trip(s)" << (IdleRemoval ? ", idle-trip removal" : "")
         << ")";
    return S;
  }
};

/// A top-level branch of a loop, evaluated.
struct Candidate {
  const DivergentBranch *DB;
  /// The if-only branch around DB that folds into the vote, if any.
  const DivergentBranch *Guard;
  DelayShape S;
  Choice C;
  Decision D;
  std::string Summary;
  /// What the decision needs besides the registers after: measuring those
  /// rewrites a copy of the function, so it is done only for candidates
  /// that can still be chosen (Delayer::measure).
  double CostBefore = 0, CostAfter = 0, Worst = 0;
  unsigned RegsBefore = 0;
  bool Measured = false;
  /// The summary up to the decision, and after it.
  std::string Head = {}, Tail = {};
};

/// What the cost model predicts for one loop shape, as functions of the
/// branch's probabilities (one per way; for an if/else, the then-way's).
struct BodyModel {
  std::function<double(ArrayRef<double> P)> Before;
  std::function<double(const Choice &C, double Overhead, ArrayRef<double> P)>
      Delayed;
  /// How much longer the slowest lane keeps the warp in the delayed loop
  /// (getStragglerFactor), 1 where the profile does not say.
  std::function<double(const Choice &C, ArrayRef<double> P)> Stragglers =
      [](const Choice &, ArrayRef<double>) { return 1.0; };
  SmallVector<double, 8> Nominal;
  /// The probabilities a strategy must not lose at, when not known.
  std::vector<SmallVector<double, 8>> Range;
  bool Known = false;
  std::string Describe, RangeName;
};

class Delayer {
public:
  Delayer(Function &F, FunctionAnalysisManager &FAM,
          const IterationDelayOptions &Opts, bool FastMath)
      : F(F), FAM(FAM), Opts(Opts), FP(getFunctionProfile(F, FAM)),
        FastMath(FastMath) {}
  bool run();

private:
  std::optional<Candidate> evaluate(const DivergentBranch &DB,
                                    const DivergentBranch *Guard,
                                    const Target &T, unsigned RegsBefore,
                                    bool Exact);
  void measure(Candidate &C, const Target &T);
  void summarizeUnmeasured(Candidate &C, const Target &T);
  bool decideLoop(
      ArrayRef<std::pair<const DivergentBranch *, const DivergentBranch *>>
          Branches,
      const Target &T);
  void missed(const Instruction &At, StringRef Name, const Twine &Why);
  BodyModel modelBranch(const DelayShape &S) const;
  BodyModel modelSwitch(const DelayShape &S) const;
  unsigned registersAfter(const DelayShape &S, const Choice &C,
                          bool Exact = false);
  /// How a region's blocks weigh in its cost: their reach as the profile
  /// measured it, where it has records of F (a math function's slow path
  /// that no warp took weighs nothing); else none, each block weighing 1.
  BlockReach reach() const {
    return FP.hasRecords() ? BlockReach(ReachOf) : BlockReach();
  }

  Function &F;
  FunctionAnalysisManager &FAM;
  const IterationDelayOptions &Opts;
  /// Measured facts, where -divopt-profile-use has records of F.
  FunctionProfile FP;
  std::function<double(const BasicBlock &, const BasicBlock &)> ReachOf =
      [this](const BasicBlock &BB, const BasicBlock &Head) {
        return getProfiledReach(BB, Head,
                                FAM.getResult<DominatorTreeAnalysis>(F), FP);
      };
  /// F is compiled with fast-math folds: it stays as it is.
  bool FastMath;
  /// Remarks on F, each distinct one once (unrolled copies of a branch).
  UniqueRemarks Remarks;
  DecidedSet<Instruction> Seen;
  /// While F does not change: its registers, and the cost of a trip of the
  /// loop being decided.
  std::optional<unsigned> RegsBefore;
  std::optional<DelayLoop> LoopFacts;
};

} // namespace

void Delayer::missed(const Instruction &At, StringRef Name, const Twine &Why) {
  ++NumRefused;
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  Remarks.emit(ORE, [&] {
    return remarkAt<OptimizationRemarkMissed>(DEBUG_TYPE, Name, At)
           << "loop not delayed: " << Why.str();
  });
}

BodyModel Delayer::modelBranch(const DelayShape &S) const {
  const auto &Br = cast<BranchInst>(*S.Branch);
  LoopBodyCost Body{S.PreCost,
                    S.ThenCost,
                    S.ElseCost,
                    S.PostCost,
                    getTakenProbability(Br),
                    getSwitchProbability(Br)};
  BodyModel M;
  uint64_t TW, FW;
  M.Known = extractBranchWeights(Br, TW, FW);
  // A profile's record replaces both the probability and the independent
  // lanes: the warp outcomes and change rate it measured are what the loop
  // does, so no range of probabilities needs guarding against.
  const profile::BranchRecord *R = FP.getBranch(Br);
  if (R) {
    M.Known = true;
    Body.P = R->getLaneShare(0).value_or(Body.P);
    Body.Outcomes = getMeasuredOutcomes(*R);
    if (std::optional<double> C = R->getDirectionChangeRate())
      Body.Switch = C;
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    if (const Loop *L = LI.getLoopFor(S.Header))
      if (const profile::LoopRecord *LR = FP.getLoop(*L))
        Body.LaneIterations = LR->getIterationsPerLane();
  }
  M.Nominal = {Body.P};
  for (double P : UnknownProbabilities)
    M.Range.push_back({P});
  M.RangeName = "then-probabilities 0.05-0.95";
  M.Before = [Body](ArrayRef<double> P) {
    LoopBodyCost B = Body;
    B.P = P[0];
    return costPerIteration(B);
  };
  M.Delayed = [Body, this](const Choice &C, double Overhead,
                           ArrayRef<double> P) {
    LoopBodyCost B = Body;
    B.P = P[0];
    return costPerIterationDelayed(B, C.Model(), Overhead, Opts.Ones,
                                   Opts.Zeros);
  };
  if (Body.LaneIterations)
    M.Stragglers = [Body, this](const Choice &C, ArrayRef<double> P) {
      bool OneToOne = C.Model() == DelayStrategy::Advance ||
                      (Opts.Ones == 1 && Opts.Zeros == 1);
      double Adv = advancePerTrip(C.Model(), P[0], OneToOne ? 1 : Opts.Ones,
                                  OneToOne ? 1 : Opts.Zeros, Body.Switch);
      return Adv > 0 ? getStragglerFactor(1 / Adv, *Body.LaneIterations) : 1.0;
    };
  raw_string_ostream OS(M.Describe);
  OS << "pre " << format("%.1f", S.PreCost) << ", arms "
     << format("%.1f", S.ThenCost) << "+" << format("%.1f", S.ElseCost)
     << ", post " << format("%.1f", S.PostCost) << ", then-probability ";
  if (R) {
    OS << format("%.2f", Body.P)
       << " (from the profile: " << describeMeasured(*R);
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    if (const Loop *L = LI.getLoopFor(S.Header))
      if (const profile::LoopRecord *LR = FP.getLoop(*L))
        OS << "; loop: " << describeMeasured(*LR);
    OS << ")";
  } else if (M.Known) {
    OS << format("%.2f", Body.P);
  } else {
    OS << "unknown";
  }
  if (Body.Switch && !R)
    OS << ", switch rate " << format("%.2f", *Body.Switch);
  return M;
}

BodyModel Delayer::modelSwitch(const DelayShape &S) const {
  const auto &SI = cast<SwitchInst>(*S.Branch);
  const unsigned K = S.Ways.size();
  SwitchBodyCost Body{S.PreCost, S.PostCost, {}};
  Body.Arms.assign(S.WayCosts.begin(), S.WayCosts.end());
  BodyModel M;
  M.Nominal.assign(K, 1.0 / K);
  SmallVector<uint32_t, 8> Weights;
  if (extractBranchWeights(SI, Weights) &&
      Weights.size() == SI.getNumSuccessors()) {
    double Sum = 0;
    for (uint32_t W : Weights)
      Sum += W;
    if (Sum > 0) {
      M.Known = true;
      M.Nominal.assign(K, 0.0);
      for (unsigned I = 0; I < Weights.size(); ++I)
        M.Nominal[find(S.Ways, SI.getSuccessor(I)) - S.Ways.begin()] +=
            Weights[I] / Sum;
    }
  }
  const profile::BranchRecord *R = FP.getBranch(SI);
  if (R && R->Ways.size() == K) {
    M.Known = true;
    for (unsigned W = 0; W < K; ++W)
      M.Nominal[W] = R->getLaneShare(W).value_or(0);
  }
  // Unknown: even, and each way taken by most lanes.
  M.Range.push_back(SmallVector<double, 8>(K, 1.0 / K));
  for (unsigned W = 0; W < K; ++W) {
    SmallVector<double, 8> P(K, (1 - SkewedWayProbability) / (K - 1));
    P[W] = SkewedWayProbability;
    M.Range.push_back(P);
  }
  M.RangeName = "even ways and each way at " +
                std::to_string(int(SkewedWayProbability * 100)) + "%";
  M.Before = [Body](ArrayRef<double> P) {
    return costPerIterationSwitch(Body, P);
  };
  M.Delayed = [Body](const Choice &, double Overhead, ArrayRef<double> P) {
    return costPerIterationSwitchDelayed(Body, P, Overhead);
  };
  raw_string_ostream OS(M.Describe);
  OS << "pre " << format("%.1f", S.PreCost) << ", " << K << " ways ";
  ListSeparator LS("+");
  for (double C : S.WayCosts)
    OS << LS << format("%.1f", C);
  OS << ", post " << format("%.1f", S.PostCost) << ", way probabilities ";
  if (M.Known) {
    ListSeparator PS("/");
    for (double P : M.Nominal)
      OS << PS << format("%.2f", P);
    if (R && R->Ways.size() == K)
      OS << " (from the profile: " << describeMeasured(*R) << ")";
  } else {
    OS << "unknown";
  }
  return M;
}

/// Rewrites a copy of the function to measure its registers (Exact:
/// ptxas's count, in exact mode).
unsigned Delayer::registersAfter(const DelayShape &S, const Choice &C,
                                 bool Exact) {
  IterationDelayOptions O = Opts;
  O.IdleRemoval = C.IdleRemoval;
  return estimateRegistersAfter(
      F,
      [&](Function &, ValueToValueMapTy &VMap) {
        delayLoop(mapShape(S, VMap), C.Vote, O);
      },
      nullptr, Exact);
}

/// Exact: the branch's whole shape, as the remarks and the rewrite need it.
/// Otherwise its arms only, in their time (getDelayShapeCosts): enough to
/// know that the branch cannot pay, and where it might, it is evaluated
/// again exactly.
std::optional<Candidate> Delayer::evaluate(const DivergentBranch &DB,
                                           const DivergentBranch *Guard,
                                           const Target &T, unsigned RegsBefore,
                                           bool Exact) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  Expected<DelayShape> S =
      Exact ? getDelayShape(DB, LI, SE, T.ComputeCapability, Guard, reach())
            : getDelayShapeCosts(DB, LI, SE, T.ComputeCapability, *LoopFacts,
                                 Guard, reach());
  if (!S) {
    missed(*DB.Term, "Shape", toString(S.takeError()));
    return std::nullopt;
  }
  if (isSwitch(*S) && Opts.Vote == DelayVote::RoundRobin &&
      (Opts.Ones != 1 || Opts.Zeros != 1)) {
    missed(*DB.Term, "SwitchDutyCycle",
           "round robin's duty cycle (cycle, ones, zeros) is for two-way "
           "branches; each way of a switch gets one trip in turn");
    return std::nullopt;
  }

  SmallVector<Choice, 4> Choices;
  if (Opts.Vote)
    Choices.push_back({*Opts.Vote, Opts.IdleRemoval});
  else
    Choices = {{DelayVote::Majority, false},
               {DelayVote::Advance, false},
               {DelayVote::RoundRobin, false},
               {DelayVote::RoundRobin, true}};
  // The arms-only shape has no pre and post blocks to size: it may halve
  // wherever the exact shape could, which keeps the filter optimistic.
  bool Halves = Exact ? canHalveAdvance(*S) : isLeanAdvanceBranch(*S);
  auto Overhead = [&](const Choice &C) {
    double O =
        getVoteOverhead(C.Vote, C.IdleRemoval, T.ComputeCapability,
                        C.Vote == DelayVote::Advance && Halves ? &*S : nullptr);
    // A voting strategy ballots each way of a switch.
    if (isSwitch(*S) && delayVotes(C.Vote, C.IdleRemoval))
      O *= S->Ways.size() / 2.0;
    return O;
  };
  // Without profile data the branch's probabilities are unknown: a strategy
  // must not lose anywhere in the range, and among those that do not, the
  // one with the best predicted cost at the nominal probabilities wins.
  BodyModel M = isSwitch(*S) ? modelSwitch(*S) : modelBranch(*S);
  auto WorstOf = [&](const Choice &C, double O) {
    double Worst = M.Before(M.Nominal) / M.Delayed(C, O, M.Nominal);
    if (!M.Known)
      for (ArrayRef<double> P : M.Range)
        Worst = std::min(Worst, M.Before(P) / M.Delayed(C, O, P));
    return Worst;
  };
  double Before = M.Before(M.Nominal);
  std::optional<Choice> Best;
  double BestCost = 0, BestWorst = 0, BestOverhead = 0;
  // Whether some strategy might be safe and pay, allowing for rounding:
  // the arms-only costs sum the loop in another order.
  constexpr double Slack = 1 - 1e-9;
  bool MightPay = false;
  for (const Choice &C : Choices) {
    double O = Overhead(C);
    double Cost = M.Delayed(C, O, M.Nominal), Worst = WorstOf(C, O);
    MightPay |= Worst >= MaxPredictedLoss * Slack &&
                Before / Cost >= Opts.MinSpeedup * Slack;
    bool Safe = Worst >= MaxPredictedLoss,
         BestSafe = BestWorst >= MaxPredictedLoss;
    if (!Best || (Safe && !BestSafe) || (Safe == BestSafe && Cost < BestCost)) {
      Best = C;
      BestCost = Cost;
      BestWorst = Worst;
      BestOverhead = O;
    }
  }

  // The safe strategy of best cost is chosen, and it pays only if it
  // clears the threshold with the registers unchanged: where none might,
  // the candidate is refused whatever the code around the branch is.
  if (!Exact && MightPay)
    return evaluate(DB, Guard, T, RegsBefore, true);
  Candidate Cand{&DB, Guard, std::move(*S), *Best, {}, ""};
  Cand.CostBefore = Before;
  Cand.CostAfter = BestCost;
  Cand.Worst = BestWorst;
  Cand.RegsBefore = RegsBefore;
  raw_string_ostream Head(Cand.Head);
  if (Guard)
    Head << "the branch's guard folded into the vote (lanes whose guard is "
            "false are not live for it and never wait), ";
  Head << Best->describe(Opts, isSwitch(Cand.S))
       << "; per iteration: " << M.Describe << ", ";
  // Loop advance takes no vote; its speculated halves hide latency, a
  // negative overhead.
  if (Best->Vote != DelayVote::Advance)
    Head << "vote overhead " << format("%.1f", BestOverhead) << " per trip";
  else if (BestOverhead < 0)
    Head << "latency the speculated halves hide "
         << format("%.1f", -BestOverhead) << " per trip";
  else
    Head << "overhead " << format("%.1f", BestOverhead) << " per trip";
  if (double Slowest = M.Stragglers(*Best, M.Nominal); Slowest > 1.0005)
    Head << ", the slowest lane's trips x" << format("%.3f", Slowest)
         << " (lanes' iterations from the profile)";
  Head << "; ";
  raw_string_ostream Tail(Cand.Tail);
  if (!M.Known)
    Tail << "; worst case over " << M.RangeName << " "
         << format("%.2fx", BestWorst)
         << " (must be >= " << format("%.2fx", MaxPredictedLoss) << ")";
  // Until measured: the decision with the registers unchanged, the most the
  // candidate can predict (delaying adds the vote's state, never removes
  // a live value).
  Cand.D =
      decide({Before, RegsBefore}, {BestCost, RegsBefore}, T, Opts.MinSpeedup);
  return Cand;
}

/// The registers after, by rewriting a copy of the function, and the
/// decision they give.
void Delayer::measure(Candidate &C, const Target &T) {
  Estimate Before{C.CostBefore, C.RegsBefore},
      After{C.CostAfter, registersAfter(C.S, C.C)};
  if (decisionHingesOnRegisters(Before, After, T, Opts.MinSpeedup)) {
    C.RegsBefore = Before.Registers = getFunctionRegisters(F);
    After.Registers = registersAfter(C.S, C.C, /*Exact=*/true);
  }
  C.D = decide(Before, After, T, Opts.MinSpeedup);
  if (C.Worst < MaxPredictedLoss)
    C.D.Profitable = false;
  C.Measured = true;
  C.Summary = C.Head + C.D.Explanation + C.Tail;
}

/// A candidate refused without the copy: its best case already loses.
void Delayer::summarizeUnmeasured(Candidate &C, const Target &T) {
  C.D.Profitable = false;
  raw_string_ostream OS(C.Summary);
  int Decimals = getRatioDecimals(C.D.Ratio, Opts.MinSpeedup);
  OS << C.Head << "cost " << format("%.1f", C.CostBefore) << " -> "
     << format("%.1f", C.CostAfter) << ", registers " << C.RegsBefore
     << " -> not counted, predicted speedup "
     << format("%.*fx", Decimals, C.D.Ratio) << " (threshold "
     << format("%.*fx", Decimals, Opts.MinSpeedup)
     << ") at most, before the registers it adds" << C.Tail;
}

/// Decides one loop: of its top-level divergent branches, the one with the
/// best predicted speedup is delayed, if it pays (or is forced).
bool Delayer::decideLoop(
    ArrayRef<std::pair<const DivergentBranch *, const DivergentBranch *>>
        Branches,
    const Target &T) {
  // The function does not change while its candidates are evaluated: its
  // registers are counted once, not once per candidate or per loop.
  if (!RegsBefore)
    RegsBefore = estimateFunctionRegisters(F);
  // A candidate that cannot pay is refused whatever the code before and
  // after its branch: with remarks off (nothing reads that code's costs)
  // and unforced, its arms decide, so a loop of many branches costs its
  // size once, not once per branch.
  bool Exact =
      Opts.Force ||
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F).allowExtraAnalysis(
          DEBUG_TYPE);
  if (!Exact)
    LoopFacts = DelayLoop::get(*Branches.front().first->L,
                               FAM.getResult<LoopAnalysis>(F),
                               FAM.getResult<ScalarEvolutionAnalysis>(F),
                               T.ComputeCapability, reach());
  SmallVector<Candidate, 4> Cands;
  for (auto [DB, Guard] : Branches)
    if (std::optional<Candidate> C =
            evaluate(*DB, Guard, T, *RegsBefore, Exact))
      Cands.push_back(std::move(*C));
  if (Cands.empty())
    return false;
  // Each measurement copies the whole function: measure the candidates in
  // the order of the most they can predict, and stop where none left can
  // beat the best measured (the first of equals, as before) or, unforced,
  // where none left can pay.
  SmallVector<Candidate *, 4> Order;
  for (Candidate &C : Cands)
    Order.push_back(&C);
  llvm::stable_sort(Order, [](const Candidate *A, const Candidate *B) {
    return A->D.Ratio > B->D.Ratio;
  });
  Candidate *Best = nullptr;
  for (Candidate *C : Order) {
    bool CanPay = C->D.Ratio >= Opts.MinSpeedup && C->Worst >= MaxPredictedLoss;
    bool CanBeat = !Best || C->D.Ratio > Best->D.Ratio ||
                   (C->D.Ratio == Best->D.Ratio && C < Best);
    if (!CanBeat || (!Opts.Force && !CanPay)) {
      summarizeUnmeasured(*C, T);
      continue;
    }
    measure(*C, T);
    if (!Best || C->D.Ratio > Best->D.Ratio ||
        (C->D.Ratio == Best->D.Ratio && C < Best))
      Best = C;
  }
  if (!Best) {
    // Nothing could pay: report the first of the best predictions.
    Best = Order.front();
  }
  bool Take = Best->D.Profitable || Opts.Force;
  for (Candidate &C : Cands) {
    if (Take && &C == Best)
      continue;
    missed(*C.DB->Term, "Unprofitable",
           Twine(Take ? "another branch of the loop predicts more; this one: "
                      : "unprofitable with ") +
               C.Summary);
  }
  if (!Take)
    return false;
  if (!shouldApplyTransform()) {
    missed(*Best->DB->Term, "DebugCounter", TransformCounterRefusal);
    return false;
  }
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  Remarks.emit(ORE, [&] {
    return remarkAt<OptimizationRemark>(DEBUG_TYPE, "Delayed", *Best->DB->Term)
           << "delayed iterations of the loop with " << Best->Summary
           << (Best->D.Profitable ? "" : " (forced)");
  });
  IterationDelayOptions O = Opts;
  O.IdleRemoval = Best->C.IdleRemoval;
  delayLoop(Best->S, Best->C.Vote, O);
  ++NumDelayed;
  return true;
}

/// The if-only branch at the top level of DB's loop whose arm holds DB with
/// no other divergent branch around it (`if (active) { ...; if (c) A else B;
/// ... }`): its guard can fold into the vote. Null when there is none.
static const DivergentBranch *getGuard(const DivergenceInfo &DI,
                                       const DivergentBranch &DB) {
  if (DB.Kind != BranchKind::IfElse || !DB.Join)
    return nullptr;
  const DivergentBranch *Guard = nullptr;
  for (const DivergentBranch &G : DI.branches()) {
    if (&G == &DB || G.L != DB.L || !G.armsContain(DB.getBlock()))
      continue;
    if (Guard || G.Kind != BranchKind::IfOnly || !G.TopLevelInLoop)
      return nullptr; // Nested deeper, or under another kind of branch.
    Guard = &G;
  }
  return Guard;
}

/// A loop this pass delayed has its vote in the header's terminator.
static bool isDelayedLoop(const Loop &L) {
  return L.getHeader()->getTerminator()->getMetadata("divopt.delayed");
}

bool Delayer::run() {
  const Target T = getProfiledTarget(getKernelInfo(F), FP);
  bool Changed = false;
  for (unsigned Loops = 0; Loops < MaxLoopsPerFunction;) {
    const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
    // The next loop with a divergent branch not yet decided.
    const Loop *L = nullptr;
    for (const DivergentBranch &DB : DI.branches())
      if (DB.L && DB.Kind != BranchKind::LoopExit && !Seen.contains(DB.Term) &&
          // Loops this pass made vote in their header; their gates are
          // not candidates again.
          !isDelayedLoop(*DB.L)) {
        L = DB.L;
        break;
      }
    if (!L)
      break;
    SmallVector<std::pair<const DivergentBranch *, const DivergentBranch *>, 4>
        Candidates;
    const DivergentBranch *First = nullptr;
    for (const DivergentBranch &DB : DI.branches()) {
      if (DB.L != L || DB.Kind == BranchKind::LoopExit)
        continue;
      Seen.insert(DB.Term);
      First = First ? First : &DB;
      // A branch nested in an arm or after a join is not a candidate of
      // its own, unless its arm is a guard's that folds into the vote; a
      // blocked loop is reported at its first branch.
      if (DB.TopLevelInLoop || (DB.Blockers.any() && Candidates.empty()))
        Candidates.push_back({&DB, nullptr});
      else if (const DivergentBranch *G = getGuard(DI, DB))
        Candidates.push_back({&DB, G});
    }
    // A guard that folds into the vote of the branch it guards is not
    // delayed on its own: its lanes skip, they do not take turns.
    llvm::erase_if(Candidates, [&](const auto &C) {
      return !C.second && any_of(Candidates, [&](const auto &O) {
        return O.second == C.first;
      });
    });
    if (Candidates.empty()) {
      missed(*First->Term, "NotTopLevel",
             "no divergent branch at the top level of the loop's body");
      continue;
    }
    if (FastMath) {
      missed(*First->Term, "FastMath", FastMathRefusal);
      continue;
    }
    // A loop entered under a divergent branch, or inside an arm of a
    // delayed loop, needs nothing special: each trip's vote takes its mask
    // from the lanes that reach it, whichever lanes run elsewhere (see
    // DelayedLoop.h). (A loop around a delayed one is refused: its votes
    // are convergent operations.)
    if (!decideLoop(Candidates, T))
      continue;
    ++Loops;
    Changed = true;
    FAM.invalidate(F, PreservedAnalyses::none());
    RegsBefore.reset();
  }
  return Changed;
}

PreservedAnalyses IterationDelayPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !isNVPTXModule(*F.getParent()))
    return PreservedAnalyses::all();
  if (!transformWithPinnedContractions(F, FAM, [&](bool FastMath) {
        return Delayer(F, FAM, Opts, FastMath).run();
      }))
    return PreservedAnalyses::all();
  markTransformed(F);
  return PreservedAnalyses::none();
}

} // namespace divopt
