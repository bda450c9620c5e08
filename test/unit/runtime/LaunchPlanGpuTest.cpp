//===- LaunchPlanGpuTest.cpp - launch("k") follows the embedded plan ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A module laid out as kernel-split leaves one: the kernel k, its parts,
// and the plan global (runtime/LaunchPlanFormat.h). Each kernel adds its
// own number to y[tid], so the sum says which kernels ran. Hand-written
// PTX; skips itself without a GPU.
//
//===----------------------------------------------------------------------===//

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Driver.h"
#include "runtime/Launch.h"
#include "runtime/LaunchPlanFormat.h"
#include "runtime/Module.h"

#include "gtest/gtest.h"

#include <optional>
#include <string>
#include <vector>

using namespace divopt;
using namespace divopt::runtime;

namespace {

/// y[tid.x] += Add.
std::string makeAddKernel(const std::string &Name, unsigned Add) {
  return ".visible .entry " + Name + "(.param .u64 " + Name +
         "_y)\n{\n"
         "\t.reg .b32 %r<3>;\n\t.reg .b64 %rd<5>;\n"
         "\tld.param.u64 %rd1, [" +
         Name +
         "_y];\n"
         "\tcvta.to.global.u64 %rd2, %rd1;\n"
         "\tmov.u32 %r1, %tid.x;\n"
         "\tmul.wide.u32 %rd3, %r1, 4;\n"
         "\tadd.s64 %rd4, %rd2, %rd3;\n"
         "\tld.global.u32 %r2, [%rd4];\n"
         "\tadd.s32 %r2, %r2, " +
         std::to_string(Add) +
         ";\n"
         "\tst.global.u32 [%rd4], %r2;\n"
         "\tret;\n}\n";
}

/// k adds 1, its then part 10, its else part 100; Plan is the global's
/// text.
std::string makePlannedPtx(const std::string &Plan) {
  std::string Bytes;
  for (char C : Plan)
    Bytes += std::to_string(static_cast<unsigned char>(C)) + ", ";
  return ".version 7.0\n.target sm_70\n.address_size 64\n"
         ".visible .global .align 1 .b8 " +
         getLaunchPlanSymbol("k") + "[" + std::to_string(Plan.size() + 1) +
         "] = {" + Bytes + "0};\n" + makeAddKernel("k", 1) +
         makeAddKernel("k_$_divopt_$_then", 10) +
         makeAddKernel("k_$_divopt_$_else", 100);
}

const std::string SplitPlan =
    std::string(LaunchPlanHeader) + "\nk k_$_divopt_$_then k_$_divopt_$_else\n";

class LaunchPlanGpu : public ::testing::Test {
protected:
  void SetUp() override {
    DriverStatus S = probeDriver();
    if (!S.Usable)
      GTEST_SKIP() << "no usable GPU: " << S.Reason;
    Ctx.emplace(Device::get(0));
  }
  void TearDown() override { Ctx.reset(); }

  /// y after launching Name by name from a module carrying Plan.
  std::vector<unsigned> launchByName(const std::string &Plan,
                                     const std::string &Name) {
    Module M = Module::load(*Ctx, makePlannedPtx(Plan), "planned.ptx");
    auto Y =
        DeviceBuffer<unsigned>::fromHost(*Ctx, std::vector<unsigned>(64, 0));
    launch(M, Name, makeLaunchConfig(1, 64), Y);
    Ctx->synchronize(Name);
    return Y.download();
  }

  std::optional<Context> Ctx;
};

TEST_F(LaunchPlanGpu, LaunchByNameRunsEveryPartInOrder) {
  EXPECT_EQ(launchByName(SplitPlan, "k"), std::vector<unsigned>(64, 110));
  Module M = Module::load(*Ctx, makePlannedPtx(SplitPlan), "planned.ptx");
  LaunchPlan P = resolveLaunchPlan(M, "k");
  ASSERT_EQ(P.steps().size(), 2u);
  EXPECT_EQ(P.steps()[0].name(), "k_$_divopt_$_then");
  EXPECT_EQ(P.steps()[1].name(), "k_$_divopt_$_else");
}

TEST_F(LaunchPlanGpu, KernelWithoutAPlanRunsAlone) {
  EXPECT_EQ(launchByName(SplitPlan, "k_$_divopt_$_then"),
            std::vector<unsigned>(64, 10));
}

TEST_F(LaunchPlanGpu, MalformedPlanIsAClearError) {
  try {
    launchByName(std::string(LaunchPlanHeader) + "\nk\n", "k");
    FAIL() << "a malformed plan was followed";
  } catch (const Error &E) {
    EXPECT_STREQ(E.what(), "malformed DivOpt launch plan in planned.ptx: "
                           "line 2 'k': kernel 'k' has no steps to launch");
  }
}

TEST_F(LaunchPlanGpu, PlanOfAnotherKernelIsReported) {
  try {
    launchByName(std::string(LaunchPlanHeader) + "\nj k_$_divopt_$_then\n",
                 "k");
    FAIL() << "another kernel's plan was followed";
  } catch (const Error &E) {
    EXPECT_STREQ(E.what(), "malformed DivOpt launch plan in planned.ptx: "
                           "@__divopt_launch_plan_$_k is not the plan of k");
  }
}

TEST_F(LaunchPlanGpu, PlanNamingAMissingKernelIsReported) {
  try {
    launchByName(std::string(LaunchPlanHeader) + "\nk k_$_divopt_$_gone\n",
                 "k");
    FAIL() << "a plan naming a missing kernel was followed";
  } catch (const DriverError &E) {
    EXPECT_EQ(E.kernel(), "k_$_divopt_$_gone");
  }
}

} // namespace
