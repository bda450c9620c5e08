//===- DispatchOrder.h - The SMs a first wave of CTAs goes to ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: turns the SM ids a one-wave launch recorded per CTA
// (bench/regroup/dispatch.cu) into LaunchShape::FirstWaveSms. The hardware
// does not deal CTAs round-robin over SM indices (on an H100, SMs 124-131
// take their second CTA before SMs 10-15 take their first), so the
// scheduled model must follow the measured order: an order that puts heavy
// CTAs first loads those SMs twice.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_DISPATCHORDER_H
#define DIVOPT_RUNTIME_DISPATCHORDER_H

#include <vector>

namespace divopt::runtime {

/// The model's SM index (rank of the SM id among those seen) of each CTA,
/// in launch order; empty unless the recording is a clean wave: exactly
/// SMs distinct ids, each BlocksPerSM times (else some CTA waited for
/// another to end, and the order is not a first wave's).
std::vector<unsigned> getFirstWaveSms(const std::vector<unsigned> &SmIds,
                                      unsigned SMs, unsigned BlocksPerSM);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DISPATCHORDER_H
