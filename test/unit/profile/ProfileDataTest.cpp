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
  // Known and unknown SM counts are both valid.
  EXPECT_TRUE(checkLaunch({{1, 1, 1}, {1, 1, 1}, 0, 132}, Why));
  EXPECT_FALSE(checkLaunch({{1, 0, 1}, {1, 1, 1}, 0, 132}, Why));
}

TEST(ProfileData, MultiprocessorCountIsPartOfTheConfiguration) {
  LaunchConfig On132{{96, 1, 1}, {96, 1, 1}, 0, 132};
  LaunchConfig On114 = On132, Unknown = On132;
  On114.SMs = 114;
  Unknown.SMs = 0;
  EXPECT_FALSE(On132 == On114);
  EXPECT_FALSE(On132 == Unknown);
  EXPECT_TRUE(Unknown < On114 && On114 < On132);
  KernelLaunches L;
  L.Configs[On132] = 1;
  L.Configs[On114] = 1;
  L.Configs[Unknown] = 1;
  EXPECT_EQ(L.Configs.size(), 3u);
  // Same grid and block on all three: one block size.
  EXPECT_EQ(L.getBlockSizes(), (std::map<std::uint64_t, Count>{{96, 3}}));
}

TEST(ProfileData, GridBlocksPerSM) {
  KernelLaunches L;
  EXPECT_FALSE(L.getGridBlocksPerSM(256));
  // Unknown SM counts give no answer, however many launches.
  L.Configs[{{1000, 1, 1}, {256, 1, 1}, 0}] = 50;
  EXPECT_FALSE(L.getGridBlocksPerSM(256));
  L.Configs[{{132, 1, 1}, {256, 1, 1}, 0, 132}] = 2;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 1.0);
  // More launches win, whatever their grid.
  L.Configs[{{66, 1, 1}, {256, 1, 1}, 0, 132}] = 3;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 0.5);
  // Ties: the larger grid (its blocks counted in every dimension: 11 x 24
  // = 264 blocks beats 66, though its x is smaller).
  L.Configs[{{11, 24, 1}, {256, 1, 1}, 0, 132}] = 3;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 2.0);
  // Block sizes are threads: 16x16 is 256 threads, a tie again, smaller.
  L.Configs[{{33, 1, 1}, {16, 16, 1}, 1024, 132}] = 3;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 2.0);
  // Other block sizes do not count, and have their own answer.
  EXPECT_FALSE(L.getGridBlocksPerSM(128));
  L.Configs[{{4096, 1, 1}, {128, 1, 1}, 0, 114}] = 100;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 2.0);
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(128), 4096.0 / 114);
  // Another device's launches of 256 threads, more often: they win.
  L.Configs[{{57, 1, 1}, {256, 1, 1}, 0, 114}] = 4;
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(256), 0.5);
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
