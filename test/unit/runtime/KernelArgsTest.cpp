//===- KernelArgsTest.cpp - Packing typed kernel arguments ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelArgs.h"
#include "runtime/DeviceBuffer.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace divopt::runtime;

namespace {

struct Pair {
  float A;
  double B;
};

template <typename T> T readAs(void *P) {
  T Value;
  std::memcpy(&Value, P, sizeof(T));
  return Value;
}

TEST(KernelArgs, PointersAddressCopiesOfEachValue) {
  int I = 7;
  float F = 2.5f;
  double D = -1.25;
  std::uint64_t U = 0x0123456789abcdefull;
  KernelArgs<int, float, double, std::uint64_t> Args(I, F, D, U);
  ASSERT_EQ(Args.size(), 4u);
  void **P = Args.pointers();
  ASSERT_NE(P, nullptr);
  EXPECT_EQ(readAs<int>(P[0]), 7);
  EXPECT_EQ(readAs<float>(P[1]), 2.5f);
  EXPECT_EQ(readAs<double>(P[2]), -1.25);
  EXPECT_EQ(readAs<std::uint64_t>(P[3]), 0x0123456789abcdefull);
  // Copies, not the caller's variables: the pointers cannot dangle.
  EXPECT_NE(P[0], static_cast<void *>(&I));
  EXPECT_NE(P[1], static_cast<void *>(&F));
}

TEST(KernelArgs, LaterChangesToTheSourcesDoNotLeakIn) {
  int I = 1;
  KernelArgs<int> Args(I);
  I = 2;
  EXPECT_EQ(readAs<int>(Args.pointers()[0]), 1);
}

TEST(KernelArgs, TemporariesAreCopied) {
  KernelArgs<int, float> Args(40 + 2, 0.5f * 3);
  EXPECT_EQ(readAs<int>(Args.pointers()[0]), 42);
  EXPECT_EQ(readAs<float>(Args.pointers()[1]), 1.5f);
}

TEST(KernelArgs, SizesAreTheParameterSizes) {
  KernelArgs<char, short, int, double, Pair, const float *> Args(
      'x', short(3), 4, 5.0, Pair{1.0f, 2.0}, nullptr);
  const std::size_t *S = Args.sizes();
  EXPECT_EQ(S[0], 1u);
  EXPECT_EQ(S[1], 2u);
  EXPECT_EQ(S[2], 4u);
  EXPECT_EQ(S[3], 8u);
  EXPECT_EQ(S[4], sizeof(Pair));
  EXPECT_EQ(S[5], sizeof(void *));
}

TEST(KernelArgs, EachArgumentIsAlignedForItsType) {
  KernelArgs<char, double, char, Pair, short> Args('a', 1.0, 'b', Pair{},
                                                   short(1));
  void **P = Args.pointers();
  auto Address = [&](int I) { return reinterpret_cast<std::uintptr_t>(P[I]); };
  EXPECT_EQ(Address(1) % alignof(double), 0u);
  EXPECT_EQ(Address(3) % alignof(Pair), 0u);
  EXPECT_EQ(Address(4) % alignof(short), 0u);
}

TEST(KernelArgs, PointersAreDistinctAndNonOverlapping) {
  KernelArgs<char, char, int, char> Args('a', 'b', 3, 'd');
  void **P = Args.pointers();
  const std::size_t *S = Args.sizes();
  for (int I = 0; I < 4; ++I)
    for (int J = 0; J < 4; ++J) {
      if (I == J)
        continue;
      auto BeginI = reinterpret_cast<std::uintptr_t>(P[I]);
      auto BeginJ = reinterpret_cast<std::uintptr_t>(P[J]);
      EXPECT_TRUE(BeginI + S[I] <= BeginJ || BeginJ + S[J] <= BeginI)
          << "arguments " << I << " and " << J << " overlap";
    }
}

TEST(KernelArgs, StructsArePassedByValue) {
  KernelArgs<Pair> Args(Pair{3.0f, 4.0});
  Pair Out = readAs<Pair>(Args.pointers()[0]);
  EXPECT_EQ(Out.A, 3.0f);
  EXPECT_EQ(Out.B, 4.0);
  EXPECT_EQ(Args.get<0>().B, 4.0);
}

TEST(KernelArgs, NoArgumentsGiveANullArray) {
  KernelArgs<> Args;
  EXPECT_EQ(Args.size(), 0u);
  EXPECT_EQ(Args.pointers(), nullptr);
}

TEST(KernelArgs, DeviceBuffersPassTheirDeviceAddress) {
  using Traits = KernelArgTraits<DeviceBuffer<float>>;
  EXPECT_TRUE((std::is_same_v<Traits::Type, CUdeviceptr>));
  EXPECT_TRUE(IsKernelArgument<DeviceBuffer<float>>);
  EXPECT_EQ(KernelArgs<DeviceBuffer<float>>::size(), 1u);
}

TEST(KernelArgs, OnlyTriviallyCopyableNonArrayValuesQualify) {
  EXPECT_TRUE(IsKernelArgument<int>);
  EXPECT_TRUE(IsKernelArgument<const float *>);
  EXPECT_TRUE(IsKernelArgument<Pair>);
  EXPECT_FALSE(IsKernelArgument<std::string>);
  EXPECT_FALSE(IsKernelArgument<std::vector<float>>);
  EXPECT_FALSE(IsKernelArgument<int[4]>);
}

} // namespace
