//===- DeviceRegrouping.h - Regrouping steps on the GPU ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// libdivopt-regroup-gpu: the steps of thread regrouping that the host took
// hundreds of milliseconds for, run on the device where the counting copy
// left its profile (docs/REGROUP-GPU.md). The library is CUDA C++ (the CUDA
// runtime and CUB, compiled by nvcc); this header is plain C++ over the
// driver API's types, so the runtime and the benches call it without CUDA
// headers of their own. It runs in the current context (the runtime's
// Context makes the device's primary context current, which the CUDA
// runtime uses too).
//
// - sortThreadsOnDevice: Sorting's order (Regrouping.h): threads in
//   descending lexicographic order of their BBVs (columns in
//   getSortingColumns' order), ties by thread index: CUB's stable radix
//   sort of (key, thread) pairs, least significant key first, each key
//   packing as many varying columns (largest value less the count) as fit
//   64 bits. The same order as regroupThreads(..., Sorting) element for
//   element.
// - regroupOnDevice: Greedy's and Greedy-Max's orders. The classes of equal
//   BBVs come from Sorting's order, their whole warps and remainders from
//   scans, the remainders' line from a sort by latency; the remainders are
//   merged by device threads running GreedyMerge.h in chunks of at most
//   ChunkGroups groups, then the chunks' leftovers, round after round; the
//   groups are laid out by rank or latency with scans and a sort.
//   regroupThreads(..., ChunkGroups) element for element: the host's
//   Greedy itself when the remainders fit one chunk.
// - getWarpDemandsOnDevice: the model's per-warp demands
//   (DivergenceModel.h: getWarpDemands), one device warp per warp, in
//   the host's arithmetic (no contraction), so that the scheduled model
//   run on them on the host predicts what it predicts from the host's.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_GPU_DEVICEREGROUPING_H
#define DIVOPT_RUNTIME_GPU_DEVICEREGROUPING_H

#include "runtime/DivergenceModel.h"
#include "runtime/MemoryTraffic.h"
#include "runtime/Regrouping.h"
#include "runtime/gpu/GreedyPipeline.h"

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace divopt::runtime::gpu {

/// What the counting copy wrote, still on the device: Threads rows of
/// Blocks counts, then two little-endian words per sampled access site.
struct DeviceProfile {
  CUdeviceptr Words = 0;
  std::size_t Threads = 0;
  std::size_t Blocks = 0;
  std::size_t Sites = 0;
  std::size_t width() const { return Blocks + 2 * Sites; }
};

/// Writes Sorting's order (position -> thread, Threads entries) to Order.
/// Returns when the order is written. Throws runtime::Error on a CUDA
/// failure.
void sortThreadsOnDevice(const DeviceProfile &Profile, CUdeviceptr Order);

/// The greedy merge's default chunk: 256 groups, merged by one device
/// thread in about a millisecond.
constexpr std::uint32_t DefaultChunkGroups = 256;

/// Writes Algorithm's order for warps of WarpSize to Order, the open groups
/// of Greedy and Greedy-Max merged in chunks of at most ChunkGroups (0: one
/// chunk); regroupThreads(Set, BlockLat, Algorithm, WarpSize, ChunkGroups)
/// element for element. Returns when the order is written. Throws
/// std::invalid_argument where regroupThreads would, runtime::Error on a
/// CUDA failure.
RegroupStats regroupOnDevice(const DeviceProfile &Profile,
                             const std::vector<double> &BlockLat,
                             RegroupAlgorithm Algorithm, unsigned WarpSize,
                             std::uint32_t ChunkGroups, CUdeviceptr Order);

/// getWarpDemands for the order at Order (0: the identity), computed on
/// the device; Mem may be null (issue only); with Ctas, the warps of those
/// CTAs only (LaunchSample.h). Throws std::invalid_argument where the host
/// version would, runtime::Error on a CUDA failure.
std::vector<WarpDemand> getWarpDemandsOnDevice(
    const DeviceProfile &Profile, const std::vector<double> &BlockLat,
    const MemorySystem *Mem, CUdeviceptr Order, const LaunchShape &Shape,
    const std::vector<std::uint32_t> *Ctas = nullptr);

} // namespace divopt::runtime::gpu

#endif // DIVOPT_RUNTIME_GPU_DEVICEREGROUPING_H
