//===- BlockScheduler.cpp - The scheduled model's SMs and CTAs ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/BlockScheduler.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace divopt::runtime {

namespace {

constexpr double Never = std::numeric_limits<double>::infinity();

/// A resident warp: the progress of its SM at which it ends (SmState),
/// its memory demand and its CTA (launch index).
struct ResidentWarp {
  double End;
  double MemoryPerCycle;
  std::uint32_t Cta;
};

/// Min-heap order on the end alone: warps that end together leave in the
/// heap's order, as std::priority_queue with std::greater left them before
/// the scheduler kept its heaps in flat storage (same algorithm, same
/// comparisons: the same sums of memory demand, bit for bit).
struct EndsLater {
  bool operator()(const ResidentWarp &A, const ResidentWarp &B) const {
    return A.End > B.End;
  }
};

/// One SM. All its active warps run at one rate, so one number, Progress
/// (the run time alone every active warp has had since the SM started),
/// tells how far each one is: a warp admitted at progress P with run time
/// W ends when Progress reaches P + W. Its warps wait in a heap by that end
/// (a slice of the scheduler's storage): an event costs a logarithm of the
/// resident warps, not a pass over them.
struct SmState {
  ResidentWarp *Heap = nullptr;
  std::uint32_t Warps = 0;
  std::uint32_t ResidentCtas = 0;
  double Clock = 0;
  double Progress = 0;
  double MemoryDemand = 0; ///< Sum of the active warps' MemoryPerCycle.

  /// The rate every active warp runs at (1: as fast as alone).
  double warpRate(unsigned ConcurrentWarps) const {
    double Rate = 1.0;
    if (Warps > ConcurrentWarps)
      Rate = static_cast<double>(ConcurrentWarps) / Warps;
    if (MemoryDemand * Rate > 1.0)
      Rate = 1.0 / MemoryDemand;
    return Rate;
  }
  /// Time of its next warp completion at Rate (warpRate's); Never when
  /// idle.
  double nextEvent(double Rate) const {
    if (Warps == 0)
      return Never;
    double Left = std::max(0.0, Heap[0].End - Progress);
    return Clock + Left / Rate;
  }
  void push(const ResidentWarp &W) {
    Heap[Warps++] = W;
    std::push_heap(Heap, Heap + Warps, EndsLater());
  }
  ResidentWarp pop() {
    std::pop_heap(Heap, Heap + Warps, EndsLater());
    return Heap[--Warps];
  }
};

/// The SMs' next events, a tournament tree: the earliest (ties: the lower
/// SM index) in constant time, an update in a logarithm of the SMs.
class EventTree {
public:
  explicit EventTree(std::size_t Sms) {
    while (Leaves < Sms)
      Leaves *= 2;
    Time.assign(Leaves, Never);
    Node.assign(2 * Leaves, 0);
    for (std::size_t I = 0; I < Leaves; ++I)
      Node[Leaves + I] = static_cast<std::uint32_t>(I);
    for (std::size_t P = Leaves; P-- > 1;)
      Node[P] = earlier(Node[2 * P], Node[2 * P + 1]);
  }
  std::uint32_t first() const { return Node[1]; }
  double time(std::uint32_t Sm) const { return Time[Sm]; }
  void set(std::uint32_t Sm, double T) {
    Time[Sm] = T;
    for (std::size_t P = (Leaves + Sm) / 2; P >= 1; P /= 2)
      Node[P] = earlier(Node[2 * P], Node[2 * P + 1]);
  }

private:
  std::uint32_t earlier(std::uint32_t A, std::uint32_t B) const {
    return Time[B] < Time[A] ? B : A; // Equal times: A, the lower index.
  }
  std::size_t Leaves = 1;
  std::vector<double> Time;
  std::vector<std::uint32_t> Node;
};

/// The CTAs of the launch, in launch order, as one flat list of their
/// non-empty warps (an empty warp ends as it starts).
struct CtaList {
  std::vector<double> Left, MemoryPerCycle;
  std::vector<std::uint32_t> Begin; ///< Per CTA, then the end.
  std::uint32_t PerCta = 0;

  CtaList(const std::vector<WarpDemand> &Warps, const LaunchShape &Shape) {
    PerCta = (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
    Left.reserve(Warps.size());
    MemoryPerCycle.reserve(Warps.size());
    for (std::size_t W = 0; W < Warps.size(); W += PerCta) {
      Begin.push_back(static_cast<std::uint32_t>(Left.size()));
      for (std::size_t I = W;
           I < std::min<std::size_t>(W + PerCta, Warps.size()); ++I)
        if (Warps[I].Issue > 0) {
          Left.push_back(Warps[I].Issue);
          MemoryPerCycle.push_back(Warps[I].Memory / Warps[I].Issue);
        }
    }
    Begin.push_back(static_cast<std::uint32_t>(Left.size()));
  }
  std::size_t size() const { return Begin.size() - 1; }
  std::uint32_t warps(std::size_t Cta) const {
    return Begin[Cta + 1] - Begin[Cta];
  }
};

class BlockScheduler {
public:
  BlockScheduler(const std::vector<WarpDemand> &Warps, const LaunchShape &S)
      : Ctas(Warps, S), LiveWarps(Ctas.size(), 0), Shape(S), Sms(S.SMs),
        Events(S.SMs) {
    std::size_t Capacity = std::size_t(S.BlocksPerSM) * Ctas.PerCta;
    Storage.resize(Capacity * S.SMs);
    for (std::size_t I = 0; I < Sms.size(); ++I)
      Sms[I].Heap = Storage.data() + I * Capacity;
  }

  double run() {
    dealFirstWave();
    for (std::size_t I = 0; I < Sms.size(); ++I)
      runToFreedSlot(static_cast<std::uint32_t>(I));
    std::vector<std::uint32_t> Freed;
    while (Events.time(Events.first()) != Never) {
      Freed.clear();
      double Now = Events.time(Events.first());
      // Every SM that frees a slot now takes its share of the next CTAs.
      double Tie = Now + 1e-9 * std::max(1.0, Now);
      while (Events.time(Events.first()) <= Tie) {
        std::uint32_t Index = Events.first();
        Events.set(Index, Never);
        Freed.push_back(Index);
      }
      std::sort(Freed.begin(), Freed.end());
      dealRoundRobin(Freed);
      for (std::uint32_t I : Freed)
        runToFreedSlot(I);
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
    std::vector<std::uint32_t> All(Sms.size());
    for (std::size_t I = 0; I < All.size(); ++I)
      All[I] = static_cast<std::uint32_t>(I);
    dealRoundRobin(All);
  }

  /// Gives the next CTAs in launch order to the SMs of Among with a free
  /// slot, one each per round, until no slot or no CTA is left.
  void dealRoundRobin(const std::vector<std::uint32_t> &Among) {
    for (bool Dealt = true; Dealt && Next < Ctas.size();) {
      Dealt = false;
      for (std::uint32_t I : Among) {
        SmState &S = Sms[I];
        if (Next == Ctas.size() || S.ResidentCtas >= Shape.BlocksPerSM)
          continue;
        admit(S, Next++);
        Dealt = true;
      }
    }
  }

  void admit(SmState &S, std::size_t Cta) {
    std::uint32_t N = Ctas.warps(Cta);
    if (N == 0) // Nothing to run: it ends as it starts.
      return;
    ++S.ResidentCtas;
    LiveWarps[Cta] = N;
    for (std::uint32_t W = Ctas.Begin[Cta]; W < Ctas.Begin[Cta + 1]; ++W) {
      S.push({S.Progress + Ctas.Left[W], Ctas.MemoryPerCycle[W],
              static_cast<std::uint32_t>(Cta)});
      S.MemoryDemand += Ctas.MemoryPerCycle[W];
    }
  }

  /// Runs S's warps up to Time and retires those that are done, and the
  /// CTAs whose last warp that was.
  /// Rate: S's warpRate, unchanged since its last event.
  void advance(SmState &S, double Time, double Rate) {
    double Done = (Time - S.Clock) * Rate;
    S.Clock = Time;
    S.Progress += Done;
    // A warp within a rounding error of its end has ended. The error scales
    // with the clock too: work left below what the clock can still resolve
    // would schedule its end at the present time, again and again.
    double Eps = 1e-9 * std::max({1.0, Done, S.Clock, S.Progress});
    while (S.Warps > 0 && S.Heap[0].End - S.Progress <= Eps) {
      ResidentWarp W = S.pop();
      S.MemoryDemand -= W.MemoryPerCycle;
      if (--LiveWarps[W.Cta] == 0)
        --S.ResidentCtas;
    }
    if (S.Warps == 0)
      S.MemoryDemand = 0; // No rounding left behind.
  }

  /// Runs SM Index's warps, one completion after another, until one frees
  /// a CTA slot while CTAs are left to deal: that moment is the SM's event.
  /// Until then the SM takes nothing and gives nothing, so no other SM's
  /// events need to come first; once every CTA is dealt it runs to its end.
  void runToFreedSlot(std::uint32_t Index) {
    SmState &S = Sms[Index];
    for (;;) {
      // Nothing changes the SM between its next event's time and its
      // advance to it: one rate serves both.
      double Rate = S.warpRate(Shape.ConcurrentWarps);
      double Time = S.nextEvent(Rate);
      if (Time == Never)
        return Events.set(Index, Never);
      std::uint32_t Resident = S.ResidentCtas;
      advance(S, Time, Rate);
      if (S.ResidentCtas < Resident && Next < Ctas.size())
        return Events.set(Index, Time);
    }
  }

  CtaList Ctas;
  /// Per CTA, its warps not yet ended.
  std::vector<std::uint32_t> LiveWarps;
  std::size_t Next = 0;
  const LaunchShape &Shape;
  std::vector<ResidentWarp> Storage;
  std::vector<SmState> Sms;
  EventTree Events;
};

} // namespace

double simulateBlockScheduling(const std::vector<WarpDemand> &Warps,
                               const LaunchShape &Shape) {
  if (Shape.ConcurrentWarps == 0)
    throw std::invalid_argument(
        "launch shape: concurrent warps per SM must be positive");
  return BlockScheduler(Warps, Shape).run();
}

} // namespace divopt::runtime
