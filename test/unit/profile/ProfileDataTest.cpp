//===- ProfileDataTest.cpp - What the records say -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileSamples.h"

#include "gtest/gtest.h"

using namespace divopt::profile;
using namespace divopt::profile::test;

namespace {

TEST(ProfileData, BranchFractions) {
  // 4 all-then, 2 all-else, 2 divergent with 8 of 32 lanes on then.
  BranchRecord B = makeBranch(4, 2, 2, 8);
  std::string Why;
  ASSERT_TRUE(checkBranch(B, Why)) << Why;
  EXPECT_DOUBLE_EQ(*B.getDivergentFraction(), 0.25);
  EXPECT_DOUBLE_EQ(*B.getUniformFraction(0), 0.5);
  EXPECT_DOUBLE_EQ(*B.getUniformFraction(1), 0.25);
  EXPECT_DOUBLE_EQ(*B.getWarpShare(0), 0.75);
  EXPECT_DOUBLE_EQ(*B.getWarpShare(1), 0.5);
  EXPECT_EQ(B.getActiveLanes(), 8u * 32);
  EXPECT_DOUBLE_EQ(*B.getLaneShare(0), (4 * 32 + 2 * 8) / 256.0);
  EXPECT_DOUBLE_EQ(*B.getMeanActiveLanes(), 32.0);
  EXPECT_FALSE(B.getDirectionChangeRate());
  EXPECT_FALSE(B.getWarpShare(2));
  BranchRecord Never;
  Never.Ways.resize(2);
  ASSERT_TRUE(checkBranch(Never, Why)) << Why;
  EXPECT_FALSE(Never.getDivergentFraction());
  EXPECT_FALSE(Never.getLaneShare(0));
}

TEST(ProfileData, SwitchInvariants) {
  BranchRecord S;
  S.Executions = 3;
  S.Divergent = 1;
  // Execution 1: all on way 0; 2: all on way 2; 3: ways 0, 1 and 2.
  S.Ways = {{32 + 10, 2, 1}, {12, 1, 0}, {32 + 10, 2, 1}};
  std::string Why;
  EXPECT_TRUE(checkBranch(S, Why)) << Why;
  // Three ways: warps may exceed executions + divergent, never fall short.
  S.Ways[1].Warps = 0;
  S.Ways[1].Lanes = 0;
  EXPECT_TRUE(checkBranch(S, Why)) << Why;
  S.Ways[2] = {32, 1, 1};
  EXPECT_FALSE(checkBranch(S, Why));
  EXPECT_NE(Why.find("add up to 3, not at least 4"), std::string::npos) << Why;
  BranchRecord None;
  EXPECT_FALSE(checkBranch(None, Why));
  EXPECT_EQ(Why, "a branch has at least one way");
}

TEST(ProfileData, LoopMeasures) {
  LoopRecord L = makeLoop(4, 3, 9);
  std::string Why;
  ASSERT_TRUE(checkLoop(L, Why)) << Why;
  EXPECT_DOUBLE_EQ(*L.getLanesPerEntry(), 32.0);
  EXPECT_DOUBLE_EQ(*L.getTripsPerEntry(), 9.0);
  EXPECT_DOUBLE_EQ(*L.getIterationsPerLane(), 6.0);
  EXPECT_DOUBLE_EQ(*L.getMeanSpread(), 6.0);
  LoopRecord Never;
  ASSERT_TRUE(checkLoop(Never, Why)) << Why;
  EXPECT_FALSE(Never.getTripsPerEntry());
}

TEST(ProfileData, LaunchShapes) {
  KernelLaunches L;
  EXPECT_FALSE(L.getMostFrequentBlockSize());
  L.Configs[{{10, 1, 1}, {128, 1, 1}, 0}] = 3;
  L.Configs[{{20, 1, 1}, {64, 2, 1}, 0}] = 2;
  L.Configs[{{1, 1, 1}, {512, 1, 1}, 0}] = 4;
  EXPECT_EQ(L.getTotal(), 9u);
  EXPECT_EQ(L.getBlockSizes(),
            (std::map<std::uint64_t, Count>{{128, 5}, {512, 4}}));
  EXPECT_EQ(L.getMostFrequentBlockSize(), 128u);
  // Equal counts: the larger block size, where occupancy is lower.
  L.Configs[{{1, 1, 1}, {512, 1, 1}, 0}] = 5;
  EXPECT_EQ(L.getMostFrequentBlockSize(), 512u);
  std::string Why;
  EXPECT_FALSE(checkLaunch({{1, 1, 1}, {0, 1, 1}, 0}, Why));
  EXPECT_TRUE(checkLaunch({{1, 1, 1}, {1, 1, 1}, 0}, Why));
}

TEST(ProfileData, Lookup) {
  Profile P = makeSample();
  FunctionLookup F = P.lookup("k", 0x9f3a2c1b00e4d7a5ULL);
  ASSERT_EQ(F.Match, RecordMatch::Found);
  EXPECT_EQ(F.Record, &P.Functions.at({"k", 0x9f3a2c1b00e4d7a5ULL}));
  EXPECT_TRUE(F.ProfiledHashes.empty());
  FunctionLookup S = P.lookup("k", 1);
  EXPECT_EQ(S.Match, RecordMatch::Stale);
  EXPECT_EQ(S.ProfiledHashes,
            (std::vector<std::uint64_t>{0x9f3a2c1b00e4d7a5ULL}));
  EXPECT_EQ(P.lookup("kk", 1).Match, RecordMatch::Missing);
  EXPECT_EQ(P.lookup("", 1).Match, RecordMatch::Missing);
  EXPECT_NE(P.getLaunches("k"), nullptr);
  EXPECT_EQ(P.getLaunches("_Z6helperf"), nullptr);
}

TEST(ProfileData, SourceLocation) {
  SourceLocation L{"k.cu", 12, 7};
  EXPECT_EQ(L.str(), "k.cu:12:7");
  EXPECT_FALSE(L.empty());
  EXPECT_TRUE(SourceLocation().empty());
}

} // namespace
