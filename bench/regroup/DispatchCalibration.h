//===- DispatchCalibration.h - Measure the first-wave SM order --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs dispatch.cu's one-wave launch and returns LaunchShape::FirstWaveSms
// for CTAs of ThreadsPerBlock threads, BlocksPerSM resident per SM (empty
// when the recording was not one clean wave: the model then deals
// round-robin).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_DISPATCHCALIBRATION_H
#define DIVOPT_BENCH_REGROUP_DISPATCHCALIBRATION_H

#include <vector>

namespace divopt::runtime {
class Context;
class Module;
struct DeviceProperties;
} // namespace divopt::runtime

namespace divopt::bench {

std::vector<unsigned>
measureFirstWaveSms(const runtime::Context &Ctx, const runtime::Module &M,
                    const runtime::DeviceProperties &Props,
                    unsigned ThreadsPerBlock, unsigned BlocksPerSM);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_DISPATCHCALIBRATION_H
