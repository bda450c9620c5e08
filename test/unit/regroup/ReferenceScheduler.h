//===- ReferenceScheduler.h - The scheduled model, event by event -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The block scheduler as first written (runtime/BlockScheduler.cpp before it
// ran each SM on its own between freed slots): every warp's end an event in
// one global queue, every SM's warps in a std::priority_queue. Slow (a
// million threads took tens of milliseconds), plain, and the reference the
// fast scheduler must match bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TEST_UNIT_REGROUP_REFERENCESCHEDULER_H
#define DIVOPT_TEST_UNIT_REGROUP_REFERENCESCHEDULER_H

#include "runtime/DivergenceModel.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>
#include <vector>

namespace divopt::runtime::test {

class ReferenceScheduler {
public:
  ReferenceScheduler(const std::vector<WarpDemand> &Warps, const LaunchShape &S)
      : Shape(S), Sms(S.SMs) {
    const std::size_t PerCta =
        (S.ThreadsPerBlock + S.WarpSize - 1) / S.WarpSize;
    for (std::size_t W = 0; W < Warps.size(); W += PerCta) {
      std::vector<Live> C;
      for (std::size_t I = W; I < std::min(W + PerCta, Warps.size()); ++I)
        if (Warps[I].Issue > 0)
          C.push_back({Warps[I].Issue, Warps[I].Memory / Warps[I].Issue});
      Ctas.push_back(std::move(C));
    }
    LiveWarps.assign(Ctas.size(), 0);
  }

  double run() {
    for (unsigned Sm : Shape.FirstWaveSms) {
      if (Next == Ctas.size())
        break;
      if (Sms[Sm].ResidentCtas < Shape.BlocksPerSM)
        admit(Sms[Sm], Next++);
    }
    std::vector<std::size_t> All(Sms.size());
    for (std::size_t I = 0; I < All.size(); ++I)
      All[I] = I;
    deal(All);
    for (std::size_t I = 0; I < Sms.size(); ++I)
      schedule(I);
    std::vector<std::size_t> Freed;
    while (!Events.empty()) {
      Freed.clear();
      double Now = std::get<0>(Events.top());
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
      deal(Freed);
      for (std::size_t I : Freed)
        schedule(I);
    }
    double End = 0;
    for (const Sm &S : Sms)
      End = std::max(End, S.Clock);
    return End;
  }

private:
  struct Live {
    double Left, MemoryPerCycle;
  };
  struct Resident {
    double End, MemoryPerCycle;
    std::size_t Cta;
    bool operator>(const Resident &O) const { return End > O.End; }
  };
  struct Sm {
    std::priority_queue<Resident, std::vector<Resident>, std::greater<Resident>>
        Warps;
    double Clock = 0, Progress = 0, MemoryDemand = 0;
    std::size_t ResidentCtas = 0;
    unsigned Version = 0;
    double rate(unsigned Concurrent) const {
      double Rate = 1.0;
      if (Warps.size() > Concurrent)
        Rate = static_cast<double>(Concurrent) / Warps.size();
      if (MemoryDemand * Rate > 1.0)
        Rate = 1.0 / MemoryDemand;
      return Rate;
    }
  };

  void deal(const std::vector<std::size_t> &Among) {
    for (bool Dealt = true; Dealt && Next < Ctas.size();) {
      Dealt = false;
      for (std::size_t I : Among) {
        if (Next == Ctas.size() || Sms[I].ResidentCtas >= Shape.BlocksPerSM)
          continue;
        admit(Sms[I], Next++);
        Dealt = true;
      }
    }
  }
  void admit(Sm &S, std::size_t Cta) {
    if (Ctas[Cta].empty())
      return;
    ++S.ResidentCtas;
    LiveWarps[Cta] = Ctas[Cta].size();
    for (const Live &W : Ctas[Cta]) {
      S.Warps.push({S.Progress + W.Left, W.MemoryPerCycle, Cta});
      S.MemoryDemand += W.MemoryPerCycle;
    }
  }
  void advance(Sm &S, double Time) {
    double Done = (Time - S.Clock) * S.rate(Shape.ConcurrentWarps);
    S.Clock = Time;
    S.Progress += Done;
    double Eps = 1e-9 * std::max({1.0, Done, S.Clock, S.Progress});
    while (!S.Warps.empty() && S.Warps.top().End - S.Progress <= Eps) {
      Resident W = S.Warps.top();
      S.Warps.pop();
      S.MemoryDemand -= W.MemoryPerCycle;
      if (--LiveWarps[W.Cta] == 0)
        --S.ResidentCtas;
    }
    if (S.Warps.empty())
      S.MemoryDemand = 0;
  }
  void schedule(std::size_t I) {
    Sm &S = Sms[I];
    ++S.Version;
    if (S.Warps.empty())
      return;
    double Left = std::max(0.0, S.Warps.top().End - S.Progress);
    Events.push({S.Clock + Left / S.rate(Shape.ConcurrentWarps), I, S.Version});
  }

  const LaunchShape &Shape;
  std::vector<std::vector<Live>> Ctas;
  std::vector<std::size_t> LiveWarps;
  std::size_t Next = 0;
  std::vector<Sm> Sms;
  using Event = std::tuple<double, std::size_t, unsigned>;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> Events;
};

} // namespace divopt::runtime::test

#endif // DIVOPT_TEST_UNIT_REGROUP_REFERENCESCHEDULER_H
