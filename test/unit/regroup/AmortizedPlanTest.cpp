//===- AmortizedPlanTest.cpp - Regroup only when it pays end to end -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Plans with stated predictions (cycles before and after), so that each
// expected decision and speedup is worked out in the comment above it.
//
//===----------------------------------------------------------------------===//

#include "runtime/AmortizedPlan.h"

#include "BbvRows.h"

#include "gtest/gtest.h"

#include <stdexcept>

using namespace divopt::runtime;

namespace {

/// A plan predicting Before / AfterSeq in the measured first-wave order and
/// Before / AfterRr round-robin.
RegroupPlan planOf(double AfterSeq, double AfterRr, bool Apply = true) {
  RegroupPlan P;
  P.Algorithm = RegroupAlgorithm::Sorting;
  P.Before = {100, 100, 100};
  P.After = {AfterSeq, AfterSeq, AfterRr};
  P.Apply = Apply;
  return P;
}

RegroupCosts costs(double Profile, double Model, double Regroup,
                   double Upload) {
  RegroupCosts C;
  C.ProfileExtraMs = Profile;
  C.ModelMs = Model;
  C.RegroupMs = Regroup;
  C.UploadMs = Upload;
  return C;
}

TEST(AmortizedPlan, OverheadsDecideAtOneReuseAndAmortizeOverMany) {
  // 2x per launch of 100 ms saves 50 ms; the overheads are 30+10+15+5 = 60.
  RegroupPlan P = planOf(50, 50);
  RegroupCosts C = costs(30, 10, 15, 5);
  // One reuse: 50 <= 60; end to end 100 / (50 + 60) = 0.909.
  AmortizedDecision One = decideAmortized(P, 100, C);
  EXPECT_FALSE(One.Apply);
  EXPECT_EQ(One.Reuses, 1u);
  EXPECT_DOUBLE_EQ(One.SavedPerLaunchMs, 50);
  EXPECT_DOUBLE_EQ(One.OverheadMs, 60);
  EXPECT_NEAR(One.EndToEndSpeedup, 100.0 / 110, 1e-12);
  EXPECT_NE(One.Explanation.find("leave (sorting)"), std::string::npos);
  EXPECT_NE(One.Explanation.find("saves 50.000 ms x 1 reuse = 50.000 ms <= "
                                 "60.000 ms of overhead (profiling 30.000, "
                                 "model 10.000, regroup 15.000, upload 5.000)"),
            std::string::npos)
      << One.Explanation;
  EXPECT_NE(One.Explanation.find("does not exceed the overhead"),
            std::string::npos);
  // Ten reuses (an iterative kernel): 500 > 60; 1000 / (500 + 60) = 1.786.
  AmortizedDecision Ten = decideAmortized(P, 100, C, 10);
  EXPECT_TRUE(Ten.Apply);
  EXPECT_NEAR(Ten.EndToEndSpeedup, 1000.0 / 560, 1e-12);
  EXPECT_NE(Ten.Explanation.find("regroup (sorting)"), std::string::npos);
  EXPECT_NE(Ten.Explanation.find("x 10 reuses = 500.000 ms > 60.000 ms"),
            std::string::npos)
      << Ten.Explanation;
  EXPECT_NE(Ten.Explanation.find("exceeds every overhead"), std::string::npos);
}

TEST(AmortizedPlan, EveryOverheadCounts) {
  // 2x saves 50 ms per launch; any one cost of 50 ms or more stops it.
  RegroupPlan P = planOf(50, 50);
  EXPECT_TRUE(decideAmortized(P, 100, costs(10, 10, 10, 10)).Apply);
  EXPECT_FALSE(decideAmortized(P, 100, costs(50, 0, 0, 0)).Apply);
  EXPECT_FALSE(decideAmortized(P, 100, costs(0, 50, 0, 0)).Apply);
  EXPECT_FALSE(decideAmortized(P, 100, costs(0, 0, 50, 0)).Apply);
  EXPECT_FALSE(decideAmortized(P, 100, costs(0, 0, 0, 50)).Apply);
}

TEST(AmortizedPlan, SavesWhatTheSmallerDealingPredicts) {
  // 2x in the measured order, 1.25x round-robin: saves 100 - 80 = 20 ms.
  RegroupPlan P = planOf(50, 80);
  AmortizedDecision D = decideAmortized(P, 100, costs(5, 5, 5, 0));
  EXPECT_DOUBLE_EQ(D.LaunchSpeedup, 1.25);
  EXPECT_DOUBLE_EQ(D.SavedPerLaunchMs, 20);
  // 100 / (80 + 15) = 1.0526 >= 1.05.
  EXPECT_TRUE(D.Apply);
  EXPECT_NEAR(D.EndToEndSpeedup, 100.0 / 95, 1e-12);
}

TEST(AmortizedPlan, EndToEndMustClearTheThresholdToo) {
  // 1.25x saves 20 ms; 17 ms of overhead: 20 > 17, but 100 / 97 = 1.031.
  RegroupPlan P = planOf(80, 80);
  AmortizedDecision D = decideAmortized(P, 100, costs(17, 0, 0, 0));
  EXPECT_FALSE(D.Apply);
  EXPECT_NE(D.Explanation.find("end-to-end speedup is below the threshold"),
            std::string::npos)
      << D.Explanation;
  // A lower threshold accepts it.
  EXPECT_TRUE(decideAmortized(P, 100, costs(17, 0, 0, 0), 1, 1.02).Apply);
}

TEST(AmortizedPlan, NoReuseCountRescuesALaunchThatDoesNotGain) {
  // The launch rule refused (Apply false): free overheads and a million
  // reuses do not change that.
  RegroupPlan P = planOf(50, 50, /*Apply=*/false);
  AmortizedDecision D = decideAmortized(P, 100, costs(0, 0, 0, 0), 1000000);
  EXPECT_FALSE(D.Apply);
  EXPECT_NE(D.Explanation.find("launch prediction is below the threshold"),
            std::string::npos);
  // A slower order saves negative time.
  AmortizedDecision Slower = decideAmortized(planOf(200, 200), 100, {}, 100);
  EXPECT_FALSE(Slower.Apply);
  EXPECT_DOUBLE_EQ(Slower.SavedPerLaunchMs, -100);
}

TEST(AmortizedPlan, PicksTheBestEndToEndAmongThoseThatApply) {
  RegroupPlan Fast = planOf(40, 40), Cheap = planOf(50, 50);
  Fast.Algorithm = RegroupAlgorithm::GreedyMax;
  // Fast saves 60 ms for 900 ms of overhead; Cheap 50 ms for 5 ms.
  std::vector<AmortizedDecision> One = {
      decideAmortized(Fast, 100, costs(0, 0, 900, 0)),
      decideAmortized(Cheap, 100, costs(0, 0, 5, 0))};
  EXPECT_EQ(pickAmortized(One), 1);
  // Over 100 reuses: Fast 10000 / (4000 + 900) = 2.04, Cheap 10000 / 5005.
  std::vector<AmortizedDecision> Hundred = {
      decideAmortized(Fast, 100, costs(0, 0, 900, 0), 100),
      decideAmortized(Cheap, 100, costs(0, 0, 5, 0), 100)};
  EXPECT_EQ(pickAmortized(Hundred), 0);
  EXPECT_EQ(pickAmortized({decideAmortized(planOf(50, 50, false), 100, {})}),
            -1);
  EXPECT_EQ(pickAmortized({}), -1);
}

TEST(AmortizedPlan, MeasuredEndToEnd) {
  // 10 launches of 100 ms against 10 of 50 plus 60 ms: 1000 / 560.
  EXPECT_DOUBLE_EQ(getEndToEndSpeedup(100, 50, 60, 10), 1000.0 / 560);
  EXPECT_DOUBLE_EQ(getEndToEndSpeedup(100, 100, 0, 1), 1);
}

TEST(AmortizedPlan, RejectsWhatCannotBeCounted) {
  RegroupPlan P = planOf(50, 50);
  EXPECT_THROW(decideAmortized(P, 100, {}, 0), std::invalid_argument);
  EXPECT_THROW(decideAmortized(P, 0, {}), std::invalid_argument);
  EXPECT_THROW(decideAmortized(P, -1, {}), std::invalid_argument);
  EXPECT_THROW(decideAmortized(P, 100, costs(-1, 0, 0, 0)),
               std::invalid_argument);
  EXPECT_THROW(decideAmortized(P, 100, costs(0, 0, 1.0 / 0.0, 0)),
               std::invalid_argument);
}

TEST(AmortizedPlan, ComposesWithTheModelsPlan) {
  // Two warps of 4 lanes, alternating 0 and 5 runs of a 10-cycle block:
  // both warps run it 5 times (51 cycles each). Sorted, one warp runs it
  // (51) and the other not (1). One SM of one slot runs the warps in
  // turn: 102 cycles before, 52 after: 1.96x in either dealing.
  BbvSet S = test::makeSet(
      {{1, 0}, {1, 5}, {1, 0}, {1, 5}, {1, 0}, {1, 5}, {1, 0}, {1, 5}});
  LaunchShape L;
  L.ThreadsPerBlock = 4;
  L.WarpSize = 4;
  L.SMs = 1;
  L.BlocksPerSM = 1;
  RegroupPlan P = planRegrouping(S, {1, 10}, L, L, RegroupAlgorithm::Sorting);
  ASSERT_TRUE(P.Apply);
  AmortizedDecision D = decideAmortized(P, 102, costs(0, 0, 10, 0));
  EXPECT_DOUBLE_EQ(D.LaunchSpeedup, 102.0 / 52);
  EXPECT_DOUBLE_EQ(D.SavedPerLaunchMs, 50);
  EXPECT_TRUE(D.Apply);
  EXPECT_FALSE(decideAmortized(P, 102, costs(0, 0, 50, 0)).Apply);
}

} // namespace
