//===- StatisticsTest.cpp - Medians of timed runs -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Statistics.h"

#include "gtest/gtest.h"

using namespace divopt::bench;

namespace {

TEST(Statistics, OddCountTakesTheMiddle) {
  TimingSummary S = summarizeTimings({5.0f, 1.0f, 3.0f});
  EXPECT_EQ(S.MedianMs, 3.0);
  EXPECT_EQ(S.MinMs, 1.0);
  EXPECT_EQ(S.MaxMs, 5.0);
  EXPECT_EQ(S.Runs, 3);
}

TEST(Statistics, EvenCountAveragesTheMiddleTwo) {
  EXPECT_EQ(summarizeTimings({4.0f, 1.0f, 2.0f, 100.0f}).MedianMs, 3.0);
}

TEST(Statistics, OutliersDoNotMoveTheMedian) {
  EXPECT_EQ(summarizeTimings({2.0f, 2.0f, 2.0f, 2.0f, 90.0f}).MedianMs, 2.0);
}

TEST(Statistics, NoRunsNoTiming) {
  TimingSummary S = summarizeTimings({});
  EXPECT_EQ(S.Runs, 0);
  EXPECT_EQ(S.MedianMs, 0.0);
}

} // namespace
