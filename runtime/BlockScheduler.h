//===- BlockScheduler.h - The scheduled model's SMs and CTAs ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the simulation behind BBV-weighted-scheduled
// (DivergenceModel.h). CTAs go to SMs in launch order: the first wave in
// the shape's measured dispatch order (else round-robin), later ones
// round-robin over the SMs that have a free slot at the same moment; on an SM
// all active warps run at one rate, the largest that keeps (a) at most
// ConcurrentWarps warps' worth of issue and (b) at most one cycle of memory
// pipeline per cycle, and never above the rate of a warp alone.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_BLOCKSCHEDULER_H
#define DIVOPT_RUNTIME_BLOCKSCHEDULER_H

#include "runtime/DivergenceModel.h"

#include <vector>

namespace divopt::runtime {

/// Cycles until the last warp of the launch ends; Warps in position order.
double simulateBlockScheduling(const std::vector<WarpDemand> &Warps,
                               const LaunchShape &Shape);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_BLOCKSCHEDULER_H
