//===- TransactionCost.cpp - SM cycles of a memory transaction ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/TransactionCost.h"

#include <algorithm>

namespace divopt {

TransactionCost getTransactionCost(unsigned ComputeCapability) {
  // Not yet measured: one cycle per line, a quarter per sector (an L1 that
  // serves a line's four sectors a cycle), nothing per request beyond them.
  TransactionCost C{0.0, 1.0, 0.25, "sm_90, not measured"};
  if (ComputeCapability != 90)
    C.Source = "sm_90's costs (none measured for this capability)";
  return C;
}

TransactionCost fitTransactionCost(double Stride0, double Stride4,
                                   double Stride32, double Stride128) {
  // Stride 4 adds 3 sectors to stride 0 in the same line; 128 adds 24
  // lines to 32 with the same sectors; stride 0 is one of each.
  TransactionCost C;
  C.PerSector = std::max(0.0, (Stride4 - Stride0) / 3);
  C.PerLine = std::max(0.0, (Stride128 - Stride32) / 24);
  C.PerRequest = std::max(0.0, Stride0 - C.PerLine - C.PerSector);
  C.Source = "measured";
  return C;
}

} // namespace divopt
