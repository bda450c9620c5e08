//===- Occupancy.h - Occupancy of a kernel on an NVIDIA GPU -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++ (no LLVM, no CUDA): the plugin's cost model, the runtime and the
// benches share it. Gives the same answer as the driver's
// cuOccupancyMaxActiveBlocksPerMultiprocessor (flags 0) for the same
// registers per thread, block size and shared memory, under the assumptions
// stated in Occupancy.cpp: the default shared memory carveout (which the
// occupancy calculation reads as the largest carveout), one block barrier,
// no virtual resources.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H
#define DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H

#include <optional>

namespace divopt {

/// Per-SM resources of one compute capability (CUDA C++ Programming Guide,
/// "Technical Specifications per Compute Capability"; allocation
/// granularities from cuda_occupancy.h).
struct GpuArch {
  unsigned ComputeCapability = 0; ///< major*10+minor, e.g. 90.
  unsigned WarpSize = 32;
  unsigned MaxThreadsPerBlock = 1024;
  unsigned MaxWarpsPerSM = 0;
  unsigned MaxBlocksPerSM = 0;
  unsigned RegistersPerSM = 0; ///< 32-bit registers.
  unsigned MaxRegistersPerBlock = 0;
  unsigned MaxRegistersPerThread = 0;
  unsigned RegisterAllocUnit = 0; ///< Registers, allocated per warp.
  unsigned SharedPerSM = 0;       ///< Bytes usable by blocks, max carveout.
  unsigned MaxSharedPerBlock = 0; ///< Bytes, with the opt-in.
  unsigned SharedAllocUnit = 0;   ///< Bytes.
  unsigned ReservedSharedPerBlock = 0; ///< Bytes the system keeps per block.
  /// The register file is split into this many equal parts, one per warp
  /// scheduler; a warp's registers come from one part.
  unsigned SubPartitionsPerSM = 0;
  /// Bytes per block without the opt-in (static plus dynamic shared memory
  /// of a kernel whose CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES was
  /// left at its default).
  unsigned DefaultMaxSharedPerBlock = 0;
};

/// The table entry for a compute capability (70, 72, 75, 80, 86, 87, 89, 90,
/// 100, 103, 110, 120, 121); nullopt for one DivOpt does not know.
std::optional<GpuArch> getGpuArch(unsigned ComputeCapability);

struct OccupancyQuery {
  unsigned RegistersPerThread = 0;
  unsigned ThreadsPerBlock = 0;
  unsigned SharedPerBlock = 0; ///< Static plus dynamic, bytes.
  /// The kernel raised CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES so
  /// that a block may use up to GpuArch::MaxSharedPerBlock; when false the
  /// limit is GpuArch::DefaultMaxSharedPerBlock (the driver's default).
  bool SharedOptIn = true;
};

/// What bounds the resident blocks. When several limits give the same
/// count, the first of Warps, Blocks, Registers, SharedMemory is reported:
/// a fixed hardware limit first, since lowering a resource that ties with
/// it would not raise occupancy.
enum class OccupancyLimiter { Warps, Blocks, Registers, SharedMemory, Invalid };

struct Occupancy {
  unsigned BlocksPerSM = 0;
  unsigned WarpsPerSM = 0;
  /// WarpsPerSM / MaxWarpsPerSM.
  double Fraction = 0.0;
  OccupancyLimiter Limiter = OccupancyLimiter::Invalid;
};

/// Resident blocks per SM; Invalid (0 blocks) when the block cannot run at
/// all (no threads, too many threads, registers or shared memory, or an
/// incomplete GpuArch).
Occupancy computeOccupancy(const GpuArch &Arch, const OccupancyQuery &Q);

/// A short lowercase name without spaces ("warps", "shared-memory", ...),
/// for remarks and CSV columns.
const char *getLimiterName(OccupancyLimiter L);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODEL_OCCUPANCY_H
