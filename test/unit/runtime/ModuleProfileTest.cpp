//===- ModuleProfileTest.cpp - Profiles of driver-API launches ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ModuleProfile.h"
#include "profile/ProfileCounters.h"
#include "profile/ProfileText.h"
#include "runtime/Error.h"

#include "FakeDeviceImage.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <unistd.h>

using namespace divopt::runtime;
using namespace divopt::profile;
using divopt::launch::DeviceImage;

namespace {

using divopt::test::FakeDeviceImage;

/// An instrumented module whose kernel loopadv_n8 has one two-way branch
/// that ran Execs warp executions, half of them divergent.
FakeDeviceImage getModule(std::uint64_t Execs) {
  return divopt::test::makeCountedImage("loopadv_n8", 0xabc, Execs);
}

TEST(ModuleProfileTest, LaunchShapesAreTheLaunchConfigs) {
  divopt::runtime::LaunchConfig C = makeLaunchConfig(40, 128);
  C.Grid.Y = 2;
  C.DynamicSharedBytes = 512;
  divopt::profile::LaunchConfig P = getProfileLaunch(C);
  EXPECT_EQ(P.Grid.X, 40u);
  EXPECT_EQ(P.Grid.Y, 2u);
  EXPECT_EQ(P.Block.X, 128u);
  EXPECT_EQ(P.Block.Z, 1u);
  EXPECT_EQ(P.SharedBytes, 512u);
  EXPECT_EQ(P.SMs, 0u);
  EXPECT_EQ(getProfileLaunch(C, 132).SMs, 132u);
}

TEST(ModuleProfileTest, LaunchesOnTwoDevicesAreTwoRecords) {
  ModuleProfile MP;
  int Library = 0;
  MP.noteLaunch(&Library, "loopadv_n8", makeLaunchConfig(132, 96), 132);
  MP.noteLaunch(&Library, "loopadv_n8", makeLaunchConfig(132, 96), 132);
  MP.noteLaunch(&Library, "loopadv_n8", makeLaunchConfig(132, 96), 114);
  std::vector<std::string> Warnings;
  Profile P = MP.collect(Warnings, [&](const void *) {
    return std::unique_ptr<DeviceImage>(new FakeDeviceImage(getModule(8)));
  });
  const KernelLaunches &L = P.Launches.at("loopadv_n8");
  ASSERT_EQ(L.Configs.size(), 2u);
  divopt::profile::LaunchConfig On132 =
      getProfileLaunch(makeLaunchConfig(132, 96), 132);
  EXPECT_EQ(L.Configs.at(On132), 2u);
  EXPECT_DOUBLE_EQ(*L.getGridBlocksPerSM(96), 1.0);
  std::string Text = writeProfile(P);
  EXPECT_NE(Text.find(" count=2 sms=132\n"), std::string::npos) << Text;
  EXPECT_NE(Text.find(" count=1 sms=114\n"), std::string::npos) << Text;
}

TEST(ModuleProfileTest, CollectsTheModulesLaunchedFrom) {
  ModuleProfile MP;
  int Instrumented = 0, Plain = 0;
  MP.noteLaunch(&Instrumented, "loopadv_n8", makeLaunchConfig(4, 256));
  MP.noteLaunch(&Instrumented, "loopadv_n8", makeLaunchConfig(4, 256));
  MP.noteLaunch(&Plain, "loopadv_n8", makeLaunchConfig(8, 256));
  std::vector<std::string> Warnings;
  Profile P = MP.collect(Warnings, [&](const void *L) {
    auto M = std::make_unique<FakeDeviceImage>();
    if (L == &Instrumented)
      *M = getModule(8);
    return std::unique_ptr<DeviceImage>(std::move(M));
  });
  EXPECT_TRUE(Warnings.empty());
  // The uninstrumented module's launch has no counters: not recorded.
  ASSERT_EQ(P.Launches.size(), 1u);
  EXPECT_EQ(P.Launches["loopadv_n8"].getTotal(), 2u);
  FunctionLookup F = P.lookup("loopadv_n8", 0xabc);
  ASSERT_EQ(F.Match, RecordMatch::Found);
  EXPECT_EQ(F.Record->Branches.at(0).Executions, 8u);
  EXPECT_EQ(F.Record->Branches.at(0).Divergent, 4u);
}

TEST(ModuleProfileTest, ClearStartsAFreshProfile) {
  ModuleProfile MP;
  int Library = 0;
  MP.noteLaunch(&Library, "loopadv_n8", makeLaunchConfig(4, 256));
  MP.clear();
  std::vector<std::string> Warnings;
  Profile P = MP.collect(Warnings, [&](const void *) {
    return std::unique_ptr<DeviceImage>(new FakeDeviceImage(getModule(8)));
  });
  EXPECT_TRUE(P.Launches.empty());
  EXPECT_TRUE(P.Functions.empty());
}

TEST(ModuleProfileTest, WritesAProfileThatReadsBack) {
  char Pattern[] = "/tmp/divopt-moduleprofile-XXXXXX";
  ASSERT_NE(mkdtemp(Pattern), nullptr);
  std::string Path = std::string(Pattern) + "/config.profile";
  ModuleProfile MP;
  int Library = 0;
  MP.noteLaunch(&Library, "loopadv_n8", makeLaunchConfig(4, 256));
  std::vector<std::string> Warnings;
  // Written twice: on demand replaces, it does not merge (a profile per
  // bench configuration).
  for (int I = 0; I < 2; ++I) {
    Profile P = MP.collect(Warnings, [&](const void *) {
      return std::unique_ptr<DeviceImage>(new FakeDeviceImage(getModule(8)));
    });
    std::string Why;
    ASSERT_TRUE(writeProfileFile(Path, P, Why)) << Why;
  }
  Profile Back;
  std::string Why;
  ASSERT_TRUE(readProfileFile(Path, Back, Why)) << Why;
  EXPECT_EQ(Back.Runs, 1u);
  EXPECT_EQ(Back.Launches["loopadv_n8"].getTotal(), 1u);
  std::remove(Path.c_str());
  rmdir(Pattern);
}

TEST(ModuleProfileTest, WriteProfileThrowsWhereItCannotWrite) {
  ModuleProfile MP;
  std::vector<std::string> Warnings;
  EXPECT_THROW(MP.writeProfile("/nonexistent-dir/x.profile", Warnings),
               divopt::runtime::Error);
}

} // namespace
