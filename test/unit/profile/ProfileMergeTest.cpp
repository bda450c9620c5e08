//===- ProfileMergeTest.cpp - Adding profiles together --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileSamples.h"

#include "profile/ProfileMerge.h"
#include "profile/ProfileText.h"

#include "gtest/gtest.h"

#include <limits>

using namespace divopt::profile;
using namespace divopt::profile::test;

namespace {

/// One run of a program: kernel k launched Launches times at 256 threads,
/// its branch 0 and loop 0 as given.
Profile makeRun(Count Launches, const BranchRecord &B, const LoopRecord &L) {
  Profile P;
  P.Runs = 1;
  P.Launches["k"].Configs[{{64, 1, 1}, {256, 1, 1}, 0}] = Launches;
  FunctionRecord &F = P.Functions[{"k", 7}];
  F.Branches[0] = B;
  F.Loops[0] = L;
  return P;
}

TEST(ProfileMerge, ThreeRunsAddUp) {
  Profile A = makeRun(2, makeBranch(10, 0, 0, 0), makeLoop(2, 4, 6));
  Profile B = makeRun(3, makeBranch(0, 10, 0, 0), makeLoop(1, 1, 9));
  Profile C = makeRun(5, makeBranch(0, 0, 10, 16), LoopRecord());
  C.Launches["k"].Configs[{{8, 1, 1}, {1024, 1, 1}, 0}] = 1;
  Profile M;
  std::string Why;
  for (const Profile *P : {&A, &B, &C})
    ASSERT_TRUE(mergeProfile(M, *P, Why)) << Why;
  EXPECT_EQ(M.Runs, 3u);
  const KernelLaunches &L = M.Launches.at("k");
  EXPECT_EQ(L.getTotal(), 11u);
  EXPECT_EQ((L.Configs.at({{64, 1, 1}, {256, 1, 1}, 0})), 10u);
  EXPECT_EQ(L.getMostFrequentBlockSize(), 256u);
  const FunctionRecord &F = M.Functions.at({"k", 7});
  const BranchRecord &Br = F.Branches.at(0);
  EXPECT_EQ(Br.Executions, 30u);
  EXPECT_EQ(Br.Divergent, 10u);
  EXPECT_EQ(Br.Ways[0].Uniform, 10u);
  EXPECT_EQ(Br.Ways[1].Uniform, 10u);
  EXPECT_EQ(Br.Ways[0].Lanes, 320u + 160u);
  EXPECT_DOUBLE_EQ(*Br.getDivergentFraction(), 1.0 / 3);
  EXPECT_DOUBLE_EQ(*Br.getLaneShare(0), 0.5);
  const LoopRecord &Lp = F.Loops.at(0);
  EXPECT_EQ(Lp.Entries, 3u);
  EXPECT_EQ(Lp.Trips, 2u * 6 + 9);
  // The never-entered loop of run C does not lower the smallest spread.
  EXPECT_EQ(Lp.SpreadMin, 2u);
  EXPECT_EQ(Lp.SpreadMax, 8u);
  EXPECT_EQ(Lp.SpreadSum, 2u * 2 + 8);
  // The sum of valid records is valid.
  EXPECT_TRUE(checkBranch(Br, Why)) << Why;
  EXPECT_TRUE(checkLoop(Lp, Why)) << Why;
  // And the merged profile survives its text.
  Profile Back;
  ASSERT_TRUE(readProfile(writeProfile(M), "merged", Back, Why)) << Why;
  EXPECT_EQ(Back, M);
}

TEST(ProfileMerge, LaunchesOnTwoDevicesStayApart) {
  LaunchConfig H100{{96, 1, 1}, {96, 1, 1}, 0, 132};
  LaunchConfig Other = H100, Unknown = H100;
  Other.SMs = 114;
  Unknown.SMs = 0;
  Profile A, B, C;
  A.Runs = B.Runs = C.Runs = 1;
  A.Launches["k"].Configs[H100] = 2;
  B.Launches["k"].Configs[Other] = 5;
  B.Launches["k"].Configs[H100] = 1;
  C.Launches["k"].Configs[Unknown] = 7;
  Profile M;
  std::string Why;
  for (const Profile *P : {&A, &B, &C})
    ASSERT_TRUE(mergeProfile(M, *P, Why)) << Why;
  const KernelLaunches &L = M.Launches.at("k");
  EXPECT_EQ(L.Configs.size(), 3u);
  EXPECT_EQ(L.Configs.at(H100), 3u);
  EXPECT_EQ(L.Configs.at(Other), 5u);
  EXPECT_EQ(L.Configs.at(Unknown), 7u);
  EXPECT_EQ(L.getTotal(), 15u);
  // The device with the most launches of the block size answers.
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(96), 96.0 / 114);
  // And the text keeps them apart too.
  Profile Back;
  ASSERT_TRUE(readProfile(writeProfile(M), "merged", Back, Why)) << Why;
  EXPECT_EQ(Back, M);
}

TEST(ProfileMerge, MergeIsOrderIndependent) {
  Profile A = makeSample(),
          B = makeRun(4, makeBranch(1, 2, 3, 4), makeLoop(3, 2, 5));
  Profile AB, BA;
  std::string Why;
  ASSERT_TRUE(mergeProfile(AB, A, Why) && mergeProfile(AB, B, Why)) << Why;
  ASSERT_TRUE(mergeProfile(BA, B, Why) && mergeProfile(BA, A, Why)) << Why;
  EXPECT_EQ(writeProfile(AB), writeProfile(BA));
}

TEST(ProfileMerge, VersionsOfAFunctionStayApart) {
  Profile Old = makeRun(1, makeBranch(1, 0, 0, 0), makeLoop(1, 1, 1));
  Profile New = Old;
  New.Functions[{"k", 8}] = New.Functions.at({"k", 7});
  New.Functions.erase({"k", 7});
  Profile M;
  std::string Why;
  ASSERT_TRUE(mergeProfile(M, Old, Why) && mergeProfile(M, New, Why)) << Why;
  EXPECT_EQ(M.Functions.size(), 2u);
  EXPECT_EQ(M.lookup("k", 7).Match, RecordMatch::Found);
  EXPECT_EQ(M.lookup("k", 8).Match, RecordMatch::Found);
  FunctionLookup Stale = M.lookup("k", 9);
  EXPECT_EQ(Stale.Match, RecordMatch::Stale);
  EXPECT_EQ(Stale.Record, nullptr);
  EXPECT_EQ(Stale.ProfiledHashes, (std::vector<std::uint64_t>{7, 8}));
  EXPECT_EQ(M.lookup("j", 7).Match, RecordMatch::Missing);
  // Launches do not depend on the version: they add.
  EXPECT_EQ(M.Launches.at("k").getTotal(), 2u);
}

TEST(ProfileMerge, ConflictingWaysFailAndChangeNothing) {
  Profile A = makeRun(1, makeBranch(1, 0, 0, 0), LoopRecord());
  Profile B = A;
  B.Functions.at({"k", 7}).Branches.at(0).Ways.push_back({});
  Profile M = A;
  std::string Why;
  EXPECT_FALSE(mergeProfile(M, B, Why));
  EXPECT_EQ(Why, "branch 0 of function 'k': a branch with 2 ways in one "
                 "profile and 3 in the other");
  EXPECT_EQ(M, A);
}

TEST(ProfileMerge, SampleRatesMustAgree) {
  Profile A = makeRun(1, makeBranch(1, 0, 0, 0), LoopRecord());
  A.Functions.at({"k", 7}).Sample = 64;
  Profile M = A;
  std::string Why;
  ASSERT_TRUE(mergeProfile(M, A, Why)) << Why;
  EXPECT_EQ(M.Functions.at({"k", 7}).Sample, 64u);
  Profile Exact = A;
  Exact.Functions.at({"k", 7}).Sample = 1;
  M = A;
  EXPECT_FALSE(mergeProfile(M, Exact, Why));
  EXPECT_EQ(Why, "function 'k' was sampled at 1/64 in one profile and at 1/1 "
                 "in the other: merge runs of one instrumented build");
  EXPECT_EQ(M, A);
  // Into an empty profile: the rate comes along.
  Profile Empty;
  ASSERT_TRUE(mergeProfile(Empty, A, Why)) << Why;
  EXPECT_EQ(Empty.Functions.at({"k", 7}).Sample, 64u);
}

TEST(ProfileMerge, LocationOfTheFirstThatHasOne) {
  BranchRecord Into = makeBranch(1, 0, 0, 0), From = Into;
  From.Loc = {"k.cu", 3, 1};
  std::string Why;
  ASSERT_TRUE(mergeBranch(Into, From, Why));
  EXPECT_EQ(Into.Loc, From.Loc);
  From.Loc = {"k.cu", 4, 1};
  ASSERT_TRUE(mergeBranch(Into, From, Why));
  EXPECT_EQ(Into.Loc.Line, 3u);
}

TEST(ProfileMerge, CountsSaturate) {
  const Count Max = std::numeric_limits<Count>::max();
  EXPECT_EQ(addCounts(Max - 1, 1), Max);
  EXPECT_EQ(addCounts(Max, Max), Max);
  EXPECT_EQ(addCounts(2, 3), 5u);
  Profile A;
  A.Runs = Max;
  Profile B;
  B.Runs = 1;
  std::string Why;
  ASSERT_TRUE(mergeProfile(A, B, Why));
  EXPECT_EQ(A.Runs, Max);
}

} // namespace
