//===- MemoryTrafficTest.cpp - Transactions of a warp on known sets -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Warps of 4 lanes, one block, one access site in it; each expected count
// is derived in the comment above it.
//
//===----------------------------------------------------------------------===//

#include "runtime/MemoryTraffic.h"
#include "runtime/DivergenceModel.h"

#include "BbvRows.h"

#include "gtest/gtest.h"

#include <stdexcept>

using namespace divopt::runtime;
using divopt::runtime::test::makeSet;

namespace {

/// Thread t runs block 0 Counts[t] times; its access is at t * Stride.
BbvSet strided(const std::vector<std::uint32_t> &Counts, std::uint64_t Stride) {
  std::vector<std::vector<std::uint32_t>> Rows;
  for (std::uint32_t C : Counts)
    Rows.push_back({C});
  BbvSet S = makeSet(Rows);
  S.Sites = 1;
  for (std::size_t T = 0; T < S.Threads; ++T)
    S.Addresses.push_back(4096 + T * Stride);
  return S;
}

MemorySystem oneSite(double PerRequest, double PerLine, double PerSector) {
  MemorySystem M;
  M.Sites.push_back({0, 4});
  M.Cost = {PerRequest, PerLine, PerSector, "test"};
  return M;
}

WarpTraffic trafficOf(const BbvSet &S, std::vector<std::uint32_t> Lanes) {
  return getWarpTraffic(S, oneSite(0, 0, 0), Lanes.data(), Lanes.size());
}

TEST(MemoryTraffic, CoalescedLanesShareOneLineAndSector) {
  // Counts 1..4, 4-byte stride: one sector, touched while the busiest (4)
  // runs.
  WarpTraffic T = trafficOf(strided({1, 2, 3, 4}, 4), {0, 1, 2, 3});
  EXPECT_EQ(T.Requests, 4);
  EXPECT_EQ(T.Lines, 4);
  EXPECT_EQ(T.Sectors, 4);
}

TEST(MemoryTraffic, EachLaneItsOwnLineCountsEveryLaneRun) {
  // 128-byte stride: every lane its line and sector, 1 + 2 + 3 + 4 = 10.
  WarpTraffic T = trafficOf(strided({1, 2, 3, 4}, 128), {0, 1, 2, 3});
  EXPECT_EQ(T.Requests, 4);
  EXPECT_EQ(T.Lines, 10);
  EXPECT_EQ(T.Sectors, 10);
  // 32-byte stride: one line (4), four sectors (10).
  WarpTraffic U = trafficOf(strided({1, 2, 3, 4}, 32), {0, 1, 2, 3});
  EXPECT_EQ(U.Lines, 4);
  EXPECT_EQ(U.Sectors, 10);
}

TEST(MemoryTraffic, RegroupingScattersCoalescedNeighbours) {
  // 8 threads, 32-byte stride: threads 0-3 in one line, 4-7 in the next.
  // Interleaved {0,4,1,5}, each lane once: 2 lines instead of 1.
  BbvSet S = strided({1, 1, 1, 1, 1, 1, 1, 1}, 32);
  EXPECT_EQ(trafficOf(S, {0, 1, 2, 3}).Lines, 1);
  EXPECT_EQ(trafficOf(S, {0, 4, 1, 5}).Lines, 2);
}

TEST(MemoryTraffic, LanesThatNeverRanTheSiteTouchNothing) {
  // Lanes 1 and 3 never ran block 0: lines of lanes 0 and 2 only (1 + 3).
  WarpTraffic T = trafficOf(strided({1, 0, 3, 0}, 128), {0, 1, 2, 3});
  EXPECT_EQ(T.Lines, 4);
  EXPECT_EQ(T.Requests, 3);
}

TEST(MemoryTraffic, CostsAsThroughputAndAsWait) {
  // 4 requests, 10 lines, 10 sectors at 1, 2, 0.5 cycles: 4 + 20 + 5 = 29
  // of the pipeline; the wait beyond a line and a sector per request:
  // (10 - 4) x 2 + (10 - 4) x 0.5 = 15.
  WarpTraffic T{4, 10, 10};
  divopt::TransactionCost C{1, 2, 0.5, "test"};
  EXPECT_DOUBLE_EQ(getMemoryCycles(T, C), 29);
  EXPECT_DOUBLE_EQ(getSerializationCycles(T, C), 15);
}

LaunchShape shape(unsigned Tpb, unsigned Sms, unsigned Resident,
                  unsigned Concurrent) {
  LaunchShape L;
  L.ThreadsPerBlock = Tpb;
  L.WarpSize = 4;
  L.SMs = Sms;
  L.BlocksPerSM = Resident;
  L.ConcurrentWarps = Concurrent;
  return L;
}

TEST(MemoryTraffic, ManyUncoalescedWarpsAreBoundByTheMemoryPipeline) {
  // 32 threads, each once through a block of latency 10, 128-byte stride,
  // 1 cycle a line. A warp: 4 lines in 1 request, waits 3 more: issue 13,
  // memory 4. Alone (one CTA of one warp) it takes 13.
  BbvSet One = strided({1, 1, 1, 1}, 128);
  MemorySystem M = oneSite(0, 1, 0);
  auto Demands = getWarpDemands(One, {10}, &M, {}, shape(4, 1, 1, 16));
  ASSERT_EQ(Demands.size(), 1u);
  EXPECT_DOUBLE_EQ(Demands[0].Issue, 13);
  EXPECT_DOUBLE_EQ(Demands[0].Memory, 4);
  EXPECT_DOUBLE_EQ(
      getBbvWeightedScheduledFromDemands(Demands, shape(4, 1, 1, 16)), 13);
  // 8 such warps in one CTA on one SM that interleaves 16: issue alone
  // would end at 13, but they ask 8 x 4 / 13 memory cycles a cycle; at one
  // a cycle the SM needs all 32 memory cycles. BBV-weighted: the memory
  // total counts 16 warp-cycles a cycle, 512 over 104 of issue.
  BbvSet Eight = strided(std::vector<std::uint32_t>(32, 1), 128);
  LaunchShape L = shape(32, 1, 1, 16);
  auto All = getWarpDemands(Eight, {10}, &M, {}, L);
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduledFromDemands(All, L), 32);
  EXPECT_DOUBLE_EQ(getBbvWeightedFromDemands(All, L), 512);
  // Without the memory side: 10 each, all eight at full speed.
  EXPECT_DOUBLE_EQ(getBbvWeightedScheduled(Eight, {10}, {}, L), 10);
}

TEST(MemoryTraffic, RejectsSitesThatDoNotFitTheSet) {
  BbvSet S = strided({1, 1, 1, 1}, 4);
  MemorySystem Two = oneSite(0, 1, 0);
  Two.Sites.push_back({0, 4});
  EXPECT_THROW(getWarpDemands(S, {1}, &Two, {}, shape(4, 1, 1, 16)),
               std::invalid_argument);
  MemorySystem Far = oneSite(0, 1, 0);
  Far.Sites[0].Block = 1;
  EXPECT_THROW(getWarpDemands(S, {1}, &Far, {}, shape(4, 1, 1, 16)),
               std::invalid_argument);
}

} // namespace
