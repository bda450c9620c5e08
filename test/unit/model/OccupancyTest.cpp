//===- OccupancyTest.cpp - Known answers of the occupancy model -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every expected value is worked by hand in the comment above it, from the
// rules documented in Occupancy.cpp (CUDA C++ Programming Guide limits,
// cuda_occupancy.h allocation rules, largest shared memory carveout):
//   warps/block  = ceil(threads / 32)
//   regs/warp    = roundup(regs * 32, 256)
//   by warps     = MaxWarpsPerSM / warps/block
//   by registers = floor(16384 / regs/warp) * 4 / warps/block
//   by shared    = SharedPerSM / roundup(shared + reserved, unit)
//   blocks       = min(by warps, MaxBlocksPerSM, by registers, by shared)
// The comment also says which wrong rule the case would catch.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/Occupancy.h"

#include "gtest/gtest.h"

#include <cstring>
#include <set>
#include <string>

using namespace divopt;

namespace {

constexpr unsigned KiB = 1024;
const unsigned KnownArchs[] = {70, 72,  75,  80,  86,  87, 89,
                               90, 100, 103, 110, 120, 121};

GpuArch archFor(unsigned CC) {
  std::optional<GpuArch> A = getGpuArch(CC);
  EXPECT_TRUE(A.has_value()) << "no table entry for sm_" << CC;
  return A.value_or(GpuArch());
}

Occupancy occupancy(unsigned CC, unsigned Regs, unsigned Threads,
                    unsigned Shared = 0, bool OptIn = true) {
  OccupancyQuery Q;
  Q.RegistersPerThread = Regs;
  Q.ThreadsPerBlock = Threads;
  Q.SharedPerBlock = Shared;
  Q.SharedOptIn = OptIn;
  return computeOccupancy(archFor(CC), Q);
}

::testing::AssertionResult is(const Occupancy &O, unsigned Blocks,
                              unsigned Warps, double Fraction,
                              OccupancyLimiter Limiter) {
  if (O.BlocksPerSM == Blocks && O.WarpsPerSM == Warps &&
      O.Fraction == Fraction && O.Limiter == Limiter)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "got " << O.BlocksPerSM << " blocks, " << O.WarpsPerSM << " warps, "
         << O.Fraction << ", " << getLimiterName(O.Limiter) << "; want "
         << Blocks << " blocks, " << Warps << " warps, " << Fraction << ", "
         << getLimiterName(Limiter);
}

::testing::AssertionResult isInvalid(const Occupancy &O) {
  return is(O, 0, 0, 0.0, OccupancyLimiter::Invalid);
}

//===-- The table ---------------------------------------------------------===//

TEST(GpuArchTable, KnowsEverySourcedCapability) {
  for (unsigned CC : KnownArchs) {
    std::optional<GpuArch> A = getGpuArch(CC);
    ASSERT_TRUE(A.has_value()) << CC;
    EXPECT_EQ(A->ComputeCapability, CC);
  }
}

TEST(GpuArchTable, RejectsUnsourcedCapabilities) {
  // 6.x: before DivOpt's range; 8.8: not in the guide's table; 10.1: renamed
  // 11.0 by CUDA 13; 9.1, 13.0: do not exist.
  for (unsigned CC : {0u, 60u, 61u, 88u, 91u, 101u, 130u})
    EXPECT_FALSE(getGpuArch(CC).has_value()) << CC;
}

// The guide's "Technical Specifications per Compute Capability" row by row:
// resident warps and blocks per SM, shared memory per SM and per block (KB);
// allocation unit and reserved bytes from cuda_occupancy.h.
TEST(GpuArchTable, MatchesTheProgrammingGuide) {
  struct Expected {
    unsigned CC, Warps, Blocks, SmemKiB, BlockSmemKiB, Unit, Reserved;
  };
  const Expected Rows[] = {
      {70, 64, 32, 96, 96, 256, 0},       {72, 64, 32, 96, 96, 256, 0},
      {75, 32, 16, 64, 64, 256, 0},       {80, 64, 32, 164, 163, 128, 1024},
      {86, 48, 16, 100, 99, 128, 1024},   {87, 48, 16, 164, 163, 128, 1024},
      {89, 48, 24, 100, 99, 128, 1024},   {90, 64, 32, 228, 227, 128, 1024},
      {100, 64, 32, 228, 227, 128, 1024}, {103, 64, 32, 228, 227, 128, 1024},
      {110, 48, 24, 228, 227, 128, 1024}, {120, 48, 24, 100, 99, 128, 1024},
      {121, 48, 24, 100, 99, 128, 1024},
  };
  for (const Expected &E : Rows) {
    SCOPED_TRACE("sm_" + std::to_string(E.CC));
    GpuArch A = archFor(E.CC);
    EXPECT_EQ(A.MaxWarpsPerSM, E.Warps);
    EXPECT_EQ(A.MaxBlocksPerSM, E.Blocks);
    EXPECT_EQ(A.SharedPerSM, E.SmemKiB * KiB);
    EXPECT_EQ(A.MaxSharedPerBlock, E.BlockSmemKiB * KiB);
    EXPECT_EQ(A.SharedAllocUnit, E.Unit);
    EXPECT_EQ(A.ReservedSharedPerBlock, E.Reserved);
    // Common to all: 32-thread warps, 1024 threads and 64 K registers per
    // block, 64 K registers per SM in 4 quarters, 255 per thread, allocated
    // 256 per warp, 48 KB per block without the opt-in.
    EXPECT_EQ(A.WarpSize, 32u);
    EXPECT_EQ(A.MaxThreadsPerBlock, 1024u);
    EXPECT_EQ(A.RegistersPerSM, 65536u);
    EXPECT_EQ(A.MaxRegistersPerBlock, 65536u);
    EXPECT_EQ(A.MaxRegistersPerThread, 255u);
    EXPECT_EQ(A.RegisterAllocUnit, 256u);
    EXPECT_EQ(A.SubPartitionsPerSM, 4u);
    EXPECT_EQ(A.DefaultMaxSharedPerBlock, 48 * KiB);
  }
}

// The per-block maximum plus the reserved part is exactly the largest
// carveout, so the largest block always fits one SM; and the carveout is a
// whole number of allocation units.
TEST(GpuArchTable, LargestBlockFillsTheLargestCarveout) {
  for (unsigned CC : KnownArchs) {
    GpuArch A = archFor(CC);
    EXPECT_EQ(A.MaxSharedPerBlock + A.ReservedSharedPerBlock, A.SharedPerSM)
        << CC;
    EXPECT_EQ(A.SharedPerSM % A.SharedAllocUnit, 0u) << CC;
  }
}

//===-- sm_90 (64 warps, 32 blocks, 228 KB, 1 KB reserved, unit 128) ------===//

// 256 threads = 8 warps. By warps 64/8 = 8. Registers: 32*32 = 1024 per warp,
// 16384/1024 = 16 warps per quarter, 64 per SM, 64/8 = 8. Shared: 0 + 1024
// reserved -> 233472/1024 = 228. Blocks 32. min 8, warps and registers tie:
// warps reported. 8*8 = 64 warps, 100%.
TEST(Occupancy, Sm90FullOccupancyReportsWarpsOnATie) {
  EXPECT_TRUE(is(occupancy(90, 32, 256), 8, 64, 1.0, OccupancyLimiter::Warps));
}

// 64*32 = 2048 per warp, 16384/2048 = 8 per quarter, 32 per SM, 32/8 = 4
// blocks (warps 8, blocks 32, shared 228). 32 warps, 50%.
TEST(Occupancy, Sm90SixtyFourRegistersHalveOccupancy) {
  EXPECT_TRUE(
      is(occupancy(90, 64, 256), 4, 32, 0.5, OccupancyLimiter::Registers));
}

// 255*32 = 8160 -> 8192 per warp; 16384/8192 = 2 per quarter, 8 per SM;
// 128 threads = 4 warps -> 2 blocks, 8 warps, 8/64 = 12.5%. Per-block check:
// 8192 * roundup(4, 4) = 32768 <= 65536, so the block is valid.
TEST(Occupancy, Sm90MaxRegistersPerThread) {
  EXPECT_TRUE(
      is(occupancy(90, 255, 128), 2, 8, 0.125, OccupancyLimiter::Registers));
}

// 56*32 = 1792 per warp (already 7*256); 16384/1792 = 9 per quarter, 36 per
// SM; 36/8 = 4 blocks, 32 warps, 50%.
TEST(Occupancy, Sm90FiftySixRegisters) {
  EXPECT_TRUE(
      is(occupancy(90, 56, 256), 4, 32, 0.5, OccupancyLimiter::Registers));
}

// 33*32 = 1056 -> roundup 256 = 1280 per warp (40 per thread). 16384/1280 =
// 12 per quarter, 48 per SM, 48/8 = 6 blocks, 48 warps, 75%. Without the
// 256 granularity: 16384/1056 = 15, 60 warps, 7 blocks.
TEST(Occupancy, Sm90RegisterGranularity) {
  EXPECT_TRUE(
      is(occupancy(90, 33, 256), 6, 48, 0.75, OccupancyLimiter::Registers));
  EXPECT_TRUE(
      is(occupancy(90, 40, 256), 6, 48, 0.75, OccupancyLimiter::Registers));
}

// 40*32 = 1280 per warp; 12 per quarter (15360 of 16384), 48 per SM; 64
// threads = 2 warps -> 24 blocks, 48 warps, 75%. Warps allow 32, blocks 32.
// Pooling the whole file instead (65536/1280 = 51 warps) would give 25.
TEST(Occupancy, Sm90RegistersAreCountedPerSubPartition) {
  EXPECT_TRUE(
      is(occupancy(90, 40, 64), 24, 48, 0.75, OccupancyLimiter::Registers));
}

// 32 threads = 1 warp. By warps 64, registers 64 (16 per quarter), shared
// 228; the 32 blocks limit wins: 32 warps, 50%.
TEST(Occupancy, Sm90ThirtyTwoThreadBlocksHitTheBlockLimit) {
  EXPECT_TRUE(is(occupancy(90, 32, 32), 32, 32, 0.5, OccupancyLimiter::Blocks));
}

// 100 threads take ceil(100/32) = 4 warps: by warps 64/4 = 16, registers
// 64/4 = 16 -> 16 blocks, 64 warps, 100% (tie, warps). Counting 3 warps
// would give 21. One thread takes a whole warp: like 32 threads, 32 blocks.
TEST(Occupancy, Sm90PartialWarpsRoundUp) {
  EXPECT_TRUE(is(occupancy(90, 32, 100), 16, 64, 1.0, OccupancyLimiter::Warps));
  EXPECT_TRUE(is(occupancy(90, 32, 1), 32, 32, 0.5, OccupancyLimiter::Blocks));
}

// 45 KB = 46080 + 1024 reserved = 47104 (368*128); 233472/47104 = 4.96 ->
// 4 blocks (warps and registers allow 8), 32 warps, 50%. Without the
// reserved 1 KB: 233472/46080 = 5.07 -> 5.
TEST(Occupancy, Sm90SharedMemoryChargesTheReservedKilobyte) {
  EXPECT_TRUE(is(occupancy(90, 32, 256, 45 * KiB), 4, 32, 0.5,
                 OccupancyLimiter::SharedMemory));
}

// 45670 + 1024 = 46694 -> roundup 128 = 46720; 233472/46720 = 4.997 -> 4.
// Unrounded, 5*46694 = 233470 <= 233472 would give 5. 64 threads = 2 warps
// (warps, registers and blocks allow 32): 4 blocks, 8 warps, 12.5%.
TEST(Occupancy, Sm90SharedMemoryGranularity) {
  EXPECT_TRUE(is(occupancy(90, 32, 64, 45670), 4, 8, 0.125,
                 OccupancyLimiter::SharedMemory));
}

// 227 KB = 232448 + 1024 = 233472: exactly one block (8 warps, 12.5%); one
// byte more exceeds the per-block maximum.
TEST(Occupancy, Sm90LargestSharedMemoryBlock) {
  EXPECT_TRUE(is(occupancy(90, 32, 256, 227 * KiB), 1, 8, 0.125,
                 OccupancyLimiter::SharedMemory));
  EXPECT_TRUE(isInvalid(occupancy(90, 32, 256, 227 * KiB + 1)));
}

// Without the opt-in a block may use 48 KB: 49152 + 1024 = 50176 ->
// 233472/50176 = 4.65 -> 4 blocks; 49153 is refused. With the opt-in 49153
// + 1024 = 50177 -> 50304 (393*128) -> 4.64 -> 4.
TEST(Occupancy, Sm90SharedMemoryWithoutOptIn) {
  EXPECT_TRUE(is(occupancy(90, 32, 256, 48 * KiB, /*OptIn=*/false), 4, 32, 0.5,
                 OccupancyLimiter::SharedMemory));
  EXPECT_TRUE(isInvalid(occupancy(90, 32, 256, 48 * KiB + 1, false)));
  EXPECT_TRUE(is(occupancy(90, 32, 256, 48 * KiB + 1, true), 4, 32, 0.5,
                 OccupancyLimiter::SharedMemory));
}

// No registers: no register limit; 256 threads -> warps 64/8 = 8.
TEST(Occupancy, Sm90ZeroRegistersDoNotLimit) {
  EXPECT_TRUE(is(occupancy(90, 0, 256), 8, 64, 1.0, OccupancyLimiter::Warps));
}

//===-- sm_75 (32 warps, 16 blocks, 64 KB, nothing reserved, unit 256) ----===//

// 8 warps per block: warps 32/8 = 4; registers 64/8 = 8; blocks 16; no
// shared memory and nothing reserved: no shared limit. 4 blocks, 32 warps,
// 100%.
TEST(Occupancy, Sm75WarpLimited) {
  EXPECT_TRUE(is(occupancy(75, 32, 256), 4, 32, 1.0, OccupancyLimiter::Warps));
}

// 1 warp per block: warps 32, registers 64, blocks 16 -> 16 blocks, 16
// warps, 50%.
TEST(Occupancy, Sm75BlockLimited) {
  EXPECT_TRUE(is(occupancy(75, 32, 32), 16, 16, 0.5, OccupancyLimiter::Blocks));
}

// 20 KB = 20480 (80*256), no reserve: 65536/20480 = 3.2 -> 3. 128 threads:
// warps 8, registers 16. 3 blocks, 12 warps, 12/32 = 37.5%.
TEST(Occupancy, Sm75SharedMemoryLimited) {
  EXPECT_TRUE(is(occupancy(75, 32, 128, 20 * KiB), 3, 12, 0.375,
                 OccupancyLimiter::SharedMemory));
}

// 10800 -> roundup 256 = 11008 (43*256); 65536/11008 = 5.95 -> 5. With a
// 128-byte unit: 10880 -> 6.02 -> 6. 64 threads: warps 16, blocks 16,
// registers 32. 5 blocks, 10 warps, 10/32 = 31.25%.
TEST(Occupancy, Sm75SharedMemoryGranularityIs256) {
  EXPECT_TRUE(is(occupancy(75, 32, 64, 10800), 5, 10, 0.3125,
                 OccupancyLimiter::SharedMemory));
}

// 64 KB: 65536/65536 = 1 block of 8 warps (25%); 65537 is refused.
TEST(Occupancy, Sm75LargestSharedMemoryBlock) {
  EXPECT_TRUE(is(occupancy(75, 32, 256, 64 * KiB), 1, 8, 0.25,
                 OccupancyLimiter::SharedMemory));
  EXPECT_TRUE(isInvalid(occupancy(75, 32, 256, 64 * KiB + 1)));
}

// 1024 threads = 32 warps. 64 registers: 2048 per warp * 32 = 65536 fits the
// per-block limit; 8 per quarter = 32 warps -> 1 block, 100% (warps tie).
// 65 registers: 2080 -> 2304 per warp, * 32 = 73728 > 65536: cannot launch.
TEST(Occupancy, Sm75RegistersPerBlock) {
  EXPECT_TRUE(is(occupancy(75, 64, 1024), 1, 32, 1.0, OccupancyLimiter::Warps));
  EXPECT_TRUE(isInvalid(occupancy(75, 65, 1024)));
}

//===-- sm_86 / sm_89 (48 warps, 16 / 24 blocks, 100 KB, 1 KB reserved) ---===//

// 8 warps per block: warps 48/8 = 6; registers 8; blocks 16; shared
// 102400/1024 = 100. 6 blocks, 48 warps, 100%.
TEST(Occupancy, Sm86WarpLimited) {
  EXPECT_TRUE(is(occupancy(86, 32, 256), 6, 48, 1.0, OccupancyLimiter::Warps));
}

// 1 warp per block: warps 48, registers 64; blocks 16 on sm_86 (16/48 of the
// warps), 24 on sm_89 (50%).
TEST(Occupancy, Sm86AndSm89BlockLimits) {
  EXPECT_TRUE(
      is(occupancy(86, 32, 32), 16, 16, 16.0 / 48, OccupancyLimiter::Blocks));
  EXPECT_TRUE(is(occupancy(89, 32, 32), 24, 24, 0.5, OccupancyLimiter::Blocks));
}

// sm_89, 2 warps per block: warps 48/2 = 24 = blocks 24: the tie reports
// warps. 48 warps, 100%.
TEST(Occupancy, Sm89WarpsAndBlocksTie) {
  EXPECT_TRUE(is(occupancy(89, 32, 64), 24, 48, 1.0, OccupancyLimiter::Warps));
}

// 64 registers: 8 per quarter, 32 per SM, 4 blocks of 8 warps (warps allow
// 6). 32 warps of 48.
TEST(Occupancy, Sm89RegisterLimited) {
  EXPECT_TRUE(is(occupancy(89, 64, 256), 4, 32, 32.0 / 48,
                 OccupancyLimiter::Registers));
}

// 32 KB + 1 KB = 33792; 102400/33792 = 3.03 -> 3. 128 threads: warps 12,
// registers 16. 3 blocks, 12 warps, 25%.
TEST(Occupancy, Sm86SharedMemoryLimited) {
  EXPECT_TRUE(is(occupancy(86, 32, 128, 32 * KiB), 3, 12, 0.25,
                 OccupancyLimiter::SharedMemory));
}

// 99 KB + 1 KB = 102400: one block of 8 warps (8/48); one byte more is
// refused.
TEST(Occupancy, Sm89LargestSharedMemoryBlock) {
  EXPECT_TRUE(is(occupancy(89, 32, 256, 99 * KiB), 1, 8, 8.0 / 48,
                 OccupancyLimiter::SharedMemory));
  EXPECT_TRUE(isInvalid(occupancy(89, 32, 256, 99 * KiB + 1)));
}

//===-- The per-block register file ---------------------------------------===//

// The per-block register check counts the block's warps rounded up to a
// multiple of the 4 sub-partitions. No listed GPU shows it on its own (there
// the per-block limit equals the SM's file, and the per-SM count refuses the
// same blocks), so cut sm_90's per-block file to 30720 registers, 30 warps
// of 1024 (32 registers each). 928 threads = 29 warps: 29*1024 = 29696
// fits, but roundup(29, 4) = 32 warps * 1024 = 32768 does not: cannot
// launch. 896 threads = 28 warps: 28672 fits; by warps 64/28 = 2, by
// registers 64/28 = 2 (tie, warps): 2 blocks, 56 warps, 87.5%.
TEST(Occupancy, RegistersPerBlockRoundWarpsToSubPartitions) {
  GpuArch A = archFor(90);
  A.MaxRegistersPerBlock = 30720;
  EXPECT_TRUE(isInvalid(computeOccupancy(A, {32, 928, 0})));
  EXPECT_TRUE(is(computeOccupancy(A, {32, 896, 0}), 2, 56, 0.875,
                 OccupancyLimiter::Warps));
}

//===-- Other capabilities ------------------------------------------------===//

// sm_80: 80 KB + 1 KB = 82944; 167936/82944 = 2.02 -> 2 blocks of 8 warps,
// 16 of 64 = 25%.
TEST(Occupancy, Sm80SharedMemoryLimited) {
  EXPECT_TRUE(is(occupancy(80, 32, 256, 80 * KiB), 2, 16, 0.25,
                 OccupancyLimiter::SharedMemory));
}

// sm_70 reserves nothing: 48 KB = 49152 (192*256); 98304/49152 = 2 blocks.
// A 1 KB reserve would give 98304/50176 = 1. 128 threads: 8 warps, 12.5%.
TEST(Occupancy, Sm70ReservesNoSharedMemory) {
  EXPECT_TRUE(is(occupancy(70, 32, 128, 48 * KiB), 2, 8, 0.125,
                 OccupancyLimiter::SharedMemory));
}

// sm_120: 1-warp blocks stop at 24 blocks (50% of 48 warps). 100 KB per
// block exceeds its 99 KB maximum; on sm_110 (228 KB) 100 KB + 1 KB = 103424
// fits twice: 233472/103424 = 2.26 -> 2 blocks of 8 warps, 16/48.
TEST(Occupancy, Sm120AndSm110) {
  EXPECT_TRUE(
      is(occupancy(120, 32, 32), 24, 24, 0.5, OccupancyLimiter::Blocks));
  EXPECT_TRUE(isInvalid(occupancy(120, 32, 256, 100 * KiB)));
  EXPECT_TRUE(is(occupancy(110, 32, 256, 100 * KiB), 2, 16, 16.0 / 48,
                 OccupancyLimiter::SharedMemory));
}

//===-- Invalid queries ---------------------------------------------------===//

TEST(Occupancy, ZeroThreadsIsInvalid) {
  EXPECT_TRUE(isInvalid(occupancy(90, 32, 0)));
}

TEST(Occupancy, MoreThreadsThanABlockHoldsIsInvalid) {
  EXPECT_TRUE(is(occupancy(90, 32, 1024), 2, 64, 1.0, OccupancyLimiter::Warps));
  EXPECT_TRUE(isInvalid(occupancy(90, 32, 1025)));
}

TEST(Occupancy, MoreRegistersThanAThreadHoldsIsInvalid) {
  EXPECT_TRUE(isInvalid(occupancy(90, 256, 32)));
}

// A default GpuArch has no limits to divide by; it must not crash.
TEST(Occupancy, IncompleteArchIsInvalid) {
  OccupancyQuery Q;
  Q.RegistersPerThread = 32;
  Q.ThreadsPerBlock = 256;
  EXPECT_TRUE(isInvalid(computeOccupancy(GpuArch(), Q)));
}

//===-- Properties over every capability ----------------------------------===//

// A valid answer never exceeds the SM's warp or block slots, holds at least
// one block, and its fraction is WarpsPerSM / MaxWarpsPerSM.
TEST(Occupancy, ValidAnswersStayWithinTheSM) {
  for (unsigned CC : KnownArchs) {
    GpuArch A = archFor(CC);
    for (unsigned Threads = 1; Threads <= 1024; Threads += 31)
      for (unsigned Regs = 0; Regs <= 255; Regs += 17) {
        OccupancyQuery Q{Regs, Threads, 4 * KiB};
        Occupancy O = computeOccupancy(A, Q);
        if (O.Limiter == OccupancyLimiter::Invalid)
          continue;
        SCOPED_TRACE("sm_" + std::to_string(CC) + " " + std::to_string(Regs) +
                     " regs " + std::to_string(Threads) + " threads");
        EXPECT_GE(O.BlocksPerSM, 1u);
        EXPECT_LE(O.BlocksPerSM, A.MaxBlocksPerSM);
        EXPECT_LE(O.WarpsPerSM, A.MaxWarpsPerSM);
        EXPECT_EQ(O.WarpsPerSM, O.BlocksPerSM * ((Threads + 31) / 32));
        EXPECT_DOUBLE_EQ(O.Fraction, double(O.WarpsPerSM) / A.MaxWarpsPerSM);
      }
  }
}

// More registers or more shared memory never raise occupancy.
TEST(Occupancy, MoreResourcesNeverRaiseOccupancy) {
  for (unsigned CC : KnownArchs) {
    GpuArch A = archFor(CC);
    for (unsigned Threads : {32u, 96u, 128u, 256u, 640u, 1024u}) {
      unsigned Prev = ~0u;
      for (unsigned Regs = 0; Regs <= 255; ++Regs) {
        unsigned Blocks = computeOccupancy(A, {Regs, Threads, 0}).BlocksPerSM;
        EXPECT_LE(Blocks, Prev) << CC << " " << Threads << " " << Regs;
        Prev = Blocks;
      }
      Prev = ~0u;
      for (unsigned Shared = 0; Shared <= A.MaxSharedPerBlock; Shared += 1000) {
        unsigned Blocks =
            computeOccupancy(A, {32, Threads, Shared}).BlocksPerSM;
        EXPECT_LE(Blocks, Prev) << CC << " " << Threads << " " << Shared;
        Prev = Blocks;
      }
    }
  }
}

TEST(Occupancy, LimiterNamesAreDistinctWords) {
  std::set<std::string> Names;
  for (OccupancyLimiter L :
       {OccupancyLimiter::Warps, OccupancyLimiter::Blocks,
        OccupancyLimiter::Registers, OccupancyLimiter::SharedMemory,
        OccupancyLimiter::Invalid}) {
    const char *Name = getLimiterName(L);
    ASSERT_NE(Name, nullptr);
    EXPECT_GT(std::strlen(Name), 0u);
    EXPECT_EQ(std::strchr(Name, ' '), nullptr) << Name;
    Names.insert(Name);
  }
  EXPECT_EQ(Names.size(), 5u);
  EXPECT_STREQ(getLimiterName(OccupancyLimiter::SharedMemory), "shared-memory");
}

} // namespace
