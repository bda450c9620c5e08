//===- WarpDemandsEmulationTest.cpp - The device's warp demands, emulated -===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// runtime/gpu/WarpDemandsKernel.h, the body of the device's warp-demands
// kernel, run under warp emulation (WarpEmulation.h: every lane a host
// thread, the collectives barriers that exchange the lanes' values): its
// demands must be the host's getWarpDemands bit for bit, for the identity
// and a regrouped order, with and without the memory side, partial warps
// and CTAs, warps narrower than 32 lanes and a LaunchSample's CTAs. The
// GPU test checks the same on the device.
//
//===----------------------------------------------------------------------===//

#include "runtime/DivergenceModel.h"
#include "runtime/Regrouping.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <random>
#include <vector>

// After every system header: the kernel, compiled as host C++.
#include "WarpEmulation.h"

#include "runtime/gpu/WarpDemandsKernel.h"

using namespace divopt::runtime;

namespace {

/// A profile in the counting copy's layout (rows of block counts, then two
/// words per sampled address), and the same as a host set: column B's
/// counts drawn from [0, Spans[B]); the first site coalesced, the others
/// scattered over a few lines.
struct Profile {
  BbvSet Set;
  std::vector<std::uint32_t> Words;
};

Profile makeProfile(std::size_t Threads,
                    const std::vector<std::uint32_t> &Spans, std::size_t Sites,
                    unsigned Seed) {
  std::mt19937_64 Rng(Seed);
  Profile P;
  P.Set.Threads = Threads;
  P.Set.Blocks = Spans.size();
  P.Set.Sites = Sites;
  for (std::size_t T = 0; T < Threads; ++T) {
    for (std::uint32_t Span : Spans) {
      auto C = static_cast<std::uint32_t>(Span <= 1 ? Span : Rng() % Span);
      P.Set.Counts.push_back(C);
      P.Words.push_back(C);
    }
    for (std::size_t S = 0; S < Sites; ++S) {
      std::uint64_t A = S == 0 ? 0x7f0010000000ull + 4 * T
                               : 0x7f0020000000ull + 8 * (Rng() % 5000);
      P.Set.Addresses.push_back(A);
      P.Words.push_back(static_cast<std::uint32_t>(A));
      P.Words.push_back(static_cast<std::uint32_t>(A >> 32));
    }
  }
  return P;
}

/// The kernel's demands under emulation, as getWarpDemandsOnDevice sets it
/// up (8 modelled warps per block of 256 threads).
std::vector<WarpDemand>
emulate(const Profile &P, const std::vector<double> &Lat,
        const MemorySystem *Mem, const std::vector<std::uint32_t> &Order,
        const LaunchShape &Shape, const std::vector<std::uint32_t> *Ctas) {
  std::vector<std::uint32_t> SiteBlock;
  if (Mem)
    for (const AccessSite &S : Mem->Sites)
      SiteBlock.push_back(static_cast<std::uint32_t>(S.Block));
  gpu::WarpDemandsParams K{};
  K.Words = P.Words.data();
  K.Threads = P.Set.Threads;
  K.Blocks = P.Set.Blocks;
  K.Sites = P.Set.Sites;
  K.Width = P.Set.Blocks + 2 * P.Set.Sites;
  K.Order = Order.empty() ? nullptr : Order.data();
  K.Ctas = Ctas ? Ctas->data() : nullptr;
  K.BlockLat = Lat.data();
  K.SiteBlock = Mem && !SiteBlock.empty() ? SiteBlock.data() : nullptr;
  if (Mem) {
    K.PerRequest = Mem->Cost.PerRequest;
    K.PerLine = Mem->Cost.PerLine;
    K.PerSector = Mem->Cost.PerSector;
  }
  K.ThreadsPerBlock = Shape.ThreadsPerBlock;
  K.WarpSize = Shape.WarpSize;
  K.WarpsPerCta = (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::size_t Launched =
      (P.Set.Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
  K.Warps = (Ctas ? Ctas->size() : Launched) * K.WarpsPerCta;
  std::vector<double> Out(2 * K.Warps, -1.0);
  auto Errors = launchEmulated(static_cast<unsigned>((K.Warps + 7) / 8), 256,
                               [&] { gpu::computeWarpDemand(K, Out.data()); });
  for (const std::string &E : Errors)
    ADD_FAILURE() << E;
  std::vector<WarpDemand> Warps(K.Warps);
  for (std::size_t W = 0; W < K.Warps; ++W)
    Warps[W] = {Out[2 * W], Out[2 * W + 1]};
  return Warps;
}

void expectHostsBits(const Profile &P, const std::vector<double> &Lat,
                     const MemorySystem *Mem,
                     const std::vector<std::uint32_t> &Order,
                     const LaunchShape &Shape,
                     const std::vector<std::uint32_t> *Ctas = nullptr) {
  std::vector<WarpDemand> Host =
      getWarpDemands(P.Set, Lat, Mem, Order, Shape, Ctas);
  std::vector<WarpDemand> Got = emulate(P, Lat, Mem, Order, Shape, Ctas);
  ASSERT_EQ(Got.size(), Host.size());
  for (std::size_t W = 0; W < Got.size(); ++W) {
    ASSERT_EQ(Got[W].Issue, Host[W].Issue)
        << "warp " << W << ", memory side " << (Mem != nullptr);
    ASSERT_EQ(Got[W].Memory, Host[W].Memory)
        << "warp " << W << ", memory side " << (Mem != nullptr);
  }
}

LaunchShape shape(unsigned Tpb, unsigned Warp) {
  LaunchShape L;
  L.ThreadsPerBlock = Tpb;
  L.WarpSize = Warp;
  L.SMs = 132;
  L.BlocksPerSM = 8;
  return L;
}

const std::vector<double> Lat = {34.5, 104.25, 15.17, 10.1, 5.06};

MemorySystem memoryOf(std::size_t Blocks) {
  MemorySystem M;
  M.Sites = {{1, 4}, {2 % Blocks, 4}, {3 % Blocks, 8}};
  M.Cost = {0.0306, 1.0, 0.25, "test"};
  return M;
}

TEST(WarpDemandsEmulation, IdentityAndRegroupedOrderAreTheHostsBitForBit) {
  // 2000 threads in CTAs of 96: a partial last CTA, its last warp partial.
  Profile P = makeProfile(2000, {1, 2, 50, 9, 1}, 3, 6);
  MemorySystem Mem = memoryOf(5);
  std::vector<std::uint32_t> Sorted =
      regroupThreads(P.Set, Lat, RegroupAlgorithm::Sorting);
  for (const MemorySystem *M : {static_cast<const MemorySystem *>(nullptr),
                                static_cast<const MemorySystem *>(&Mem)}) {
    expectHostsBits(P, Lat, M, {}, shape(96, 32));
    expectHostsBits(P, Lat, M, Sorted, shape(96, 32));
  }
}

TEST(WarpDemandsEmulation, NarrowWarpsAndSampledCtasAreTheHostsBitForBit) {
  Profile P = makeProfile(1000, {1, 7, 300, 2, 1}, 3, 7);
  MemorySystem Mem = memoryOf(5);
  std::vector<std::uint32_t> Greedy =
      regroupThreads(P.Set, Lat, RegroupAlgorithm::GreedyMax, 16);
  // Warps of 16 lanes: half of each hardware warp idle.
  expectHostsBits(P, Lat, &Mem, Greedy, shape(64, 16));
  // CTAs 15 (the partial last one), 0 and 7 twice, of 16 CTAs of 64.
  std::vector<std::uint32_t> Ctas = {15, 0, 7, 7};
  expectHostsBits(P, Lat, &Mem, Greedy, shape(64, 32), &Ctas);
}

TEST(WarpDemandsEmulation, LanesThatNeverRanASiteHaveNoAddress) {
  // Block 1 runs in one thread in 3: the others' addresses are 0 and must
  // not count as a line.
  Profile P = makeProfile(640, {1, 3, 4, 1, 1}, 3, 8);
  for (std::size_t T = 0; T < P.Set.Threads; ++T)
    if (P.Set.Counts[T * 5 + 1] == 0)
      for (unsigned W : {5u, 6u}) // Site 0 sits in block 1.
        P.Words[T * 11 + W] = 0;
  for (std::size_t T = 0; T < P.Set.Threads; ++T)
    if (P.Set.Counts[T * 5 + 1] == 0)
      P.Set.Addresses[T * 3] = 0;
  MemorySystem Mem = memoryOf(5);
  expectHostsBits(P, Lat, &Mem, {}, shape(128, 32));
}

} // namespace
