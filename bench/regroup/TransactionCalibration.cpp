//===- TransactionCalibration.cpp - Measure the transaction costs ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "TransactionCalibration.h"

#include "runtime/Context.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Launch.h"
#include "runtime/Module.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace divopt::runtime;

namespace divopt::bench {

namespace {

constexpr unsigned WarpsPerCta = 32;
constexpr int Steps = 4096;
constexpr int LoadsPerStep = 8; // transactions.cu's LOADS_PER_STEP.

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

MeasuredTransactions measureTransactionCost(const Context &Ctx, const Module &M,
                                            unsigned SMs, int Repeats) {
  // Lines up to 15 x 4 KiB + 31 x 128 bytes past the start (two copies of
  // eight sets: transactions.cu).
  DeviceBuffer<std::uint32_t> Buf(Ctx, 16 * 1024 + 32 * 32);
  Buf.fillWords(0);
  DeviceBuffer<std::uint32_t> Sink(Ctx, 1);
  DeviceBuffer<std::int64_t> Cycles(Ctx, SMs);
  LaunchConfig C = makeLaunchConfig(SMs, WarpsPerCta * 32);
  const unsigned StrideWords[4] = {0, 1, 8, 32};
  MeasuredTransactions Out;
  for (int S = 0; S < 4; ++S) {
    std::vector<double> Runs;
    for (int R = 0; R < Repeats + 1; ++R) {
      launch(M.kernel("mem_stride"), C, Buf, StrideWords[S], Steps, Sink,
             Cycles);
      std::vector<double> PerCta;
      for (std::int64_t Cy : Cycles.download())
        PerCta.push_back(static_cast<double>(Cy) /
                         (double(WarpsPerCta) * Steps * LoadsPerStep));
      if (R > 0) // The first run loads the code: warm-up.
        Runs.push_back(median(PerCta));
    }
    Out.CyclesPerRequest[S] = median(Runs);
  }
  const auto &T = Out.CyclesPerRequest;
  Out.Fitted = fitTransactionCost(T[0], T[1], T[2], T[3]);
  return Out;
}

} // namespace divopt::bench
