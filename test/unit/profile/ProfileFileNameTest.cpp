//===- ProfileFileNameTest.cpp - DIVOPT_PROFILE_FILE patterns -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileFileName.h"

#include "profile/ProfileFormat.h"

#include "gtest/gtest.h"

#include <unistd.h>

using namespace divopt::profile;

namespace {

FileNameContext context() {
  FileNameContext C;
  C.ProcessId = 4242;
  C.HostName = "gpu7";
  C.TemporaryDirectory = "/scratch";
  return C;
}

std::string expand(const std::string &Pattern) {
  std::string Path, Why;
  EXPECT_TRUE(expandProfileFileName(Pattern, context(), Path, Why)) << Why;
  return Path;
}

TEST(ProfileFileName, Specifiers) {
  EXPECT_EQ(expand("run.profile"), "run.profile");
  EXPECT_EQ(expand("run-%p.profile"), "run-4242.profile");
  EXPECT_EQ(expand("%t/%h-%p.profile"), "/scratch/gpu7-4242.profile");
  EXPECT_EQ(expand("%p%p"), "42424242");
  EXPECT_EQ(expand("100%%-%p"), "100%-4242");
  EXPECT_EQ(expand("%%p"), "%p");
}

TEST(ProfileFileName, UnknownSpecifiersAreErrors) {
  std::string Path = "unchanged", Why;
  EXPECT_FALSE(expandProfileFileName("run-%m.profile", context(), Path, Why));
  EXPECT_EQ(Path, "unchanged");
  EXPECT_NE(Why.find("DIVOPT_PROFILE_FILE='run-%m.profile': unknown "
                     "specifier '%m'"),
            std::string::npos)
      << Why;
  EXPECT_FALSE(expandProfileFileName("run-%", context(), Path, Why));
  EXPECT_NE(Why.find("ends with a lone '%'"), std::string::npos) << Why;
}

TEST(ProfileFileName, DefaultWhenUnsetOrEmpty) {
  std::string Path, Why;
  ASSERT_TRUE(getProfileFileName(nullptr, context(), Path, Why));
  EXPECT_EQ(Path, DefaultProfileFile);
  ASSERT_TRUE(getProfileFileName("", context(), Path, Why));
  EXPECT_EQ(Path, "divopt.profile");
  ASSERT_TRUE(getProfileFileName("p-%p", context(), Path, Why));
  EXPECT_EQ(Path, "p-4242");
  EXPECT_FALSE(getProfileFileName("p-%q", context(), Path, Why));
}

TEST(ProfileFileName, CurrentProcess) {
  FileNameContext C = FileNameContext::current();
  EXPECT_EQ(C.ProcessId, static_cast<long long>(::getpid()));
  EXPECT_FALSE(C.HostName.empty());
  EXPECT_FALSE(C.TemporaryDirectory.empty());
}

} // namespace
