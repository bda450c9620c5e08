//===- CostModel.cpp - One cost model for every DivOpt transform ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CostModel.h"
#include "InstructionCost.h"
#include "PtxasRegisters.h"
#include "RegisterPressure.h"
#include "analysis/model/InstructionLatency.h"
#include "analysis/model/StoreBandwidth.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

using namespace llvm;

namespace divopt {

Target Target::get(const KernelInfo &KI,
                   std::optional<unsigned> ProfiledThreads) {
  Target T;
  if (std::optional<unsigned> CC = KI.computeCapability();
      CC && getGpuArch(*CC))
    T.ComputeCapability = *CC;
  T.Arch = *getGpuArch(T.ComputeCapability);
  T.Shape = LaunchShape::get(KI, T.Arch.MaxThreadsPerBlock, ProfiledThreads);
  T.BlockSize = T.Shape.MaxThreads;
  T.GridBlocksPerSM = getAssumedGridBlocksPerSM();
  return T;
}

Target Target::atBlockSize(unsigned Threads) const {
  Target At = *this;
  At.BlockSize = Threads;
  return At;
}

void Target::printLaunch(raw_ostream &OS) const {
  if (Shape.isExact()) {
    OS << "at ";
    Shape.print(OS);
  } else {
    OS << "at " << BlockSize << " threads/block, the worst of ";
    Shape.print(OS);
    OS << ",";
  }
  if (GridBlocksPerSM)
    OS << (Shape.isExact() ? "," : "") << " a grid of "
       << format("%.2f", *GridBlocksPerSM) << " blocks/SM ("
       << (GridFromProfile ? "profile" : "-divopt-assume-grid-blocks-per-sm")
       << "),";
  OS << " on sm_" << ComputeCapability;
}

Target getWorstBlockSize(const Target &T, unsigned RegistersBefore,
                         function_ref<double(const Target &)> Ratio,
                         double *Worst) {
  std::optional<Target> WorstAt;
  double WorstRatio = std::numeric_limits<double>::infinity();
  for (bool AnySize : {false, true}) {
    for (unsigned Threads : T.Shape.getBlockSizes()) {
      Target At = T.atBlockSize(Threads);
      if (!AnySize && At.occupancy(RegistersBefore).BlocksPerSM == 0)
        continue;
      double R = Ratio(At);
      if (!WorstAt || R < WorstRatio) {
        WorstAt = At;
        WorstRatio = R;
      }
    }
    if (WorstAt)
      break;
  }
  if (Worst)
    *Worst = WorstRatio;
  return *WorstAt;
}

Occupancy Target::occupancy(unsigned Registers) const {
  OccupancyQuery Q;
  Q.RegistersPerThread = std::min(Registers, Arch.MaxRegistersPerThread);
  Q.ThreadsPerBlock = BlockSize;
  Occupancy Occ = computeOccupancy(Arch, Q);
  if (!GridBlocksPerSM || Occ.BlocksPerSM == 0)
    return Occ;
  auto Supplied = unsigned(std::ceil(std::min(*GridBlocksPerSM, 1e6)));
  if (Supplied >= Occ.BlocksPerSM)
    return Occ;
  unsigned WarpsPerBlock = (BlockSize + Arch.WarpSize - 1) / Arch.WarpSize;
  Occ.BlocksPerSM = std::max(1u, Supplied);
  Occ.WarpsPerSM = Occ.BlocksPerSM * WarpsPerBlock;
  Occ.Fraction = double(Occ.WarpsPerSM) / Arch.MaxWarpsPerSM;
  return Occ;
}

bool Target::isGridBound(unsigned Registers) const {
  if (!GridBlocksPerSM)
    return false;
  Target Full = *this;
  Full.GridBlocksPerSM.reset();
  return occupancy(Registers).BlocksPerSM <
         Full.occupancy(Registers).BlocksPerSM;
}

/// Cost per unit of work of E's spilled values at Warps resident per SM
/// sub-partition: a local store and reload each, and one L1 hit (bench/
/// regroup's measured latency) shared among the warps: the reloads are
/// independent of one another, so their latencies overlap as independent
/// loads' do. (Charging each reload its own latency predicted 2.21x for
/// LOOP-SPLIT K=48 once its spills were counted as ptxas has them, 103
/// registers against ptxas's 84; measured 1.32x, this 1.20x.)
static double getSpillCost(const Estimate &E, const Target &T, double Warps) {
  if (!E.Spilled)
    return 0;
  double Access = 2 * getOpClassCost(OpClass::Memory, T.ComputeCapability);
  double Reload = getLatencyTable(T.ComputeCapability)
                      .Cycles[static_cast<std::size_t>(OpClass::Memory)];
  return E.Spilled * Access + Reload / std::max(1.0, Warps);
}

double getWarpsPerScheduler(const Estimate &E, const Target &T) {
  unsigned Warps = T.occupancy(E.Registers).WarpsPerSM;
  if (Warps == 0)
    return 0;
  return std::max(1.0, double(Warps) / std::max(1u, T.Arch.SubPartitionsPerSM));
}

double getStoreDrainTime(const Estimate &E, const Target &T) {
  if (E.StoreBytes <= 0)
    return 0;
  double PerScheduler = getStoreBandwidth(T.ComputeCapability).BytesPerSMCycle /
                        std::max(1u, T.Arch.SubPartitionsPerSM);
  return E.StoreBytes / PerScheduler;
}

double getOverlapWarps(const Estimate &E, std::size_t I) {
  double Others = 0;
  for (std::size_t J = 0; J < E.Phases.size(); ++J)
    if (J != I)
      Others += E.Phases[J].Cost;
  if (Others <= 0)
    return std::numeric_limits<double>::infinity();
  return 1 + E.Phases[I].Latency / Others;
}

bool isOverlapped(const Estimate &E, std::size_t I, const Target &T) {
  double Warps = getWarpsPerScheduler(E, T);
  const Phase &P = E.Phases[I];
  return P.Latency / Warps > P.Cost && Warps >= getOverlapWarps(E, I);
}

double predictTime(const Estimate &E, const Target &T) {
  Occupancy Occ = T.occupancy(E.Registers);
  if (Occ.Fraction <= 0)
    return E.Cost * 1e6; // Cannot launch: never preferable.
  double Warps = getWarpsPerScheduler(E, T);
  double Spill = getSpillCost(E, T, Warps);
  // Stores drain to DRAM while the warps go on issuing: their time is a
  // floor under the and the chains', not added to it. Spills wait
  // on the same memory pipeline and add to it (LOOP-SPLIT K=48: 1.32x from
  // removing spills in loops bound by their stores, calibration run 4).
  double Floor = getStoreDrainTime(E, T) + Spill;
  if (E.Phases.empty())
    return std::max(Floor, (E.Cost + Spill) *
                               std::max(1.0, OccupancyKnee / Occ.Fraction));
  // Each phase by Little's law among the warps in it, as if the resident
  // warps ran the phases in step; unless the other warps' issue in the
  // other phases covers the phase's whole latency (getOverlapWarps), which
  // then costs its issue only.
  double Time = Spill;
  for (std::size_t I = 0; I < E.Phases.size(); ++I) {
    const Phase &P = E.Phases[I];
    Time +=
        isOverlapped(E, I, T) ? P.Cost : std::max(P.Cost, P.Latency / Warps);
  }
  return std::max(Floor, Time);
}

Decision decide(const Estimate &Before, const Estimate &After,
                const Target &Launch, double Threshold) {
  Decision D;
  const Target T = getWorstBlockSize(
      Launch, Before.Registers,
      [&](const Target &At) {
        double TimeAfter = predictTime(After, At);
        return TimeAfter > 0 ? predictTime(Before, At) / TimeAfter : 0;
      },
      &D.Ratio);
  D.OccupancyBefore = T.occupancy(Before.Registers).Fraction;
  D.OccupancyAfter = T.occupancy(After.Registers).Fraction;
  D.Profitable = D.Ratio >= Threshold;
  raw_string_ostream OS(D.Explanation);
  OS << "cost " << format("%.1f", Before.Cost) << " -> "
     << format("%.1f", After.Cost) << ", registers " << Before.Registers
     << " -> " << After.Registers;
  if (Before.Spilled || After.Spilled)
    OS << " (" << Before.Spilled << " -> " << After.Spilled << " spilled)";
  OS << ", occupancy " << format("%.0f%%", 100 * D.OccupancyBefore) << " -> "
     << format("%.0f%%", 100 * D.OccupancyAfter) << " ";
  T.printLaunch(OS);
  int Decimals = getRatioDecimals(D.Ratio, Threshold);
  OS << ", predicted speedup " << format("%.*fx", Decimals, D.Ratio)
     << " (threshold " << format("%.*fx", Decimals, Threshold) << ")";
  return D;
}

int getRatioDecimals(double Ratio, double Threshold) {
  bool Below = Ratio < Threshold;
  return Below && std::round(Ratio * 100) >= std::round(Threshold * 100) ? 3
                                                                         : 2;
}

bool decisionHingesOnRegisters(const Estimate &Before, const Estimate &After,
                               const Target &T, double Threshold) {
  if (!useExactRegisterCounts())
    return false;
  auto Shifted = [](Estimate E, int By) {
    E.Registers = unsigned(std::max(1, int(E.Registers) + By));
    return E;
  };
  const int M = RegisterEstimateSpread;
  bool Pessimistic =
      decide(Shifted(Before, -M), Shifted(After, M), T, Threshold).Profitable;
  bool Optimistic =
      decide(Shifted(Before, M), Shifted(After, -M), T, Threshold).Profitable;
  return Pessimistic != Optimistic;
}

double divergentRegionCost(double ThenCost, double ElseCost) {
  // The branch itself, with its reconvergence, is costed in its block.
  return ThenCost + ElseCost;
}

double worstCaseRatio(function_ref<double(double P)> Ratio) {
  double Worst = std::numeric_limits<double>::infinity();
  for (double P : UnknownProbabilities)
    Worst = std::min(Worst, Ratio(P));
  return Worst;
}

WarpOutcomes WarpOutcomes::get(double P) {
  double T = std::pow(P, 32), F = std::pow(1 - P, 32);
  return {1 - T - F, T, F};
}

double costPerIteration(const LoopBodyCost &B) {
  WarpOutcomes W = B.Outcomes ? *B.Outcomes : WarpOutcomes::get(B.P);
  return B.Pre + B.Post + W.Both * divergentRegionCost(B.Then, B.Else) +
         W.ThenOnly * B.Then + W.ElseOnly * B.Else;
}

/// Binomial(N, P) probabilities, by the recurrence on k.
static SmallVector<double, 33> binomial(unsigned N, double P) {
  SmallVector<double, 33> Pr(N + 1, 0.0);
  double Q = 1 - P;
  Pr[0] = std::pow(Q, N);
  for (unsigned K = 1; K <= N; ++K)
    Pr[K] = Q > 0 ? Pr[K - 1] * (N + 1 - K) / K * P / Q : (K == N ? 1.0 : 0.0);
  return Pr;
}

/// Trips per iteration of a lane whose turn moves as a Markov chain on N
/// states, averaged over the chain's stationary distribution (power
/// iteration from the uniform one). Step(S, Emit) calls Emit(To, Pr, D)
/// for each way a lane that advanced at S goes on: with probability Pr it
/// next advances at To, D trips later.
template <typename StepFn>
static double getStationaryTrips(unsigned N, StepFn Step) {
  std::vector<double> Pi(N, 1.0 / N), Next(N);
  double Trips = 0;
  for (unsigned Round = 0; Round < 200; ++Round) {
    std::fill(Next.begin(), Next.end(), 0.0);
    Trips = 0;
    for (unsigned S = 0; S < N; ++S)
      Step(S, [&](unsigned To, double Pr, unsigned D) {
        double W = Pi[S] * Pr;
        Next[To] += W;
        Trips += W * D;
      });
    Pi.swap(Next);
  }
  return Trips;
}

/// Results of the stationary-distribution sums, which iteration delaying
/// asks for each branch of a loop at the same few probabilities: kept per
/// thread, by their arguments' bits, a bounded number of them.
template <typename KeyT> class Memo {
public:
  template <typename ComputeFn> double get(const KeyT &Key, ComputeFn Compute) {
    auto It = Cache.find(Key);
    if (It != Cache.end())
      return It->second;
    if (Cache.size() >= 4096)
      Cache.clear();
    double V = Compute();
    Cache.try_emplace(Key, V);
    return V;
  }

private:
  std::map<KeyT, double> Cache;
};

static uint64_t bitsOf(double D) {
  uint64_t B;
  std::memcpy(&B, &D, sizeof B);
  return B;
}

/// Probability that a lane whose last iteration took the then-way (Then)
/// or the else-way takes the then-way next.
static double nextThen(bool Then, double P, std::optional<double> Switch) {
  if (!Switch)
    return P;
  return Then ? 1 - *Switch : *Switch;
}

/// The turns of majority voting that go to the side the vote would leave
/// waiting: one in max-delay + 1 (IterationDelay.h's default 32).
constexpr double StarvationTurnShare = 1.0 / 33;

/// Majority voting as a Markov chain on N, the live lanes whose pending
/// iteration wants the then-way: the vote serves the larger side (the
/// smaller one at an anti-starvation turn), whose lanes advance and draw
/// their next ways; the other side keeps waiting, so it grows and wins a
/// later vote. Returns the stationary expected fraction of lanes that
/// advance per trip and the fraction of trips that serve the then-way.
static std::pair<double, double>
computeMajorityChain(double P, std::optional<double> Switch) {
  // Power iteration from the lanes' first draws, until the advance settles.
  SmallVector<double, 33> Pi = binomial(32, P), Next(33);
  double Advance = 0, ThenShare = 0, Last = -1;
  for (unsigned Round = 0; Round < 200 && std::abs(Advance - Last) > 1e-12;
       ++Round) {
    Last = Advance;
    std::fill(Next.begin(), Next.end(), 0.0);
    Advance = ThenShare = 0;
    for (unsigned N = 0; N <= 32; ++N) {
      if (Pi[N] == 0)
        continue;
      bool Majority = 2 * N >= 32;
      bool HasMinority = N > 0 && N < 32;
      for (bool ServeThen : {true, false}) {
        double Pr = ServeThen == Majority
                        ? (HasMinority ? 1 - StarvationTurnShare : 1.0)
                        : (HasMinority ? StarvationTurnShare : 0.0);
        if (Pr == 0)
          continue;
        // The served lanes draw anew; the waiting ones keep their way.
        unsigned Served = ServeThen ? N : 32 - N;
        unsigned Waiting = ServeThen ? 0 : N;
        Advance += Pi[N] * Pr * Served / 32.0;
        ThenShare += ServeThen ? Pi[N] * Pr : 0;
        SmallVector<double, 33> Drawn =
            binomial(Served, nextThen(ServeThen, P, Switch));
        for (unsigned K = 0; K <= Served; ++K)
          Next[Waiting + K] += Pi[N] * Pr * Drawn[K];
      }
    }
    Pi.swap(Next);
  }
  return {Advance, ThenShare};
}

/// computeMajorityChain, remembered: a loop's candidates ask for the same
/// few probabilities many times.
static std::pair<double, double>
getMajorityChain(double P, std::optional<double> Switch) {
  thread_local std::map<std::pair<double, double>, std::pair<double, double>>
      Known;
  auto Key = std::make_pair(P, Switch.value_or(-1.0));
  auto It = Known.find(Key);
  if (It == Known.end())
    It = Known.emplace(Key, computeMajorityChain(P, Switch)).first;
  return It->second;
}

/// The probability majority voting's advance is taken at. The chain's
/// advance grows as p moves from 0.5 (0.72 at p = 0.05), but SYN-ITDELAY's
/// majority runs take the same time within 3% from p = 0.05 to 0.9 (H100,
/// run 11; H200 before): an effective advance of 0.63, flat, where the
/// chain at p = 0.5 gives 0.661. The vote as DelayedLoop.cpp builds it (a
/// forced trip every 33rd), simulated, takes 1.52-1.57 trips an iteration
/// from p = 0.05 to 0.95, and at p = 0.5 the chain's 1.513 times the
/// stragglers' factor within 0.2% (bench/results/2026-11-26-majority-model.md).
constexpr double MajorityAdvanceProbability = 0.5;

static double computeAdvancePerTrip(DelayStrategy S, double P, unsigned Ones,
                                    unsigned Zeros,
                                    std::optional<double> Switch);

double advancePerTrip(DelayStrategy S, double P, unsigned Ones, unsigned Zeros,
                      std::optional<double> Switch) {
  thread_local Memo<
      std::tuple<int, uint64_t, unsigned, unsigned, bool, uint64_t>>
      Results;
  return Results.get(
      {int(S), bitsOf(P), Ones, Zeros, Switch.has_value(),
       bitsOf(Switch.value_or(0))},
      [&] { return computeAdvancePerTrip(S, P, Ones, Zeros, Switch); });
}

static double computeAdvancePerTrip(DelayStrategy S, double P, unsigned Ones,
                                    unsigned Zeros,
                                    std::optional<double> Switch) {
  if (S == DelayStrategy::Majority)
    return getMajorityChain(MajorityAdvanceProbability, Switch).first;
  // Loop advance alternates turns one to one.
  if (S == DelayStrategy::Advance)
    Ones = Zeros = 1;
  // Round robin: a lane that advanced at some phase draws its next way and
  // waits for the next turn of that way. Trips per iteration are the
  // cyclic distance to that turn, averaged over the stationary phases a
  // lane advances at (a Markov chain on the Zeros + Ones phases; for 1:1
  // and independent iterations it gives 2p^2 - 2p + 2 trips, 1.5 at
  // p = 0.5; with a switch rate s, 2 - s). Idle-trip removal only skips
  // turns no lane wants, rare in a mixed warp: the same estimate.
  const unsigned Period = Ones + Zeros;
  auto Serves = [&](unsigned Phase, bool Then) {
    return (Phase % Period >= Zeros) == Then;
  };
  return 1.0 / getStationaryTrips(Period, [&](unsigned S, auto Emit) {
           bool Last = Serves(S, true);
           for (bool Then : {true, false}) {
             double PThen = nextThen(Last, P, Switch);
             double Pr = Then ? PThen : 1 - PThen;
             if (Pr == 0)
               continue;
             unsigned D = 1;
             while (!Serves(S + D, Then))
               ++D;
             Emit((S + D) % Period, Pr, D);
           }
         });
}

/// E[max] of 32 independent standard normal deviates.
constexpr double WarpMaxDeviate = 2.0427;

double getStragglerFactor(double TripsPerIteration, double Iterations) {
  if (Iterations <= 0 || TripsPerIteration <= 0)
    return 1.0;
  // Trips of one or two per iteration, TripsPerIteration on average.
  double M = TripsPerIteration;
  double Variance = std::max(0.0, (M - 1) * (2 - M));
  return 1 + WarpMaxDeviate * std::sqrt(Variance / Iterations) / M;
}

double costPerIterationDelayed(const LoopBodyCost &B, DelayStrategy S,
                               double OverheadPerTrip, unsigned Ones,
                               unsigned Zeros) {
  if (S == DelayStrategy::Advance)
    Ones = Zeros = 1;
  double Adv = advancePerTrip(S, B.P, Ones, Zeros, B.Switch);
  double ThenShare = double(Ones) / (Ones + Zeros);
  if (S == DelayStrategy::Majority)
    ThenShare = getMajorityChain(B.P, B.Switch).second;
  if (Adv <= 0)
    return std::numeric_limits<double>::infinity();
  // The arm a trip runs: majority the side its vote serves, round robin
  // each by its duty.
  double Arm = ThenShare * B.Then + (1 - ThenShare) * B.Else;
  double Trip = Arm + std::max(0.0, OverheadPerTrip + B.Pre + B.Post);
  double Cost = Trip / Adv;
  if (B.LaneIterations)
    Cost *= getStragglerFactor(1 / Adv, *B.LaneIterations);
  return Cost;
}

double costPerIterationSwitch(const SwitchBodyCost &B, ArrayRef<double> P) {
  double Cost = B.Pre + B.Post;
  for (size_t W = 0; W < B.Arms.size(); ++W)
    Cost += (1 - std::pow(1 - P[W], 32)) * B.Arms[W];
  return Cost;
}

double switchTripsPerIteration(ArrayRef<double> P) {
  thread_local Memo<std::vector<uint64_t>> Results;
  std::vector<uint64_t> Key;
  for (double D : P)
    Key.push_back(bitsOf(D));
  return Results.get(Key, [&] {
    // The stationary distribution of the turn a lane advances at (a Markov
    // chain on the K turns), as advancePerTrip does for two ways: from turn
    // S, a next way W waits ((W - S - 1) mod K) + 1 trips.
    const unsigned K = P.size();
    return getStationaryTrips(K, [&](unsigned S, auto Emit) {
      for (unsigned W = 0; W < K; ++W)
        Emit(W, P[W], (W + K - S - 1) % K + 1);
    });
  });
}

double costPerIterationSwitchDelayed(const SwitchBodyCost &B,
                                     ArrayRef<double> P,
                                     double OverheadPerTrip) {
  double Arm = 0;
  for (double A : B.Arms)
    Arm += A / B.Arms.size();
  return (OverheadPerTrip + B.Pre + Arm + B.Post) * switchTripsPerIteration(P);
}

} // namespace divopt
