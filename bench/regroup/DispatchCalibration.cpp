//===- DispatchCalibration.cpp - Measure the first-wave SM order ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DispatchCalibration.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/DispatchOrder.h"
#include "runtime/Launch.h"
#include "runtime/Module.h"

#include <algorithm>
#include <cstdint>

using namespace divopt::runtime;

namespace divopt::bench {

namespace {

/// About 100 us at 2 GHz: far longer than dispatching a wave takes.
constexpr long long SpinCycles = 200000;
/// Shared memory the driver reserves per CTA on sm_90.
constexpr int ReservedSharedPerCta = 1024;

/// Dynamic shared memory that lets at most BlocksPerSM CTAs reside on an
/// SM; 0 where the threads already cap them there.
unsigned sharedBytesFor(const DeviceProperties &P, unsigned Tpb,
                        unsigned BlocksPerSM) {
  if (BlocksPerSM * Tpb >= static_cast<unsigned>(P.MaxThreadsPerMultiprocessor))
    return 0;
  int Bytes = P.SharedPerMultiprocessor / static_cast<int>(BlocksPerSM) -
              ReservedSharedPerCta;
  return static_cast<unsigned>(std::min(Bytes, P.SharedPerBlockOptin));
}

} // namespace

std::vector<unsigned> measureFirstWaveSms(const Context &Ctx, const Module &M,
                                          const DeviceProperties &Props,
                                          unsigned ThreadsPerBlock,
                                          unsigned BlocksPerSM) {
  const unsigned SMs = static_cast<unsigned>(Props.MultiprocessorCount);
  DeviceBuffer<std::uint32_t> Ids(Ctx, SMs * BlocksPerSM);
  LaunchConfig C = makeLaunchConfig(SMs * BlocksPerSM, ThreadsPerBlock);
  C.DynamicSharedBytes = sharedBytesFor(Props, ThreadsPerBlock, BlocksPerSM);
  Kernel K = M.kernel("cta_sm");
  if (C.DynamicSharedBytes > static_cast<unsigned>(Props.SharedPerBlock))
    K.setMaxDynamicSharedBytes(static_cast<int>(C.DynamicSharedBytes));
  launch(K, C, Ids, SpinCycles);
  Ctx.synchronize();
  std::vector<std::uint32_t> Got = Ids.download();
  return getFirstWaveSms(std::vector<unsigned>(Got.begin(), Got.end()), SMs,
                         BlocksPerSM);
}

} // namespace divopt::bench
