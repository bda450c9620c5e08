//===- StoreBandwidth.h - How fast an SM's stores drain to DRAM -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the bytes of global stores an SM drains to DRAM per SM cycle
// when every SM streams them, measured by bench/latency/store_stream.cu.
// A loop whose warps store more than that can drain is bound by it however
// many warps are resident, so the cost model puts it under a loop's time
// as a floor (CostModel.h, Estimate::StoreBytes).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODEL_STOREBANDWIDTH_H
#define DIVOPT_ANALYSIS_MODEL_STOREBANDWIDTH_H

#include <string_view>

namespace divopt {

struct StoreBandwidth {
  double BytesPerSMCycle = 0;
  std::string_view Source;
};

/// The committed figure for a compute capability; others get sm_90's, with
/// Source saying so.
StoreBandwidth getStoreBandwidth(unsigned ComputeCapability);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODEL_STOREBANDWIDTH_H
