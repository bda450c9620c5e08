//===- ProfileCountersTest.cpp - Counter words into profile records -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileCounters.h"

#include <gtest/gtest.h>

using namespace divopt::profile;

namespace {

CounterFunction getFunction() {
  CounterFunction F;
  F.Symbol = "__divopt_prof_c__Z1kPf";
  F.Key = {"_Z1kPf", 0x9f3a2c1b00e4d7a5};
  F.Sample = 64;
  CounterSite If;
  If.Index = 1;
  If.Ways = 2;
  If.Loc = {"k cu.cu", 12, 9};
  CounterSite Loop;
  Loop.IsLoop = true;
  Loop.Index = 0;
  CounterSite Switch;
  Switch.Index = 3;
  Switch.Ways = 3;
  F.Sites = {If, Loop, Switch};
  return F;
}

TEST(ProfileCountersTest, DescriptorRoundTrips) {
  std::vector<CounterFunction> Out, In{getFunction()};
  std::string Why;
  std::string Text = writeCounterDescriptor(In);
  ASSERT_TRUE(readCounterDescriptor(Text + '\0' + "junk", Out, Why)) << Why;
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Symbol, In[0].Symbol);
  EXPECT_EQ(Out[0].Key, In[0].Key);
  EXPECT_EQ(Out[0].Sample, In[0].Sample);
  ASSERT_EQ(Out[0].Sites.size(), 3u);
  EXPECT_EQ(Out[0].Sites[0].Loc, In[0].Sites[0].Loc);
  EXPECT_TRUE(Out[0].Sites[1].IsLoop);
  EXPECT_EQ(Out[0].Sites[2].Ways, 3u);
  EXPECT_EQ(Out[0].getWords(), 10u + 7u + 13u);
}

TEST(ProfileCountersTest, MalformedDescriptorsAreErrors) {
  std::vector<CounterFunction> Out;
  std::string Why;
  EXPECT_FALSE(readCounterDescriptor("divopt-counters 1\n", Out, Why));
  EXPECT_FALSE(
      readCounterDescriptor("divopt-counters 2\nfunction s 12 0 f\n", Out, Why));
  EXPECT_FALSE(
      readCounterDescriptor("divopt-counters 2\nfunction s 12 f\n", Out, Why));
  EXPECT_FALSE(
      readCounterDescriptor("divopt-counters 2\nbranch 0 2 - 0 0\n", Out, Why));
  EXPECT_NE(Why.find("before any function"), std::string::npos);
  EXPECT_FALSE(readCounterDescriptor(
      "divopt-counters 2\nfunction s 12 1 f\nbranch 0 1 - 0 0\n", Out, Why));
  EXPECT_FALSE(
      readCounterDescriptor("divopt-counters 2\nfunction s zz 1 f\n", Out, Why));
  EXPECT_TRUE(Out.empty());
}

TEST(ProfileCountersTest, WordsBecomeRecords) {
  CounterFunction F = getFunction();
  // If/else: 10 warp executions, 4 divergent, 4 all-then, 2 all-else.
  std::vector<std::uint64_t> W = {10, 4, 50, 20, 200, 60, 8, 6, 4, 2};
  // Loop: 3 entries, 96 lanes, 30 trips, 800 iterations, spreads 2,3,4.
  std::vector<std::uint64_t> L = {3, 96, 30, 800, 9, 2, 4};
  // Switch: never ran.
  std::vector<std::uint64_t> S(13, 0);
  W.insert(W.end(), L.begin(), L.end());
  W.insert(W.end(), S.begin(), S.end());
  Profile P;
  std::string Why;
  ASSERT_TRUE(addCounterRecords(P, F, W, Why)) << Why;
  FunctionLookup Found = P.lookup(F.Key.Name, F.Key.CfgHash);
  ASSERT_EQ(Found.Match, RecordMatch::Found);
  ASSERT_EQ(Found.Record->Branches.size(), 1u); // The switch never ran.
  const BranchRecord &B = Found.Record->Branches.at(1);
  EXPECT_EQ(B.Executions, 10u);
  EXPECT_EQ(B.Divergent, 4u);
  EXPECT_EQ(B.DirectionPairs, 50u);
  EXPECT_EQ(B.DirectionChanges, 20u);
  EXPECT_EQ(B.Ways[0].Lanes, 200u);
  EXPECT_EQ(B.Ways[1].Warps, 6u);
  EXPECT_EQ(B.Ways[1].Uniform, 2u);
  const LoopRecord &Lp = Found.Record->Loops.at(0);
  EXPECT_EQ(Lp.Trips, 30u);
  EXPECT_EQ(Lp.SpreadMin, 2u);
  // A second launch's words add.
  ASSERT_TRUE(addCounterRecords(P, F, W, Why)) << Why;
  EXPECT_EQ(
      P.lookup(F.Key.Name, F.Key.CfgHash).Record->Branches.at(1).Executions,
      20u);
}

TEST(ProfileCountersTest, LoopWithoutEntriesHasNoRecordAndNoMinimum) {
  CounterFunction F;
  F.Symbol = "c";
  F.Key = {"f", 1};
  CounterSite Loop;
  Loop.IsLoop = true;
  F.Sites = {Loop};
  Profile P;
  std::string Why;
  ASSERT_TRUE(addCounterRecords(P, F, {0, 0, 0, 0, 0, NoSpreadMin, 0}, Why));
  EXPECT_TRUE(P.Functions.empty());
  // One entry whose lanes all ran 5 times: spread 0, not 2^64-1.
  ASSERT_TRUE(addCounterRecords(P, F, {1, 32, 5, 160, 0, 0, 0}, Why)) << Why;
  EXPECT_EQ(P.Functions.begin()->second.Loops.at(0).SpreadMin, 0u);
}

TEST(ProfileCountersTest, BrokenInvariantsAndShortWordsAreErrors) {
  CounterFunction F = getFunction();
  Profile P;
  std::string Why;
  EXPECT_FALSE(addCounterRecords(P, F, std::vector<std::uint64_t>(5, 0), Why));
  // uniform + divergent != executions.
  std::vector<std::uint64_t> W = {10, 4, 0, 0, 200, 60, 8, 6, 5, 2};
  W.resize(30, 0);
  W[10 + LoopSpreadMin] = NoSpreadMin;
  EXPECT_FALSE(addCounterRecords(P, F, W, Why));
  EXPECT_NE(Why.find("branch 1"), std::string::npos) << Why;
  EXPECT_TRUE(P.Functions.empty());
}

} // namespace
