//===- GreedyMerge.h - Greedy's merge of open groups, host and device -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Header-only C++ that compiles for the host and, under nvcc, for the
// device: the step of Greedy and Greedy-Max (Regrouping.h) that merges the
// groups left with fewer threads than whole warps. Regrouping.cpp runs it
// on the host and runtime/gpu/DeviceGreedy.cu in device threads, so that
// both compute the same merges by construction: the same code, the same
// integer steps, and every floating-point operation rounded alone in the
// same order (no contraction into fused multiply-adds on either side).
//
// The groups of a line are slots of a GroupTable. A group is a chain of
// slots, from its head along Next; its figures (threads, least rank,
// elementwise-max BBV, latency) are kept in its head's slot. mergeLine
// merges neighbours of a line, cheapest first (the latency a merge adds per
// thread it places), until no two open groups are left side by side; a
// group of whole warps leaves the line. At most one group is left open.
//
// mergeInChunks cuts a long line into chunks of a bounded number of groups
// and merges each alone (in parallel on the device), then the groups the
// chunks left open, as a line of their own, and so on: the same result as
// one mergeLine when the line fits one chunk, an approximation otherwise
// (a merge across a chunk boundary waits for the next round).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_GREEDYMERGE_H
#define DIVOPT_RUNTIME_GREEDYMERGE_H

#include <cstddef>
#include <cstdint>

#ifdef __CUDACC__
#define DIVOPT_HOST_DEVICE __host__ __device__
#else
#define DIVOPT_HOST_DEVICE
#endif

namespace divopt::runtime::greedy {

/// No slot, no line position.
constexpr std::uint32_t None = 0xffffffffu;

/// Double arithmetic rounded after every operation, on both sides.
DIVOPT_HOST_DEVICE inline double mulRn(double A, double B) {
#ifdef __CUDA_ARCH__
  return __dmul_rn(A, B);
#else
  return A * B;
#endif
}
DIVOPT_HOST_DEVICE inline double addRn(double A, double B) {
#ifdef __CUDA_ARCH__
  return __dadd_rn(A, B);
#else
  return A + B;
#endif
}
DIVOPT_HOST_DEVICE inline double subRn(double A, double B) {
#ifdef __CUDA_ARCH__
  return __dsub_rn(A, B);
#else
  return A - B;
#endif
}
DIVOPT_HOST_DEVICE inline double divRn(double A, double B) {
#ifdef __CUDA_ARCH__
  return __ddiv_rn(A, B);
#else
  return A / B;
#endif
}

/// Sum over blocks of count x latency, in block order.
DIVOPT_HOST_DEVICE inline double getRowLatency(const std::uint32_t *Row,
                                               const double *BlockLat,
                                               std::uint32_t Blocks) {
  double Sum = 0;
  for (std::uint32_t B = 0; B < Blocks; ++B)
    Sum = addRn(Sum, mulRn(static_cast<double>(Row[B]), BlockLat[B]));
  return Sum;
}

/// Warps N threads take.
DIVOPT_HOST_DEVICE inline double getWarps(std::uint64_t N, std::uint32_t Warp) {
  return static_cast<double>((N + Warp - 1) / Warp);
}

/// Groups by slot (see the file comment). Every pointer holds one entry
/// per slot (Max: Blocks per slot).
struct GroupTable {
  std::uint32_t *Size;
  std::uint32_t *Rank;
  double *Lat;
  std::uint32_t *Max;
  std::uint32_t *Next;
  std::uint32_t *Tail;
  std::uint32_t Blocks;
  const double *BlockLat;
  std::uint32_t Warp;

  DIVOPT_HOST_DEVICE double cost(std::uint32_t G) const {
    return mulRn(getWarps(Size[G], Warp), Lat[G]);
  }

  /// Latency a merge of A and B adds, per thread it places: its cost over
  /// its benefit.
  DIVOPT_HOST_DEVICE double mergeScore(std::uint32_t A, std::uint32_t B) const {
    const std::uint32_t *MA = Max + std::size_t(A) * Blocks;
    const std::uint32_t *MB = Max + std::size_t(B) * Blocks;
    double Merged = 0;
    for (std::uint32_t I = 0; I < Blocks; ++I)
      Merged = addRn(Merged,
                     mulRn(static_cast<double>(MA[I] > MB[I] ? MA[I] : MB[I]),
                           BlockLat[I]));
    std::uint64_t N = std::uint64_t(Size[A]) + Size[B];
    return divRn(
        subRn(subRn(mulRn(getWarps(N, Warp), Merged), cost(A)), cost(B)),
        static_cast<double>(N));
  }

  /// A takes B's threads after its own.
  DIVOPT_HOST_DEVICE void merge(std::uint32_t A, std::uint32_t B) {
    Next[Tail[A]] = B;
    Tail[A] = Tail[B];
    Size[A] += Size[B];
    Rank[A] = Rank[A] < Rank[B] ? Rank[A] : Rank[B];
    std::uint32_t *MA = Max + std::size_t(A) * Blocks;
    const std::uint32_t *MB = Max + std::size_t(B) * Blocks;
    for (std::uint32_t I = 0; I < Blocks; ++I)
      MA[I] = MA[I] > MB[I] ? MA[I] : MB[I];
    Lat[A] = getRowLatency(MA, BlockLat, Blocks);
  }
};

/// A merge of the open group at line position Left with its right
/// neighbour: its score, and the versions both sides had when it was
/// scored (stale once either changed). Ordered as (score, left, versions).
struct MergeEntry {
  double Score;
  std::uint32_t Left, LeftVersion, RightVersion;
};

DIVOPT_HOST_DEVICE inline bool isBefore(const MergeEntry &A,
                                        const MergeEntry &B) {
  if (A.Score != B.Score)
    return A.Score < B.Score;
  if (A.Left != B.Left)
    return A.Left < B.Left;
  if (A.LeftVersion != B.LeftVersion)
    return A.LeftVersion < B.LeftVersion;
  return A.RightVersion < B.RightVersion;
}

/// Work space of mergeLine for a line of up to N groups: N entries each,
/// Heap 3N (the first N - 1 entries, two per merge).
struct LineScratch {
  std::uint32_t *Prev;
  std::uint32_t *Next;
  std::uint32_t *Version;
  std::uint8_t *InLine;
  MergeEntry *Heap;
};

/// A binary min-heap of entries in caller storage. The entries are all
/// distinct and totally ordered, so they leave in one order whatever the
/// heap's layout: the order std::priority_queue gave the host before.
class EntryHeap {
public:
  DIVOPT_HOST_DEVICE explicit EntryHeap(MergeEntry *Storage) : H(Storage) {}
  DIVOPT_HOST_DEVICE bool empty() const { return N == 0; }
  DIVOPT_HOST_DEVICE void push(const MergeEntry &E) {
    std::uint32_t I = N++;
    while (I > 0) {
      std::uint32_t Parent = (I - 1) / 2;
      if (!isBefore(E, H[Parent]))
        break;
      H[I] = H[Parent];
      I = Parent;
    }
    H[I] = E;
  }
  DIVOPT_HOST_DEVICE MergeEntry pop() {
    MergeEntry Top = H[0];
    MergeEntry Last = H[--N];
    std::uint32_t I = 0;
    for (;;) {
      std::uint32_t Child = 2 * I + 1;
      if (Child >= N)
        break;
      if (Child + 1 < N && isBefore(H[Child + 1], H[Child]))
        ++Child;
      if (!isBefore(H[Child], Last))
        break;
      H[I] = H[Child];
      I = Child;
    }
    if (N > 0)
      H[I] = Last;
    return Top;
  }

private:
  MergeEntry *H;
  std::uint32_t N = 0;
};

/// Merges the groups whose head slots Line lists (N of them, in line
/// order: descending latency), neighbours cheapest first, until no two open
/// groups are side by side; a group of whole warps leaves the line as soon
/// as it forms. Returns the line position of the group left open, None when
/// every group closed.
DIVOPT_HOST_DEVICE inline std::uint32_t mergeLine(GroupTable &G,
                                                  const std::uint32_t *Line,
                                                  std::uint32_t N,
                                                  const LineScratch &S) {
  if (N == 0)
    return None;
  // The line, linked by position; N ends it on either side.
  for (std::uint32_t I = 0; I < N; ++I) {
    S.Prev[I] = I == 0 ? N : I - 1;
    S.Next[I] = I + 1;
    S.Version[I] = 0;
    S.InLine[I] = 1;
  }
  EntryHeap Heap(S.Heap);
  auto Entry = [&](std::uint32_t L) {
    std::uint32_t R = S.Next[L];
    return MergeEntry{G.mergeScore(Line[L], Line[R]), L, S.Version[L],
                      S.Version[R]};
  };
  auto Push = [&](std::uint32_t L) {
    if (L != N && S.Next[L] != N)
      Heap.push(Entry(L));
  };
  auto Unlink = [&](std::uint32_t I) {
    S.InLine[I] = 0;
    if (S.Prev[I] != N)
      S.Next[S.Prev[I]] = S.Next[I];
    if (S.Next[I] != N)
      S.Prev[S.Next[I]] = S.Prev[I];
  };
  for (std::uint32_t I = 0; I + 1 < N; ++I)
    Push(I);
  while (!Heap.empty()) {
    MergeEntry E = Heap.pop();
    std::uint32_t L = E.Left;
    if (!S.InLine[L] || S.Version[L] != E.LeftVersion || S.Next[L] == N ||
        S.Version[S.Next[L]] != E.RightVersion)
      continue;
    std::uint32_t R = S.Next[L];
    G.merge(Line[L], Line[R]);
    Unlink(R);
    ++S.Version[L];
    std::uint32_t Before = S.Prev[L];
    if (Before != N)
      ++S.Version[Before]; // Its right neighbour changed.
    if (G.Size[Line[L]] % G.Warp == 0) {
      Unlink(L);
      Push(Before);
      continue;
    }
    Push(Before);
    Push(L);
  }
  // Two neighbours in the line always have a fresh entry in the heap (one
  // is pushed whenever a pair forms or changes), so the heap empties only
  // with one group or none left open.
  for (std::uint32_t I = 0; I < N; ++I)
    if (S.InLine[I])
      return I;
  return None;
}

/// Line positions [Begin, End) of chunk C of a line of N groups cut into
/// chunks of at most Chunk groups.
DIVOPT_HOST_DEVICE inline std::uint32_t chunkBegin(std::uint32_t C,
                                                   std::uint32_t Chunk) {
  return C * Chunk;
}
DIVOPT_HOST_DEVICE inline std::uint32_t
chunkEnd(std::uint32_t C, std::uint32_t Chunk, std::uint32_t N) {
  std::uint64_t End = std::uint64_t(C + 1) * Chunk;
  return End < N ? static_cast<std::uint32_t>(End) : N;
}

} // namespace divopt::runtime::greedy

#endif // DIVOPT_RUNTIME_GREEDYMERGE_H
