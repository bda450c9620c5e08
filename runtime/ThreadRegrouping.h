//===- ThreadRegrouping.h - Profile, regroup, launch remapped ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The runtime side of thread regrouping. A module compiled with the
// `bbv-profile` and `thread-remap` passes holds, for kernel K:
//   K_$_divopt_$_bbv          K's parameters, then unsigned *counters
//   K_$_divopt_$_bbv_$_map    the counter-to-block map (BbvMap.h)
//   K_$_divopt_$_remap        K's parameters, then const unsigned *redirect
// profileBbv runs the counting kernel once (it computes what K computes) and
// reads the per-thread BBVs back; planRegrouping (RegroupPlan.h) orders the
// threads and predicts the gain; launchRemapped runs K with that order.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_THREADREGROUPING_H
#define DIVOPT_RUNTIME_THREADREGROUPING_H

#include "runtime/BbvMap.h"
#include "runtime/BbvSet.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/DivergenceModel.h"
#include "runtime/Launch.h"
#include "runtime/Module.h"

#include <cstdint>
#include <string>

namespace divopt::runtime {

class Context;
struct DeviceProperties;

std::string getBbvKernelName(const std::string &Kernel);
std::string getBbvMapName(const std::string &Kernel);
std::string getRemapKernelName(const std::string &Kernel);

/// Reads and parses Kernel's block map from M (cuModuleGetGlobal); throws
/// Error when M holds none (not compiled with bbv-profile).
BbvMap readBbvMap(const Module &M, const std::string &Kernel);

/// Threads a launch with Config starts.
std::size_t getLaunchedThreads(const LaunchConfig &Config);

/// The model's view of launching K with Config on Props' device: resident
/// CTAs per SM from the shared occupancy model (analysis/model), with K's
/// registers and static shared memory.
LaunchShape getLaunchShape(const Kernel &K, const LaunchConfig &Config,
                           const DeviceProperties &Props);

/// Splits rows of Blocks counters and Sites two-word addresses (what the
/// counting copy writes per thread) into a set.
BbvSet splitProfileRows(const std::vector<std::uint32_t> &Words,
                        std::size_t Threads, std::size_t Blocks,
                        std::size_t Sites);

/// What the counting copy wrote, left on the device: Threads rows of
/// Blocks counters and Sites two-word addresses (the regrouping steps of
/// runtime/gpu read it there; download() reads it to the host).
struct DeviceBbvProfile {
  DeviceBuffer<std::uint32_t> Words;
  std::size_t Threads = 0, Blocks = 0, Sites = 0;

  BbvSet download() const {
    return splitProfileRows(Words.download(), Threads, Blocks, Sites);
  }
};

/// Launches Kernel's counting copy with Args on a zeroed counter buffer
/// (asynchronously, on Config's stream) and returns that buffer.
template <typename... Ts>
DeviceBbvProfile
launchBbvProfile(const Context &Ctx, const Module &M, const std::string &Kernel,
                 const LaunchConfig &Config, const Ts &...Args) {
  BbvMap Map = readBbvMap(M, Kernel);
  const std::size_t Threads = getLaunchedThreads(Config);
  const std::size_t Width = Map.Blocks.size() + 2 * Map.Accesses.size();
  DeviceBbvProfile P{DeviceBuffer<std::uint32_t>(Ctx, Threads * Width), Threads,
                     Map.Blocks.size(), Map.Accesses.size()};
  P.Words.fillWords(0, Config.Stream);
  launch(M.kernel(getBbvKernelName(Kernel)), Config, Args..., P.Words);
  return P;
}

/// Runs Kernel's counting copy with Args on a zeroed counter buffer and
/// returns every launched thread's BBV and sampled addresses.
template <typename... Ts>
BbvSet profileBbv(const Context &Ctx, const Module &M,
                  const std::string &Kernel, const LaunchConfig &Config,
                  const Ts &...Args) {
  // Synchronous: the download waits for the kernel.
  return launchBbvProfile(Ctx, M, Kernel, Config, Args...).download();
}

/// Throws Error unless Redirect holds one entry per launched thread.
void checkRedirectTable(const DeviceBuffer<std::uint32_t> &Redirect,
                        const LaunchConfig &Config, const std::string &Kernel);

/// Runs Kernel's remapped copy: the thread in position p does the work of
/// thread Redirect[p].
template <typename... Ts>
void launchRemapped(const Module &M, const std::string &Kernel,
                    const LaunchConfig &Config,
                    const DeviceBuffer<std::uint32_t> &Redirect,
                    const Ts &...Args) {
  checkRedirectTable(Redirect, Config, Kernel);
  launch(M.kernel(getRemapKernelName(Kernel)), Config, Args..., Redirect);
}

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_THREADREGROUPING_H
