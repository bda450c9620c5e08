//===- TransactionCalibration.h - Measure the transaction costs -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs transactions.cu at lane strides of 0, 4, 32 and 128 bytes and fits
// the per-request, per-line and per-sector SM cycles of a warp load
// (analysis/model/TransactionCost.h); the committed table is made from
// these numbers.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_TRANSACTIONCALIBRATION_H
#define DIVOPT_BENCH_REGROUP_TRANSACTIONCALIBRATION_H

#include "analysis/model/TransactionCost.h"

#include <array>

namespace divopt::runtime {
class Context;
class Module;
} // namespace divopt::runtime

namespace divopt::bench {

struct MeasuredTransactions {
  /// SM cycles per warp request at strides 0, 4, 32, 128 bytes (median
  /// over SMs, then over repeats).
  std::array<double, 4> CyclesPerRequest{};
  TransactionCost Fitted;
};

MeasuredTransactions measureTransactionCost(const runtime::Context &Ctx,
                                            const runtime::Module &M,
                                            unsigned SMs, int Repeats = 3);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_TRANSACTIONCALIBRATION_H
