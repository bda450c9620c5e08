//===- TransactionCost.cpp - SM cycles of a memory transaction ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/TransactionCost.h"

#include <algorithm>

namespace divopt {

TransactionCost getTransactionCost(unsigned ComputeCapability) {
  // Measured on an H100 (bench/regroup/transactions.cu, run 4, its SASS
  // checked to keep the loads in the timed loop): 1.03, 1.03, 8.00 and
  // 32.00 SM cycles per warp request at lane strides of 0, 4, 32 and 128
  // bytes. The L1 serves one 128-byte line a cycle, whatever its sectors.
  TransactionCost C{0.03, 1.0, 0.0, "sm_90, measured on an H100 (run 4)"};
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
