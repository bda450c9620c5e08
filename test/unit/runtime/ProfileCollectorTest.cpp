//===- ProfileCollectorTest.cpp - A run's profile from its counters -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ProfileCollector.h"
#include "profile/ProfileCounters.h"
#include "profile/ProfileFormat.h"
#include "profile/ProfileText.h"

#include "FakeDeviceImage.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace divopt::launch;
using namespace divopt::profile;

namespace {

using divopt::test::FakeDeviceImage;
using divopt::test::getBytes;

FakeDeviceImage getImage() {
  CounterFunction F;
  F.Symbol = "__divopt_prof_c__Z1kPf";
  F.Key = {"_Z1kPf", 0x1234};
  CounterSite If;
  If.Index = 0;
  If.Ways = 2;
  F.Sites = {If};
  FakeDeviceImage I;
  std::string D = writeCounterDescriptor({F});
  I.Globals["__divopt_prof_d__Z1kPf"] = D + '\0';
  I.Globals["__divopt_prof_d__Z1gPf"] = D + '\0';
  // 4 warp executions, all divergent, 16 lanes each way.
  I.Globals[F.Symbol] = getBytes({4, 4, 0, 0, 64, 64, 4, 4, 0, 0});
  return I;
}

LaunchConfig getConfig(unsigned Blocks, unsigned Threads) {
  LaunchConfig C;
  C.Grid.X = Blocks;
  C.Block.X = Threads;
  return C;
}

TEST(ProfileCollectorTest, CounterWordsAreLittleEndian) {
  EXPECT_EQ(getCounterWords(getBytes({1, 0x0102030405060708ull})),
            (std::vector<std::uint64_t>{1, 0x0102030405060708ull}));
}

TEST(ProfileCollectorTest, LaunchesAndCountersMakeTheRunsProfile) {
  ProfileCollector C;
  int Library = 0, Other = 0;
  EXPECT_TRUE(C.noteLaunch(&Library, "_Z1kPf", getConfig(2, 64)));
  EXPECT_FALSE(C.noteLaunch(&Library, "_Z1kPf", getConfig(2, 64)));
  C.noteLaunch(&Library, "_Z1gPf", getConfig(1, 32));
  // A hooked kernel without counters (a split kernel's): no launch record.
  C.noteLaunch(&Other, "_Z5splitv", getConfig(1, 32));
  std::vector<std::string> Warnings;
  Profile P = C.collect(
      [&](const void *L) -> std::unique_ptr<DeviceImage> {
        auto I = std::make_unique<FakeDeviceImage>();
        if (L == &Library)
          *I = getImage();
        return I;
      },
      Warnings);
  EXPECT_TRUE(Warnings.empty());
  EXPECT_EQ(P.Runs, 1u);
  ASSERT_EQ(P.Launches.size(), 2u);
  EXPECT_EQ(P.Launches["_Z1kPf"].Configs[getConfig(2, 64)], 2u);
  EXPECT_EQ(P.Launches["_Z1gPf"].getTotal(), 1u);
  // Two kernels name one function: its counters are read once.
  FunctionLookup F = P.lookup("_Z1kPf", 0x1234);
  ASSERT_EQ(F.Match, RecordMatch::Found);
  EXPECT_EQ(F.Record->Branches.at(0).Executions, 4u);
}

TEST(ProfileCollectorTest, BadCountersAreWarningsNotLosses) {
  ProfileCollector C;
  int Library = 0;
  C.noteLaunch(&Library, "_Z1kPf", getConfig(1, 32));
  std::vector<std::string> Warnings;
  Profile P = C.collect(
      [&](const void *) -> std::unique_ptr<DeviceImage> {
        auto I = std::make_unique<FakeDeviceImage>(getImage());
        I->Globals["__divopt_prof_c__Z1kPf"] = getBytes({4, 9}); // Too few.
        return I;
      },
      Warnings);
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_EQ(P.Launches.size(), 1u);
  EXPECT_TRUE(P.Functions.empty());
}

class ProfileFileTest : public ::testing::Test {
protected:
  std::string Dir;
  void SetUp() override {
    char Pattern[] = "/tmp/divopt-collector-XXXXXX";
    ASSERT_NE(mkdtemp(Pattern), nullptr);
    Dir = Pattern;
  }
  void TearDown() override {
    std::remove((Dir + "/run.profile").c_str());
    std::remove((Dir + "/" + std::to_string(getpid()) + ".profile").c_str());
    rmdir(Dir.c_str());
  }
};

TEST_F(ProfileFileTest, RunsMergeIntoTheFileAndPatternsExpand) {
  Profile P;
  P.Runs = 1;
  P.Launches["_Z1kPf"].Configs[getConfig(2, 64)] = 3;
  std::string Path, Why;
  std::vector<std::string> Warnings;
  std::string Pattern = Dir + "/%p.profile";
  ASSERT_TRUE(writeRunProfile(P, Pattern.c_str(), Path, Warnings, Why)) << Why;
  EXPECT_EQ(Path, Dir + "/" + std::to_string(getpid()) + ".profile");
  ASSERT_TRUE(writeRunProfile(P, Pattern.c_str(), Path, Warnings, Why)) << Why;
  EXPECT_TRUE(Warnings.empty());
  Profile Read;
  ASSERT_TRUE(readProfileFile(Path, Read, Why)) << Why;
  EXPECT_EQ(Read.Runs, 2u);
  EXPECT_EQ(Read.Launches["_Z1kPf"].getTotal(), 6u);
}

TEST_F(ProfileFileTest, AMalformedFileIsReplacedWithAWarning) {
  std::string Path = Dir + "/run.profile", Written, Why;
  std::ofstream(Path) << "not a profile\n";
  Profile P;
  P.Runs = 1;
  std::vector<std::string> Warnings;
  ASSERT_TRUE(writeRunProfile(P, Path.c_str(), Written, Warnings, Why)) << Why;
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_NE(Warnings[0].find("replacing"), std::string::npos);
  Profile Read;
  ASSERT_TRUE(readProfileFile(Path, Read, Why)) << Why;
  EXPECT_EQ(Read.Runs, 1u);
}

} // namespace
