//===- StoreBandwidth.cpp - How fast an SM's stores drain to DRAM ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/StoreBandwidth.h"

namespace divopt {

StoreBandwidth getStoreBandwidth(unsigned ComputeCapability) {
  // Measured on an H100 80GB HBM3 (bench/latency/store_stream.cu,
  // 2026-11-26, bench/results/2026-11-26-h100-store-stream.txt): 1 GiB of
  // coalesced float stores at 3.06 TB/s, 12.2-12.3 bytes an SM cycle with
  // 8, 16 or 32 warps an SM alike. A few warps saturate it: stores do not
  // wait for their data to land.
  StoreBandwidth B{12.3, "sm_90, measured on an H100"};
  if (ComputeCapability != 90)
    B.Source = "sm_90's figure (none measured for this capability)";
  return B;
}

} // namespace divopt
