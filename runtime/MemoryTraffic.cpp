//===- MemoryTraffic.cpp - Memory transactions of a warp ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/MemoryTraffic.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace divopt::runtime {

namespace {

/// Sum over distinct keys of the largest count: Lanes holds (key, count).
double sumOfMaxPerKey(std::vector<std::pair<std::uint64_t, std::uint32_t>> &L) {
  std::sort(L.begin(), L.end());
  double Sum = 0;
  for (std::size_t I = 0; I < L.size(); ++I)
    if (I + 1 == L.size() || L[I + 1].first != L[I].first)
      Sum += L[I].second; // The last of a key holds its largest count.
  return Sum;
}

} // namespace

WarpTraffic getWarpTraffic(const BbvSet &Set, const MemorySystem &Mem,
                           const std::uint32_t *Threads, std::size_t Lanes) {
  WarpTraffic W;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> Lines, Sectors;
  for (std::size_t S = 0; S < Mem.Sites.size(); ++S) {
    Lines.clear();
    Sectors.clear();
    std::uint32_t Most = 0;
    for (std::size_t L = 0; L < Lanes; ++L) {
      std::uint32_t Count = Set.row(Threads[L])[Mem.Sites[S].Block];
      if (Count == 0)
        continue; // The lane never ran the site: it has no address.
      std::uint64_t A = Set.address(Threads[L], S);
      Lines.push_back({A / 128, Count});
      Sectors.push_back({A / 32, Count});
      Most = std::max(Most, Count);
    }
    W.Requests += Most;
    W.Lines += sumOfMaxPerKey(Lines);
    W.Sectors += sumOfMaxPerKey(Sectors);
  }
  return W;
}

double getMemoryCycles(const WarpTraffic &T, const TransactionCost &C) {
  return T.Requests * C.PerRequest + T.Lines * C.PerLine +
         T.Sectors * C.PerSector;
}

double getSerializationCycles(const WarpTraffic &T, const TransactionCost &C) {
  return (T.Lines - T.Requests) * C.PerLine +
         (T.Sectors - T.Requests) * C.PerSector;
}

void checkMemoryInputs(const BbvSet &Set, const MemorySystem &Mem) {
  if (Set.Sites != Mem.Sites.size())
    throw std::invalid_argument(
        "BBV set samples " + std::to_string(Set.Sites) + " access sites but " +
        std::to_string(Mem.Sites.size()) + " were described");
  if (Set.Addresses.size() != Set.Threads * Set.Sites)
    throw std::invalid_argument(
        "BBV set: addresses do not fill threads x sites");
  for (const AccessSite &S : Mem.Sites)
    if (S.Block >= Set.Blocks)
      throw std::invalid_argument("access site in block " +
                                  std::to_string(S.Block) + " of " +
                                  std::to_string(Set.Blocks));
}

} // namespace divopt::runtime
