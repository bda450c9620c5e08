//===- RegroupingTest.cpp - Sorting, Greedy, Greedy-Max on known BBVs -----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Warps of 4 lanes; each expected order is derived in the comment above it.
//
//===----------------------------------------------------------------------===//

#include "runtime/Regrouping.h"
#include "runtime/AmortizedPlan.h"
#include "runtime/DivergenceModel.h"
#include "runtime/RegroupPlan.h"

#include "BbvRows.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

using namespace divopt::runtime;
using divopt::runtime::test::makeSet;

namespace {

using Order = std::vector<std::uint32_t>;

/// One block of latency 1: a thread's row is its trip count.
BbvSet trips(const std::vector<std::uint32_t> &T) {
  std::vector<std::vector<std::uint32_t>> Rows;
  for (std::uint32_t N : T)
    Rows.push_back({N});
  return makeSet(Rows);
}

bool isPermutation(Order O, std::size_t N) {
  std::sort(O.begin(), O.end());
  for (std::size_t I = 0; I < N; ++I)
    if (O.size() != N || O[I] != I)
      return false;
  return true;
}

TEST(Regrouping, NamesRoundTrip) {
  for (auto A : {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
                 RegroupAlgorithm::GreedyMax})
    EXPECT_EQ(parseRegroupAlgorithm(getRegroupAlgorithmName(A)), A);
  EXPECT_FALSE(parseRegroupAlgorithm("greedy_max"));
}

TEST(Regrouping, SortingIsLexicographicDescendingAndStable) {
  // Block 1 spans 9 counts, block 0 one: rows compare on block 1 first,
  // then block 0, heavier first: {0,9} > {1,2} = {1,2} > {1,0}, equal rows
  // in thread order.
  BbvSet S = makeSet({{1, 2}, {0, 9}, {1, 0}, {1, 2}});
  EXPECT_EQ(regroupThreads(S, {1, 1}, RegroupAlgorithm::Sorting, 4),
            (Order{1, 0, 3, 2}));
}

/// The order std::stable_sort gives the rows, descending, their columns
/// taken widest span first (equal spans in index order): Sorting's
/// definition.
Order getStableSortOrder(const std::vector<std::vector<std::uint32_t>> &Rows) {
  std::size_t Width = Rows.empty() ? 0 : Rows[0].size();
  std::vector<std::uint32_t> Span(Width);
  for (std::size_t C = 0; C < Width; ++C) {
    auto [Lo, Hi] = std::minmax_element(
        Rows.begin(), Rows.end(),
        [C](const auto &A, const auto &B) { return A[C] < B[C]; });
    Span[C] = (*Hi)[C] - (*Lo)[C];
  }
  std::vector<std::size_t> Cols(Width);
  std::iota(Cols.begin(), Cols.end(), 0);
  std::stable_sort(Cols.begin(), Cols.end(), [&](std::size_t A, std::size_t B) {
    return Span[A] > Span[B];
  });
  Order O(Rows.size());
  std::iota(O.begin(), O.end(), 0u);
  std::stable_sort(O.begin(), O.end(), [&](std::uint32_t A, std::uint32_t B) {
    for (std::size_t C : Cols)
      if (Rows[A][C] != Rows[B][C])
        return Rows[A][C] > Rows[B][C];
    return false;
  });
  return O;
}

TEST(Regrouping, SortingTakesTheWidestColumnFirstWhateverTheNumbering) {
  // An unrolled loop: a remainder block (trips % 8) and the body (trips /
  // 8). Long threads (remainder 2, body 1000) and short ones (remainder 4,
  // body 30): in index order the remainder decided, short first. The
  // body's span is wider: long first, and the same with the columns
  // swapped.
  std::vector<std::vector<std::uint32_t>> Rows, Swapped;
  for (int I = 0; I < 64; ++I) {
    bool Long = I % 8 == 0;
    Rows.push_back({Long ? 2u : 4u, Long ? 1000u : 30u});
    Swapped.push_back({Rows.back()[1], Rows.back()[0]});
  }
  Order Want;
  for (std::uint32_t I = 0; I < 64; I += 8)
    Want.push_back(I);
  for (std::uint32_t I = 0; I < 64; ++I)
    if (I % 8 != 0)
      Want.push_back(I);
  EXPECT_EQ(regroupThreads(makeSet(Rows), {1, 1}, RegroupAlgorithm::Sorting),
            Want);
  EXPECT_EQ(regroupThreads(makeSet(Swapped), {1, 1}, RegroupAlgorithm::Sorting),
            Want);
  EXPECT_EQ(getSortingColumns({5, 5}, {5, 5}), (Order{})); // None varies.
  EXPECT_EQ(getSortingColumns({2, 30, 7}, {4, 1000, 9}), (Order{1, 0, 2}));
}

TEST(Regrouping, SortingManyDistinctBbvsMatchesAStableSort) {
  // 20000 threads, most rows distinct (past the hashing path's 4096
  // classes), two varying blocks and a constant one: the column-sort path
  // must give exactly std::stable_sort's lexicographic order.
  std::mt19937 Rng(11);
  std::vector<std::vector<std::uint32_t>> Rows;
  for (int I = 0; I < 20000; ++I)
    Rows.push_back({1, static_cast<std::uint32_t>(Rng() % 300),
                    static_cast<std::uint32_t>(Rng() % 300)});
  BbvSet S = makeSet(Rows);
  Order Want = getStableSortOrder(Rows);
  EXPECT_EQ(regroupThreads(S, {1, 1, 1}, RegroupAlgorithm::Sorting), Want);
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax})
    EXPECT_TRUE(isPermutation(regroupThreads(S, {1, 1, 1}, A), S.Threads));
}

TEST(Regrouping, SortingRowsTooWideToPackMatchesAStableSort) {
  // Three columns of full 32-bit counts (96 bits, past the packed-key
  // path's 64): the column-sort path, same order as std::stable_sort.
  std::mt19937 Rng(12);
  std::vector<std::vector<std::uint32_t>> Rows;
  for (int I = 0; I < 6000; ++I)
    Rows.push_back({static_cast<std::uint32_t>(Rng() % 3) << 30,
                    static_cast<std::uint32_t>(Rng()),
                    static_cast<std::uint32_t>(Rng())});
  BbvSet S = makeSet(Rows);
  Order Want = getStableSortOrder(Rows);
  EXPECT_EQ(regroupThreads(S, {1, 1, 1}, RegroupAlgorithm::Sorting), Want);
}

/// FNV-1a of an order, to pin a large result in a few bytes.
std::uint64_t fingerprint(const Order &O) {
  std::uint64_t H = 1469598103934665603ull;
  for (std::uint32_t V : O)
    H = (H ^ V) * 1099511628211ull;
  return H;
}

TEST(Regrouping, DistinctBbvsGiveThePinnedOrders) {
  // 40000 threads of trip counts in [0, 5000) as an unrolled loop's BBV
  // (body runs trips / 8, remainder trips % 8): most rows distinct. The
  // fingerprints pin the orders (first those of d494887's comparison
  // sorts and tuple heap; Sorting descending and Greedy's groups in that
  // order since regroup4): a faster sort or heap must not change a single
  // position.
  std::mt19937 Rng(13);
  std::vector<std::vector<std::uint32_t>> Rows;
  for (int I = 0; I < 40000; ++I) {
    std::uint32_t Trips = Rng() % 5000;
    Rows.push_back({1, Trips / 8, Trips % 8});
  }
  BbvSet S = makeSet(Rows);
  std::vector<double> Lat = {3, 20, 2.5};
  EXPECT_EQ(fingerprint(regroupThreads(S, Lat, RegroupAlgorithm::Sorting, 32)),
            0xc24ef60e232503e1ull);
  EXPECT_EQ(fingerprint(regroupThreads(S, Lat, RegroupAlgorithm::Greedy, 32)),
            0x3a75be17f82efd2bull);
  EXPECT_EQ(
      fingerprint(regroupThreads(S, Lat, RegroupAlgorithm::GreedyMax, 32)),
      0x3a75be17f82efd2bull);
}

TEST(Regrouping, GreedyKeepsLexicographicGroupsGreedyMaxPutsLongFirst) {
  // Trips 1 in threads {1,3,6,7} and 5 in {0,2,4,5}: two pure warps. Greedy
  // keeps Sorting's descending lexicographic order (5s first), Greedy-Max
  // the latency order (the same here).
  BbvSet S = trips({5, 1, 5, 1, 5, 5, 1, 1});
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::Sorting, 4),
            (Order{0, 2, 4, 5, 1, 3, 6, 7}));
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 4),
            (Order{0, 2, 4, 5, 1, 3, 6, 7}));
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::GreedyMax, 4),
            (Order{0, 2, 4, 5, 1, 3, 6, 7}));
}

TEST(Regrouping, GreedyMergesTheCheapestNeighboursFirst) {
  // Remainders (pairs) of trips 10, 9, 2, 1, in latency order. Merge costs
  // per thread: 10+9 -> (10 - 10 - 9) / 4 = -2.25, 9+2 -> -0.5, 2+1 ->
  // -0.25. {10,9} closes a warp first, then {2,1}: warps cost 10 + 2 = 12.
  // (Sorting pairs 1 with 2 and 9 with 10 too, in the other order.)
  BbvSet S = trips({2, 10, 1, 9, 10, 2, 9, 1});
  Order G = regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 4);
  // Groups in descending lexicographic rank: {10,9} holds the largest row;
  // inside a group, members keep the latency order of the merge (10s,
  // then 9s).
  EXPECT_EQ(G, (Order{1, 4, 3, 6, 0, 5, 2, 7}));
  LaunchShape L{4, 4, 1, 1};
  EXPECT_DOUBLE_EQ(getBbvWeighted(S, {1}, G, L), 12);
  // Unregrouped: {2,10,1,9} -> 10, {10,2,9,1} -> 10.
  EXPECT_DOUBLE_EQ(getBbvWeighted(S, {1}, {}, L), 20);
  Order M = regroupThreads(S, {1}, RegroupAlgorithm::GreedyMax, 4);
  EXPECT_EQ(M, (Order{1, 4, 3, 6, 0, 5, 2, 7}));
}

TEST(Regrouping, GreedyWithoutWholeWarpsStillPermutes) {
  // Six threads, warps of 4: one group stays open and goes last.
  BbvSet S = trips({3, 1, 3, 1, 2, 2});
  for (auto A : {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
                 RegroupAlgorithm::GreedyMax})
    EXPECT_TRUE(isPermutation(regroupThreads(S, {1}, A, 4), 6))
        << getRegroupAlgorithmName(A);
}

TEST(Regrouping, SkewedTripCountsGainWhatTheModelPredicts) {
  // 1 thread in 8 runs 64 trips, the others 1, scattered: almost every warp
  // of 32 holds a long thread. Regrouped, 1 warp in 8 is long.
  std::mt19937 Rng(7);
  std::vector<std::uint32_t> T(32 * 64);
  for (auto &N : T)
    N = Rng() % 8 == 0 ? 64 : 1;
  BbvSet S = trips(T);
  LaunchShape L{128, 32, 4, 2};
  std::size_t Long = std::count(T.begin(), T.end(), 64u);
  // Best possible: the long threads fill ceil(Long / 32) warps (a mixed one
  // costs 64 too), the other warps cost 1; over 4 SMs.
  std::size_t LongWarps = (Long + 31) / 32;
  double Best = (LongWarps * 64.0 + (64 - LongWarps)) / 4;
  double Base = getBbvWeighted(S, {1}, {}, L);
  EXPECT_GT(Base / Best, 6.0); // (7/8)^32: 1.4% of warps hold no long one.
  for (auto A : {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
                 RegroupAlgorithm::GreedyMax}) {
    Order O = regroupThreads(S, {1}, A, 32);
    ASSERT_TRUE(isPermutation(O, T.size())) << getRegroupAlgorithmName(A);
    EXPECT_DOUBLE_EQ(getBbvWeighted(S, {1}, O, L), Best)
        << getRegroupAlgorithmName(A);
  }
}

TEST(Regrouping, SortingAndGreedyMaxStartTheLongCtasFirst) {
  // Ascending order would start the long CTAs last and leave a tail;
  // Sorting (descending) and Greedy-Max (by latency) start them first, and
  // the scheduled metric sees the difference.
  std::vector<std::uint32_t> T;
  Order Ascending, Long;
  for (std::uint32_t I = 0; I < 32 * 16; ++I) {
    T.push_back(I % 16 == 0 ? 100 : 1);
    (I % 16 == 0 ? Long : Ascending).push_back(I);
  }
  Ascending.insert(Ascending.end(), Long.begin(), Long.end());
  BbvSet S = trips(T);
  LaunchShape L{32, 32, 4, 1};
  double Late = getBbvWeightedScheduled(S, {1}, Ascending, L);
  double Sorted = getBbvWeightedScheduled(
      S, {1}, regroupThreads(S, {1}, RegroupAlgorithm::Sorting, 32), L);
  double Max = getBbvWeightedScheduled(
      S, {1}, regroupThreads(S, {1}, RegroupAlgorithm::GreedyMax, 32), L);
  EXPECT_LT(Sorted, Late);
  EXPECT_DOUBLE_EQ(Max, Sorted);
}

TEST(RegroupPlan, AppliesOnlyWhenTheScheduledMetricPredictsAGain) {
  // Alternating trips 5 and 1 in warps of 4, 8 threads, 1 SM: identity
  // 5 + 5 = 10, regrouped 1 + 5 = 6: 1.67x.
  BbvSet S = trips({5, 1, 5, 1, 1, 5, 1, 5});
  LaunchShape L{4, 4, 1, 1};
  RegroupPlan P = planRegrouping(S, {1}, L, L, RegroupAlgorithm::Greedy, 1.5);
  EXPECT_DOUBLE_EQ(P.Before.Scheduled, 10);
  EXPECT_DOUBLE_EQ(P.After.Scheduled, 6);
  EXPECT_DOUBLE_EQ(P.predictedScheduledSpeedup(), 10.0 / 6);
  EXPECT_TRUE(P.Apply);
  EXPECT_FALSE(
      planRegrouping(S, {1}, L, L, RegroupAlgorithm::Greedy, 1.7).Apply);
  // Already grouped: 5 + 1 either way, no gain, left alone.
  BbvSet G = trips({5, 5, 5, 5, 1, 1, 1, 1});
  EXPECT_FALSE(planRegrouping(G, {1}, L, L, RegroupAlgorithm::Sorting).Apply);
  // All-zero profile (nothing ran): nothing to predict, left alone.
  EXPECT_FALSE(
      planRegrouping(trips({0, 0, 0, 0}), {1}, L, L, RegroupAlgorithm::Sorting)
          .Apply);
}

TEST(RegroupPlan, AppliesOnlyWhenBothFirstWaveDealingsPredictAGain) {
  // CTAs of one warp of 4: latencies [10,10,1,1]; 2 SMs of 2 slots, one
  // warp at full speed. Dispatched {0,0,1,1}, SM 0 shares both 10s: 20.
  // Regrouped [10,1,10,1] (threads 0-3, 8-11, 4-7, 12-15): each SM gets a
  // 10 and a 1: 11, so 20/11. Round-robin: 11 before, and the regrouped
  // order puts both 10s on SM 0: 20, so 11/20. Left alone.
  BbvSet S = trips({10, 10, 10, 10, 10, 10, 10, 10, 1, 1, 1, 1, 1, 1, 1, 1});
  LaunchShape L{4, 4, 2, 2, 1, {0, 0, 1, 1}};
  Order O = {0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15};
  RegroupPlan P =
      evaluateRegrouping(S, {1}, L, L, RegroupAlgorithm::Sorting, O);
  EXPECT_DOUBLE_EQ(P.predictedScheduledSpeedup(), 20.0 / 11);
  EXPECT_DOUBLE_EQ(P.predictedRoundRobinSpeedup(), 11.0 / 20);
  EXPECT_FALSE(P.Apply);
  // Without a measured sequence the two are one prediction.
  L.FirstWaveSms.clear();
  P = evaluateRegrouping(S, {1}, L, L, RegroupAlgorithm::Sorting, O);
  EXPECT_DOUBLE_EQ(P.Before.ScheduledRoundRobin, P.Before.Scheduled);
  EXPECT_DOUBLE_EQ(P.predictedScheduledSpeedup(), 11.0 / 20);
}

TEST(RegroupPlan, MovingHeavyCtasFromTheFirstWaveToTheLastIsNoGain) {
  // vartrip-coherent in small: CTAs of one warp of 4, 2 SMs of 2 slots,
  // one warp at full speed; dispatched {0,0,1,1}. As launched, the two
  // heavy CTAs (10) come first; Sorting puts them last.
  BbvSet S = trips({10, 10, 10, 10, 10, 10, 10, 10, 1, 1, 1, 1, 1, 1, 1, 1,
                    1,  1,  1,  1,  1,  1,  1,  1,  1, 1, 1, 1, 1, 1, 1, 1});
  LaunchShape L{4, 4, 2, 2, 1, {0, 0, 1, 1}};
  Order Last(32);
  std::iota(Last.begin(), Last.end(), 0u);
  std::rotate(Last.begin(), Last.begin() + 8, Last.end());
  RegroupPlan P =
      evaluateRegrouping(S, {1}, L, L, RegroupAlgorithm::Sorting, Last);
  // Measured sequence, heavy first: SM 0 takes both 10s and shares them,
  // 20; SM 1 runs the six 1s in pairs. Heavy last: the four 1s of the
  // first wave end at 2 on both SMs, the freed slots are dealt evenly, a 1
  // and a 10 each: the 1 ends at 4, the 10 (9 left) at 13. 20/13 = 1.54x.
  EXPECT_DOUBLE_EQ(P.Before.Scheduled, 20);
  EXPECT_DOUBLE_EQ(P.After.Scheduled, 13);
  // Round-robin: heavy first already puts a 10 on each SM (13): 1.00x.
  EXPECT_DOUBLE_EQ(P.Before.ScheduledRoundRobin, 13);
  EXPECT_DOUBLE_EQ(P.After.ScheduledRoundRobin, 13);
  // The hardware ran such orders alike (run 4: 0.99x): the plan predicts
  // the smaller, and leaves the launch alone.
  EXPECT_DOUBLE_EQ(P.predictedSpeedup(), 1.0);
  EXPECT_FALSE(P.Apply);
  EXPECT_FALSE(decideAmortized(P, 100, {}, 100).Apply);
}

TEST(Regrouping, RejectsInputsThatDoNotFit) {
  BbvSet S = trips({1, 2});
  EXPECT_THROW(regroupThreads(S, {1, 1}, RegroupAlgorithm::Greedy, 32),
               std::invalid_argument);
  EXPECT_THROW(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 0),
               std::invalid_argument);
  // A chunk of one group could never merge anything.
  EXPECT_THROW(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 32, 1),
               std::invalid_argument);
}

TEST(Regrouping, GreedyInChunksMergesAcrossChunksInTheNextRound) {
  // Thread t runs t + 1 trips: eight singleton groups, the line 8 7 ... 1
  // (trips). Two singletons a > b merge at (a - a - b) / 2 = -b / 2.
  BbvSet S = trips({1, 2, 3, 4, 5, 6, 7, 8});
  // One line: (8,7) at -3.5, then (8+7,6) at -2 loses to (6,5) at -2.5;
  // (87,65) at (8 - 8 - 6) / 4 = -1.5 ties (4,3), the lower position
  // first: 8765 closes. Then (4,3), (43,2) at -2/3, (432,1) at -1/4:
  // 4321 closes. Greedy lays them out by rank (place in the sorted order,
  // descending): 8765 (threads 7 6 5 4), then 4321.
  Order One = {7, 6, 5, 4, 3, 2, 1, 0};
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 4), One);
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 4, 8), One);
  // Chunks of 3: [8 7 6] leaves 876 open, [5 4 3] 543, [2 1] 21. The next
  // round's line 876 543 21: (876,543) at (2*8 - 8 - 5) / 6 = 0.5 before
  // (543,21) at 0.6, then (876543,21) at (16 - 16 - 2) / 8 = -0.25: one
  // group of two warps, its chain 876 543 21.
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::Greedy, 4, 3),
            (Order{7, 6, 5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(regroupThreads(S, {1}, RegroupAlgorithm::GreedyMax, 4, 3),
            (Order{7, 6, 5, 4, 3, 2, 1, 0}));
}

TEST(Regrouping, GreedyInChunksIsGreedyWhenOneChunkHoldsTheLine) {
  std::mt19937 Rng(11);
  auto Draw = [&](std::uint32_t N) {
    return static_cast<std::uint32_t>(Rng() % N);
  };
  std::vector<std::vector<std::uint32_t>> Rows;
  for (int T = 0; T < 3000; ++T)
    Rows.push_back({1, Draw(3), Draw(200), Draw(2)});
  BbvSet S = makeSet(Rows);
  std::vector<double> Lat = {4, 7.5, 1.25, 30};
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax}) {
    Order Whole = regroupThreads(S, Lat, A, 32);
    // At most 3 x 200 x 2 classes, one open group each.
    EXPECT_EQ(regroupThreads(S, Lat, A, 32, 1200), Whole);
    Order Chunked = regroupThreads(S, Lat, A, 32, 16);
    EXPECT_TRUE(isPermutation(Chunked, S.Threads));
    EXPECT_NE(Chunked, Whole);
  }
}

} // namespace
