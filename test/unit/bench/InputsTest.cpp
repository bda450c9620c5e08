//===- InputsTest.cpp - Reproducible bench inputs -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Inputs.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace divopt::bench;

namespace {

TEST(Inputs, SameSeedSameValuesOtherSeedOtherValues) {
  EXPECT_EQ(makeUniformFloats(1000, -1, 1, 7),
            makeUniformFloats(1000, -1, 1, 7));
  EXPECT_NE(makeUniformFloats(1000, -1, 1, 7),
            makeUniformFloats(1000, -1, 1, 8));
  EXPECT_EQ(makeNonZeroWords(1000, 3), makeNonZeroWords(1000, 3));
}

TEST(Inputs, TheSequenceIsFixedAcrossMachines) {
  // std::mt19937_64's 10000th output is fixed by the standard; the words
  // come from the top 32 bits of each output.
  std::vector<std::uint32_t> W = makeNonZeroWords(10000, 5489);
  EXPECT_EQ(W.back(), static_cast<std::uint32_t>(9981545732273789042ull >> 32));
}

TEST(Inputs, FloatsStayInRangeAndAreNeverZero) {
  std::vector<float> F = makeUniformFloats(100000, -1.0f, 1.0f, 11);
  EXPECT_EQ(std::count(F.begin(), F.end(), 0.0f), 0);
  EXPECT_GE(*std::min_element(F.begin(), F.end()), -1.0f);
  EXPECT_LT(*std::max_element(F.begin(), F.end()), 1.0f);
  // Both signs show up: the inputs are not degenerate.
  EXPECT_LT(*std::min_element(F.begin(), F.end()), -0.9f);
  EXPECT_GT(*std::max_element(F.begin(), F.end()), 0.9f);
}

TEST(Inputs, WordsAreNeverZero) {
  std::vector<std::uint32_t> W = makeNonZeroWords(100000, 13);
  EXPECT_EQ(std::count(W.begin(), W.end(), 0u), 0);
}

TEST(Inputs, FlagsFollowTheShare) {
  for (double Share : {0.0, 0.05, 0.25, 0.5, 1.0}) {
    std::vector<std::uint32_t> F = makeFlags(200000, Share, 17);
    double Ones = std::count(F.begin(), F.end(), 1u) / 200000.0;
    EXPECT_NEAR(Ones, Share, 0.01) << "share " << Share;
    EXPECT_EQ(std::count(F.begin(), F.end(), 1u) +
                  std::count(F.begin(), F.end(), 0u),
              200000);
  }
}

TEST(Inputs, ThresholdsMapFrequencies) {
  EXPECT_EQ(getThresholdForFrequency(0.0), 0u);
  EXPECT_EQ(getThresholdForFrequency(0.5), 0x80000000u);
  EXPECT_EQ(getThresholdForFrequency(0.25), 0x40000000u);
  EXPECT_EQ(getThresholdForFrequency(1.0), 0xffffffffu);
  EXPECT_EQ(getThresholdForFrequency(2.0), 0xffffffffu);
  EXPECT_EQ(getThresholdForFrequency(-1.0), 0u);
}

} // namespace
