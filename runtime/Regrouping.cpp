//===- Regrouping.cpp - Thread regrouping over BBVs -----------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Regrouping.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <string>
#include <tuple>
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
  std::vector<std::uint32_t> ByRow(Rows.size());
  std::iota(ByRow.begin(), ByRow.end(), 0u);
  std::sort(ByRow.begin(), ByRow.end(), [&](std::uint32_t A, std::uint32_t B) {
    return std::lexicographical_compare(Rows[A], Rows[A] + Width, Rows[B],
                                        Rows[B] + Width);
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

/// Per column, the bits its counts span above their least value, and that
/// value: one pass over the rows, in memory order.
std::vector<std::pair<unsigned, std::uint32_t>>
getColumnSpans(const BbvSet &Set) {
  std::vector<std::uint32_t> Least(Set.Blocks, ~0u), Most(Set.Blocks, 0);
  for (std::size_t T = 0; T < Set.Threads; ++T) {
    const std::uint32_t *Row = Set.row(T);
    for (std::size_t Col = 0; Col < Set.Blocks; ++Col) {
      Least[Col] = std::min(Least[Col], Row[Col]);
      Most[Col] = std::max(Most[Col], Row[Col]);
    }
  }
  std::vector<std::pair<unsigned, std::uint32_t>> Spans;
  for (std::size_t Col = 0; Col < Set.Blocks; ++Col) {
    unsigned Bits = 0;
    while (Bits < 32 && (std::uint64_t(Most[Col] - Least[Col]) >> Bits) != 0)
      ++Bits;
    Spans.push_back({Set.Threads ? Bits : 0, Least[Col]});
  }
  return Spans;
}

/// Many distinct BBVs whose varying columns fit 64 bits together: each row
/// packed into one key (the columns in significance order, each less its
/// least value), so that key order is lexicographic row order, then a
/// stable LSD radix sort of the keys: linear in the threads, where
/// comparison sorts of a million rows took most of a second.
std::optional<BbvClasses> formClassesByPackedKeys(const BbvSet &Set) {
  std::vector<std::pair<unsigned, std::uint32_t>> Span = getColumnSpans(Set);
  unsigned Bits = 0;
  for (const auto &S : Span)
    Bits += S.first;
  if (Bits > 64)
    return std::nullopt;
  std::vector<std::uint64_t> Keys(Set.Threads), KeysNext(Set.Threads);
  for (std::size_t T = 0; T < Set.Threads; ++T) {
    std::uint64_t K = 0;
    for (std::size_t Col = 0; Col < Set.Blocks; ++Col)
      if (Span[Col].first > 0)
        K = K << Span[Col].first | (Set.row(T)[Col] - Span[Col].second);
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
  for (std::size_t Col = Set.Blocks; Col-- > 0;) {
    bool Varies = false;
    for (std::size_t P = 0; P < Set.Threads; ++P) {
      std::uint32_t V = Set.row(C.Sorted[P])[Col];
      Varies |= V != Set.row(C.Sorted[0])[Col];
      // Equal counts keep their order: the position breaks the tie.
      Keys[P] = static_cast<std::uint64_t>(V) << 32 | P;
    }
    if (!Varies)
      continue;
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

/// Groups of threads laid out together, each a chain of runs of the sorted
/// order; a group takes ceil(size / warp) warps, each costed as if it ran
/// the group's elementwise-max BBV. Merging links chains: no thread moves
/// until the order is written out.
class GroupSet {
public:
  GroupSet(const BbvSet &Set, const std::vector<double> &BlockLat)
      : Set(Set), BlockLat(BlockLat) {}

  std::size_t add(std::size_t Begin, std::size_t End, const std::uint32_t *Row,
                  std::size_t Rank) {
    Runs.push_back({Begin, End, None});
    std::size_t G = Size.size();
    Head.push_back(Runs.size() - 1);
    Tail.push_back(Runs.size() - 1);
    Size.push_back(End - Begin);
    this->Rank.push_back(Rank);
    Max.insert(Max.end(), Row, Row + Set.Blocks);
    Lat.push_back(latencyOf(Row));
    return G;
  }

  std::size_t size(std::size_t G) const { return Size[G]; }
  double latency(std::size_t G) const { return Lat[G]; }
  std::size_t rank(std::size_t G) const { return Rank[G]; }
  double cost(std::size_t G, unsigned Warp) const {
    return warps(Size[G], Warp) * Lat[G];
  }

  /// Latency a merge adds, per thread it places: its cost over its benefit.
  double mergeScore(std::size_t A, std::size_t B, unsigned Warp) const {
    double Merged = 0;
    for (std::size_t I = 0; I < Set.Blocks; ++I)
      Merged += std::max(Max[A * Set.Blocks + I], Max[B * Set.Blocks + I]) *
                BlockLat[I];
    std::size_t N = Size[A] + Size[B];
    return (warps(N, Warp) * Merged - cost(A, Warp) - cost(B, Warp)) /
           static_cast<double>(N);
  }

  /// A takes B's threads after its own.
  void merge(std::size_t A, std::size_t B) {
    Runs[Tail[A]].Next = Head[B];
    Tail[A] = Tail[B];
    Size[A] += Size[B];
    Rank[A] = std::min(Rank[A], Rank[B]);
    for (std::size_t I = 0; I < Set.Blocks; ++I)
      Max[A * Set.Blocks + I] =
          std::max(Max[A * Set.Blocks + I], Max[B * Set.Blocks + I]);
    Lat[A] = latencyOf(&Max[A * Set.Blocks]);
  }

  void emit(std::size_t G, const std::vector<std::uint32_t> &Sorted,
            std::vector<std::uint32_t> &Order) const {
    for (std::size_t R = Head[G]; R != None; R = Runs[R].Next)
      Order.insert(Order.end(), Sorted.begin() + Runs[R].Begin,
                   Sorted.begin() + Runs[R].End);
  }

private:
  static constexpr std::size_t None = ~std::size_t(0);
  struct Run {
    std::size_t Begin, End, Next;
  };
  static double warps(std::size_t N, unsigned Warp) {
    return static_cast<double>((N + Warp - 1) / Warp);
  }
  double latencyOf(const std::uint32_t *Row) const {
    double Sum = 0;
    for (std::size_t B = 0; B < Set.Blocks; ++B)
      Sum += Row[B] * BlockLat[B];
    return Sum;
  }

  const BbvSet &Set;
  const std::vector<double> &BlockLat;
  std::vector<Run> Runs;
  std::vector<std::size_t> Head, Tail, Size, Rank;
  std::vector<std::uint32_t> Max; ///< Groups x blocks.
  std::vector<double> Lat;
};

/// Equal BBVs, split into whole warps (closed) and one remainder (open).
void formClassGroups(const BbvSet &Set, const BbvClasses &C, unsigned Warp,
                     GroupSet &Groups, std::vector<std::size_t> &Closed,
                     std::vector<std::size_t> &Open) {
  for (std::size_t K = 0; K + 1 < C.Starts.size(); ++K) {
    const std::uint32_t *Row = Set.row(C.Sorted[C.Starts[K]]);
    for (std::size_t First = C.Starts[K]; First < C.Starts[K + 1];
         First += Warp) {
      std::size_t Last = std::min<std::size_t>(First + Warp, C.Starts[K + 1]);
      std::size_t G = Groups.add(First, Last, Row, First);
      (Last - First == Warp ? Closed : Open).push_back(G);
    }
  }
}

/// A merge of the open group Left with its right neighbour: its score, and
/// the versions both sides had when it was scored. Compared as (score,
/// left, versions), as the tuple it replaces was; 24 bytes, not 32.
struct MergeEntry {
  double Score;
  std::uint32_t Left, LeftVersion, RightVersion;
  bool operator>(const MergeEntry &O) const {
    return std::tie(Score, Left, LeftVersion, RightVersion) >
           std::tie(O.Score, O.Left, O.LeftVersion, O.RightVersion);
  }
};

/// Open in descending latency, equal latencies in their order: a sort of
/// contiguous (latency, position) keys, which std::stable_sort through
/// the groups' latencies was several times slower than.
void sortByLatencyStably(const GroupSet &Groups,
                         std::vector<std::size_t> &Open) {
  std::vector<std::pair<double, std::size_t>> Keys;
  Keys.reserve(Open.size());
  for (std::size_t I = 0; I < Open.size(); ++I)
    Keys.push_back({-Groups.latency(Open[I]), I});
  std::sort(Keys.begin(), Keys.end());
  std::vector<std::size_t> Sorted;
  Sorted.reserve(Open.size());
  for (const auto &K : Keys)
    Sorted.push_back(Open[K.second]);
  Open.swap(Sorted);
}

/// Merges neighbouring open groups (in latency order), cheapest first,
/// until none is left open; a group of whole warps closes.
void mergeOpenGroups(GroupSet &Groups, std::vector<std::size_t> Open,
                     unsigned Warp, std::vector<std::size_t> &Closed) {
  sortByLatencyStably(Groups, Open);
  // A line of the open groups, linked by position; None ends it.
  const std::size_t N = Open.size(), None = N;
  std::vector<std::size_t> Prev(N), Next(N);
  std::vector<std::uint32_t> Version(N, 0);
  std::vector<bool> InLine(N, true);
  for (std::size_t I = 0; I < N; ++I) {
    Prev[I] = I == 0 ? None : I - 1;
    Next[I] = I + 1;
  }
  // Stale once either side changed since it was pushed.
  std::priority_queue<MergeEntry, std::vector<MergeEntry>,
                      std::greater<MergeEntry>>
      Heap;
  auto Entry = [&](std::size_t L) -> MergeEntry {
    std::size_t R = Next[L];
    return {Groups.mergeScore(Open[L], Open[R], Warp),
            static_cast<std::uint32_t>(L), Version[L], Version[R]};
  };
  auto Push = [&](std::size_t L) {
    if (L != None && Next[L] != None)
      Heap.push(Entry(L));
  };
  {
    // The first entries heapified at once (linear) rather than pushed one
    // by one; the order they pop in is the same, the order being total.
    std::vector<MergeEntry> First;
    for (std::size_t I = 0; I + 1 < N; ++I)
      First.push_back(Entry(I));
    Heap = decltype(Heap)(std::greater<MergeEntry>(), std::move(First));
  }
  auto Unlink = [&](std::size_t I) {
    InLine[I] = false;
    if (Prev[I] != None)
      Next[Prev[I]] = Next[I];
    if (Next[I] != None)
      Prev[Next[I]] = Prev[I];
  };
  while (!Heap.empty()) {
    auto [Score, L, VL, VR] = Heap.top();
    Heap.pop();
    if (!InLine[L] || Version[L] != VL || Next[L] == None ||
        Version[Next[L]] != VR)
      continue;
    std::size_t R = Next[L];
    Groups.merge(Open[L], Open[R]);
    Unlink(R);
    ++Version[L];
    std::size_t Before = Prev[L];
    if (Before != None)
      ++Version[Before]; // Its right neighbour changed.
    if (Groups.size(Open[L]) % Warp == 0) {
      Unlink(L);
      Closed.push_back(Open[L]);
      Push(Before);
      continue;
    }
    Push(Before);
    Push(L);
  }
  // What is left (a total that is not whole warps) keeps its place.
  for (std::size_t I = 0; I < N; ++I)
    if (InLine[I])
      Closed.push_back(Open[I]);
}

std::vector<std::uint32_t> sortLexicographically(const BbvSet &Set) {
  return formClasses(Set).Sorted;
}

std::vector<std::uint32_t> regroupGreedy(const BbvSet &Set,
                                         const std::vector<double> &BlockLat,
                                         unsigned Warp, bool LongestFirst) {
  BbvClasses C = formClasses(Set);
  GroupSet Groups(Set, BlockLat);
  std::vector<std::size_t> Closed, Open;
  formClassGroups(Set, C, Warp, Groups, Closed, Open);
  mergeOpenGroups(Groups, std::move(Open), Warp, Closed);
  if (LongestFirst)
    std::stable_sort(
        Closed.begin(), Closed.end(), [&](std::size_t A, std::size_t B) {
          double LA = Groups.latency(A), LB = Groups.latency(B);
          return LA != LB ? LA > LB : Groups.rank(A) < Groups.rank(B);
        });
  else
    std::sort(Closed.begin(), Closed.end(), [&](std::size_t A, std::size_t B) {
      return Groups.rank(A) < Groups.rank(B);
    });
  std::vector<std::uint32_t> Order;
  Order.reserve(Set.Threads);
  for (std::size_t G : Closed)
    Groups.emit(G, C.Sorted, Order);
  return Order;
}

} // namespace

std::vector<std::uint32_t> regroupThreads(const BbvSet &Set,
                                          const std::vector<double> &BlockLat,
                                          RegroupAlgorithm Algorithm,
                                          unsigned WarpSize) {
  if (WarpSize == 0)
    throw std::invalid_argument("regrouping needs a warp size above 0");
  if (BlockLat.size() != Set.Blocks ||
      Set.Counts.size() != Set.Threads * Set.Blocks)
    throw std::invalid_argument(
        "regrouping: the BBV set and the block latencies do not fit");
  switch (Algorithm) {
  case RegroupAlgorithm::Sorting:
    return sortLexicographically(Set);
  case RegroupAlgorithm::Greedy:
    return regroupGreedy(Set, BlockLat, WarpSize, /*LongestFirst=*/false);
  case RegroupAlgorithm::GreedyMax:
    return regroupGreedy(Set, BlockLat, WarpSize, /*LongestFirst=*/true);
  }
  return {};
}

} // namespace divopt::runtime
