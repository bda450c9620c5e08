//===- LaunchTest.cpp - Arguments are checked against the kernel ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Launch.h"

#include "gtest/gtest.h"

#include <vector>

using namespace divopt::runtime;

namespace {

TEST(Launch, MatchingArgumentsPass) {
  KernelArgs<const float *, float *, float, int> Args(nullptr, nullptr, 1.0f,
                                                      3);
  EXPECT_EQ(describeArgumentMismatch({8, 8, 4, 4}, Args.sizes(), Args.size()),
            "");
}

TEST(Launch, TooFewArgumentsAreReported) {
  KernelArgs<const float *, float *, float> Args(nullptr, nullptr, 1.0f);
  EXPECT_EQ(describeArgumentMismatch({8, 8, 4, 4}, Args.sizes(), Args.size()),
            "it takes 4 parameters but was given 3 arguments");
}

TEST(Launch, TooManyArgumentsAreReported) {
  KernelArgs<int, int> Args(1, 2);
  EXPECT_EQ(describeArgumentMismatch({4}, Args.sizes(), Args.size()),
            "it takes 1 parameter but was given 2 arguments");
}

TEST(Launch, TheFirstWrongSizeIsNamed) {
  // A double where the kernel takes a float: the classic silent bug.
  KernelArgs<const float *, float *, double, long> Args(nullptr, nullptr, 1.0,
                                                        3);
  EXPECT_EQ(describeArgumentMismatch({8, 8, 4, 4}, Args.sizes(), Args.size()),
            "parameter 2 is 4 bytes but argument 2 is 8 bytes");
}

TEST(Launch, NoParametersAndNoArguments) {
  KernelArgs<> Args;
  EXPECT_EQ(describeArgumentMismatch({}, Args.sizes(), Args.size()), "");
}

TEST(Launch, ConfigHelperIsOneDimensional) {
  LaunchConfig C = makeLaunchConfig(132, 256);
  EXPECT_EQ(C.Grid.X, 132u);
  EXPECT_EQ(C.Grid.Y, 1u);
  EXPECT_EQ(C.Block.X, 256u);
  EXPECT_EQ(C.Block.Z, 1u);
  EXPECT_EQ(C.DynamicSharedBytes, 0u);
  EXPECT_EQ(C.Stream, nullptr);
}

} // namespace
