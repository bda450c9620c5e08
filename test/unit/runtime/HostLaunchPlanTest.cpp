//===- HostLaunchPlanTest.cpp - What a <<<>>> launch of a kernel runs -----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The launch hook's rules over a device image held in memory: no GPU.
//
//===----------------------------------------------------------------------===//

#include "runtime/HostLaunchPlan.h"

#include "runtime/LaunchPlanFormat.h"

#include "gtest/gtest.h"

#include <map>

using namespace divopt;
using namespace divopt::launch;

namespace {

/// Globals and kernels by name; kernel handles are their addresses here.
class FakeImage : public DeviceImage {
public:
  std::map<std::string, std::string> Globals;
  std::map<std::string, int> Kernels;
  bool ReadFails = false;
  std::vector<std::string> Read;

  Found readGlobal(const std::string &Symbol, std::string &Bytes,
                   std::string &Why) override {
    Read.push_back(Symbol);
    if (ReadFails) {
      Why = "cudaErrorIllegalAddress";
      return Found::Error;
    }
    auto It = Globals.find(Symbol);
    if (It == Globals.end())
      return Found::No;
    Bytes = It->second;
    return Found::Yes;
  }

  const void *getKernel(const std::string &Name, std::string &Why) override {
    auto It = Kernels.find(Name);
    if (It == Kernels.end()) {
      Why = "cudaErrorSymbolNotFound";
      return nullptr;
    }
    return &It->second;
  }

  /// k's plan, NUL-terminated and padded as a device global reads back.
  void addPlan(const std::string &Kernel, const std::string &Line) {
    Globals[getLaunchPlanSymbol(Kernel)] = std::string(LaunchPlanHeader) +
                                           "\n" + Line + "\n" +
                                           std::string(3, '\0');
  }
};

TEST(HostLaunchPlan, PartsInThePlansOrder) {
  FakeImage I;
  I.Kernels = {{"k", 0}, {"k_$_divopt_$_then", 1}, {"k_$_divopt_$_else", 2}};
  I.addPlan("k", "k k_$_divopt_$_else k_$_divopt_$_then");
  HostPlan P = resolveHostPlan(I, "k");
  ASSERT_EQ(P.K, HostPlan::Kind::Split) << P.Why;
  EXPECT_EQ(P.StepNames, (std::vector<std::string>{"k_$_divopt_$_else",
                                                   "k_$_divopt_$_then"}));
  ASSERT_EQ(P.Steps.size(), 2u);
  EXPECT_EQ(P.Steps[0], &I.Kernels["k_$_divopt_$_else"]);
  EXPECT_EQ(P.Steps[1], &I.Kernels["k_$_divopt_$_then"]);
  // Only the kernel's own plan global is read.
  EXPECT_EQ(I.Read, std::vector<std::string>{"__divopt_launch_plan_$_k"});
}

TEST(HostLaunchPlan, NoPlanMeansUnsplit) {
  FakeImage I;
  I.Kernels = {{"k", 0}};
  I.addPlan("other", "other other_$_divopt_$_then other_$_divopt_$_else");
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Unsplit);
  EXPECT_TRUE(P.Steps.empty());
}

TEST(HostLaunchPlan, UnreadablePlanIsRefused) {
  FakeImage I;
  I.ReadFails = true;
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Refused);
  EXPECT_EQ(P.Why, "its launch plan __divopt_launch_plan_$_k cannot be read: "
                   "cudaErrorIllegalAddress");
}

TEST(HostLaunchPlan, MissingPartIsRefused) {
  FakeImage I;
  I.Kernels = {{"k", 0}, {"k_$_divopt_$_then", 1}};
  I.addPlan("k", "k k_$_divopt_$_then k_$_divopt_$_else");
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Refused);
  EXPECT_EQ(P.Why, "its part k_$_divopt_$_else is not in the device code: "
                   "cudaErrorSymbolNotFound");
  EXPECT_TRUE(P.Steps.empty() || P.Steps.size() == 1);
}

TEST(HostLaunchPlan, MalformedPlanIsRefused) {
  FakeImage I;
  I.addPlan("k", "k");
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Refused);
  EXPECT_EQ(P.Why, "malformed DivOpt launch plan in __divopt_launch_plan_$_k: "
                   "line 2 'k': kernel 'k' has no steps to launch");
}

TEST(HostLaunchPlan, OlderFormatIsRefused) {
  FakeImage I;
  I.Globals[getLaunchPlanSymbol("k")] =
      std::string("divopt-launch-plan 1\nk a b\n");
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Refused);
  EXPECT_NE(P.Why.find("expected the header 'divopt-launch-plan 2'"),
            std::string::npos)
      << P.Why;
}

TEST(HostLaunchPlan, PlanOfAnotherKernelIsRefused) {
  FakeImage I;
  I.Kernels = {{"j_$_divopt_$_then", 1}, {"j_$_divopt_$_else", 2}};
  I.Globals[getLaunchPlanSymbol("k")] =
      std::string(LaunchPlanHeader) +
      "\nj j_$_divopt_$_then j_$_divopt_$_else\n";
  HostPlan P = resolveHostPlan(I, "k");
  EXPECT_EQ(P.K, HostPlan::Kind::Refused);
  EXPECT_EQ(P.Why, "__divopt_launch_plan_$_k is not the launch plan of k");
}

} // namespace
