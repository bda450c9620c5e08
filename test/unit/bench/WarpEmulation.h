//===- WarpEmulation.h - CUDA kernels on the host, by warps -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Just enough of CUDA to run the bench kernels (bench/kernels/*.cu) as host
// C++, so a machine without a GPU can check that the hand-transformed
// kernels give bit-identical outputs and always terminate. Every lane is a
// host thread; the warp collectives (__activemask, __ballot_sync,
// __any_sync, and the exchanges of values: __reduce_max_sync,
// __match_any_sync, __shfl_sync, __shfl_xor_sync) are barriers among the
// lanes they name, and a lane that
// leaves one waiting, or names a mask it is not in, is reported rather
// than left to hang. Float operations are IEEE single precision rounded to
// nearest, as on the GPU: __fmul_rn and __fadd_rn are plain float * and +,
// fmaf is the C library's correctly rounded one, and the double
// intrinsics (__dadd_rn, __dmul_rn, ...) plain operations (compile with
// -ffp-contract=off), so the emulated bits are the GPU's bits.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TEST_UNIT_BENCH_WARPEMULATION_H
#define DIVOPT_TEST_UNIT_BENCH_WARPEMULATION_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
// Warps run one after another (launchEmulated), so one array stands for
// each block's: enough for kernels whose threads keep to their own words
// of it (no __syncthreads here).
#define __shared__ static

struct EmulatedDim3 {
  unsigned x = 1, y = 1, z = 1;
};

extern thread_local EmulatedDim3 threadIdx;
extern thread_local EmulatedDim3 blockIdx;
extern thread_local EmulatedDim3 blockDim;

unsigned __activemask();
unsigned __ballot_sync(unsigned Mask, int Predicate);
inline int __any_sync(unsigned Mask, int Predicate) {
  return __ballot_sync(Mask, Predicate) != 0;
}

/// The warp's exchanges of values: each lane of Mask gives Value; every
/// lane gets the values of all (lanes outside Mask: 0).
struct EmulatedValues {
  std::uint64_t Of[32];
};
EmulatedValues exchangeEmulated(unsigned Mask, std::uint64_t Value);
unsigned getEmulatedLane();

inline unsigned __reduce_max_sync(unsigned Mask, unsigned Value) {
  EmulatedValues V = exchangeEmulated(Mask, Value);
  unsigned Most = 0;
  for (unsigned L = 0; L < 32; ++L)
    if (Mask >> L & 1)
      Most = V.Of[L] > Most ? static_cast<unsigned>(V.Of[L]) : Most;
  return Most;
}
inline unsigned __match_any_sync(unsigned Mask, unsigned long long Value) {
  EmulatedValues V = exchangeEmulated(Mask, Value);
  unsigned Same = 0;
  for (unsigned L = 0; L < 32; ++L)
    if ((Mask >> L & 1) && V.Of[L] == Value)
      Same |= 1u << L;
  return Same;
}
inline unsigned __shfl_sync(unsigned Mask, unsigned Value, int From) {
  return static_cast<unsigned>(exchangeEmulated(Mask, Value).Of[From % 32]);
}
inline unsigned long long
__shfl_xor_sync(unsigned Mask, unsigned long long Value, int LaneMask) {
  return exchangeEmulated(Mask, Value).Of[(getEmulatedLane() ^ LaneMask) % 32];
}
inline int __ffs(int X) { return __builtin_ffs(X); }
inline double __dadd_rn(double A, double B) { return A + B; }
inline double __dsub_rn(double A, double B) { return A - B; }
inline double __dmul_rn(double A, double B) { return A * B; }
inline double __ddiv_rn(double A, double B) { return A / B; }

inline int __popc(unsigned X) { return __builtin_popcount(X); }
inline float __fmul_rn(float A, float B) { return A * B; }
inline float __fadd_rn(float A, float B) { return A + B; }
inline unsigned __float_as_uint(float F) {
  unsigned U;
  std::memcpy(&U, &F, sizeof(U));
  return U;
}
inline unsigned min(unsigned A, unsigned B) { return A < B ? A : B; }
inline unsigned max(unsigned A, unsigned B) { return A > B ? A : B; }
inline unsigned long min(unsigned long A, unsigned long B) {
  return A < B ? A : B;
}

/// Runs Body once per thread of a one-dimensional grid, warp by warp, each
/// warp's lanes as concurrent host threads. Returns what went wrong in the
/// warp collectives (a lane outside the mask it named, a lane that left
/// others waiting); empty when nothing did.
std::vector<std::string> launchEmulated(unsigned Blocks,
                                        unsigned ThreadsPerBlock,
                                        const std::function<void()> &Body);

#endif // DIVOPT_TEST_UNIT_BENCH_WARPEMULATION_H
