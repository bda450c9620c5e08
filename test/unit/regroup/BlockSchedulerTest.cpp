//===- BlockSchedulerTest.cpp - The fast scheduler against the reference --===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// simulateBlockScheduling runs each SM on its own from one freed CTA slot to
// the next; the reference (ReferenceScheduler.h) queues every warp's end.
// On launches of every kind (equal warps that end together, few distinct
// lengths, continuous lengths, memory-bound warps, empty warps and CTAs,
// measured first waves) they must agree bit for bit.
//
//===----------------------------------------------------------------------===//

#include "runtime/BlockScheduler.h"

#include "ReferenceScheduler.h"

#include "gtest/gtest.h"

#include <cstring>
#include <random>

using namespace divopt::runtime;

namespace {

bool sameBits(double A, double B) { return std::memcmp(&A, &B, sizeof A) == 0; }

TEST(BlockScheduler, MatchesTheEventByEventReferenceBitForBit) {
  for (unsigned Seed = 0; Seed < 400; ++Seed) {
    std::mt19937 Rng(Seed);
    LaunchShape S;
    S.WarpSize = 32;
    S.ThreadsPerBlock = 32 * (1 + Rng() % 8);
    S.SMs = 1 + Rng() % 20;
    S.BlocksPerSM = 1 + Rng() % 8;
    S.ConcurrentWarps = 1 + Rng() % 16;
    std::vector<WarpDemand> Warps(1 + Rng() % 3000);
    unsigned Kind = Rng() % 4;
    for (WarpDemand &W : Warps) {
      if (Kind == 0)
        W.Issue = 100; // All end together.
      else if (Kind == 1)
        W.Issue = (Rng() % 5) * 100.0; // Few lengths, empty warps.
      else
        W.Issue = (Rng() % 10000) * 0.37;
      if (Rng() % 3 == 0)
        W.Memory = W.Issue * (Rng() % 100) * 0.01;
    }
    if (Rng() % 2)
      for (unsigned K = 0; K < S.BlocksPerSM; ++K)
        for (unsigned Sm = 0; Sm < S.SMs; ++Sm)
          S.FirstWaveSms.push_back((Sm * 7 + K) % S.SMs);
    double Fast = simulateBlockScheduling(Warps, S);
    double Reference = test::ReferenceScheduler(Warps, S).run();
    ASSERT_TRUE(sameBits(Fast, Reference))
        << "seed " << Seed << ": " << Fast << " != " << Reference;
  }
}

TEST(BlockScheduler, AMillionThreadsMatchTheReference) {
  // The bench's shape: 132 SMs, 8 CTAs of 256 threads each.
  LaunchShape S;
  S.ThreadsPerBlock = 256;
  S.SMs = 132;
  S.BlocksPerSM = 8;
  S.ConcurrentWarps = 16;
  std::mt19937 Rng(1);
  std::vector<WarpDemand> Warps(32768);
  for (WarpDemand &W : Warps) {
    W.Issue = 1000 + Rng() % 100000;
    W.Memory = W.Issue * 0.001;
  }
  EXPECT_TRUE(sameBits(simulateBlockScheduling(Warps, S),
                       test::ReferenceScheduler(Warps, S).run()));
}

} // namespace
