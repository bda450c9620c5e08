//===- Regrouping.cpp - Thread regrouping over BBVs -----------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Regrouping.h"

#include "runtime/GreedyMerge.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace divopt::runtime {

const char *getRegroupAlgorithmName(RegroupAlgorithm A) {
  switch (A) {
  case RegroupAlgorithm::Sorting:
    return "sorting";
  case RegroupAlgorithm::Greedy:
    return "greedy";
  case RegroupAlgorithm::GreedyMax:
    return "greedy-max";
  }
  return "unknown";
}

std::optional<RegroupAlgorithm> parseRegroupAlgorithm(std::string_view Name) {
  for (RegroupAlgorithm A :
       {RegroupAlgorithm::Sorting, RegroupAlgorithm::Greedy,
        RegroupAlgorithm::GreedyMax})
    if (Name == getRegroupAlgorithmName(A))
      return A;
  return std::nullopt;
}

std::vector<std::uint32_t>
getSortingColumns(const std::vector<std::uint32_t> &Least,
                  const std::vector<std::uint32_t> &Most) {
  std::vector<std::uint32_t> Cols;
  for (std::uint32_t Col = 0; Col < Least.size() && Col < Most.size(); ++Col)
    if (Least[Col] < Most[Col])
      Cols.push_back(Col);
  std::stable_sort(Cols.begin(), Cols.end(),
                   [&](std::uint32_t A, std::uint32_t B) {
                     return Most[A] - Least[A] > Most[B] - Least[B];
                   });
  return Cols;
}

namespace {

/// Threads sorted by BBV (lexicographically, stable) and where each class
/// of equal BBVs starts in that order.
struct BbvClasses {
  std::vector<std::uint32_t> Sorted;
  std::vector<std::size_t> Starts; ///< One per class, then Sorted.size().
};

/// Fills Starts from Sorted: a class starts where the BBV changes.
void markClassStarts(const BbvSet &Set, BbvClasses &C) {
  for (std::size_t I = 0; I < C.Sorted.size(); ++I)
    if (I == 0 ||
        !std::equal(Set.row(C.Sorted[I]), Set.row(C.Sorted[I]) + Set.Blocks,
                    Set.row(C.Sorted[I - 1])))
      C.Starts.push_back(I);
  C.Starts.push_back(C.Sorted.size());
}

/// Few distinct BBVs (the common case): hash the rows, sort the distinct
/// ones, place the threads with a counting pass; near linear in the
/// threads. Gives up (nullopt) past MaxClasses.
std::optional<BbvClasses> formClassesByHash(const BbvSet &Set,
                                            std::size_t MaxClasses) {
  const std::size_t Width = Set.Blocks;
  auto Hash = [Width](const std::uint32_t *Row) {
    std::uint64_t H = 1469598103934665603ull; // FNV-1a over the counts.
    for (std::size_t B = 0; B < Width; ++B)
      H = (H ^ Row[B]) * 1099511628211ull;
    return static_cast<std::size_t>(H);
  };
  auto Equal = [Width](const std::uint32_t *A, const std::uint32_t *B) {
    return std::equal(A, A + Width, B);
  };
  std::unordered_map<const std::uint32_t *, std::uint32_t, decltype(Hash),
                     decltype(Equal)>
      Index(64, Hash, Equal);
  std::vector<std::uint32_t> ClassOf(Set.Threads);
  std::vector<const std::uint32_t *> Rows;
  for (std::uint32_t T = 0; T < Set.Threads; ++T) {
    auto [It, New] =
        Index.try_emplace(Set.row(T), static_cast<std::uint32_t>(Rows.size()));
    if (New) {
      if (Rows.size() == MaxClasses)
        return std::nullopt;
      Rows.push_back(Set.row(T));
    }
    ClassOf[T] = It->second;
  }
  // The distinct rows span what all rows span.
  std::vector<std::uint32_t> Least(Width, ~0u), Most(Width, 0);
  for (const std::uint32_t *Row : Rows)
    for (std::size_t B = 0; B < Width; ++B) {
      Least[B] = std::min(Least[B], Row[B]);
      Most[B] = std::max(Most[B], Row[B]);
    }
  std::vector<std::uint32_t> Cols = getSortingColumns(Least, Most);
  std::vector<std::uint32_t> ByRow(Rows.size());
  std::iota(ByRow.begin(), ByRow.end(), 0u);
  std::sort(ByRow.begin(), ByRow.end(), [&](std::uint32_t A, std::uint32_t B) {
    for (std::uint32_t Col : Cols)
      if (Rows[A][Col] != Rows[B][Col])
        return Rows[A][Col] > Rows[B][Col];
    return false;
  });
  std::vector<std::uint32_t> RankOf(Rows.size());
  for (std::uint32_t R = 0; R < ByRow.size(); ++R)
    RankOf[ByRow[R]] = R;
  BbvClasses C;
  C.Starts.assign(Rows.size() + 1, 0);
  for (std::uint32_t T = 0; T < Set.Threads; ++T)
    ++C.Starts[RankOf[ClassOf[T]] + 1];
  std::partial_sum(C.Starts.begin(), C.Starts.end(), C.Starts.begin());
  std::vector<std::size_t> Fill(C.Starts.begin(), C.Starts.end() - 1);
  C.Sorted.resize(Set.Threads);
  for (std::uint32_t T = 0; T < Set.Threads; ++T)
    C.Sorted[Fill[RankOf[ClassOf[T]]]++] = T;
  return C;
}

/// One stable counting-sort pass of (key, thread) pairs on the 16-bit
/// digit of the keys at Shift.
void radixPass(std::vector<std::uint64_t> &Keys,
               std::vector<std::uint32_t> &Threads,
               std::vector<std::uint64_t> &KeysNext,
               std::vector<std::uint32_t> &ThreadsNext, unsigned Shift) {
  std::vector<std::size_t> Start(65537, 0);
  for (std::uint64_t K : Keys)
    ++Start[(K >> Shift & 0xffffu) + 1];
  std::partial_sum(Start.begin(), Start.end(), Start.begin());
  for (std::size_t P = 0; P < Keys.size(); ++P) {
    std::size_t To = Start[Keys[P] >> Shift & 0xffffu]++;
    KeysNext[To] = Keys[P];
    ThreadsNext[To] = Threads[P];
  }
  Keys.swap(KeysNext);
  Threads.swap(ThreadsNext);
}

/// One column of a packed key: its index, the bits its counts span above
/// their least value, and that value.
struct KeyColumn {
  std::uint32_t Col;
  unsigned Bits;
  std::uint32_t Most; ///< A key holds Most - count: heavier rows first.
};

/// Sorting's varying columns, most significant first (getSortingColumns):
/// one pass over the rows, in memory order.
std::vector<KeyColumn> getKeyColumns(const BbvSet &Set) {
  std::vector<std::uint32_t> Least(Set.Blocks, ~0u), Most(Set.Blocks, 0);
  for (std::size_t T = 0; T < Set.Threads; ++T) {
    const std::uint32_t *Row = Set.row(T);
    for (std::size_t Col = 0; Col < Set.Blocks; ++Col) {
      Least[Col] = std::min(Least[Col], Row[Col]);
      Most[Col] = std::max(Most[Col], Row[Col]);
    }
  }
  std::vector<KeyColumn> Key;
  for (std::uint32_t Col : getSortingColumns(Least, Most)) {
    unsigned Bits = 0;
    while (Bits < 32 && (std::uint64_t(Most[Col] - Least[Col]) >> Bits) != 0)
      ++Bits;
    Key.push_back({Col, Bits, Most[Col]});
  }
  return Key;
}

/// Many distinct BBVs whose varying columns fit 64 bits together: each row
/// packed into one key (the columns in significance order, each as its
/// largest value less the count), so that key order is descending
/// lexicographic row order, then a
/// stable LSD radix sort of the keys: linear in the threads, where
/// comparison sorts of a million rows took most of a second.
std::optional<BbvClasses> formClassesByPackedKeys(const BbvSet &Set) {
  std::vector<KeyColumn> Key = getKeyColumns(Set);
  unsigned Bits = 0;
  for (const KeyColumn &C : Key)
    Bits += C.Bits;
  if (Bits > 64)
    return std::nullopt;
  std::vector<std::uint64_t> Keys(Set.Threads), KeysNext(Set.Threads);
  for (std::size_t T = 0; T < Set.Threads; ++T) {
    std::uint64_t K = 0;
    for (const KeyColumn &C : Key)
      K = K << C.Bits | (C.Most - Set.row(T)[C.Col]);
    Keys[T] = K;
  }
  BbvClasses C;
  C.Sorted.resize(Set.Threads);
  std::iota(C.Sorted.begin(), C.Sorted.end(), 0u);
  std::vector<std::uint32_t> Next(Set.Threads);
  for (unsigned Shift = 0; Shift < Bits; Shift += 16)
    radixPass(Keys, C.Sorted, KeysNext, Next, Shift);
  for (std::size_t I = 0; I < Keys.size(); ++I)
    if (I == 0 || Keys[I] != Keys[I - 1])
      C.Starts.push_back(I);
  C.Starts.push_back(Keys.size());
  return C;
}

/// Rows too varied to pack: least-significant-column-first stable sorts,
/// over the columns that vary, each on a contiguous array of (count,
/// position) keys so that no comparison chases rows through memory.
BbvClasses formClassesByColumns(const BbvSet &Set) {
  BbvClasses C;
  C.Sorted.resize(Set.Threads);
  std::iota(C.Sorted.begin(), C.Sorted.end(), 0u);
  std::vector<std::uint64_t> Keys(Set.Threads);
  std::vector<std::uint32_t> Next(Set.Threads);
  std::vector<KeyColumn> Key = getKeyColumns(Set);
  for (std::size_t K = Key.size(); K-- > 0;) {
    std::uint32_t Col = Key[K].Col;
    for (std::size_t P = 0; P < Set.Threads; ++P) {
      // Descending counts (Most - count ascending); equal counts keep
      // their order: the position breaks the tie.
      std::uint32_t V = Key[K].Most - Set.row(C.Sorted[P])[Col];
      Keys[P] = static_cast<std::uint64_t>(V) << 32 | P;
    }
    std::sort(Keys.begin(), Keys.end());
    for (std::size_t P = 0; P < Set.Threads; ++P)
      Next[P] = C.Sorted[Keys[P] & 0xffffffffu];
    C.Sorted.swap(Next);
  }
  markClassStarts(Set, C);
  return C;
}

BbvClasses formClasses(const BbvSet &Set) {
  std::size_t Limit = std::max<std::size_t>(4096, Set.Threads / 16);
  if (std::optional<BbvClasses> C = formClassesByHash(Set, Limit))
    return std::move(*C);
  if (std::optional<BbvClasses> C = formClassesByPackedKeys(Set))
    return std::move(*C);
  return formClassesByColumns(Set);
}

/// Open groups (a class's threads past its whole warps) in line order:
/// descending latency, equal latencies in class order. A sort of
/// contiguous (latency, position) keys, which std::stable_sort through the
/// groups' latencies was several times slower than.
std::vector<std::uint32_t> getLineOrder(const std::vector<double> &Lat) {
  std::vector<std::pair<double, std::uint32_t>> Keys;
  Keys.reserve(Lat.size());
  for (std::uint32_t I = 0; I < Lat.size(); ++I)
    Keys.push_back({-Lat[I], I});
  std::sort(Keys.begin(), Keys.end());
  std::vector<std::uint32_t> Line;
  Line.reserve(Lat.size());
  for (const auto &K : Keys)
    Line.push_back(K.second);
  return Line;
}

/// The open groups of a line as the merge's slots (slot = line position):
/// figures, chains and the work space of one chunk.
struct OpenGroups {
  std::vector<std::uint32_t> Size, Rank, Max, Next, Tail;
  std::vector<double> Lat;
  greedy::GroupTable Table;

  OpenGroups(std::size_t N, std::uint32_t Blocks, const double *BlockLat,
             std::uint32_t Warp)
      : Size(N), Rank(N), Max(N * Blocks), Next(N, greedy::None), Tail(N),
        Lat(N) {
    for (std::uint32_t S = 0; S < N; ++S)
      Tail[S] = S;
    Table = {Size.data(), Rank.data(), Lat.data(), Max.data(), Next.data(),
             Tail.data(), Blocks,      BlockLat,   Warp};
  }
};

/// Merges the line of N slots in chunks of at most Chunk groups (0: one
/// chunk), then the groups the chunks left open, and so on
/// (GreedyMerge.h): what runtime/gpu's rounds do, one chunk after another.
void mergeInChunks(greedy::GroupTable &Table, std::uint32_t N,
                   std::uint32_t Chunk) {
  if (Chunk == 0 || Chunk > N)
    Chunk = N;
  std::vector<std::uint32_t> Line(N), Left;
  std::iota(Line.begin(), Line.end(), 0u);
  std::vector<std::uint32_t> Prev(Chunk), Next(Chunk), Version(Chunk);
  std::vector<std::uint8_t> InLine(Chunk);
  std::vector<greedy::MergeEntry> Heap(3 * std::size_t(Chunk));
  greedy::LineScratch S{Prev.data(), Next.data(), Version.data(), InLine.data(),
                        Heap.data()};
  while (!Line.empty()) {
    const std::uint32_t Size = static_cast<std::uint32_t>(Line.size());
    const std::uint32_t Chunks = (Size + Chunk - 1) / Chunk;
    Left.clear();
    for (std::uint32_t C = 0; C < Chunks; ++C) {
      std::uint32_t Begin = greedy::chunkBegin(C, Chunk);
      std::uint32_t L =
          greedy::mergeLine(Table, Line.data() + Begin,
                            greedy::chunkEnd(C, Chunk, Size) - Begin, S);
      if (L != greedy::None)
        Left.push_back(Line[Begin + L]);
    }
    if (Chunks <= 1)
      return; // One chunk: the whole line merged.
    Line.swap(Left);
  }
}

/// A group of the final order: whole warps of one class (Slot None: the
/// threads Sorted[First, First + Size)), or a merged chain of open groups
/// from its head Slot.
struct FinalGroup {
  std::uint32_t Rank;
  double Lat;
  std::uint32_t Slot, First, Size;
};

std::vector<std::uint32_t> sortLexicographically(const BbvSet &Set) {
  return formClasses(Set).Sorted;
}

std::vector<std::uint32_t> regroupGreedy(const BbvSet &Set,
                                         const std::vector<double> &BlockLat,
                                         unsigned Warp, bool LongestFirst,
                                         std::uint32_t Chunk) {
  if (Set.Threads > greedy::None)
    throw std::invalid_argument("Greedy regroups at most 2^32 - 1 threads");
  const BbvClasses C = formClasses(Set);
  const auto Blocks = static_cast<std::uint32_t>(Set.Blocks);
  // Each class's whole warps stand alone; its remainder is open.
  std::vector<FinalGroup> Groups;
  std::vector<std::uint32_t> OpenFirst, OpenSize, OpenClass;
  std::vector<double> OpenLat;
  for (std::size_t K = 0; K + 1 < C.Starts.size(); ++K) {
    const std::uint32_t *Row = Set.row(C.Sorted[C.Starts[K]]);
    double Lat = greedy::getRowLatency(Row, BlockLat.data(), Blocks);
    for (std::size_t First = C.Starts[K]; First < C.Starts[K + 1];
         First += Warp) {
      std::size_t Last = std::min<std::size_t>(First + Warp, C.Starts[K + 1]);
      auto F = static_cast<std::uint32_t>(First);
      auto N = static_cast<std::uint32_t>(Last - First);
      if (N == Warp) {
        Groups.push_back({F, Lat, greedy::None, F, N});
        continue;
      }
      OpenFirst.push_back(F);
      OpenSize.push_back(N);
      OpenClass.push_back(static_cast<std::uint32_t>(K));
      OpenLat.push_back(Lat);
    }
  }
  // The open groups in line order become the merge's slots.
  const std::vector<std::uint32_t> Line = getLineOrder(OpenLat);
  OpenGroups Open(Line.size(), Blocks, BlockLat.data(), Warp);
  for (std::uint32_t S = 0; S < Line.size(); ++S) {
    std::uint32_t I = Line[S];
    Open.Size[S] = OpenSize[I];
    Open.Rank[S] = OpenFirst[I];
    Open.Lat[S] = OpenLat[I];
    const std::uint32_t *Row = Set.row(C.Sorted[C.Starts[OpenClass[I]]]);
    std::copy(Row, Row + Blocks, Open.Max.begin() + std::size_t(S) * Blocks);
  }
  mergeInChunks(Open.Table, static_cast<std::uint32_t>(Line.size()), Chunk);
  // Heads: the slots no chain leads to.
  std::vector<bool> Merged(Line.size(), false);
  for (std::uint32_t S = 0; S < Line.size(); ++S)
    if (Open.Next[S] != greedy::None)
      Merged[Open.Next[S]] = true;
  for (std::uint32_t S = 0; S < Line.size(); ++S)
    if (!Merged[S])
      Groups.push_back({Open.Rank[S], Open.Lat[S], S, 0, Open.Size[S]});
  // Ranks are distinct (each a thread's place in the sorted order): both
  // orders are total.
  if (LongestFirst)
    std::sort(Groups.begin(), Groups.end(),
              [](const FinalGroup &A, const FinalGroup &B) {
                return A.Lat != B.Lat ? A.Lat > B.Lat : A.Rank < B.Rank;
              });
  else
    std::sort(Groups.begin(), Groups.end(),
              [](const FinalGroup &A, const FinalGroup &B) {
                return A.Rank < B.Rank;
              });
  std::vector<std::uint32_t> Order;
  Order.reserve(Set.Threads);
  auto Emit = [&](std::uint32_t First, std::uint32_t Size) {
    Order.insert(Order.end(), C.Sorted.begin() + First,
                 C.Sorted.begin() + First + Size);
  };
  for (const FinalGroup &G : Groups) {
    if (G.Slot == greedy::None) {
      Emit(G.First, G.Size);
      continue;
    }
    for (std::uint32_t S = G.Slot; S != greedy::None; S = Open.Next[S])
      Emit(OpenFirst[Line[S]], OpenSize[Line[S]]);
  }
  return Order;
}

} // namespace

std::vector<std::uint32_t> regroupThreads(const BbvSet &Set,
                                          const std::vector<double> &BlockLat,
                                          RegroupAlgorithm Algorithm,
                                          unsigned WarpSize,
                                          std::uint32_t ChunkGroups) {
  if (WarpSize == 0)
    throw std::invalid_argument("regrouping needs a warp size above 0");
  if (ChunkGroups == 1)
    throw std::invalid_argument(
        "Greedy's chunks must hold at least two groups (0: one chunk)");
  if (BlockLat.size() != Set.Blocks ||
      Set.Counts.size() != Set.Threads * Set.Blocks)
    throw std::invalid_argument(
        "regrouping: the BBV set and the block latencies do not fit");
  switch (Algorithm) {
  case RegroupAlgorithm::Sorting:
    return sortLexicographically(Set);
  case RegroupAlgorithm::Greedy:
    return regroupGreedy(Set, BlockLat, WarpSize, /*LongestFirst=*/false,
                         ChunkGroups);
  case RegroupAlgorithm::GreedyMax:
    return regroupGreedy(Set, BlockLat, WarpSize, /*LongestFirst=*/true,
                         ChunkGroups);
  }
  return {};
}

} // namespace divopt::runtime
