//===- GreedyPipelineTest.cpp - Greedy's device steps, run on the host ----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// runtime/gpu/GreedyPipeline.h with an executor that runs each step in a
// host loop and the scans and sorts with the standard library: its orders
// must be regroupThreads' (Regrouping.cpp), element for element, for every
// kind of profile, warp size and chunk size. The GPU test then checks that
// the device's executor gives what this one gives.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/GreedyPipeline.h"

#include "runtime/Regrouping.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <random>

using namespace divopt::runtime;
using namespace divopt::runtime::gpu;

namespace {

template <typename T> struct HostBuffer {
  std::vector<T> V;
  T *get() { return V.data(); }
};

/// The steps in host loops, in task order; scans and stable sorts from the
/// standard library.
class HostExecutor {
public:
  HostExecutor(const steps::Rows &R, std::size_t N) : R(R), N(N) {}

  template <typename T> HostBuffer<T> alloc(std::size_t Size) {
    return {std::vector<T>(Size)};
  }
  template <typename Fn>
  void each(std::size_t Tasks, const Fn &F, const char *) {
    ++Steps;
    for (std::size_t I = 0; I < Tasks; ++I)
      F(I);
  }
  template <typename Fn>
  void eachSerial(std::size_t Tasks, const Fn &F, const char *Name) {
    each(Tasks, F, Name);
  }
  void inclusiveSum(const std::uint32_t *In, std::uint32_t *Out,
                    std::size_t Size) {
    std::partial_sum(In, In + Size, Out);
  }
  void exclusiveSum(const std::uint32_t *In, std::uint32_t *Out,
                    std::size_t Size) {
    std::exclusive_scan(In, In + Size, Out, 0u);
  }
  void sortDescending(const double *KeysIn, double *KeysOut,
                      const std::uint32_t *ValuesIn, std::uint32_t *ValuesOut,
                      std::size_t Size) {
    std::vector<std::size_t> I(Size);
    std::iota(I.begin(), I.end(), 0);
    std::stable_sort(I.begin(), I.end(), [&](std::size_t A, std::size_t B) {
      return KeysIn[A] > KeysIn[B];
    });
    for (std::size_t P = 0; P < Size; ++P) {
      KeysOut[P] = KeysIn[I[P]];
      ValuesOut[P] = ValuesIn[I[P]];
    }
  }
  void sortThreads(std::uint32_t *Sorted) {
    std::vector<std::uint32_t> Least(R.Blocks, ~0u), Most(R.Blocks, 0);
    for (std::size_t T = 0; T < N; ++T)
      for (std::size_t C = 0; C < R.Blocks; ++C) {
        Least[C] = std::min(Least[C], R.row(T)[C]);
        Most[C] = std::max(Most[C], R.row(T)[C]);
      }
    std::vector<std::uint32_t> Cols = getSortingColumns(Least, Most);
    std::iota(Sorted, Sorted + N, 0u);
    std::stable_sort(Sorted, Sorted + N, [&](std::uint32_t A, std::uint32_t B) {
      for (std::uint32_t C : Cols)
        if (R.row(A)[C] != R.row(B)[C])
          return R.row(A)[C] > R.row(B)[C];
      return false;
    });
  }
  std::uint32_t read(const std::uint32_t *P) { return *P; }
  std::vector<std::uint32_t> download(const std::uint32_t *P,
                                      std::size_t Size) {
    return std::vector<std::uint32_t>(P, P + Size);
  }
  void upload(std::uint32_t *P, const std::vector<std::uint32_t> &V) {
    std::copy(V.begin(), V.end(), P);
  }
  template <typename T> void zero(T *P, std::size_t Size) {
    std::fill(P, P + Size, T());
  }
  void mark(GreedyStep S) { Marks.push_back(static_cast<unsigned>(S)); }
  void finish(RegroupStats &) {}

  std::vector<unsigned> Marks;

  unsigned Steps = 0;

private:
  steps::Rows R;
  std::size_t N;
};

/// Rows as the counting copy writes them: Blocks counts (column B drawn
/// from [0, Spans[B])), then two words per access site.
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
      std::uint64_t A = 0x10000000ull + 4 * T;
      P.Set.Addresses.push_back(A);
      P.Words.push_back(static_cast<std::uint32_t>(A));
      P.Words.push_back(static_cast<std::uint32_t>(A >> 32));
    }
  }
  return P;
}

/// The pipeline's order of P with the host executor.
std::vector<std::uint32_t> runOnHost(const Profile &P,
                                     const std::vector<double> &Lat,
                                     RegroupAlgorithm A, std::uint32_t Warp,
                                     std::uint32_t Chunk,
                                     RegroupStats *Stats = nullptr) {
  steps::Rows R{P.Words.data(), P.Set.Blocks + 2 * P.Set.Sites,
                static_cast<std::uint32_t>(P.Set.Blocks)};
  HostExecutor X(R, P.Set.Threads);
  std::vector<std::uint32_t> Order(P.Set.Threads, greedy::None);
  RegroupStats S =
      runGreedyPipeline(X, R, P.Set.Threads, Lat.data(), Warp,
                        A == RegroupAlgorithm::GreedyMax, Chunk, Order.data());
  if (Stats)
    *Stats = S;
  return Order;
}

void expectSame(const Profile &P, const std::vector<double> &Lat,
                std::uint32_t Warp, std::uint32_t Chunk, const char *What) {
  for (auto A : {RegroupAlgorithm::Greedy, RegroupAlgorithm::GreedyMax})
    ASSERT_EQ(runOnHost(P, Lat, A, Warp, Chunk),
              regroupThreads(P.Set, Lat, A, Warp, Chunk))
        << What << ", " << getRegroupAlgorithmName(A) << ", warps of " << Warp
        << ", chunks of " << Chunk;
}

TEST(GreedyPipeline, IsRegroupThreadsOnEveryKindOfProfile) {
  std::mt19937 Rng(5);
  for (unsigned Seed = 0; Seed < 120; ++Seed) {
    std::size_t Threads = 1 + Rng() % 4000;
    std::vector<std::uint32_t> Spans(1 + Rng() % 4);
    for (std::uint32_t &S : Spans)
      S = Rng() % 3 == 0 ? 1 + Rng() % 2000 : 1 + Rng() % 4;
    Profile P = makeProfile(Threads, Spans, Rng() % 3, Seed);
    std::vector<double> Lat;
    for (std::size_t B = 0; B < Spans.size(); ++B)
      Lat.push_back((Rng() % 1000) * 0.173);
    std::uint32_t Warp = Rng() % 2 ? 32 : 1 + Rng() % 40;
    std::uint32_t Chunk = Rng() % 3 == 0 ? 0 : 2 + Rng() % 60;
    expectSame(P, Lat, Warp, Chunk, ("seed " + std::to_string(Seed)).c_str());
  }
}

TEST(GreedyPipeline, WholeWarpsOnlyAndOneClass) {
  // 4096 threads of two classes of whole warps: nothing open to merge.
  Profile Whole = makeProfile(4096, {1, 2}, 0, 1);
  RegroupStats S;
  runOnHost(Whole, {1, 5}, RegroupAlgorithm::GreedyMax, 32, 256, &S);
  expectSame(Whole, {1, 5}, 32, 256, "two classes");
  // One class (every row alike), a partial warp: the identity.
  Profile One = makeProfile(1000, {1, 1}, 1, 2);
  std::vector<std::uint32_t> Identity(1000);
  std::iota(Identity.begin(), Identity.end(), 0u);
  EXPECT_EQ(runOnHost(One, {1, 1}, RegroupAlgorithm::Greedy, 32, 0, &S),
            Identity);
  EXPECT_EQ(S.Classes, 1u);
  EXPECT_EQ(S.OpenGroups, 1u);
}

TEST(GreedyPipeline, ReportsClassesOpenGroupsAndRounds) {
  // Trip counts 0..9999, each once: 10000 classes, 10000 open singletons;
  // chunks of 100: 100 chunks, then their 100 leftovers (or fewer) in one.
  std::vector<std::uint32_t> Spans = {1, 10000};
  Profile P = makeProfile(10000, Spans, 0, 3);
  for (std::uint32_t T = 0; T < 10000; ++T)
    P.Set.Counts[2 * T + 1] = P.Words[2 * T + 1] = T;
  RegroupStats S;
  std::vector<double> Lat = {2, 3};
  std::vector<std::uint32_t> Order =
      runOnHost(P, Lat, RegroupAlgorithm::GreedyMax, 32, 100, &S);
  EXPECT_EQ(S.Classes, 10000u);
  EXPECT_EQ(S.OpenGroups, 10000u);
  EXPECT_EQ(S.Rounds, 2u);
  EXPECT_EQ(S.Chunk, 100u);
  EXPECT_EQ(S.FirstChunks, 100u);
  EXPECT_FALSE(S.OneChunk);
  EXPECT_EQ(Order,
            regroupThreads(P.Set, Lat, RegroupAlgorithm::GreedyMax, 32, 100));
  runOnHost(P, Lat, RegroupAlgorithm::GreedyMax, 32, 0, &S);
  EXPECT_EQ(S.Rounds, 1u);
  EXPECT_EQ(S.Chunk, 10000u);
  EXPECT_EQ(S.FirstChunks, 1u);
  EXPECT_TRUE(S.OneChunk);
}

TEST(GreedyPipeline, MarksEveryStepInOrderForTheDevicesTimings) {
  Profile P = makeProfile(5000, {1, 3, 200}, 1, 4);
  steps::Rows R{P.Words.data(), P.Set.Blocks + 2 * P.Set.Sites,
                static_cast<std::uint32_t>(P.Set.Blocks)};
  std::vector<double> Lat = {1, 2, 3};
  std::vector<std::uint32_t> Order(P.Set.Threads);
  std::vector<unsigned> Steps(NumGreedySteps);
  std::iota(Steps.begin(), Steps.end(), 0u);
  for (bool Max : {false, true}) {
    HostExecutor X(R, P.Set.Threads);
    runGreedyPipeline(X, R, P.Set.Threads, Lat.data(), 32, Max, 64,
                      Order.data());
    EXPECT_EQ(X.Marks, Steps);
  }
  EXPECT_STREQ(getGreedyStepName(3), "merge");
}

TEST(GreedyPipeline, LargeProfileWithManyChunksIsRegroupThreads) {
  // The device test's large case: mostly distinct BBVs, a partial warp.
  Profile P = makeProfile(300001, {1, 2, 1u << 20, 3}, 2, 11);
  std::vector<double> Lat = {4, 30, 7.75, 1.5};
  expectSame(P, Lat, 32, 256, "300001 threads");
}

TEST(GreedyPipeline, RanksChainsOfManyRunsByPointerJumping) {
  // The merge's later rounds leave chains of many thousand runs; the
  // layout ranks them in log2 rounds. Chains: 0 -> 2 -> 4 -> ... (the even
  // slots, one long chain), the odd slots alone; runs of 1 + S % 7.
  const std::uint32_t Slots = 100001;
  std::vector<std::uint32_t> Next(Slots, greedy::None), Run(Slots);
  for (std::uint32_t S = 0; S < Slots; ++S) {
    Run[S] = 1 + S % 7;
    if (S % 2 == 0 && S + 2 < Slots)
      Next[S] = S + 2;
  }
  std::vector<std::uint8_t> Merged(Slots, 0);
  std::vector<std::uint32_t> Pred(Slots), Up(Slots), Before(Slots),
      UpOut(Slots), BeforeOut(Slots);
  for (std::uint32_t S = 0; S < Slots; ++S)
    steps::ChainLinks{Next.data(), Merged.data(), Pred.data()}(S);
  for (std::uint32_t S = 0; S < Slots; ++S)
    steps::ChainStart{Merged.data(), Pred.data(), Run.data(), Up.data(),
                      Before.data()}(S);
  EXPECT_EQ(steps::getChainJumpRounds(Slots), 17u);
  EXPECT_EQ(steps::getChainJumpRounds(1), 0u);
  EXPECT_EQ(steps::getChainJumpRounds(2), 1u);
  for (unsigned J = steps::getChainJumpRounds(Slots); J > 0; --J) {
    for (std::uint32_t S = 0; S < Slots; ++S)
      steps::ChainJump{Up.data(), Before.data(), UpOut.data(),
                       BeforeOut.data()}(S);
    Up.swap(UpOut);
    Before.swap(BeforeOut);
  }
  std::uint32_t Sum = 0;
  for (std::uint32_t S = 0; S < Slots; ++S) {
    if (S % 2) {
      EXPECT_EQ(Up[S], S);
      EXPECT_EQ(Before[S], 0u);
      continue;
    }
    ASSERT_EQ(Up[S], 0u) << S;
    ASSERT_EQ(Before[S], Sum) << S;
    Sum += Run[S];
  }
}

} // namespace
