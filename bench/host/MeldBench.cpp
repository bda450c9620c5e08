//===- MeldBench.cpp - Control-flow melding beyond same-shape arms --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernels: bench/kernels/meld.cu and meld_hand.cu. The bitonic
// compare-and-swap whose arms share the swap block (block sizes 32-256),
// the merge step's short-circuit condition, the Monte Carlo step with arms
// of different control flow, the N-Queens backtracking step, the boundary
// crossing with mirrored arms, and guarded inner branches in a loop (arms
// that meld, and photon transport's arms that must be left alone). Each
// runs clang -O3, clang -O3 + DivOpt and the hand-transformed kernel on
// the same inputs; outputs must be bit-identical.
//
//===----------------------------------------------------------------------===//

#include "Benchmark.h"

#include "BenchEnvironment.h"
#include "ConfigRunner.h"
#include "Inputs.h"

#include "runtime/Launch.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

constexpr int ThreadsPerBlock = 256;
constexpr int MergeLen = 16; // Keys per run of a merge step.
constexpr int MonteCarloSteps = 64;
constexpr int SortSegmentsPerBlock = 8; // Bitonic: segments each block sorts.
constexpr int QueensBlock = 64;         // meld.cu's MeldQueensBlock.
constexpr int Queens = 10;              // meld.cu's MeldQueens.
constexpr int SearchBlock = 96;         // Meld.cuh's MeldSearchBlock.
constexpr int BoundarySteps = 64;
constexpr int GuardedSteps = 64;

class MeldBench : public Benchmark {
public:
  const char *getName() const override { return "meld"; }

  void run(BenchEnvironment &Env, ResultTable &Table) override {
    Count = Env.getThreadCount();
    for (int Block : {32, 64, 128, 256})
      runBitonic(Env, Table, Block);
    runMerge(Env, Table);
    runMonteCarlo(Env, Table);
    runNQueens(Env, Table);
    // The classic solver's kernel: its own layout (thread-major stacks) and
    // a row-major one, each with every SM full; then its own launch shape,
    // a block per SM, where nothing hides a step's latency.
    runQueenSearch(Env, Table, "meld_queens", 11, Count,
                   "N-Queens search: thread-major stacks, full grid",
                   "shape=backtracking;board=11;stacks=thread-major;grid=full;"
                   "block=96");
    runQueenSearch(Env, Table, "meld_queens_rowmajor", 11, Count,
                   "N-Queens search: row-major stacks, full grid",
                   "shape=backtracking;board=11;stacks=row-major;grid=full;"
                   "block=96");
    runQueenSearch(Env, Table, "meld_queens", 12,
                   Env.device().MultiprocessorCount * SearchBlock,
                   "N-Queens search: thread-major stacks, a block per SM",
                   "shape=backtracking;board=12;stacks=thread-major;grid=sm;"
                   "block=96");
    runBoundary(Env, Table);
    runGuarded(Env, Table, "meld_guarded", "guarded: inner arms alike",
               "shape=guarded;arms=alike");
    runGuarded(Env, Table, "meld_guarded_photon", "guarded: photon transport",
               "shape=guarded;arms=photon");
  }

private:
  LaunchConfig getLaunchConfig(int Block = ThreadsPerBlock) const {
    return makeLaunchConfig(getBlockCount(Count, Block), Block);
  }

  /// The compiler variants of Kernel and its hand-melded version.
  std::vector<Variant> makeVariants(BenchEnvironment &Env,
                                    const std::string &Kernel,
                                    const LaunchFunction &Launch) const {
    std::vector<Variant> V =
        makeCompilerVariants(Env, getName(), Kernel, Launch);
    // The kernels are written as applications are (`a * b + c`, sincosf):
    // nvcc contracts and computes sincosf its own way, so its outputs need
    // not match clang's bit for bit. Only clang's variants are compared.
    V.erase(
        std::remove_if(V.begin(), V.end(),
                       [](const Variant &X) { return X.Name == NvccVariant; }),
        V.end());
    // The guarded photon loop's hand version delays its iterations; the
    // others meld.
    const char *Hand =
        Kernel == "meld_guarded_photon" ? "hand-delay" : "hand-meld";
    V.push_back(makeVariant(Env, Hand, getHandPtxFileName(getName()),
                            {Kernel + "_hand"}, Launch));
    // The search step's melded form as DivOpt builds it when told to
    // (branch-dist<force>), where its cost model refuses: what accepting
    // would give, to weigh the refusal by.
    if (Kernel.rfind("meld_queens", 0) == 0)
      V.push_back(makeVariant(Env, "divopt-forced",
                              "meld.clang-O3-divopt-forced.ptx", {Kernel},
                              Launch));
    return V;
  }

  void runConfig(BenchEnvironment &Env, ResultTable &Table,
                 const std::string &Kernel, const std::string &Config,
                 const std::string &Params, DeviceBuffer<std::uint32_t> &Out,
                 const LaunchFunction &Launch, int Block = ThreadsPerBlock) {
    std::vector<Variant> Variants = makeVariants(Env, Kernel, Launch);
    ConfigRunner(Env, {getName(), Config, Params, Block}, Out, Variants)
        .run(Table);
  }

  /// Segments of Block keys, SortSegmentsPerBlock per block of the grid.
  void runBitonic(BenchEnvironment &Env, ResultTable &Table, int Block) {
    Context &Ctx = Env.context();
    const int Blocks = getBlockCount(Count, Block);
    const int Segments = Blocks * SortSegmentsPerBlock;
    const std::size_t Keys = std::size_t(Segments) * Block;
    auto In = DeviceBuffer<float>::fromHost(
        Ctx, makeUniformFloats(Keys, -1.0f, 1.0f, 0x3e1d1));
    DeviceBuffer<std::uint32_t> Out(Ctx, Keys);
    const LaunchConfig L = makeLaunchConfig(Blocks, Block);
    runConfig(
        Env, Table, "meld_bitonic",
        "bitonic: shared swap block, " + std::to_string(Block),
        "shape=shared-tail;block=" + std::to_string(Block), Out,
        [&In, &Out, L, Segments](const std::vector<Kernel> &K) {
          launch(K[0], L, In, Out, Segments);
        },
        Block);
  }

  /// Two sorted runs per thread, key E of thread T at E * Count + T.
  std::vector<float> makeRuns() const {
    std::vector<float> Keys = makeUniformFloats(
        std::size_t(2 * MergeLen) * Count, -1.0f, 1.0f, 0x3e1d2);
    std::vector<float> Run(MergeLen);
    for (int T = 0; T < Count; ++T)
      for (int R = 0; R < 2; ++R) {
        for (int E = 0; E < MergeLen; ++E)
          Run[E] = Keys[std::size_t(R * MergeLen + E) * Count + T];
        std::sort(Run.begin(), Run.end());
        for (int E = 0; E < MergeLen; ++E)
          Keys[std::size_t(R * MergeLen + E) * Count + T] = Run[E];
      }
    return Keys;
  }

  void runMerge(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto In = DeviceBuffer<float>::fromHost(Ctx, makeRuns());
    DeviceBuffer<std::uint32_t> Out(Ctx, std::size_t(2 * MergeLen) * Count);
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Len = MergeLen;
    char Params[64];
    std::snprintf(Params, sizeof(Params), "shape=short-circuit;len=%d",
                  MergeLen);
    runConfig(Env, Table, "meld_merge", "merge: short-circuit condition",
              Params, Out,
              [&In, &Out, L, N, Len](const std::vector<Kernel> &K) {
                launch(K[0], L, In, Out, N, Len);
              });
  }

  void runMonteCarlo(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x3e1d3));
    DeviceBuffer<std::uint32_t> Out(Ctx, 3 * std::size_t(Count));
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Steps = MonteCarloSteps;
    char Params[64];
    std::snprintf(Params, sizeof(Params), "shape=different-arms;steps=%d",
                  MonteCarloSteps);
    runConfig(Env, Table, "meld_montecarlo",
              "Monte Carlo: different-shape arms", Params, Out,
              [&Seeds, &Out, L, N, Steps](const std::vector<Kernel> &K) {
                launch(K[0], L, Seeds, Out, N, Steps);
              });
  }

  /// Two queens per thread in rows 0 and 1 that do not attack each
  /// other, as N * column1 + column0.
  std::vector<std::uint32_t> makeQueenStarts() const {
    std::vector<std::uint32_t> Valid;
    for (int C1 = 0; C1 < Queens; ++C1)
      for (int C0 = 0; C0 < Queens; ++C0)
        if (C1 < C0 - 1 || C1 > C0 + 1)
          Valid.push_back(Queens * C1 + C0);
    std::vector<std::uint32_t> Words = makeNonZeroWords(Count, 0x3e1d4);
    for (std::uint32_t &W : Words)
      W = Valid[W % Valid.size()];
    return Words;
  }

  void runNQueens(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto Starts = DeviceBuffer<std::uint32_t>::fromHost(Ctx, makeQueenStarts());
    DeviceBuffer<std::uint32_t> Out(Ctx, Count);
    const LaunchConfig L = getLaunchConfig(QueensBlock);
    const int N = Count;
    runConfig(
        Env, Table, "meld_nqueens", "N-Queens: backtracking step",
        "shape=backtracking;queens=10;block=64", Out,
        [&Starts, &Out, L, N](const std::vector<Kernel> &K) {
          launch(K[0], L, Starts, Out, N);
        },
        QueensBlock);
  }

  /// Every placement of the first Board - Levels rows' queens, as the
  /// classic solver's host enumerates them: columns, left and right
  /// diagonals attacked in the first searched row.
  struct QueenStarts {
    std::vector<std::uint32_t> Cols, Lefts, Rights;
  };
  static void placeRows(int Board, int Rows, std::uint32_t C, std::uint32_t L,
                        std::uint32_t R, QueenStarts &S) {
    if (Rows == 0) {
      S.Cols.push_back(C);
      S.Lefts.push_back(L);
      S.Rights.push_back(R);
      return;
    }
    for (int Col = 0; Col < Board; ++Col) {
      const std::uint32_t Bit = 1u << Col;
      if ((C | L | R) & Bit)
        continue;
      placeRows(Board, Rows - 1, C | Bit, (L | Bit) << 1, (R | Bit) >> 1, S);
    }
  }

  /// Thread I searches start I modulo their number, neighbouring threads
  /// neighbouring starts, as the classic solver hands them out. Its rule
  /// for the split: 10 rows a thread above 11 queens, else all but two.
  void runQueenSearch(BenchEnvironment &Env, ResultTable &Table,
                      const std::string &Name, int Board, int Threads,
                      const std::string &Config, const std::string &Params) {
    const int Levels = Board > 11 ? 10 : Board - 2;
    QueenStarts All;
    placeRows(Board, Board - Levels, 0, 0, 0, All);
    QueenStarts S;
    for (int I = 0; I < Threads; ++I) {
      const std::size_t J = I % All.Cols.size();
      S.Cols.push_back(All.Cols[J]);
      S.Lefts.push_back(All.Lefts[J]);
      S.Rights.push_back(All.Rights[J]);
    }
    Context &Ctx = Env.context();
    auto Cols = DeviceBuffer<std::uint32_t>::fromHost(Ctx, S.Cols);
    auto Lefts = DeviceBuffer<std::uint32_t>::fromHost(Ctx, S.Lefts);
    auto Rights = DeviceBuffer<std::uint32_t>::fromHost(Ctx, S.Rights);
    DeviceBuffer<std::uint32_t> Out(Ctx, Threads);
    const LaunchConfig L =
        makeLaunchConfig(getBlockCount(Threads, SearchBlock), SearchBlock);
    runConfig(
        Env, Table, Name, Config, Params, Out,
        [&, L, Board, Levels, Threads](const std::vector<Kernel> &K) {
          launch(K[0], L, Cols, Lefts, Rights, Out, Board, Levels, Threads);
        },
        SearchBlock);
  }

  /// Five layers between two media: index and critical cosines (the
  /// cosine below which a ray towards the neighbour is totally reflected).
  std::vector<float> makeLayers() const {
    const float N[] = {1.0f, 1.37f, 1.45f, 1.33f, 1.5f, 1.4f, 1.0f};
    std::vector<float> L;
    for (int I = 0; I < 7; ++I) {
      L.push_back(N[I]);
      for (int Nb : {I - 1, I + 1}) {
        bool Has = Nb >= 0 && Nb < 7 && N[Nb] < N[I];
        float Ratio = Has ? N[Nb] / N[I] : 0.0f;
        L.push_back(Has ? std::sqrt(1.0f - Ratio * Ratio) : 0.0f);
      }
    }
    return L;
  }

  void runBoundary(BenchEnvironment &Env, ResultTable &Table) {
    Context &Ctx = Env.context();
    auto Layers = DeviceBuffer<float>::fromHost(Ctx, makeLayers());
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x3e1d5));
    DeviceBuffer<std::uint32_t> Out(Ctx, 3 * std::size_t(Count));
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Steps = BoundarySteps, NumLayers = 5;
    runConfig(Env, Table, "meld_boundary",
              "boundary: mirrored arms, early returns",
              "shape=same-arms-inner-branches;steps=64", Out,
              [&](const std::vector<Kernel> &K) {
                launch(K[0], L, Layers, NumLayers, Seeds, Out, N, Steps);
              });
  }

  void runGuarded(BenchEnvironment &Env, ResultTable &Table,
                  const std::string &Name, const std::string &Config,
                  const std::string &Params) {
    Context &Ctx = Env.context();
    auto Seeds = DeviceBuffer<std::uint32_t>::fromHost(
        Ctx, makeNonZeroWords(Count, 0x3e1d6));
    DeviceBuffer<std::uint32_t> Out(Ctx, 3 * std::size_t(Count));
    const LaunchConfig L = getLaunchConfig();
    const int N = Count, Steps = GuardedSteps;
    runConfig(Env, Table, Name, Config, Params, Out,
              [&Seeds, &Out, L, N, Steps](const std::vector<Kernel> &K) {
                launch(K[0], L, Seeds, Out, N, Steps);
              });
  }

  int Count = 0;
};

} // namespace

std::unique_ptr<Benchmark> createMeldBench() {
  return std::make_unique<MeldBench>();
}

} // namespace divopt::bench
