//===- Occupancy.cpp - Occupancy of a kernel on an NVIDIA GPU -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Sources. Per-SM limits: CUDA C++ Programming Guide, "Compute Capabilities"
// appendix, tables "Technical Specifications per Compute Capability" and
// "Shared Memory Capacity per Compute Capability" (CUDA 13.0; 7.0 and 7.2
// from the CUDA 12 guide, since CUDA 13 dropped them). Allocation rules:
// NVIDIA's occupancy calculator, /usr/local/cuda/include/cuda_occupancy.h
// (CUDA 13.0), read for its rules; the code below is our own.
//
// Assumptions, each of which the GPU sweep checks against
// cuOccupancyMaxActiveBlocksPerMultiprocessor:
//  * Shared memory carveout. cuda_occupancy.h maps the default carveout
//    preference (SHAREDMEM_CARVEOUT_DEFAULT with CACHE_PREFER_NONE, which is
//    what a function has unless cuFuncSetAttribute(PREFERRED_SHARED_MEMORY_
//    CARVEOUT) or cuCtxSetCacheConfig changed it) to the device's whole
//    sharedMemPerMultiprocessor, i.e. the largest carveout, and then divides
//    that by the per-block allocation. We assume the driver does the same,
//    so SharedPerSM is the largest carveout and no other carveout is
//    modelled. A non-default carveout preference would lower the shared
//    memory limit; DivOpt never sets one.
//  * Block barriers. From sm_90 on, cuda_occupancy.h also bounds blocks by
//    barriers: 2 * MaxBlocksPerSM (sm_90, sm_100, sm_103) or MaxBlocksPerSM
//    (sm_110, sm_12x) barriers shared by blocks using one each. A kernel
//    with __syncthreads only uses one, so the bound never binds; kernels
//    with named barriers (bar.sync with ids > 0) may get fewer blocks from
//    the driver than from this model.
//  * Virtual resources (sm_100+, 128 per SM in cuda_occupancy.h): ordinary
//    kernels use none, so they never bind; not modelled.
//  * Shared memory per block: the query's SharedPerBlock is static plus
//    dynamic. With SharedOptIn the kernel is assumed to have raised
//    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES to at least the dynamic
//    part; without it the driver's default (48 KB minus static) applies.
//  * The kernel's own launch bound (maxThreadsPerBlock from
//    __launch_bounds__/.maxntid) is not part of the query; only the device
//    limit of 1024 threads is checked.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/Occupancy.h"

#include <algorithm>
#include <iterator>
#include <utility>

using namespace divopt;

namespace {

constexpr unsigned KiB = 1024;

/// The columns of the guide's table that differ between the compute
/// capabilities DivOpt knows; the rest is common (see makeArch).
struct ArchRow {
  unsigned ComputeCapability;
  unsigned MaxWarpsPerSM;
  unsigned MaxBlocksPerSM;
  unsigned SharedPerSMKiB;       ///< "Maximum amount of shared memory per SM".
  unsigned MaxSharedPerBlockKiB; ///< "... per thread block" (opt-in).
};

// Guide, "Technical Specifications per Compute Capability". The max blocks
// per SM also match cudaOccMaxBlocksPerMultiprocessor in cuda_occupancy.h,
// and each SharedPerSM is the largest "SMEM Capacity Size" of its row in
// "Shared Memory Capacity per Compute Capability" (and of
// cudaOccAlignUpShmemSizeVoltaPlus), so the default carveout is exactly it.
// On sm_80+ the per-block maximum is the per-SM one less the 1 KB the
// driver reserves per block. 10.3 and 12.1 are in the guide's "10.x" and
// "12.x" columns. 8.8 (nvcc knows compute_88) is not in the guide's table,
// and 10.1 was renamed 11.0 by CUDA 13: both are left out.
constexpr ArchRow ArchRows[] = {
    // CC  warps blocks smem/SM smem/block
    {70, 64, 32, 96, 96},    // Volta V100
    {72, 64, 32, 96, 96},    // Volta Xavier
    {75, 32, 16, 64, 64},    // Turing
    {80, 64, 32, 164, 163},  // Ampere A100
    {86, 48, 16, 100, 99},   // Ampere GA10x
    {87, 48, 16, 164, 163},  // Ampere Orin
    {89, 48, 24, 100, 99},   // Ada
    {90, 64, 32, 228, 227},  // Hopper
    {100, 64, 32, 228, 227}, // Blackwell B200
    {103, 64, 32, 228, 227}, // Blackwell B300
    {110, 48, 24, 228, 227}, // Blackwell Thor
    {120, 48, 24, 100, 99},  // Blackwell GeForce / RTX PRO
    {121, 48, 24, 100, 99},  // Blackwell GB10
};

GpuArch makeArch(const ArchRow &Row) {
  bool IsVoltaOrTuring = Row.ComputeCapability < 80;
  GpuArch A;
  A.ComputeCapability = Row.ComputeCapability;
  A.MaxWarpsPerSM = Row.MaxWarpsPerSM;
  A.MaxBlocksPerSM = Row.MaxBlocksPerSM;
  // Guide: 64 K registers per SM and per block, at most 255 per thread, on
  // every capability in the table. (cuda_occupancy.h checks against 256 on
  // sm_70+, but ptxas never allocates more than 255.)
  A.RegistersPerSM = 64 * KiB;
  A.MaxRegistersPerBlock = 64 * KiB;
  A.MaxRegistersPerThread = 255;
  // cuda_occupancy.h, cudaOccRegAllocationGranularity: a warp's registers
  // are allocated in units of 256 (8 per thread) on every listed arch.
  A.RegisterAllocUnit = 256;
  // cuda_occupancy.h, cudaOccSubPartitionsPerMultiprocessor: 4 on sm_7x+,
  // one register file quarter per warp scheduler (guide: "4 warp
  // schedulers" per SM).
  A.SubPartitionsPerSM = 4;
  A.SharedPerSM = Row.SharedPerSMKiB * KiB;
  A.MaxSharedPerBlock = Row.MaxSharedPerBlockKiB * KiB;
  // Guide: blocks above 48 KB must opt in (cuFuncSetAttribute).
  A.DefaultMaxSharedPerBlock = 48 * KiB;
  // cuda_occupancy.h, cudaOccSMemAllocationGranularity: 256 bytes on sm_7x,
  // 128 from sm_80 on.
  A.SharedAllocUnit = IsVoltaOrTuring ? 256 : 128;
  // cuda_occupancy.h, cudaOccSMemPerBlock: "Starting Ampere, CUDA driver
  // reserves additional shared memory per block"; the device attribute
  // CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK is 1 KB there, 0
  // before (hence the guide's 163 KB of 164 KB, 227 KB of 228 KB).
  A.ReservedSharedPerBlock = IsVoltaOrTuring ? 0 : 1 * KiB;
  return A;
}

unsigned divideRoundUp(unsigned X, unsigned Y) { return (X + Y - 1) / Y; }

unsigned roundUp(unsigned X, unsigned Y) { return divideRoundUp(X, Y) * Y; }

/// Every field computeOccupancy divides by is set.
bool isComplete(const GpuArch &A) {
  return A.WarpSize && A.MaxWarpsPerSM && A.MaxBlocksPerSM &&
         A.RegisterAllocUnit && A.SubPartitionsPerSM && A.SharedAllocUnit;
}

/// Registers one warp holds: registers per thread times the warp size,
/// rounded up to the allocation unit (cuda_occupancy.h,
/// cudaOccMaxBlocksPerSMRegsLimit: "regs per thread x warp size, rounded up
/// to register allocation granularity"). 33 registers hold 40 per thread.
unsigned registersPerWarp(const GpuArch &A, unsigned RegistersPerThread) {
  return roundUp(RegistersPerThread * A.WarpSize, A.RegisterAllocUnit);
}

/// Whether the block's registers fit the per-block limit. The hardware
/// checks it as if the block's warps were spread over all sub-partitions,
/// so the warp count is first rounded up to a multiple of the
/// sub-partition count (cuda_occupancy.h, "Hardware check"). This also
/// covers the plain warps x registers-per-warp check.
bool registersFitBlock(const GpuArch &A, unsigned RegistersPerThread,
                       unsigned WarpsPerBlock) {
  unsigned long long Assumed = 1ULL * registersPerWarp(A, RegistersPerThread) *
                               roundUp(WarpsPerBlock, A.SubPartitionsPerSM);
  return Assumed <= A.MaxRegistersPerBlock;
}

/// Shared memory limit on one block, in bytes.
unsigned maxSharedPerBlock(const GpuArch &A, bool OptIn) {
  return OptIn ? A.MaxSharedPerBlock : A.DefaultMaxSharedPerBlock;
}

/// The launch-time checks: a block that fails one cannot run at all.
bool canLaunch(const GpuArch &A, const OccupancyQuery &Q) {
  if (!isComplete(A) || Q.ThreadsPerBlock == 0 ||
      Q.ThreadsPerBlock > A.MaxThreadsPerBlock ||
      Q.RegistersPerThread > A.MaxRegistersPerThread ||
      Q.SharedPerBlock > maxSharedPerBlock(A, Q.SharedOptIn))
    return false;
  return registersFitBlock(A, Q.RegistersPerThread,
                           divideRoundUp(Q.ThreadsPerBlock, A.WarpSize));
}

/// Blocks that fit the register file. Each sub-partition holds a whole
/// number of warps, so the count is taken per sub-partition first
/// (cuda_occupancy.h: "The max number of warps that can fit on an SM is
/// equal to the max number of warps per sub-partition x number of
/// sub-partitions"). 40 registers, 64-thread blocks on sm_90: 12 warps per
/// quarter, 48 per SM, 24 blocks, not 65536 / 1280 / 2 = 25.
unsigned blocksByRegisters(const GpuArch &A, unsigned RegistersPerThread,
                           unsigned WarpsPerBlock) {
  unsigned PerWarp = registersPerWarp(A, RegistersPerThread);
  if (PerWarp == 0)
    return A.MaxBlocksPerSM; // No registers: no register limit.
  unsigned WarpsPerSubPartition =
      A.RegistersPerSM / A.SubPartitionsPerSM / PerWarp;
  return WarpsPerSubPartition * A.SubPartitionsPerSM / WarpsPerBlock;
}

/// Blocks that fit the shared memory of the largest carveout (see the
/// assumption at the top). A block is charged its shared memory plus the
/// reserved part, rounded up to the allocation unit (cuda_occupancy.h,
/// cudaOccMaxBlocksPerSMSmemLimit).
unsigned blocksBySharedMemory(const GpuArch &A, unsigned SharedPerBlock) {
  unsigned Charged =
      roundUp(SharedPerBlock + A.ReservedSharedPerBlock, A.SharedAllocUnit);
  if (Charged == 0)
    return A.MaxBlocksPerSM; // Volta/Turing, no shared memory: no limit.
  return A.SharedPerSM / Charged;
}

Occupancy invalidOccupancy() { return Occupancy(); }

} // namespace

std::optional<GpuArch> divopt::getGpuArch(unsigned ComputeCapability) {
  const ArchRow *Row = std::find_if(
      std::begin(ArchRows), std::end(ArchRows), [&](const ArchRow &R) {
        return R.ComputeCapability == ComputeCapability;
      });
  if (Row == std::end(ArchRows))
    return std::nullopt;
  return makeArch(*Row);
}

Occupancy divopt::computeOccupancy(const GpuArch &Arch,
                                   const OccupancyQuery &Q) {
  if (!canLaunch(Arch, Q))
    return invalidOccupancy();
  // Threads are scheduled in whole warps: 100 threads take 4 warp slots.
  unsigned WarpsPerBlock = divideRoundUp(Q.ThreadsPerBlock, Arch.WarpSize);

  // Candidates in reporting order; the first with the smallest count wins
  // (see OccupancyLimiter).
  const std::pair<unsigned, OccupancyLimiter> Limits[] = {
      {Arch.MaxWarpsPerSM / WarpsPerBlock, OccupancyLimiter::Warps},
      {Arch.MaxBlocksPerSM, OccupancyLimiter::Blocks},
      {blocksByRegisters(Arch, Q.RegistersPerThread, WarpsPerBlock),
       OccupancyLimiter::Registers},
      {blocksBySharedMemory(Arch, Q.SharedPerBlock),
       OccupancyLimiter::SharedMemory},
  };
  const auto *Min = std::min_element(
      std::begin(Limits), std::end(Limits),
      [](const auto &L, const auto &R) { return L.first < R.first; });
  // canLaunch guarantees one block's resources fit an SM, so no limit is 0.
  if (Min->first == 0)
    return invalidOccupancy();

  Occupancy Result;
  Result.BlocksPerSM = Min->first;
  Result.WarpsPerSM = Min->first * WarpsPerBlock;
  Result.Fraction = double(Result.WarpsPerSM) / Arch.MaxWarpsPerSM;
  Result.Limiter = Min->second;
  return Result;
}

const char *divopt::getLimiterName(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::Warps:
    return "warps";
  case OccupancyLimiter::Blocks:
    return "blocks";
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared-memory";
  case OccupancyLimiter::Invalid:
    return "invalid";
  }
  return "invalid";
}
