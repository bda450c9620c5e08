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

/// Threads with one BBV, in thread order.
struct BbvClass {
  const std::uint32_t *Row;
  std::vector<std::uint32_t> Members;
};

/// The distinct BBVs in lexicographic order. Hashing rows first keeps this
/// linear in the threads: profiles have far fewer distinct BBVs than
/// threads, and the sort then orders classes, not threads.
std::vector<BbvClass> formClasses(const BbvSet &Set) {
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
  std::unordered_map<const std::uint32_t *, std::size_t, decltype(Hash),
                     decltype(Equal)>
      Index(64, Hash, Equal);
  std::vector<BbvClass> Classes;
  for (std::uint32_t T = 0; T < Set.Threads; ++T) {
    auto [It, New] = Index.try_emplace(Set.row(T), Classes.size());
    if (New)
      Classes.push_back({Set.row(T), {}});
    Classes[It->second].Members.push_back(T);
  }
  std::sort(Classes.begin(), Classes.end(),
            [Width](const BbvClass &A, const BbvClass &B) {
              return std::lexicographical_compare(A.Row, A.Row + Width, B.Row,
                                                  B.Row + Width);
            });
  return Classes;
}

std::vector<std::uint32_t> sortLexicographically(const BbvSet &Set) {
  std::vector<std::uint32_t> Order;
  Order.reserve(Set.Threads);
  for (const BbvClass &C : formClasses(Set))
    Order.insert(Order.end(), C.Members.begin(), C.Members.end());
  return Order;
}

/// Threads laid out together; they take ceil(size / warp) warps, each
/// costed as if it ran the group's elementwise-max BBV.
struct Group {
  std::vector<std::uint32_t> Members;
  std::vector<std::uint32_t> Max;
  double Lat = 0;       ///< Latency of Max.
  std::size_t Rank = 0; ///< Lexicographic position of its first thread.

  double cost(unsigned Warp) const {
    return static_cast<double>((Members.size() + Warp - 1) / Warp) * Lat;
  }
};

double latencyOf(const std::vector<std::uint32_t> &V,
                 const std::vector<double> &BlockLat) {
  double Sum = 0;
  for (std::size_t B = 0; B < V.size(); ++B)
    Sum += V[B] * BlockLat[B];
  return Sum;
}

Group mergeGroups(const Group &A, const Group &B,
                  const std::vector<double> &BlockLat) {
  Group M;
  M.Members = A.Members;
  M.Members.insert(M.Members.end(), B.Members.begin(), B.Members.end());
  M.Max.resize(A.Max.size());
  for (std::size_t I = 0; I < A.Max.size(); ++I)
    M.Max[I] = std::max(A.Max[I], B.Max[I]);
  M.Lat = latencyOf(M.Max, BlockLat);
  M.Rank = std::min(A.Rank, B.Rank);
  return M;
}

/// Latency a merge adds, per thread it places: its cost over its benefit.
double mergeScore(const Group &A, const Group &B,
                  const std::vector<double> &BlockLat, unsigned Warp) {
  Group M = mergeGroups(A, B, BlockLat);
  return (M.cost(Warp) - A.cost(Warp) - B.cost(Warp)) /
         static_cast<double>(M.Members.size());
}

/// Equal BBVs, split into whole warps (closed) and one remainder (open).
void formClassGroups(const BbvSet &Set, const std::vector<double> &BlockLat,
                     unsigned Warp, std::vector<Group> &Closed,
                     std::vector<Group> &Open) {
  std::size_t Rank = 0;
  for (BbvClass &C : formClasses(Set)) {
    std::vector<std::uint32_t> Row(C.Row, C.Row + Set.Blocks);
    double Lat = latencyOf(Row, BlockLat);
    for (std::size_t First = 0; First < C.Members.size(); First += Warp) {
      Group G;
      std::size_t Last = std::min<std::size_t>(First + Warp, C.Members.size());
      G.Members.assign(C.Members.begin() + First, C.Members.begin() + Last);
      G.Max = Row;
      G.Lat = Lat;
      G.Rank = Rank + First;
      (G.Members.size() == Warp ? Closed : Open).push_back(std::move(G));
    }
    Rank += C.Members.size();
  }
}

/// Merges neighbouring open groups (in latency order), cheapest first,
/// until none is left open; a group of whole warps closes.
void mergeOpenGroups(std::vector<Group> Open,
                     const std::vector<double> &BlockLat, unsigned Warp,
                     std::vector<Group> &Closed) {
  std::stable_sort(
      Open.begin(), Open.end(),
      [](const Group &A, const Group &B) { return A.Lat > B.Lat; });
  // A line of groups, linked by index; None ends it.
  const std::size_t N = Open.size(), None = N;
  std::vector<std::size_t> Prev(N), Next(N), Version(N, 0);
  std::vector<bool> InLine(N, true);
  for (std::size_t I = 0; I < N; ++I) {
    Prev[I] = I == 0 ? None : I - 1;
    Next[I] = I + 1;
  }
  // (score, left, its version, right's version): stale once either side
  // changed since it was pushed.
  using Entry = std::tuple<double, std::size_t, std::size_t, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> Heap;
  auto Push = [&](std::size_t L) {
    if (L == None || Next[L] == None)
      return;
    std::size_t R = Next[L];
    Heap.push({mergeScore(Open[L], Open[R], BlockLat, Warp), L, Version[L],
               Version[R]});
  };
  for (std::size_t I = 0; I < N; ++I)
    Push(I);
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
    Open[L] = mergeGroups(Open[L], Open[R], BlockLat);
    Unlink(R);
    ++Version[L];
    std::size_t Before = Prev[L];
    if (Open[L].Members.size() % Warp == 0) {
      Unlink(L);
      Closed.push_back(std::move(Open[L]));
      if (Before != None)
        ++Version[Before]; // Its right neighbour changed.
      Push(Before);
      continue;
    }
    if (Before != None)
      ++Version[Before];
    Push(Before);
    Push(L);
  }
  // What is left (a total that is not whole warps) keeps its place.
  for (std::size_t I = 0; I < N; ++I)
    if (InLine[I])
      Closed.push_back(std::move(Open[I]));
}

std::vector<std::uint32_t> regroupGreedy(const BbvSet &Set,
                                         const std::vector<double> &BlockLat,
                                         unsigned Warp, bool LongestFirst) {
  std::vector<Group> Closed, Open;
  formClassGroups(Set, BlockLat, Warp, Closed, Open);
  mergeOpenGroups(std::move(Open), BlockLat, Warp, Closed);
  if (LongestFirst)
    std::stable_sort(Closed.begin(), Closed.end(),
                     [](const Group &A, const Group &B) {
                       return std::tie(B.Lat, A.Rank) < std::tie(A.Lat, B.Rank);
                     });
  else
    std::sort(Closed.begin(), Closed.end(),
              [](const Group &A, const Group &B) { return A.Rank < B.Rank; });
  std::vector<std::uint32_t> Order;
  Order.reserve(Set.Threads);
  for (const Group &G : Closed)
    Order.insert(Order.end(), G.Members.begin(), G.Members.end());
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
