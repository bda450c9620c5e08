//===- BbvRows.h - Small BBV sets written row by row ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The known-answer tests write their BBV sets as one row of block counts
// per thread.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TEST_UNIT_REGROUP_BBVROWS_H
#define DIVOPT_TEST_UNIT_REGROUP_BBVROWS_H

#include "runtime/BbvSet.h"

#include <cstdint>
#include <vector>

namespace divopt::runtime::test {

/// One row per thread, every row as long as the first.
inline BbvSet makeSet(const std::vector<std::vector<std::uint32_t>> &Rows) {
  BbvSet S;
  S.Threads = Rows.size();
  S.Blocks = Rows.empty() ? 0 : Rows[0].size();
  for (const auto &R : Rows)
    S.Counts.insert(S.Counts.end(), R.begin(), R.end());
  return S;
}

} // namespace divopt::runtime::test

#endif // DIVOPT_TEST_UNIT_REGROUP_BBVROWS_H
