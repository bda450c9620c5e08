//===- DivergenceModelTest.cpp - BBV-weighted metrics on known sets -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Warps of 4 lanes keep the sets small enough to work by hand; each
// expected value is derived in the comment above it.
//
//===----------------------------------------------------------------------===//

#include "runtime/DivergenceModel.h"

#include "BbvRows.h"

#include "gtest/gtest.h"

#include <stdexcept>

using namespace divopt::runtime;
using divopt::runtime::test::makeSet;

namespace {

LaunchShape shape(unsigned Tpb, unsigned Sms, unsigned Resident) {
  LaunchShape L;
  L.ThreadsPerBlock = Tpb;
  L.WarpSize = 4;
  L.SMs = Sms;
  L.BlocksPerSM = Resident;
  return L;
}

// Block 0 (latency 1) once per thread; block 1 (latency 10) 5 times in odd
// threads, never in even ones.
BbvSet alternating() {
  return makeSet(
      {{1, 0}, {1, 5}, {1, 0}, {1, 5}, {1, 0}, {1, 5}, {1, 0}, {1, 5}});
}
const std::vector<double> AltLat = {1, 10};

TEST(DivergenceModel, WarpRunsEachBlockAsOftenAsItsBusiestLane) {
  // Every warp holds an odd thread: 1 x 1 + 5 x 10 = 51.
  EXPECT_EQ(getWarpLatencies(alternating(), AltLat, {}, shape(8, 1, 1)),
            (std::vector<double>{51, 51}));
  // Even threads first: 1, then 51.
  std::vector<std::uint32_t> Sorted = {0, 2, 4, 6, 1, 3, 5, 7};
  EXPECT_EQ(getWarpLatencies(alternating(), AltLat, Sorted, shape(8, 1, 1)),
            (std::vector<double>{1, 51}));
}

TEST(DivergenceModel, BbvWeightedDividesCtasOverSms) {
  // Two CTAs of one warp: (51 + 51) / 1 SM, / 2 SMs.
  EXPECT_DOUBLE_EQ(getBbvWeighted(alternating(), AltLat, {}, shape(4, 1, 1)),
                   102);
  EXPECT_DOUBLE_EQ(getBbvWeighted(alternating(), AltLat, {}, shape(4, 2, 1)),
                   51);
  std::vector<std::uint32_t> Sorted = {0, 2, 4, 6, 1, 3, 5, 7};
  EXPECT_DOUBLE_EQ(
      getBbvWeighted(alternating(), AltLat, Sorted, shape(4, 2, 1)), 26);
}

TEST(DivergenceModel, PartialLastCtaHasIdleLanes) {
  // Six threads in CTAs of 4: warps {0..3} = 51, {4,5} = 51.
  BbvSet S = makeSet({{1, 0}, {1, 5}, {1, 0}, {1, 0}, {1, 0}, {1, 5}});
  EXPECT_EQ(getCtaLatencies(S, AltLat, {}, shape(4, 1, 1)),
            (std::vector<double>{51, 51}));
}

/// CTAs of one warp of latency C[i] each (one block of latency 1).
BbvSet ctasOf(const std::vector<std::uint32_t> &C) {
  std::vector<std::vector<std::uint32_t>> Rows;
  for (std::uint32_t L : C)
    for (int Lane = 0; Lane < 4; ++Lane)
      Rows.push_back({L});
  return makeSet(Rows);
}

TEST(DivergenceModel, ScheduledSeesALongCtaStartedLast) {
  // 2 SMs, 1 slot each. [1,1,1,10]: SM0 runs 1 then 1 (ends at 2); SM1 runs
  // 1 then 10 (ends at 11). [10,1,1,1]: SM0 runs 10; SM1 runs 1,1,1 (3).
  // BBV-weighted reads 13/2 for both.
  LaunchShape L = shape(4, 2, 1);
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(ctasOf({1, 1, 1, 10}), {1}, {}, L),
                   11);
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(ctasOf({10, 1, 1, 1}), {1}, {}, L),
                   10);
  EXPECT_DOUBLE_EQ(getBbvWeighted(ctasOf({1, 1, 1, 10}), {1}, {}, L), 6.5);
}

TEST(DivergenceModel, WarpsShareTheSmBeyondItsConcurrentWarps) {
  // One SM, 2 slots, CTAs of one warp: [1,1] then [1,10].
  LaunchShape L = shape(4, 1, 2);
  // One warp at full speed: [1,1] share, both end at 2; [1,10]: the 1 ends
  // at 4, the 10 (9 left) runs alone to 13: all the work, as it must.
  L.ConcurrentWarps = 1;
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(ctasOf({1, 1, 1, 10}), {1}, {}, L),
                   13);
  // Two at full speed: [1,1] end at 1, then the 10 ends at 11.
  L.ConcurrentWarps = 2;
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(ctasOf({1, 1, 1, 10}), {1}, {}, L),
                   11);
}

TEST(DivergenceModel, SlotsFreedTogetherAreDealtRoundRobin) {
  // 2 SMs of 2 slots, one warp at full speed each; CTAs of one warp
  // [1,1,1,1,10,10]. The first wave shares each SM: all four 1s end at 2,
  // on both SMs at once. The two 10s go one to each SM (end 12), not both
  // to SM 0, where they would share it and end at 22.
  LaunchShape L = shape(4, 2, 2);
  L.ConcurrentWarps = 1;
  EXPECT_DOUBLE_EQ(
      getBbvWeightedScheduled(ctasOf({1, 1, 1, 1, 10, 10}), {1}, {}, L), 12);
}

TEST(DivergenceModel, FirstWaveFollowsTheMeasuredDispatchOrder) {
  // 2 SMs of 2 slots, one warp at full speed each; CTAs [10,10,1,1].
  // Round-robin: each SM gets a 10 and a 1, sharing until the 1 ends (at
  // 2), then the 10 runs alone (9 left): 11. Dispatched as the H100 does
  // to some SMs, SM 0 twice first ({0,0,1,1}): SM 0 shares the two 10s,
  // which end at 20.
  LaunchShape L = shape(4, 2, 2);
  L.ConcurrentWarps = 1;
  BbvSet S = ctasOf({10, 10, 1, 1});
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(S, {1}, {}, L), 11);
  L.FirstWaveSms = {0, 0, 1, 1};
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(S, {1}, {}, L), 20);
  // A listed SM that is full is skipped; slots the list leaves free are
  // dealt round-robin: {0,0,0} gives SM 0 the two 10s, SM 1 both 1s.
  L.FirstWaveSms = {0, 0, 0};
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(S, {1}, {}, L), 20);
  L.FirstWaveSms = {2};
  EXPECT_THROW(getBbvWeightedScheduled(S, {1}, {}, L), std::invalid_argument);
}

TEST(DivergenceModel, ALoneLongWarpIsLatencyBound) {
  // One CTA of 4 warps (10, 1, 1, 1) on one SM that interleaves 4 warps:
  // it ends with its longest warp, 10; BBV-weighted sums its warps, 13.
  BbvSet S = ctasOf({10, 1, 1, 1});
  LaunchShape L = shape(16, 1, 1);
  L.ConcurrentWarps = 4;
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(S, {1}, {}, L), 10);
  EXPECT_DOUBLE_EQ(getBbvWeighted(S, {1}, {}, L), 13);
  // Interleaving 2: 4 warps share at half speed until the three 1s end (at
  // 2), then the 10 (9 left) runs alone: 11.
  L.ConcurrentWarps = 2;
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(S, {1}, {}, L), 11);
}

TEST(DivergenceModel, RejectsInputsThatDoNotFit) {
  BbvSet S = alternating();
  EXPECT_THROW(getBbvWeighted(S, {1}, {}, shape(4, 1, 1)),
               std::invalid_argument);
  EXPECT_THROW(getBbvWeighted(S, AltLat, {0, 1, 2}, shape(4, 1, 1)),
               std::invalid_argument);
  EXPECT_THROW(
      getBbvWeighted(S, AltLat, {0, 0, 1, 2, 3, 4, 5, 6}, shape(4, 1, 1)),
      std::invalid_argument);
  EXPECT_THROW(getBbvWeighted(S, AltLat, {}, shape(4, 0, 1)),
               std::invalid_argument);
  LaunchShape NoWarps = shape(4, 1, 1);
  NoWarps.ConcurrentWarps = 0;
  EXPECT_THROW(getBbvWeightedScheduled(S, AltLat, {}, NoWarps),
               std::invalid_argument);
}

} // namespace
