//===- LaunchSampleTest.cpp - A launch's CTAs sampled for the model -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchSample.h"

#include "runtime/RegroupPlan.h"

#include "BbvRows.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <stdexcept>

using namespace divopt::runtime;

namespace {

LaunchShape h100(unsigned Tpb = 256, unsigned Resident = 8) {
  LaunchShape L;
  L.ThreadsPerBlock = Tpb;
  L.SMs = 132;
  L.BlocksPerSM = Resident;
  return L;
}

TEST(LaunchSample, SmallLaunchesAreTakenWhole) {
  LaunchSample S = sampleLaunch(4096 * 256, h100(), 4096);
  EXPECT_EQ(S.Factor, 1u);
  ASSERT_EQ(S.Ctas.size(), 4096u);
  for (std::uint32_t C = 0; C < 4096; ++C)
    EXPECT_EQ(S.Ctas[C], C);
  // A partial last CTA counts: 4096 CTAs and one thread.
  EXPECT_EQ(sampleLaunch(4096 * 256 + 1, h100(), 4096).Factor, 2u);
  // MaxCtas 0: no limit.
  EXPECT_EQ(sampleLaunch(1u << 23, h100(), 0).Factor, 1u);
}

TEST(LaunchSample, FactorIsTheLeastDivisorOfTheSmsThatFits) {
  // 32768 CTAs (8x the bench's million threads) on 132 = 2*2*3*11 SMs.
  // At most 8192: 4 (8192 CTAs on 33 SMs, as many waves as the launch).
  LaunchSample Four = sampleLaunch(1u << 23, h100(), 8192);
  EXPECT_EQ(Four.Factor, 4u);
  EXPECT_EQ(Four.Ctas.size(), 8192u);
  // At most 4096: 6 leaves 5462, 11 leaves 2979.
  EXPECT_EQ(sampleLaunch(1u << 23, h100(), 4096).Factor, 11u);
  // Nothing divides 7 SMs: one SM, every 7th CTA.
  LaunchShape Seven = h100();
  Seven.SMs = 7;
  EXPECT_EQ(sampleLaunch(700 * 256, Seven, 10).Factor, 7u);
}

TEST(LaunchSample, OneCtaPerRunDrawnWithTheSeed) {
  const std::size_t Threads = 1000 * 256; // 1000 CTAs, 250 runs of 4.
  LaunchShape L = h100();
  LaunchSample S = sampleLaunch(Threads, L, 300, 7);
  ASSERT_EQ(S.Factor, 4u);
  ASSERT_EQ(S.Ctas.size(), 250u);
  std::vector<unsigned> Picked(4, 0);
  for (std::size_t J = 0; J < S.Ctas.size(); ++J) {
    EXPECT_GE(S.Ctas[J], 4 * J);
    EXPECT_LT(S.Ctas[J], 4 * J + 4);
    ++Picked[S.Ctas[J] - 4 * J];
  }
  // Random within the run: every offset is drawn, none always.
  for (unsigned P : Picked) {
    EXPECT_GT(P, 30u);
    EXPECT_LT(P, 100u);
  }
  EXPECT_EQ(sampleLaunch(Threads, L, 300, 7).Ctas, S.Ctas);
  EXPECT_NE(sampleLaunch(Threads, L, 300, 8).Ctas, S.Ctas);
  // 1001 CTAs: the last run holds CTA 1000 alone.
  LaunchSample Odd = sampleLaunch(1001 * 256, L, 300, 7);
  ASSERT_EQ(Odd.Ctas.size(), 251u);
  EXPECT_EQ(Odd.Ctas.back(), 1000u);
}

TEST(LaunchSample, SampledShapeKeepsEveryFactorthSmInTheMeasuredOrder) {
  LaunchShape L = h100(256, 2);
  L.SMs = 4;
  L.FirstWaveSms = {3, 2, 2, 0, 1, 3, 0, 1};
  LaunchShape S = getSampledShape(L, 2);
  EXPECT_EQ(S.SMs, 2u);
  EXPECT_EQ(S.BlocksPerSM, 2u);
  // SMs 0 and 2 become 0 and 1, in the order they took CTAs.
  EXPECT_EQ(S.FirstWaveSms, (std::vector<unsigned>{1, 1, 0, 0}));
  EXPECT_EQ(getSampledShape(L, 1).FirstWaveSms, L.FirstWaveSms);
  EXPECT_THROW(getSampledShape(L, 3), std::invalid_argument);
  EXPECT_THROW(getSampledShape(L, 0), std::invalid_argument);
}

TEST(LaunchSample, SampledDemandsAreTheLaunchsForThoseCtas) {
  // 6 CTAs of 2 warps of 4 lanes; thread t runs block 1 t times.
  std::vector<std::vector<std::uint32_t>> Rows;
  for (std::uint32_t T = 0; T < 48; ++T)
    Rows.push_back({1, T});
  BbvSet Set = test::makeSet(Rows);
  LaunchShape L;
  L.ThreadsPerBlock = 8;
  L.WarpSize = 4;
  L.SMs = 2;
  L.BlocksPerSM = 1;
  std::vector<std::uint32_t> Order(48);
  std::iota(Order.rbegin(), Order.rend(), 0u); // Reversed.
  std::vector<double> Lat = {1, 2};
  auto All = getWarpDemands(Set, Lat, nullptr, Order, L);
  std::vector<std::uint32_t> Ctas = {1, 4, 5};
  auto Some = getWarpDemands(Set, Lat, nullptr, Order, L, &Ctas);
  ASSERT_EQ(Some.size(), 6u);
  for (std::size_t I = 0; I < Ctas.size(); ++I)
    for (std::size_t W = 0; W < 2; ++W)
      EXPECT_EQ(Some[2 * I + W].Issue, All[2 * Ctas[I] + W].Issue);
  // CTA 1, warp 0: positions 8-11 run threads 39-36: 1 + 2 * 39.
  EXPECT_EQ(Some[0].Issue, 79);
  std::vector<std::uint32_t> Far = {6};
  EXPECT_THROW(getWarpDemands(Set, Lat, nullptr, Order, L, &Far),
               std::invalid_argument);
}

/// Warp demands of a launch of Ctas CTAs of 8 warps in Order (CTA-level
/// position -> work), with a tail of long warps: 1 CTA in 16 is 20x longer.
std::vector<WarpDemand> demandsOf(const std::vector<std::uint32_t> &Order) {
  std::vector<WarpDemand> W;
  for (std::uint32_t C : Order)
    for (unsigned I = 0; I < 8; ++I)
      W.push_back(
          {(C % 16 == 0 ? 20000.0 : 1000.0) + 37 * ((C * 8 + I) % 101), 0});
  return W;
}

std::vector<WarpDemand> pick(const std::vector<WarpDemand> &W,
                             const LaunchSample &S) {
  std::vector<WarpDemand> Out;
  for (std::uint32_t C : S.Ctas)
    Out.insert(Out.end(), W.begin() + 8 * C, W.begin() + 8 * C + 8);
  return Out;
}

TEST(LaunchSample, SampledSpeedupIsCloseToTheWholeLaunchs) {
  // 32768 CTAs, long ones spread evenly (as launched) or first (as
  // Greedy-Max lays them out): the whole launch against one sampled at 4.
  const std::uint32_t Ctas = 32768;
  std::vector<std::uint32_t> Spread(Ctas), LongFirst;
  std::iota(Spread.begin(), Spread.end(), 0u);
  for (std::uint32_t C = 0; C < Ctas; C += 16)
    LongFirst.push_back(C);
  for (std::uint32_t C = 0; C < Ctas; ++C)
    if (C % 16 != 0)
      LongFirst.push_back(C);
  LaunchShape L = h100();
  auto Before = demandsOf(Spread), After = demandsOf(LongFirst);
  auto Whole = predictFromDemands({{&Before, L}, {&After, L}});
  LaunchSample S = sampleLaunch(std::size_t(Ctas) * 256, L, 8192);
  ASSERT_EQ(S.Factor, 4u);
  auto SB = pick(Before, S), SA = pick(After, S);
  LaunchShape Small = getSampledShape(L, S.Factor);
  auto Sampled = predictFromDemands({{&SB, Small}, {&SA, Small}});
  double WholeSpeedup = Whole[0].Scheduled / Whole[1].Scheduled;
  double SampledSpeedup = Sampled[0].Scheduled / Sampled[1].Scheduled;
  EXPECT_GT(WholeSpeedup, 1.01); // Long CTAs first shorten the tail.
  // 1.3% off with this seed.
  EXPECT_NEAR(SampledSpeedup / WholeSpeedup, 1.0, 0.02)
      << "whole " << WholeSpeedup << ", sampled " << SampledSpeedup;
}

TEST(LaunchSample, RejectsShapesWithoutThreadsOrSms) {
  LaunchShape L = h100();
  L.SMs = 0;
  EXPECT_THROW(sampleLaunch(256, L, 10), std::invalid_argument);
  L = h100();
  L.ThreadsPerBlock = 0;
  EXPECT_THROW(sampleLaunch(256, L, 10), std::invalid_argument);
}

} // namespace
