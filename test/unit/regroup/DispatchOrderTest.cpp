//===- DispatchOrderTest.cpp - First-wave SMs from recorded SM ids --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DispatchOrder.h"

#include "gtest/gtest.h"

using namespace divopt::runtime;

namespace {

TEST(DispatchOrder, RanksSmIdsInLaunchOrder) {
  // Ids 7, 3, 5 rank 2, 0, 1; SM 7 took two CTAs before SM 3 took one.
  EXPECT_EQ(getFirstWaveSms({7, 7, 3, 5, 3, 5}, 3, 2),
            (std::vector<unsigned>{2, 2, 0, 1, 0, 1}));
}

TEST(DispatchOrder, RejectsWhatIsNotOneCleanWave) {
  EXPECT_TRUE(getFirstWaveSms({0, 1, 0}, 2, 2).empty());    // A CTA missing.
  EXPECT_TRUE(getFirstWaveSms({0, 0, 0, 1}, 2, 2).empty()); // SM 0 thrice.
  EXPECT_TRUE(getFirstWaveSms({0, 0, 1, 1}, 3, 1).empty()); // Too few SMs.
}

} // namespace
