//===- CostModel.cpp - One cost model for every DivOpt transform ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CostModel.h"

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
  return computeOccupancy(Arch, Q);
}

double predictTime(const Estimate &E, const Target &T) {
  Occupancy Occ = T.occupancy(E.Registers);
  if (Occ.Fraction <= 0)
    return E.Cost * 1e6; // Cannot launch: never preferable.
  if (E.Phases.empty())
    return E.Cost * std::max(1.0, OccupancyKnee / Occ.Fraction);
  double Warps = double(Occ.WarpsPerSM) / std::max(1u, T.Arch.SubPartitionsPerSM);
  double Time = 0;
  for (const Phase &P : E.Phases)
    Time += std::max(P.Cost, P.Latency / Warps);
  return Time;
}

Decision decide(const Estimate &Before, const Estimate &After,
                const Target &Launch, double Threshold) {
  Decision D;
  const Target T = getWorstBlockSize(
      Launch, Before.Registers, [&](const Target &At) {
        double TimeAfter = predictTime(After, At);
        return TimeAfter > 0 ? predictTime(Before, At) / TimeAfter : 0;
      }, &D.Ratio);
  D.OccupancyBefore = T.occupancy(Before.Registers).Fraction;
  D.OccupancyAfter = T.occupancy(After.Registers).Fraction;
  D.Profitable = D.Ratio >= Threshold;
  raw_string_ostream OS(D.Explanation);
  OS << "cost " << format("%.1f", Before.Cost) << " -> "
     << format("%.1f", After.Cost) << ", registers " << Before.Registers
     << " -> " << After.Registers << ", occupancy "
     << format("%.0f%%", 100 * D.OccupancyBefore) << " -> "
     << format("%.0f%%", 100 * D.OccupancyAfter) << " ";
  T.printLaunch(OS);
  OS << ", predicted speedup "
     << format("%.2fx", D.Ratio) << " (threshold " << format("%.2fx", Threshold)
     << ")";
  return D;
}

double divergentRegionCost(double ThenCost, double ElseCost) {
  // The branch itself, with its reconvergence, is costed in its block.
  return ThenCost + ElseCost;
}

double getTakenProbability(const BranchInst &Br) {
  uint64_t TW, FW;
  if (Br.isConditional() && extractBranchWeights(Br, TW, FW) && TW + FW > 0)
    return double(TW) / double(TW + FW);
  return DefaultTakenProbability;
}

double getTripWeight(const BasicBlock &BB, const Loop *Outer,
                     const LoopInfo &LI, ScalarEvolution &SE) {
  double Weight = 1;
  for (Loop *L = LI.getLoopFor(&BB); L && L != Outer; L = L->getParentLoop()) {
    unsigned Trips = SE.getSmallConstantTripCount(L);
    Weight *= Trips ? Trips : DefaultTripCount;
  }
  return Weight;
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
  WarpOutcomes W = WarpOutcomes::get(B.P);
  return B.Pre + B.Post + W.Both * divergentRegionCost(B.Then, B.Else) +
         W.ThenOnly * B.Then + W.ElseOnly * B.Else;
}

/// Binomial(32, P) probabilities, by the recurrence on k.
static std::array<double, 33> binomial32(double P) {
  std::array<double, 33> Pr{};
  double Q = 1 - P;
  Pr[0] = std::pow(Q, 32);
  for (unsigned K = 1; K <= 32; ++K)
    Pr[K] = Q > 0 ? Pr[K - 1] * (33 - K) / K * P / Q : (K == 32 ? 1.0 : 0.0);
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

static double computeAdvancePerTrip(DelayStrategy S, double P, unsigned Ones,
                                    unsigned Zeros);

double advancePerTrip(DelayStrategy S, double P, unsigned Ones,
                      unsigned Zeros) {
  thread_local Memo<std::tuple<int, uint64_t, unsigned, unsigned>> Results;
  return Results.get({int(S), bitsOf(P), Ones, Zeros},
                     [&] { return computeAdvancePerTrip(S, P, Ones, Zeros); });
}

static double computeAdvancePerTrip(DelayStrategy S, double P, unsigned Ones,
                                    unsigned Zeros) {
  if (S == DelayStrategy::Majority) {
    // The vote serves the larger side: E[max(k, 32 - k)] / 32.
    std::array<double, 33> Pr = binomial32(P);
    double E = 0;
    for (unsigned K = 0; K <= 32; ++K)
      E += Pr[K] * std::max(K, 32 - K);
    return E / 32;
  }
  // Loop advance alternates turns one to one.
  if (S == DelayStrategy::Advance)
    Ones = Zeros = 1;
  // Round robin: a lane that advanced at some phase draws its next way and
  // waits for the next turn of that way. Trips per iteration are the
  // cyclic distance to that turn, averaged over the stationary phases a
  // lane advances at (a Markov chain on the Zeros + Ones phases; for 1:1 it
  // gives 2p^2 - 2p + 2 trips, 1.5 at p = 0.5). Idle-trip removal only
  // skips turns no lane wants, rare in a mixed warp: the same estimate.
  const unsigned Period = Ones + Zeros;
  auto Serves = [&](unsigned Phase, bool Then) {
    return (Phase % Period >= Zeros) == Then;
  };
  return 1.0 / getStationaryTrips(Period, [&](unsigned S, auto Emit) {
           for (bool Then : {true, false}) {
             double Pr = Then ? P : 1 - P;
             if (Pr == 0)
               continue;
             unsigned D = 1;
             while (!Serves(S + D, Then))
               ++D;
             Emit((S + D) % Period, Pr, D);
           }
         });
}

double costPerIterationDelayed(const LoopBodyCost &B, DelayStrategy S,
                               double OverheadPerTrip, unsigned Ones,
                               unsigned Zeros) {
  if (S == DelayStrategy::Advance)
    Ones = Zeros = 1;
  // Majority advances about as many lanes per trip whatever the branch's
  // probability: lanes of the minority keep waiting, so among the pending
  // lanes the split stays near even (SYN-ITDELAY on an H200: majority ran
  // at 0.90-0.95x of clang -O3 for every f from 0.05 to 0.9 at N = 32).
  double Adv = S == DelayStrategy::Majority
                   ? advancePerTrip(S, 0.5)
                   : advancePerTrip(S, B.P, Ones, Zeros);
  if (Adv <= 0)
    return std::numeric_limits<double>::infinity();
  // The arm a trip runs: the majority side is the then-side with the
  // probability the binomial gives; round robin runs each by its duty.
  double ThenShare = double(Ones) / (Ones + Zeros);
  if (S == DelayStrategy::Majority) {
    std::array<double, 33> Pr = binomial32(B.P);
    ThenShare = 0;
    for (unsigned K = 16; K <= 32; ++K)
      ThenShare += Pr[K];
  }
  double Arm = ThenShare * B.Then + (1 - ThenShare) * B.Else;
  return (OverheadPerTrip + B.Pre + Arm + B.Post) / Adv;
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
