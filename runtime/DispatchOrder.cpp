//===- DispatchOrder.cpp - The SMs a first wave of CTAs goes to -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DispatchOrder.h"

#include <algorithm>
#include <map>

namespace divopt::runtime {

std::vector<unsigned> getFirstWaveSms(const std::vector<unsigned> &SmIds,
                                      unsigned SMs, unsigned BlocksPerSM) {
  if (SmIds.size() != static_cast<std::size_t>(SMs) * BlocksPerSM)
    return {};
  // SM ids need not be 0..SMs-1: rank them.
  std::map<unsigned, unsigned> Count;
  for (unsigned Id : SmIds)
    ++Count[Id];
  if (Count.size() != SMs)
    return {};
  std::map<unsigned, unsigned> Rank;
  for (const auto &[Id, N] : Count) {
    if (N != BlocksPerSM)
      return {};
    Rank.emplace(Id, static_cast<unsigned>(Rank.size()));
  }
  std::vector<unsigned> Order;
  for (unsigned Id : SmIds)
    Order.push_back(Rank.at(Id));
  return Order;
}

} // namespace divopt::runtime
