//===- DeviceRegroupingTest.cpp - GPU regrouping against the host's -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Profiles as the counting copy writes them (rows of block counts, then two
// words per sampled address), uploaded; the device's Sorting order must be
// the host's element for element, and its warp demands the host's bit for
// bit; its Greedy and Greedy-Max orders the host's (the same merge code,
// GreedyMerge.h, in the same chunks) element for element. Each test skips
// itself where no GPU is usable.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/DeviceRegrouping.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Driver.h"
#include "runtime/Regrouping.h"

#include "gtest/gtest.h"

#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

using namespace divopt::runtime;

namespace {

/// A profile in the counting copy's layout, and the same as a host set.
struct Profile {
  BbvSet Set;
  std::vector<std::uint32_t> Words;
};

/// Threads rows; column B's counts drawn from [0, Spans[B]); Sites
/// addresses, the first coalesced (4 bytes per thread), the others
/// scattered.
Profile makeProfile(std::size_t Threads,
                    const std::vector<std::uint32_t> &Spans, std::size_t Sites,
                    unsigned Seed) {
  std::mt19937_64 Rng(Seed);
  Profile P;
  BbvSet &S = P.Set;
  S.Threads = Threads;
  S.Blocks = Spans.size();
  S.Sites = Sites;
  for (std::size_t T = 0; T < Threads; ++T) {
    for (std::uint32_t Span : Spans) {
      std::uint32_t C =
          Span <= 1 ? Span : static_cast<std::uint32_t>(Rng() % Span);
      S.Counts.push_back(C);
      P.Words.push_back(C);
    }
    for (std::size_t Site = 0; Site < Sites; ++Site) {
      std::uint64_t A = Site == 0 ? 0x10000000ull + 4 * T
                                  : 0x20000000ull + 8 * (Rng() % 100000);
      S.Addresses.push_back(A);
      P.Words.push_back(static_cast<std::uint32_t>(A));
      P.Words.push_back(static_cast<std::uint32_t>(A >> 32));
    }
  }
  return P;
}

class DeviceRegrouping : public ::testing::Test {
protected:
  void SetUp() override {
    DriverStatus S = probeDriver();
    if (!S.Usable)
      GTEST_SKIP() << "no usable GPU: " << S.Reason;
    Ctx.emplace(Device::get(0));
  }
  void TearDown() override { Ctx.reset(); }

  /// Uploads P and checks the device's order against the host's.
  void expectSameSort(const Profile &P) {
    auto Words = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, P.Words);
    DeviceBuffer<std::uint32_t> Order(*Ctx, P.Set.Threads);
    gpu::DeviceProfile D{Words.address(), P.Set.Threads, P.Set.Blocks,
                         P.Set.Sites};
    gpu::sortThreadsOnDevice(D, Order.address());
    std::vector<double> Lat(P.Set.Blocks, 1.0);
    std::vector<std::uint32_t> Host =
        regroupThreads(P.Set, Lat, RegroupAlgorithm::Sorting);
    std::vector<std::uint32_t> Got = Order.download();
    ASSERT_EQ(Got.size(), Host.size());
    std::size_t Differ = 0, First = Got.size();
    for (std::size_t I = 0; I < Got.size(); ++I)
      if (Got[I] != Host[I] && Differ++ == 0)
        First = I;
    EXPECT_EQ(Differ, 0u) << "first at position " << First << ": device "
                          << Got[First] << ", host " << Host[First];
  }

  std::optional<Context> Ctx;
};

TEST_F(DeviceRegrouping, SortsFewDistinctRowsAsTheHost) {
  // Few classes: the host hashes rows; ties (equal rows) by thread index.
  expectSameSort(makeProfile(100000, {1, 3, 1, 4}, 1, 1));
}

TEST_F(DeviceRegrouping, SortsRowsThatPackIntoOneKeyAsTheHost) {
  // Many classes, 12 + 20 + 8 bits: one 64-bit key.
  expectSameSort(makeProfile(300000, {1, 4096, 1u << 20, 256, 1}, 2, 2));
}

TEST_F(DeviceRegrouping, SortsRowsWiderThanOneKeyAsTheHost) {
  // 31 + 31 + 20 + 16 bits: three keys, least significant sorted first.
  expectSameSort(
      makeProfile(200000, {1u << 31, 1u << 31, 1u << 20, 1u << 16}, 0, 3));
}

TEST_F(DeviceRegrouping, SortsEqualRowsAndPartialWarpsAsTheHost) {
  // Every row alike: the identity. 1000 threads: a partial last warp.
  expectSameSort(makeProfile(1000, {1, 1, 1}, 1, 4));
  expectSameSort(makeProfile(1000, {7, 1, 5}, 1, 5));
}

TEST_F(DeviceRegrouping, WarpDemandsAreTheHostsBitForBit) {
  Profile P = makeProfile(70000, {1, 2, 50, 9, 1}, 3, 6);
  std::vector<double> Lat = {34.5, 104.25, 15.17, 10.1, 5.06};
  MemorySystem Mem;
  Mem.Sites = {{1, 4}, {2, 4}, {3, 8}};
  Mem.Cost = {0.0306, 1.0, 0.25, "test"};
  LaunchShape L;
  L.ThreadsPerBlock = 96; // 70000 threads: a partial last CTA.
  L.WarpSize = 32;
  L.SMs = 132;
  L.BlocksPerSM = 8;
  auto Words = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, P.Words);
  gpu::DeviceProfile D{Words.address(), P.Set.Threads, P.Set.Blocks,
                       P.Set.Sites};
  std::vector<std::uint32_t> Sorted =
      regroupThreads(P.Set, Lat, RegroupAlgorithm::Sorting);
  auto Order = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, Sorted);
  for (const MemorySystem *M : {static_cast<const MemorySystem *>(nullptr),
                                static_cast<const MemorySystem *>(&Mem)})
    for (bool Identity : {true, false}) {
      std::vector<WarpDemand> Host = getWarpDemands(
          P.Set, Lat, M, Identity ? std::vector<std::uint32_t>{} : Sorted, L);
      std::vector<WarpDemand> Got = gpu::getWarpDemandsOnDevice(
          D, Lat, M, Identity ? 0 : Order.address(), L);
      ASSERT_EQ(Got.size(), Host.size());
      std::size_t Differ = 0, First = Got.size();
      for (std::size_t W = 0; W < Got.size(); ++W)
        if ((Got[W].Issue != Host[W].Issue ||
             Got[W].Memory != Host[W].Memory) &&
            Differ++ == 0)
          First = W;
      ASSERT_EQ(Differ, 0u)
          << "memory side " << (M != nullptr) << ", identity " << Identity
          << ": first at warp " << First << ", device " << Got[First].Issue
          << "/" << Got[First].Memory << ", host " << Host[First].Issue << "/"
          << Host[First].Memory;
    }
}

TEST_F(DeviceRegrouping, SampledWarpDemandsAreTheHostsBitForBit) {
  Profile P = makeProfile(50000, {1, 3, 40, 1}, 2, 8);
  std::vector<double> Lat = {20.5, 3.25, 7.125, 40};
  MemorySystem Mem;
  Mem.Sites = {{2, 4}, {1, 8}};
  Mem.Cost = {0.0306, 1.0, 0.25, "test"};
  LaunchShape L;
  L.ThreadsPerBlock = 128; // 391 CTAs, the last partial.
  L.SMs = 132;
  L.BlocksPerSM = 8;
  std::vector<std::uint32_t> Ctas = {390, 0, 7, 7, 200};
  auto Words = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, P.Words);
  gpu::DeviceProfile D{Words.address(), P.Set.Threads, P.Set.Blocks,
                       P.Set.Sites};
  std::vector<std::uint32_t> Sorted =
      regroupThreads(P.Set, Lat, RegroupAlgorithm::Sorting);
  auto Order = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, Sorted);
  std::vector<WarpDemand> Host =
      getWarpDemands(P.Set, Lat, &Mem, Sorted, L, &Ctas);
  std::vector<WarpDemand> Got =
      gpu::getWarpDemandsOnDevice(D, Lat, &Mem, Order.address(), L, &Ctas);
  ASSERT_EQ(Got.size(), Host.size());
  for (std::size_t W = 0; W < Got.size(); ++W) {
    EXPECT_EQ(Got[W].Issue, Host[W].Issue) << "warp " << W;
    EXPECT_EQ(Got[W].Memory, Host[W].Memory) << "warp " << W;
  }
  std::vector<std::uint32_t> Far = {391};
  EXPECT_THROW(gpu::getWarpDemandsOnDevice(D, Lat, &Mem, 0, L, &Far),
               std::invalid_argument);
}

/// Uploads P and checks the device's Algorithm order, merged in chunks of
/// Chunk groups, against the host's, element for element.
void expectSameRegrouping(Context &Ctx, const Profile &P,
                          const std::vector<double> &Lat,
                          RegroupAlgorithm Algorithm, std::uint32_t Chunk,
                          bool OneChunk) {
  auto Words = DeviceBuffer<std::uint32_t>::fromHost(Ctx, P.Words);
  DeviceBuffer<std::uint32_t> Order(Ctx, P.Set.Threads);
  gpu::DeviceProfile D{Words.address(), P.Set.Threads, P.Set.Blocks,
                       P.Set.Sites};
  gpu::RegroupStats Stats =
      gpu::regroupOnDevice(D, Lat, Algorithm, 32, Chunk, Order.address());
  EXPECT_EQ(Stats.OneChunk, OneChunk) << Stats.OpenGroups << " open groups";
  std::vector<std::uint32_t> Host =
      regroupThreads(P.Set, Lat, Algorithm, 32, Chunk);
  std::vector<std::uint32_t> Got = Order.download();
  ASSERT_EQ(Got.size(), Host.size());
  std::size_t Differ = 0, First = Got.size();
  for (std::size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != Host[I] && Differ++ == 0)
      First = I;
  EXPECT_EQ(Differ, 0u) << getRegroupAlgorithmName(Algorithm) << ", chunks of "
                        << Chunk << ": first at position " << First
                        << ": device " << Got[First] << ", host "
                        << Host[First];
}

TEST_F(DeviceRegrouping, GreedyOfFewClassesIsTheHostsElementForElement) {
  // Few classes, big ones: whole warps and a handful of remainders.
  Profile P = makeProfile(100000, {1, 3, 1, 4}, 1, 9);
  std::vector<double> Lat = {3, 17.5, 1, 2.25};
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax})
    expectSameRegrouping(*Ctx, P, Lat, A, gpu::DefaultChunkGroups, true);
}

TEST_F(DeviceRegrouping, GreedyOfOneLineIsTheHostsGreedyElementForElement) {
  // About 2000 classes of 1-60 threads; one chunk: the host's Greedy.
  Profile P = makeProfile(60000, {1, 40, 50, 1}, 1, 10);
  std::vector<double> Lat = {3, 17.5, 1.125, 2.25};
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax})
    expectSameRegrouping(*Ctx, P, Lat, A, 0, true);
}

TEST_F(DeviceRegrouping, GreedyInChunksIsTheHostsInChunksElementForElement) {
  // Mostly distinct BBVs (a trip count of up to 2^20): remainders of one
  // or two threads, thousands of chunks, three rounds; a partial warp.
  Profile P = makeProfile(300001, {1, 2, 1u << 20, 3}, 2, 11);
  std::vector<double> Lat = {4, 30, 7.75, 1.5};
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax}) {
    expectSameRegrouping(*Ctx, P, Lat, A, gpu::DefaultChunkGroups, false);
    expectSameRegrouping(*Ctx, P, Lat, A, 37, false);
  }
}

TEST_F(DeviceRegrouping, SortingThroughRegroupOnDeviceIsSortThreadsOnDevice) {
  Profile P = makeProfile(5000, {1, 9, 300}, 0, 12);
  expectSameRegrouping(*Ctx, P, {1, 2, 3}, RegroupAlgorithm::Sorting, 0, true);
}

TEST_F(DeviceRegrouping, RegroupOnDeviceRejectsWhatTheHostRejects) {
  Profile P = makeProfile(64, {1, 2}, 0, 13);
  auto Words = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, P.Words);
  DeviceBuffer<std::uint32_t> Order(*Ctx, 64);
  gpu::DeviceProfile D{Words.address(), 64, 2, 0};
  EXPECT_THROW(gpu::regroupOnDevice(D, {1}, RegroupAlgorithm::Greedy, 32, 0,
                                    Order.address()),
               std::invalid_argument);
  EXPECT_THROW(gpu::regroupOnDevice(D, {1, 1}, RegroupAlgorithm::Greedy, 0, 0,
                                    Order.address()),
               std::invalid_argument);
  EXPECT_THROW(gpu::regroupOnDevice(D, {1, 1}, RegroupAlgorithm::Greedy, 32, 1,
                                    Order.address()),
               std::invalid_argument);
}

TEST_F(DeviceRegrouping, WarpDemandsRejectWhatDoesNotFit) {
  Profile P = makeProfile(64, {1, 2}, 1, 7);
  auto Words = DeviceBuffer<std::uint32_t>::fromHost(*Ctx, P.Words);
  gpu::DeviceProfile D{Words.address(), 64, 2, 1};
  LaunchShape L;
  L.ThreadsPerBlock = 32;
  L.SMs = 1;
  L.BlocksPerSM = 1;
  EXPECT_THROW(gpu::getWarpDemandsOnDevice(D, {1}, nullptr, 0, L),
               std::invalid_argument);
  MemorySystem Mem; // No sites, where the profile has one.
  EXPECT_THROW(gpu::getWarpDemandsOnDevice(D, {1, 1}, &Mem, 0, L),
               std::invalid_argument);
  L.WarpSize = 64;
  EXPECT_THROW(gpu::getWarpDemandsOnDevice(D, {1, 1}, nullptr, 0, L),
               std::invalid_argument);
}

} // namespace
