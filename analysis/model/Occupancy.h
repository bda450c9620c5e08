//===- Occupancy.h - Occupancy of a kernel on an NVIDIA GPU -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++ (no LLVM, no CUDA): the plugin's cost model, the runtime and the
// benches share it. Gives the same answer as the driver's
// cuOccupancyMaxActiveBlocksPerMultiprocessor for the same registers per
// thread, block size and shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H
#define DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H

#include <optional>

namespace divopt {

/// Per-SM resources of one compute capability (CUDA C Programming Guide,
/// "Technical Specifications per Compute Capability").
struct GpuArch {
  unsigned ComputeCapability = 0; ///< major*10+minor, e.g. 90.
  unsigned WarpSize = 32;
  unsigned MaxThreadsPerBlock = 1024;
  unsigned MaxWarpsPerSM = 0;
  unsigned MaxBlocksPerSM = 0;
  unsigned RegistersPerSM = 0;     ///< 32-bit registers.
  unsigned MaxRegistersPerBlock = 0;
  unsigned MaxRegistersPerThread = 0;
  unsigned RegisterAllocUnit = 0;  ///< Registers, allocated per warp.
  unsigned SharedPerSM = 0;        ///< Bytes usable by blocks, max carveout.
  unsigned MaxSharedPerBlock = 0;  ///< Bytes, with the opt-in.
  unsigned SharedAllocUnit = 0;    ///< Bytes.
  unsigned ReservedSharedPerBlock = 0; ///< Bytes the system keeps per block.
};

/// The table entry for a compute capability (70, 75, 80, 86, 87, 89, 90,
/// 100, 120, ...); nullopt for one DivOpt does not know.
std::optional<GpuArch> getGpuArch(unsigned ComputeCapability);

struct OccupancyQuery {
  unsigned RegistersPerThread = 0;
  unsigned ThreadsPerBlock = 0;
  unsigned SharedPerBlock = 0; ///< Static plus dynamic, bytes.
};

enum class OccupancyLimiter { Warps, Blocks, Registers, SharedMemory, Invalid };

struct Occupancy {
  unsigned BlocksPerSM = 0;
  unsigned WarpsPerSM = 0;
  /// WarpsPerSM / MaxWarpsPerSM.
  double Fraction = 0.0;
  OccupancyLimiter Limiter = OccupancyLimiter::Invalid;
};

/// Resident blocks per SM; Invalid (0 blocks) when the block cannot run at
/// all (too many threads, registers or shared memory).
Occupancy computeOccupancy(const GpuArch &Arch, const OccupancyQuery &Q);

const char *getLimiterName(OccupancyLimiter L);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H
