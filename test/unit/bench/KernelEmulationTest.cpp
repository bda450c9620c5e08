//===- KernelEmulationTest.cpp - Hand-transformed kernels, bit for bit ----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the bench kernels under warp emulation (WarpEmulation.h) and checks
// what the GPU run relies on: every hand-transformed kernel writes every
// output, terminates, votes only with lanes that take part, and gives the
// original kernel's outputs bit for bit, for partial warps and blocks that
// are not a multiple of 32 too. Small sizes: this is about semantics, not
// speed.
//
//===----------------------------------------------------------------------===//

#include "Inputs.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

// After every system header: the kernels, compiled as host C++.
#include "WarpEmulation.h"

#include "bench/kernels/brdis.cu"
#include "bench/kernels/brdis_hand.cu"
#include "bench/kernels/itdelay.cu"
#include "bench/kernels/itdelay_hand.cu"
#include "bench/kernels/loopadv.cu"
#include "bench/kernels/loopadv_hand.cu"
#include "bench/kernels/split.cu"
#include "bench/kernels/split_hand.cu"

using namespace divopt::bench;

namespace {

using Words = std::vector<std::uint32_t>;

constexpr float PoisonFloat = -12345.0f;

struct Shape {
  int Count;
  unsigned Block;
};

// Two full blocks of two warps; and blocks of 48 threads (a full and a
// half warp) whose last warp is cut by Count.
const Shape Shapes[] = {{128, 64}, {77, 48}};

unsigned getBlocks(const Shape &S) { return (S.Count + S.Block - 1) / S.Block; }

/// Runs Launch under emulation, checks the collectives and that every
/// element was written, and returns the output's bits.
Words runEmulated(const Shape &S, std::vector<float> &Out,
                  const std::function<void()> &Launch) {
  Out.assign(Out.size(), PoisonFloat);
  std::vector<std::string> Errors =
      launchEmulated(getBlocks(S), S.Block, Launch);
  EXPECT_TRUE(Errors.empty()) << Errors.front();
  Words Bits(Out.size());
  std::memcpy(Bits.data(), Out.data(), Out.size() * sizeof(float));
  for (std::size_t I = 0; I < Out.size(); ++I)
    EXPECT_NE(Out[I], PoisonFloat) << "element " << I << " not written";
  return Bits;
}

struct LoopInputs {
  explicit LoopInputs(int Count)
      : Seeds(makeNonZeroWords(Count, 101)),
        In(makeUniformFloats(2 * std::size_t(Count), -1.0f, 1.0f, 102)),
        Out(2 * std::size_t(Count)) {}
  std::vector<std::uint32_t> Seeds;
  std::vector<float> In;
  std::vector<float> Out;
};

using LoopKernel = void (*)(const unsigned *, const float *, float *, int, int,
                            unsigned);
using DelayedKernel = void (*)(const unsigned *, const float *, float *, int,
                               int, unsigned, unsigned, unsigned);

Words runLoop(const Shape &S, LoopInputs &D, LoopKernel K, int Iters,
              unsigned Threshold) {
  return runEmulated(S, D.Out, [&] {
    K(D.Seeds.data(), D.In.data(), D.Out.data(), S.Count, Iters, Threshold);
  });
}

Words runDelayed(const Shape &S, LoopInputs &D, DelayedKernel K, int Iters,
                 unsigned Threshold, unsigned P1, unsigned P2) {
  return runEmulated(S, D.Out, [&] {
    K(D.Seeds.data(), D.In.data(), D.Out.data(), S.Count, Iters, Threshold, P1,
      P2);
  });
}

struct DelayedVariant {
  const char *Name;
  DelayedKernel Kernel;
  unsigned P1, P2;
};

template <int N>
void checkIterationDelaying(LoopKernel Original,
                            const std::vector<DelayedVariant> &Variants) {
  for (const Shape &S : Shapes)
    for (double F : {0.1, 0.5, 0.9})
      for (int Iters : {0, 1, 24}) {
        LoopInputs D(S.Count);
        const unsigned T = getThresholdForFrequency(F);
        Words Reference = runLoop(S, D, Original, Iters, T);
        for (const DelayedVariant &V : Variants)
          EXPECT_EQ(runDelayed(S, D, V.Kernel, Iters, T, V.P1, V.P2), Reference)
              << V.Name << " (" << V.P1 << ", " << V.P2 << ") N=" << N
              << " f=" << F << " iters=" << Iters << " count=" << S.Count;
      }
}

TEST(EmulatedKernels, IterationDelayingKeepsEveryThreadsResult) {
  // Majority thresholds outside [1, 32] are clamped; duty cycles of 0 too.
  checkIterationDelaying<4>(itdelay_n4,
                            {{"majority", itdelay_majority_n4, 16, 0},
                             {"majority", itdelay_majority_n4, 1, 0},
                             {"majority", itdelay_majority_n4, 32, 0},
                             {"majority", itdelay_majority_n4, 0, 0},
                             {"majority", itdelay_majority_n4, 99, 0},
                             {"rr", itdelay_rr_n4, 1, 1},
                             {"rr", itdelay_rr_n4, 2, 3},
                             {"rr", itdelay_rr_n4, 0, 0},
                             {"rr_skip", itdelay_rr_skip_n4, 1, 1},
                             {"rr_skip", itdelay_rr_skip_n4, 1, 9}});
  checkIterationDelaying<32>(itdelay_n32,
                             {{"majority", itdelay_majority_n32, 16, 0},
                              {"rr", itdelay_rr_n32, 1, 1},
                              {"rr_skip", itdelay_rr_skip_n32, 1, 1}});
}

// The ordinary-arithmetic kernels: host arithmetic does not contract
// (-ffp-contract=off) where the GPU's does, but the delayed kernels run
// each thread's operations in its order all the same, so they must agree
// with the original under either rounding.
TEST(EmulatedKernels, IterationDelayingKeepsEveryThreadsResultNatural) {
  checkIterationDelaying<32>(itdelay_nat_n32,
                             {{"majority", itdelay_nat_majority_n32, 16, 0},
                              {"majority", itdelay_nat_majority_n32, 1, 0},
                              {"rr", itdelay_nat_rr_n32, 1, 1},
                              {"rr", itdelay_nat_rr_n32, 2, 3},
                              {"rr_skip", itdelay_nat_rr_skip_n32, 1, 1}});
}

TEST(EmulatedKernels, LoopAdvancingKeepsEveryThreadsResult) {
  for (const Shape &S : Shapes)
    for (double P : {0.0, 0.3, 1.0})
      for (int Iters : {0, 1, 40}) {
        LoopInputs D(S.Count);
        const unsigned T = getThresholdForFrequency(P);
        EXPECT_EQ(runLoop(S, D, loopadv_advance_n8, Iters, T),
                  runLoop(S, D, loopadv_n8, Iters, T))
            << "p=" << P << " iters=" << Iters << " count=" << S.Count;
      }
}

TEST(EmulatedKernels, BranchDistributionKeepsEveryThreadsResult) {
  const struct {
    LoopKernel Original, Distributed;
    const char *Name;
  } Kernels[] = {{brdis_m4_n5, brdis_dist_m4_n5, "m4_n5"},
                 {brdis_m2_n80, brdis_dist_m2_n80, "m2_n80"},
                 {brdis_m8_n20, brdis_dist_m8_n20, "m8_n20"},
                 {brdis_nat_m4_n5, brdis_nat_dist_m4_n5, "nat_m4_n5"},
                 {brdis_nat_m2_n80, brdis_nat_dist_m2_n80, "nat_m2_n80"},
                 {brdis_nat_m8_n20, brdis_nat_dist_m8_n20, "nat_m8_n20"}};
  for (const Shape &S : Shapes)
    for (const auto &K : Kernels) {
      LoopInputs D(S.Count);
      const unsigned T = getThresholdForFrequency(0.5);
      EXPECT_EQ(runLoop(S, D, K.Distributed, 6, T),
                runLoop(S, D, K.Original, 6, T))
          << K.Name << " count=" << S.Count;
    }
}

struct SplitInputs {
  explicit SplitInputs(int Count)
      : Heavy(makeFlags(Count, 0.25, 201)), Seeds(makeNonZeroWords(Count, 202)),
        X(makeUniformFloats(Count, -1.0f, 1.0f, 203)),
        Table(makeNonZeroWords(32 * 64, 204)),
        Coef(makeUniformFloats(2 * 224, -1.0f, 1.0f, 205)), Out(Count) {}
  std::vector<std::uint32_t> Heavy, Seeds;
  std::vector<float> X;
  std::vector<std::uint32_t> Table;
  std::vector<float> Coef, Out;
};

using SplitKernel = void (*)(const unsigned *, const unsigned *, const float *,
                             const unsigned *, unsigned, const float *,
                             unsigned *, int, int, int);

Words runSplit(const Shape &S, SplitInputs &D,
               const std::vector<SplitKernel> &Kernels) {
  std::function<void()> Launch = [&] {
    for (SplitKernel K : Kernels)
      K(D.Heavy.data(), D.Seeds.data(), D.X.data(), D.Table.data(), 63,
        D.Coef.data(), reinterpret_cast<unsigned *>(D.Out.data()), S.Count, 20,
        3);
  };
  // The parts run one after the other, like two launches.
  if (Kernels.size() == 1)
    return runEmulated(S, D.Out, Launch);
  D.Out.assign(D.Out.size(), PoisonFloat);
  for (SplitKernel K : Kernels) {
    std::vector<std::string> Errors =
        launchEmulated(getBlocks(S), S.Block, [&] {
          K(D.Heavy.data(), D.Seeds.data(), D.X.data(), D.Table.data(), 63,
            D.Coef.data(), reinterpret_cast<unsigned *>(D.Out.data()), S.Count,
            20, 3);
        });
    EXPECT_TRUE(Errors.empty());
  }
  Words Bits(D.Out.size());
  std::memcpy(Bits.data(), D.Out.data(), Bits.size() * sizeof(float));
  for (std::size_t I = 0; I < D.Out.size(); ++I)
    EXPECT_NE(D.Out[I], PoisonFloat) << "element " << I << " not written";
  return Bits;
}

TEST(EmulatedKernels, SplittingKeepsEveryThreadsResult) {
  for (const Shape &S : Shapes) {
    SplitInputs D(S.Count);
    EXPECT_EQ(runSplit(S, D, {split_light, split_heavy_h8}),
              runSplit(S, D, {split_h8}))
        << "count=" << S.Count;
    EXPECT_EQ(runSplit(S, D, {split_light, split_heavy_h224}),
              runSplit(S, D, {split_h224}))
        << "count=" << S.Count;
  }
}

TEST(EmulatedKernels, TheEmulationCatchesABadVote) {
  // A ballot naming a lane that never comes would hang a GPU; here it is
  // reported.
  std::vector<std::string> Errors = launchEmulated(1, 32, [] {
    if (threadIdx.x == 0)
      __ballot_sync(0x3u, 1);
  });
  EXPECT_FALSE(Errors.empty());
  Errors = launchEmulated(1, 32, [] { __ballot_sync(0x1u, 1); });
  EXPECT_FALSE(Errors.empty());
}

TEST(EmulatedKernels, VotesSeeOnlyTheirLanes) {
  std::vector<unsigned> Masks(48), Ballots(48);
  std::vector<std::string> Errors = launchEmulated(1, 48, [&] {
    unsigned T = threadIdx.x;
    if (T % 32 >= 20)
      return;
    unsigned Active = __activemask();
    Masks[T] = Active;
    Ballots[T] = __ballot_sync(Active, T % 2);
  });
  EXPECT_TRUE(Errors.empty());
  EXPECT_EQ(Masks[0], (1u << 20) - 1);
  EXPECT_EQ(Ballots[3], 0xaaaaau);
  EXPECT_EQ(Masks[33], (1u << 16) - 1); // The second warp has 16 lanes.
  EXPECT_EQ(Ballots[33], 0xaaaau);
}

} // namespace
