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

/// A warp as the launch holds it: its run time alone, and the memory
/// pipeline cycles it asks per cycle of that run time.
struct LiveWarp {
  double Left;
  double MemoryPerCycle;
};

/// A resident warp: the progress of its SM at which it ends (SmState),
/// its memory demand and its CTA (launch index).
struct ResidentWarp {
  double End;
  double MemoryPerCycle;
  std::size_t Cta;
  bool operator>(const ResidentWarp &O) const { return End > O.End; }
};

/// One SM. All its active warps run at one rate, so one number, Progress
/// (the run time alone every active warp has had since the SM started),
/// tells how far each one is: a warp admitted at progress P with run time
/// W ends when Progress reaches P + W. Its warps wait in a heap by that
/// end: an event costs a logarithm of the resident warps, not a pass over
/// them (a launch of a million threads has 32768 warps and as many
/// events).
struct SmState {
  std::priority_queue<ResidentWarp, std::vector<ResidentWarp>,
                      std::greater<ResidentWarp>>
      Warps;
  double Clock = 0;
  double Progress = 0;
  std::size_t ResidentCtas = 0;
  double MemoryDemand = 0; ///< Sum of the active warps' MemoryPerCycle.
  unsigned Version = 0;    ///< Bumped when its next event moves.

  std::size_t activeWarps() const { return Warps.size(); }
  /// The rate every active warp runs at (1: as fast as alone).
  double warpRate(unsigned ConcurrentWarps) const {
    double Rate = 1.0;
    if (activeWarps() > ConcurrentWarps)
      Rate = static_cast<double>(ConcurrentWarps) / activeWarps();
    if (MemoryDemand * Rate > 1.0)
      Rate = 1.0 / MemoryDemand;
    return Rate;
  }
  /// Time of its next warp completion; infinity when idle.
  double nextEvent(unsigned ConcurrentWarps) const {
    if (Warps.empty())
      return std::numeric_limits<double>::infinity();
    double Left = std::max(0.0, Warps.top().End - Progress);
    return Clock + Left / warpRate(ConcurrentWarps);
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
      : Ctas(std::move(Ctas)), LiveWarps(this->Ctas.size(), 0), Shape(S),
        Sms(S.SMs) {}

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
      if (Sms[Sm].ResidentCtas < Shape.BlocksPerSM)
        admit(Sms[Sm], Next++);
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
        if (Next == Ctas.size() || S.ResidentCtas >= Shape.BlocksPerSM)
          continue;
        admit(S, Next++);
        Dealt = true;
      }
    }
  }

  void admit(SmState &S, std::size_t Cta) {
    if (Ctas[Cta].empty()) // Nothing to run: it ends as it starts.
      return;
    ++S.ResidentCtas;
    LiveWarps[Cta] = Ctas[Cta].size();
    for (const LiveWarp &W : Ctas[Cta]) {
      S.Warps.push({S.Progress + W.Left, W.MemoryPerCycle, Cta});
      S.MemoryDemand += W.MemoryPerCycle;
    }
  }

  /// Runs S's warps up to Time and retires those that are done, and the
  /// CTAs whose last warp that was.
  void advance(SmState &S, double Time) {
    double Done = (Time - S.Clock) * S.warpRate(Shape.ConcurrentWarps);
    S.Clock = Time;
    S.Progress += Done;
    // A warp within a rounding error of its end has ended. The error scales
    // with the clock too: work left below what the clock can still resolve
    // would schedule its end at the present time, again and again.
    double Eps = 1e-9 * std::max({1.0, Done, S.Clock, S.Progress});
    while (!S.Warps.empty() && S.Warps.top().End - S.Progress <= Eps) {
      ResidentWarp W = S.Warps.top();
      S.Warps.pop();
      S.MemoryDemand -= W.MemoryPerCycle;
      if (--LiveWarps[W.Cta] == 0)
        --S.ResidentCtas;
    }
    if (S.Warps.empty())
      S.MemoryDemand = 0; // No rounding left behind.
  }

  void schedule(std::size_t Index) {
    SmState &S = Sms[Index];
    ++S.Version;
    if (S.activeWarps() > 0)
      Events.push({S.nextEvent(Shape.ConcurrentWarps), Index, S.Version});
  }

  std::vector<std::vector<LiveWarp>> Ctas;
  /// Per CTA, its warps not yet ended.
  std::vector<std::size_t> LiveWarps;
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
