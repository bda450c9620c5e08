//===- BlockScheduler.cpp - The scheduled model's SMs and CTAs ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/BlockScheduler.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>

namespace divopt::runtime {

namespace {

/// A warp on its SM: the run time alone it has left, and the memory
/// pipeline cycles it asks per cycle of that run time.
struct LiveWarp {
  double Left;
  double MemoryPerCycle;
};

/// One SM: its resident CTAs' warps.
struct SmState {
  std::vector<std::vector<LiveWarp>> Ctas;
  double Clock = 0;
  std::size_t ActiveWarps = 0;
  double MemoryDemand = 0; ///< Sum of the active warps' MemoryPerCycle.
  unsigned Version = 0;    ///< Bumped when its next event moves.

  /// The rate every active warp runs at (1: as fast as alone).
  double warpRate(unsigned ConcurrentWarps) const {
    double Rate = 1.0;
    if (ActiveWarps > ConcurrentWarps)
      Rate = static_cast<double>(ConcurrentWarps) / ActiveWarps;
    if (MemoryDemand * Rate > 1.0)
      Rate = 1.0 / MemoryDemand;
    return Rate;
  }
  /// Time of its next warp completion; infinity when idle.
  double nextEvent(unsigned ConcurrentWarps) const {
    double Least = std::numeric_limits<double>::infinity();
    for (const auto &C : Ctas)
      for (const LiveWarp &W : C)
        Least = std::min(Least, W.Left);
    return Clock + Least / warpRate(ConcurrentWarps);
  }
};

/// The CTAs of the launch as lists of warps, in launch order.
std::vector<std::vector<LiveWarp>>
splitIntoCtas(const std::vector<WarpDemand> &Warps, const LaunchShape &Shape) {
  const std::size_t PerCta =
      (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::vector<std::vector<LiveWarp>> Ctas;
  for (std::size_t W = 0; W < Warps.size(); W += PerCta) {
    std::vector<LiveWarp> C;
    for (std::size_t I = W; I < std::min(W + PerCta, Warps.size()); ++I)
      if (Warps[I].Issue > 0) // An empty warp ends as it starts.
        C.push_back({Warps[I].Issue, Warps[I].Memory / Warps[I].Issue});
    Ctas.push_back(std::move(C));
  }
  return Ctas;
}

class BlockScheduler {
public:
  BlockScheduler(std::vector<std::vector<LiveWarp>> Ctas, const LaunchShape &S)
      : Ctas(std::move(Ctas)), Shape(S), Sms(S.SMs) {}

  double run() {
    dealFirstWave();
    for (std::size_t I = 0; I < Sms.size(); ++I)
      schedule(I);
    std::vector<std::size_t> Freed;
    while (!Events.empty()) {
      Freed.clear();
      double Now = std::get<0>(Events.top());
      // Every SM whose warps end now frees its slots now.
      double Tie = Now + 1e-9 * std::max(1.0, Now);
      while (!Events.empty() && std::get<0>(Events.top()) <= Tie) {
        auto [Time, Index, Version] = Events.top();
        Events.pop();
        if (Version != Sms[Index].Version)
          continue;
        advance(Sms[Index], Time);
        Freed.push_back(Index);
      }
      std::sort(Freed.begin(), Freed.end());
      dealRoundRobin(Freed);
      for (std::size_t I : Freed)
        schedule(I);
    }
    double End = 0;
    for (const SmState &S : Sms)
      End = std::max(End, S.Clock);
    return End;
  }

private:
  /// The first wave: in the measured dispatch order where the shape has
  /// one, then round-robin over all SMs for any slot it leaves free.
  void dealFirstWave() {
    for (unsigned Sm : Shape.FirstWaveSms) {
      if (Next == Ctas.size())
        return;
      if (Sm >= Sms.size())
        throw std::invalid_argument("first-wave dispatch names SM " +
                                    std::to_string(Sm) + " of " +
                                    std::to_string(Sms.size()));
      if (Sms[Sm].Ctas.size() < Shape.BlocksPerSM)
        admit(Sms[Sm], std::move(Ctas[Next++]));
    }
    std::vector<std::size_t> All(Sms.size());
    for (std::size_t I = 0; I < All.size(); ++I)
      All[I] = I;
    dealRoundRobin(All);
  }

  /// Gives the next CTAs in launch order to the SMs of Among with a free
  /// slot, one each per round, until no slot or no CTA is left.
  void dealRoundRobin(const std::vector<std::size_t> &Among) {
    for (bool Dealt = true; Dealt && Next < Ctas.size();) {
      Dealt = false;
      for (std::size_t I : Among) {
        SmState &S = Sms[I];
        if (Next == Ctas.size() || S.Ctas.size() >= Shape.BlocksPerSM)
          continue;
        admit(S, std::move(Ctas[Next++]));
        Dealt = true;
      }
    }
  }

  void admit(SmState &S, std::vector<LiveWarp> Warps) {
    if (Warps.empty()) // Nothing to run: it ends as it starts.
      return;
    S.ActiveWarps += Warps.size();
    for (const LiveWarp &W : Warps)
      S.MemoryDemand += W.MemoryPerCycle;
    S.Ctas.push_back(std::move(Warps));
  }

  /// Runs S's warps up to Time and retires those that are done.
  void advance(SmState &S, double Time) {
    double Done = (Time - S.Clock) * S.warpRate(Shape.ConcurrentWarps);
    S.Clock = Time;
    // A warp within a rounding error of its end has ended. The error scales
    // with the clock too: work left below what the clock can still resolve
    // would schedule its end at the present time, again and again.
    double Eps = 1e-9 * std::max({1.0, Done, S.Clock});
    S.ActiveWarps = 0;
    S.MemoryDemand = 0;
    for (auto &C : S.Ctas) {
      std::vector<LiveWarp> Kept;
      for (LiveWarp W : C) {
        W.Left -= Done;
        if (W.Left > Eps) {
          Kept.push_back(W);
          S.MemoryDemand += W.MemoryPerCycle;
        }
      }
      S.ActiveWarps += Kept.size();
      C = std::move(Kept);
    }
    S.Ctas.erase(std::remove_if(S.Ctas.begin(), S.Ctas.end(),
                                [](const auto &C) { return C.empty(); }),
                 S.Ctas.end());
  }

  void schedule(std::size_t Index) {
    SmState &S = Sms[Index];
    ++S.Version;
    if (S.ActiveWarps > 0)
      Events.push({S.nextEvent(Shape.ConcurrentWarps), Index, S.Version});
  }

  std::vector<std::vector<LiveWarp>> Ctas;
  std::size_t Next = 0;
  const LaunchShape &Shape;
  std::vector<SmState> Sms;
  using Event = std::tuple<double, std::size_t, unsigned>;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> Events;
};

} // namespace

double simulateBlockScheduling(const std::vector<WarpDemand> &Warps,
                               const LaunchShape &Shape) {
  if (Shape.ConcurrentWarps == 0)
    throw std::invalid_argument(
        "launch shape: concurrent warps per SM must be positive");
  return BlockScheduler(splitIntoCtas(Warps, Shape), Shape).run();
}

} // namespace divopt::runtime
