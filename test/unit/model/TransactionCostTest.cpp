//===- TransactionCostTest.cpp - Fitting the transaction costs ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/TransactionCost.h"

#include "gtest/gtest.h"

using namespace divopt;

namespace {

TEST(TransactionCost, FitsLinesSectorsAndRequests) {
  // Strides 0, 4, 32, 128 bytes touch (lines, sectors) (1,1), (1,4),
  // (8,32), (32,32). Costs 0.5 + 2/line + 0.25/sector give 2.75, 3.5,
  // 24.5, 72.5 cycles; the fit recovers them.
  TransactionCost C = fitTransactionCost(2.75, 3.5, 24.5, 72.5);
  EXPECT_DOUBLE_EQ(C.PerLine, 2);
  EXPECT_DOUBLE_EQ(C.PerSector, 0.25);
  EXPECT_DOUBLE_EQ(C.PerRequest, 0.5);
}

TEST(TransactionCost, H100RunFourIsOneCyclePerLine) {
  // Run 4's H100 measurements: sectors cost nothing beyond their line.
  TransactionCost C = fitTransactionCost(1.03055, 1.03054, 8.00007, 31.9982);
  EXPECT_NEAR(C.PerLine, 1.0, 1e-3);
  EXPECT_DOUBLE_EQ(C.PerSector, 0);
  EXPECT_NEAR(C.PerRequest, 0.03, 1e-3);
  // Negative differences (noise) clamp to zero rather than credit cycles.
  EXPECT_DOUBLE_EQ(fitTransactionCost(1, 0.9, 8, 7).PerLine, 0);
}

TEST(TransactionCost, CommittedSm90TableIsTheMeasuredOne) {
  TransactionCost C = getTransactionCost(90);
  EXPECT_DOUBLE_EQ(C.PerLine, 1.0);
  EXPECT_DOUBLE_EQ(C.PerSector, 0.0);
}

} // namespace
