//===- TransactionCost.h - SM cycles of a memory transaction ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the cycles an SM's L1 spends on one warp-wide global load,
// split into a part per request, per distinct 128-byte line and per
// distinct 32-byte sector it touches. Measured by bench/regroup's
// transactions.cu (warps of a full SM loading L1-resident data at strides
// of 0, 4, 32 and 128 bytes per lane); the memory side of the divergence
// model (runtime/MemoryTraffic.h) weighs transactions with it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODEL_TRANSACTIONCOST_H
#define DIVOPT_ANALYSIS_MODEL_TRANSACTIONCOST_H

#include <string_view>

namespace divopt {

struct TransactionCost {
  double PerRequest = 0;
  double PerLine = 0;
  double PerSector = 0;
  std::string_view Source;
};

/// The committed costs for a compute capability; others get sm_90's, with
/// Source saying so.
TransactionCost getTransactionCost(unsigned ComputeCapability);

/// The three costs from SM cycles per request measured at lane strides of
/// 0, 4, 32 and 128 bytes (1, 1, 8, 32 lines; 1, 4, 32, 32 sectors); a part
/// the measurements put below zero is taken as zero.
TransactionCost fitTransactionCost(double Stride0, double Stride4,
                                   double Stride32, double Stride128);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODEL_TRANSACTIONCOST_H
