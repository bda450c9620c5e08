//===- LaunchPlanTest.cpp - Parsing the launch plan a module carries ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchPlan.h"

#include "runtime/Error.h"

#include "gtest/gtest.h"

using namespace divopt::runtime;

namespace {

/// The message parseLaunchPlan throws for Text, or "" when it parses.
std::string errorOf(const std::string &Text) {
  try {
    parseLaunchPlan(Text, "k.ptx");
  } catch (const Error &E) {
    return E.what();
  }
  return "";
}

TEST(LaunchPlan, ParsesOneLinePerSplitKernel) {
  LaunchPlanTable T = parseLaunchPlan(
      "divopt-launch-plan 2\n"
      "k k_$_divopt_$_then k_$_divopt_$_else\n"
      "\n"
      "s s_$_divopt_$_arm0 s_$_divopt_$_arm1 s_$_divopt_$_arm2\n",
      "k.ptx");
  ASSERT_EQ(T.size(), 2u);
  EXPECT_EQ(T["k"], (std::vector<std::string>{"k_$_divopt_$_then",
                                              "k_$_divopt_$_else"}));
  EXPECT_EQ(T["s"].size(), 3u);
  EXPECT_EQ(T["s"][2], "s_$_divopt_$_arm2");
}

TEST(LaunchPlan, HeaderAloneIsAnEmptyPlan) {
  EXPECT_TRUE(parseLaunchPlan("divopt-launch-plan 2\n", "k.ptx").empty());
}

TEST(LaunchPlan, WrongHeaderIsReported) {
  EXPECT_EQ(errorOf("divopt-launch-plan 1\nk a b\n"),
            "malformed DivOpt launch plan in k.ptx: line 1 "
            "'divopt-launch-plan 1': expected the header "
            "'divopt-launch-plan 2'");
}

TEST(LaunchPlan, EmptyTextIsReported) {
  EXPECT_EQ(errorOf(""), "malformed DivOpt launch plan in k.ptx: line 1 '': "
                         "the plan is empty");
}

TEST(LaunchPlan, KernelWithoutStepsIsReported) {
  EXPECT_EQ(errorOf("divopt-launch-plan 2\nk\n"),
            "malformed DivOpt launch plan in k.ptx: line 2 'k': kernel 'k' "
            "has no steps to launch");
}

TEST(LaunchPlan, BadNameIsReported) {
  EXPECT_EQ(errorOf("divopt-launch-plan 2\nk k.divopt.then 9x\n"),
            "malformed DivOpt launch plan in k.ptx: line 2 'k k.divopt.then "
            "9x': 'k.divopt.then' is not a kernel name");
}

TEST(LaunchPlan, SecondPlanForOneKernelIsReported) {
  EXPECT_EQ(errorOf("divopt-launch-plan 2\nk a b\nk c\n"),
            "malformed DivOpt launch plan in k.ptx: line 3 'k c': a second "
            "plan for kernel 'k'");
}

} // namespace
