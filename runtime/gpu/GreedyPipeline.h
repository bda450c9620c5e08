//===- GreedyPipeline.h - Greedy and Greedy-Max, step by step ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// regroupThreads(..., Greedy or GreedyMax, Warp, ChunkGroups)
// (Regrouping.cpp) as data-parallel steps over flat arrays, written once for
// two executors: DeviceGreedy.cu's runs each step as a kernel (CUB for the
// scans and sorts), the unit tests' runs the same steps in host loops (the
// standard library for the scans and sorts), so the pipeline's indexing is
// tested without a GPU and the GPU test checks only that the executors
// agree. Header-only, plain C++ outside nvcc.
//
//   1. Sorting's order: threads in lexicographic BBV order (Sorted);
//   2. classes of equal BBVs: a flag where a row differs from the one
//      before, an inclusive scan; each class's whole warps and remainder;
//   3. the remainders (open groups) in line order: a stable sort by
//      descending latency, equal latencies in class order;
//   4. the merge: one task per chunk runs GreedyMerge.h's mergeLine; the
//      groups the chunks left open form the next round's line;
//   5. the final groups (whole warps, merged chains) by rank, or by
//      descending latency then rank (a stable sort of the groups listed by
//      rank), their offsets an exclusive scan of their sizes;
//      every run's place in its chain by pointer jumping;
//   6. every thread to its group's offset plus its place in the chain.
//
// Every step's task I writes places no other task writes. Positions in the
// sorted order are ranks; the latencies are GreedyMerge.h's, rounded as the
// host rounds them.
//
// An executor X provides: X.alloc<T>(N) (a buffer B, B.get() a pointer the
// steps use); X.each(N, F, Name) runs F(I) for I < N; X.inclusiveSum,
// X.exclusiveSum (uint32 in, uint32 out, N); X.sortDescending(KeysIn,
// KeysOut, ValuesIn, ValuesOut, N) (stable, double keys, uint32 values);
// X.sortThreads(Sorted) (Sorting's order); X.read(P) (one word);
// X.download(P, N) and X.upload(P, Vector); X.mark(Step) (a step starts
// here); X.finish(Stats) (wait for all, fill in what it timed and counted).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_GPU_GREEDYPIPELINE_H
#define DIVOPT_RUNTIME_GPU_GREEDYPIPELINE_H

#include "runtime/GreedyMerge.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace divopt::runtime::gpu {

/// The pipeline's steps, in order (the file comment's 1-2, 3, 4, 5, 6).
enum class GreedyStep : unsigned {
  Sort,
  Classes,
  Line,
  Merge,
  Layout,
  Scatter
};
constexpr unsigned NumGreedySteps = 6;
inline const char *getGreedyStepName(unsigned S) {
  static const char *const Names[NumGreedySteps] = {
      "sort", "classes", "line", "merge", "layout", "scatter"};
  return S < NumGreedySteps ? Names[S] : "?";
}

/// What the pipeline found on its way (for reports).
struct RegroupStats {
  std::size_t Classes = 0;     ///< Distinct BBVs.
  std::size_t OpenGroups = 0;  ///< Classes whose threads are not whole warps.
  std::size_t Rounds = 0;      ///< Rounds of chunked merges.
  std::size_t Chunk = 0;       ///< Groups per chunk (the line's, if one).
  std::size_t FirstChunks = 0; ///< Chunks of the first round.
  /// Whether the open groups fit one chunk: the host's Greedy exactly.
  bool OneChunk = true;
  /// Each step's milliseconds (executors that time them: the device's).
  double StepMs[NumGreedySteps] = {};
  /// Kernels, memsets and CUB calls launched, and the host's waits on the
  /// device (reads, downloads, uploads, the final synchronization);
  /// Sorting's (DeviceSort.cu) count as one each.
  std::size_t Launches = 0, RoundTrips = 0;
};

namespace steps {

using greedy::GroupTable;
using greedy::None;

/// The profile as the counting copy wrote it: rows of Width words, the
/// first Blocks of them block counts.
struct Rows {
  const std::uint32_t *Words;
  std::size_t Width;
  std::uint32_t Blocks;
  DIVOPT_HOST_DEVICE const std::uint32_t *row(std::uint32_t Thread) const {
    return Words + std::size_t(Thread) * Width;
  }
};

/// Flag[P]: 1 where a class of equal BBVs starts in the sorted order.
struct ClassStartFlags {
  Rows R;
  const std::uint32_t *Sorted;
  std::uint32_t *Flag;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    std::uint32_t Starts = 1;
    if (P > 0) {
      const std::uint32_t *A = R.row(Sorted[P]), *B = R.row(Sorted[P - 1]);
      Starts = 0;
      for (std::uint32_t Col = 0; Col < R.Blocks && !Starts; ++Col)
        Starts = A[Col] != B[Col];
    }
    Flag[P] = Starts;
  }
};

/// Starts[K]: the first position of class K (ClassId is 1-based: the
/// inclusive scan of the flags); Starts[Classes] = N.
struct ClassStarts {
  const std::uint32_t *Flag, *ClassId;
  std::size_t N, Classes;
  std::uint32_t *Starts;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    if (Flag[P])
      Starts[ClassId[P] - 1] = static_cast<std::uint32_t>(P);
    if (P == 0)
      Starts[Classes] = static_cast<std::uint32_t>(N);
  }
};

/// Per class: its BBV's latency, and whether threads are left past its
/// whole warps (an open group).
struct ClassFigures {
  Rows R;
  const double *BlockLat;
  const std::uint32_t *Sorted, *Starts;
  std::uint32_t Warp;
  double *Lat;
  std::uint32_t *Open;
  DIVOPT_HOST_DEVICE void operator()(std::size_t K) const {
    Lat[K] =
        greedy::getRowLatency(R.row(Sorted[Starts[K]]), BlockLat, R.Blocks);
    Open[K] = (Starts[K + 1] - Starts[K]) % Warp != 0;
  }
};

/// The open groups in class order (OpenPos: the exclusive scan of Open),
/// keyed by latency for the line.
struct ListOpen {
  const std::uint32_t *Open, *OpenPos;
  const double *Lat;
  std::uint32_t *OpenClass;
  double *OpenLat;
  std::uint32_t *OpenIndex;
  DIVOPT_HOST_DEVICE void operator()(std::size_t K) const {
    if (!Open[K])
      return;
    std::uint32_t I = OpenPos[K];
    OpenClass[I] = static_cast<std::uint32_t>(K);
    OpenLat[I] = Lat[K];
    OpenIndex[I] = I;
  }
};

/// Slot L of the merge: the open group at line position L (LineOpen: the
/// sorted open indices), its run of the sorted order and its class's BBV.
struct FillSlots {
  GroupTable G;
  Rows R;
  const std::uint32_t *LineOpen, *OpenClass, *Starts, *Sorted;
  const double *ClassLat;
  std::uint32_t *SlotOfClass, *RunSize;
  DIVOPT_HOST_DEVICE void operator()(std::size_t L) const {
    std::uint32_t K = OpenClass[LineOpen[L]];
    std::uint32_t Size = Starts[K + 1] - Starts[K];
    std::uint32_t Left = Size % G.Warp;
    G.Size[L] = Left;
    G.Rank[L] = Starts[K] + Size - Left;
    G.Lat[L] = ClassLat[K];
    const std::uint32_t *Row = R.row(Sorted[Starts[K]]);
    for (std::uint32_t B = 0; B < G.Blocks; ++B)
      G.Max[L * G.Blocks + B] = Row[B];
    G.Next[L] = None;
    G.Tail[L] = static_cast<std::uint32_t>(L);
    SlotOfClass[K] = static_cast<std::uint32_t>(L);
    RunSize[L] = Left;
  }
};

struct Iota {
  std::uint32_t *Out;
  DIVOPT_HOST_DEVICE void operator()(std::size_t I) const {
    Out[I] = static_cast<std::uint32_t>(I);
  }
};

/// Task C merges chunk C of the round's line of N slots (chunks of Chunk)
/// with its share of the work space; Left[C] is the slot of the group it
/// left open, or None.
struct MergeChunks {
  GroupTable G;
  const std::uint32_t *Line;
  std::uint32_t N, Chunk;
  std::uint32_t *Prev, *Next, *Version;
  std::uint8_t *InLine;
  greedy::MergeEntry *Heap;
  std::uint32_t *Left;
  DIVOPT_HOST_DEVICE void operator()(std::size_t C) const {
    std::uint32_t Begin =
        greedy::chunkBegin(static_cast<std::uint32_t>(C), Chunk);
    std::uint32_t End =
        greedy::chunkEnd(static_cast<std::uint32_t>(C), Chunk, N);
    std::size_t At = C * Chunk;
    greedy::LineScratch S{Prev + At, Next + At, Version + At, InLine + At,
                          Heap + 3 * At};
    GroupTable Table = G;
    std::uint32_t L = greedy::mergeLine(Table, Line + Begin, End - Begin, S);
    Left[C] = L == None ? None : Line[Begin + L];
  }
};

/// The chains as lists to rank: Up[S] is the slot before S in its chain
/// (S itself at a head), Before[S] that slot's run (0 at a head). Merged
/// marks the slots a chain leads to (Pred: their predecessors).
struct ChainLinks {
  const std::uint32_t *Next;
  std::uint8_t *Merged;
  std::uint32_t *Pred;
  DIVOPT_HOST_DEVICE void operator()(std::size_t S) const {
    if (Next[S] != None) {
      Merged[Next[S]] = 1;
      Pred[Next[S]] = static_cast<std::uint32_t>(S);
    }
  }
};
struct ChainStart {
  const std::uint8_t *Merged;
  const std::uint32_t *Pred, *RunSize;
  std::uint32_t *Up, *Before;
  DIVOPT_HOST_DEVICE void operator()(std::size_t S) const {
    Up[S] = Merged[S] ? Pred[S] : static_cast<std::uint32_t>(S);
    Before[S] = Merged[S] ? RunSize[Pred[S]] : 0;
  }
};

/// One round of pointer jumping (list ranking): Up and Before then span
/// twice the chain they spanned, heads fixed. A chain of C slots is ranked
/// after ceil(log2(C)) rounds, each a step of its own: every head walking
/// its chain alone took 18 ms of vartrip-uniform's layout (run 8), as the
/// rounds of the merge leave a few chains of many thousand runs.
struct ChainJump {
  const std::uint32_t *Up, *Before;
  std::uint32_t *UpOut, *BeforeOut;
  DIVOPT_HOST_DEVICE void operator()(std::size_t S) const {
    std::uint32_t U = Up[S];
    UpOut[S] = Up[U];
    BeforeOut[S] = Before[S] + Before[U];
  }
};

/// Rounds of ChainJump that rank every chain of at most Slots slots.
inline unsigned getChainJumpRounds(std::size_t Slots) {
  unsigned Rounds = 0;
  while (Slots > (std::size_t(1) << Rounds))
    ++Rounds;
  return Rounds;
}

/// The final groups at their ranks (GroupSize starts all 0): each whole
/// warp of a class...
struct MarkWarpGroups {
  const std::uint32_t *ClassId, *Starts;
  const double *ClassLat;
  std::uint32_t Warp;
  std::uint32_t *GroupSize;
  double *GroupLat;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    std::uint32_t K = ClassId[P] - 1;
    std::uint32_t Q = static_cast<std::uint32_t>(P) - Starts[K];
    std::uint32_t Size = Starts[K + 1] - Starts[K];
    if (Q < Size - Size % Warp && Q % Warp == 0) {
      GroupSize[P] = Warp;
      GroupLat[P] = ClassLat[K];
    }
  }
};

/// ... and each merged group (a head's chain).
struct MarkMergedGroups {
  GroupTable G;
  const std::uint8_t *Merged;
  std::uint32_t *GroupSize;
  double *GroupLat;
  DIVOPT_HOST_DEVICE void operator()(std::size_t S) const {
    if (Merged[S])
      return;
    GroupSize[G.Rank[S]] = G.Size[S];
    GroupLat[G.Rank[S]] = G.Lat[S];
  }
};

/// Flag[P]: 1 where a group's rank is P.
struct GroupFlags {
  const std::uint32_t *GroupSize;
  std::uint32_t *Flag;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    Flag[P] = GroupSize[P] != 0;
  }
};

/// The groups listed by rank (Pos: the exclusive scan of the flags).
struct ListGroups {
  const std::uint32_t *Flag, *Pos;
  const double *GroupLat;
  std::uint32_t *Rank;
  double *Lat;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    if (!Flag[P])
      return;
    Rank[Pos[P]] = static_cast<std::uint32_t>(P);
    Lat[Pos[P]] = GroupLat[P];
  }
};

/// Size[G]: the size of the G-th group in the final order (ranks Rank).
struct SizesInOrder {
  const std::uint32_t *Rank, *GroupSize;
  std::uint32_t *Size;
  DIVOPT_HOST_DEVICE void operator()(std::size_t G) const {
    Size[G] = GroupSize[Rank[G]];
  }
};

/// OutStart at each group's rank: its offset in the final order.
struct StartsByRank {
  const std::uint32_t *Rank, *Offset;
  std::uint32_t *OutStart;
  DIVOPT_HOST_DEVICE void operator()(std::size_t G) const {
    OutStart[Rank[G]] = Offset[G];
  }
};

/// Every thread to its place: a whole warp's start plus its lane, or its
/// merged group's start plus the threads before its run in the chain plus
/// its place in the run.
struct ScatterOrder {
  const std::uint32_t *Sorted, *ClassId, *Starts, *SlotOfClass, *Head,
      *ChainOffset, *Rank, *OutStart;
  std::uint32_t Warp;
  std::uint32_t *Order;
  DIVOPT_HOST_DEVICE void operator()(std::size_t P) const {
    std::uint32_t K = ClassId[P] - 1;
    std::uint32_t Q = static_cast<std::uint32_t>(P) - Starts[K];
    std::uint32_t Size = Starts[K + 1] - Starts[K];
    std::uint32_t Whole = Size - Size % Warp;
    std::uint32_t Out;
    if (Q < Whole) {
      Out = OutStart[Starts[K] + Q - Q % Warp] + Q % Warp;
    } else {
      std::uint32_t L = SlotOfClass[K];
      Out = OutStart[Rank[Head[L]]] + ChainOffset[L] + (Q - Whole);
    }
    Order[Out] = Sorted[P];
  }
};

} // namespace steps

/// Merges the line of Slots open groups round by round (Regrouping.cpp's
/// mergeInChunks, each round's chunks at once); returns the rounds.
template <typename Exec>
std::size_t mergeInRounds(Exec &X, const greedy::GroupTable &G,
                          std::uint32_t Slots, std::uint32_t Chunk) {
  if (Chunk == 0 || Chunk > Slots)
    Chunk = Slots;
  const std::uint32_t MaxChunks = (Slots + Chunk - 1) / Chunk;
  const std::size_t Room = std::size_t(MaxChunks) * Chunk;
  auto Line = X.template alloc<std::uint32_t>(Slots);
  auto LeftOpen = X.template alloc<std::uint32_t>(MaxChunks);
  auto Prev = X.template alloc<std::uint32_t>(Room);
  auto Next = X.template alloc<std::uint32_t>(Room);
  auto Version = X.template alloc<std::uint32_t>(Room);
  auto InLine = X.template alloc<std::uint8_t>(Room);
  auto Heap = X.template alloc<greedy::MergeEntry>(3 * Room);
  X.each(Slots, steps::Iota{Line.get()}, "iota");
  std::size_t Rounds = 0;
  for (std::uint32_t N = Slots; N > 0;) {
    const std::uint32_t Chunks = (N + Chunk - 1) / Chunk;
    ++Rounds;
    X.eachSerial(Chunks,
                 steps::MergeChunks{G, Line.get(), N, Chunk, Prev.get(),
                                    Next.get(), Version.get(), InLine.get(),
                                    Heap.get(), LeftOpen.get()},
                 "mergeChunks");
    if (Chunks <= 1)
      break;
    std::vector<std::uint32_t> Left = X.download(LeftOpen.get(), Chunks);
    std::vector<std::uint32_t> Open;
    for (std::uint32_t S : Left)
      if (S != greedy::None)
        Open.push_back(S);
    X.upload(Line.get(), Open);
    N = static_cast<std::uint32_t>(Open.size());
  }
  return Rounds;
}

/// Greedy's (LongestFirst: Greedy-Max's) order of the N threads of Rows,
/// warps of Warp, open groups merged in chunks of at most Chunk (0: one
/// chunk), written to Order; BlockLat is the executor's copy.
template <typename Exec>
RegroupStats runGreedyPipeline(Exec &X, steps::Rows R, std::size_t N,
                               const double *BlockLat, std::uint32_t Warp,
                               bool LongestFirst, std::uint32_t Chunk,
                               std::uint32_t *Order) {
  using namespace steps;
  RegroupStats Stats;
  if (N == 0)
    return Stats;
  // 1-2. Sorting's order, the classes of equal BBVs.
  auto Sorted = X.template alloc<std::uint32_t>(N);
  auto Flag = X.template alloc<std::uint32_t>(N);
  auto ClassId = X.template alloc<std::uint32_t>(N);
  X.mark(GreedyStep::Sort);
  X.sortThreads(Sorted.get());
  X.mark(GreedyStep::Classes);
  X.each(N, ClassStartFlags{R, Sorted.get(), Flag.get()}, "classStartFlags");
  X.inclusiveSum(Flag.get(), ClassId.get(), N);
  const std::size_t Classes = X.read(ClassId.get() + N - 1);
  Stats.Classes = Classes;
  auto Starts = X.template alloc<std::uint32_t>(Classes + 1);
  auto Open = X.template alloc<std::uint32_t>(Classes);
  auto OpenPos = X.template alloc<std::uint32_t>(Classes);
  auto SlotOfClass = X.template alloc<std::uint32_t>(Classes);
  auto ClassLat = X.template alloc<double>(Classes);
  X.each(N, ClassStarts{Flag.get(), ClassId.get(), N, Classes, Starts.get()},
         "classStarts");
  X.each(Classes,
         ClassFigures{R, BlockLat, Sorted.get(), Starts.get(), Warp,
                      ClassLat.get(), Open.get()},
         "classFigures");

  // 3. The open groups in line order.
  X.mark(GreedyStep::Line);
  X.exclusiveSum(Open.get(), OpenPos.get(), Classes);
  const auto Slots = static_cast<std::uint32_t>(
      X.read(OpenPos.get() + Classes - 1) + X.read(Open.get() + Classes - 1));
  Stats.OpenGroups = Slots;
  Stats.OneChunk = Chunk == 0 || Slots <= Chunk;
  auto OpenClass = X.template alloc<std::uint32_t>(Slots);
  auto OpenIndex = X.template alloc<std::uint32_t>(Slots);
  auto LineOpen = X.template alloc<std::uint32_t>(Slots);
  auto OpenLat = X.template alloc<double>(Slots);
  auto LineLat = X.template alloc<double>(Slots);
  X.each(Classes,
         ListOpen{Open.get(), OpenPos.get(), ClassLat.get(), OpenClass.get(),
                  OpenLat.get(), OpenIndex.get()},
         "listOpen");
  X.sortDescending(OpenLat.get(), LineLat.get(), OpenIndex.get(),
                   LineOpen.get(), Slots);

  // 4. The merge, in chunks.
  X.mark(GreedyStep::Merge);
  auto Size = X.template alloc<std::uint32_t>(Slots);
  auto Rank = X.template alloc<std::uint32_t>(Slots);
  auto Max = X.template alloc<std::uint32_t>(std::size_t(Slots) * R.Blocks);
  auto Next = X.template alloc<std::uint32_t>(Slots);
  auto Tail = X.template alloc<std::uint32_t>(Slots);
  auto RunSize = X.template alloc<std::uint32_t>(Slots);
  auto SlotLat = X.template alloc<double>(Slots);
  greedy::GroupTable G{Size.get(), Rank.get(), SlotLat.get(),
                       Max.get(),  Next.get(), Tail.get(),
                       R.Blocks,   BlockLat,   Warp};
  X.each(Slots,
         FillSlots{G, R, LineOpen.get(), OpenClass.get(), Starts.get(),
                   Sorted.get(), ClassLat.get(), SlotOfClass.get(),
                   RunSize.get()},
         "fillSlots");
  Stats.Chunk = Chunk == 0 || Chunk > Slots ? Slots : Chunk;
  Stats.FirstChunks = Stats.Chunk ? (Slots + Stats.Chunk - 1) / Stats.Chunk : 0;
  if (Slots > 0)
    Stats.Rounds = mergeInRounds(X, G, Slots, Chunk);

  // 5. The final groups by rank, or by latency then rank.
  X.mark(GreedyStep::Layout);
  // Every slot's head and the threads before its run in the group: the
  // chains ranked by pointer jumping (Up ends at the head).
  auto Merged = X.template alloc<std::uint8_t>(Slots);
  auto Pred = X.template alloc<std::uint32_t>(Slots);
  auto UpA = X.template alloc<std::uint32_t>(Slots);
  auto UpB = X.template alloc<std::uint32_t>(Slots);
  auto BeforeA = X.template alloc<std::uint32_t>(Slots);
  auto BeforeB = X.template alloc<std::uint32_t>(Slots);
  X.zero(Merged.get(), Slots);
  X.each(Slots, ChainLinks{Next.get(), Merged.get(), Pred.get()}, "chainLinks");
  X.each(Slots,
         ChainStart{Merged.get(), Pred.get(), RunSize.get(), UpA.get(),
                    BeforeA.get()},
         "chainStart");
  std::uint32_t *Head = UpA.get(), *ChainOffset = BeforeA.get();
  std::uint32_t *HeadOut = UpB.get(), *OffsetOut = BeforeB.get();
  for (unsigned J = getChainJumpRounds(Slots); J > 0; --J) {
    X.each(Slots, ChainJump{Head, ChainOffset, HeadOut, OffsetOut},
           "chainJump");
    std::swap(Head, HeadOut);
    std::swap(ChainOffset, OffsetOut);
  }
  auto GroupSize = X.template alloc<std::uint32_t>(N);
  auto GroupLat = X.template alloc<double>(N);
  auto OutStart = X.template alloc<std::uint32_t>(N);
  X.zero(GroupSize.get(), N);
  X.each(N,
         MarkWarpGroups{ClassId.get(), Starts.get(), ClassLat.get(), Warp,
                        GroupSize.get(), GroupLat.get()},
         "markWarpGroups");
  X.each(Slots,
         MarkMergedGroups{G, Merged.get(), GroupSize.get(), GroupLat.get()},
         "markMergedGroups");
  if (!LongestFirst) {
    X.exclusiveSum(GroupSize.get(), OutStart.get(), N);
  } else {
    // Listed by rank, then a stable sort by descending latency. The class
    // flags are read no more: they flag the groups now.
    auto Pos = X.template alloc<std::uint32_t>(N);
    X.each(N, GroupFlags{GroupSize.get(), Flag.get()}, "groupFlags");
    X.exclusiveSum(Flag.get(), Pos.get(), N);
    const std::size_t Groups =
        X.read(Pos.get() + N - 1) + X.read(Flag.get() + N - 1);
    auto ByRank = X.template alloc<std::uint32_t>(Groups);
    auto ByLat = X.template alloc<std::uint32_t>(Groups);
    auto Sizes = X.template alloc<std::uint32_t>(Groups);
    auto Offsets = X.template alloc<std::uint32_t>(Groups);
    auto LatByRank = X.template alloc<double>(Groups);
    auto LatSorted = X.template alloc<double>(Groups);
    X.each(N,
           ListGroups{Flag.get(), Pos.get(), GroupLat.get(), ByRank.get(),
                      LatByRank.get()},
           "listGroups");
    X.sortDescending(LatByRank.get(), LatSorted.get(), ByRank.get(),
                     ByLat.get(), Groups);
    X.each(Groups, SizesInOrder{ByLat.get(), GroupSize.get(), Sizes.get()},
           "sizesInOrder");
    X.exclusiveSum(Sizes.get(), Offsets.get(), Groups);
    X.each(Groups, StartsByRank{ByLat.get(), Offsets.get(), OutStart.get()},
           "startsByRank");
  }

  // 6. Every thread to its place.
  X.mark(GreedyStep::Scatter);
  X.each(N,
         ScatterOrder{Sorted.get(), ClassId.get(), Starts.get(),
                      SlotOfClass.get(), Head, ChainOffset, Rank.get(),
                      OutStart.get(), Warp, Order},
         "scatterOrder");
  X.finish(Stats);
  return Stats;
}

} // namespace divopt::runtime::gpu

#endif // DIVOPT_RUNTIME_GPU_GREEDYPIPELINE_H
