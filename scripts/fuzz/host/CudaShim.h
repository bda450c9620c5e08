//===- CudaShim.h - Generated fuzz kernels as plain C++ ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Lets a generated kernel (scripts/fuzz/gen_kernel.py) compile for the host,
// one thread per call, under AddressSanitizer and UndefinedBehaviorSanitizer,
// so the generator's promise of defined behaviour is checked where no GPU
// is: out-of-bounds accesses, signed overflow, bad shifts, division by zero
// and float-to-int overflow are sanitizer errors; a float that is not finite,
// a warp mask that is not exactly the warp's live lanes, or a shuffle from a
// lane outside the mask abort. Warp operations return what one lane can
// know; the values differ from a GPU's, which does not matter here: no
// kernel's safety depends on a value.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_SCRIPTS_FUZZ_CUDASHIM_H
#define DIVOPT_SCRIPTS_FUZZ_CUDASHIM_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define __global__
#define __device__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __shared__ static

struct ShimDim3 {
  unsigned x = 0, y = 0, z = 0;
};
inline ShimDim3 threadIdx, blockIdx, blockDim;
/// The kernel's n, for the mask check.
inline unsigned ShimN = 0;

[[noreturn]] inline void shimFail(const char *Why) {
  std::fprintf(stderr, "fuzz kernel check failed: %s (block %u, thread %u)\n",
               Why, blockIdx.x, threadIdx.x);
  std::abort();
}

inline float shimFinite(float X) {
  if (!std::isfinite(X))
    shimFail("a float is not finite");
  return X;
}

/// The lanes of the current thread's warp that exist and have gid < n.
inline unsigned shimLiveMask() {
  unsigned First = threadIdx.x & ~31u, Mask = 0;
  for (unsigned L = 0; L < 32; ++L) {
    unsigned Tid = First + L;
    if (Tid < blockDim.x && blockIdx.x * blockDim.x + Tid < ShimN)
      Mask |= 1u << L;
  }
  return Mask;
}

inline void shimCheckMask(unsigned Mask) {
  if (Mask != shimLiveMask())
    shimFail("a warp operation's mask is not the warp's live lanes");
}

inline unsigned min(unsigned A, unsigned B) { return std::min(A, B); }
inline unsigned max(unsigned A, unsigned B) { return std::max(A, B); }

inline int __popc(unsigned X) { return __builtin_popcount(X); }
inline int __clz(int X) { return X ? __builtin_clz(unsigned(X)) : 32; }
inline int __ffs(int X) { return __builtin_ffs(X); }
inline unsigned __brev(unsigned X) {
  unsigned R = 0;
  for (int I = 0; I < 32; ++I)
    R |= ((X >> I) & 1u) << (31 - I);
  return R;
}
inline unsigned __umulhi(unsigned A, unsigned B) {
  return unsigned((std::uint64_t(A) * B) >> 32);
}
inline unsigned __byte_perm(unsigned X, unsigned Y, unsigned S) {
  std::uint64_t V = (std::uint64_t(Y) << 32) | X;
  unsigned R = 0;
  for (int I = 0; I < 4; ++I)
    R |= unsigned((V >> (8 * ((S >> (4 * I)) & 7u))) & 0xffu) << (8 * I);
  return R;
}

inline float __fadd_rn(float A, float B) { return shimFinite(A + B); }
inline float __fsub_rn(float A, float B) { return shimFinite(A - B); }
inline float __fmul_rn(float A, float B) { return shimFinite(A * B); }
inline float __fdiv_rn(float A, float B) { return shimFinite(A / B); }
inline float __fmaf_rn(float A, float B, float C) {
  return shimFinite(std::fma(A, B, C));
}
inline float __fsqrt_rn(float A) { return shimFinite(std::sqrt(A)); }
// The natural float style's reciprocal square root (CUDA's, not C's).
inline float rsqrtf(float A) { return shimFinite(1.0f / std::sqrt(A)); }
inline float __expf(float A) { return shimFinite(std::exp(A)); }
// The fast intrinsics' values differ from the GPU's approximations, which
// does not matter here (see above); their arguments' definedness does.
inline float __sinf(float A) { return shimFinite(std::sin(A)); }
inline float __cosf(float A) { return shimFinite(std::cos(A)); }

// Threads run one after another, so plain read-modify-writes are atomic.
template <typename T> T shimAtomic(T *P, T New) {
  T Old = *P;
  *P = New;
  return Old;
}
inline unsigned atomicAdd(unsigned *P, unsigned V) {
  return shimAtomic(P, *P + V);
}
inline unsigned atomicXor(unsigned *P, unsigned V) {
  return shimAtomic(P, *P ^ V);
}
inline unsigned atomicOr(unsigned *P, unsigned V) {
  return shimAtomic(P, *P | V);
}
inline unsigned atomicAnd(unsigned *P, unsigned V) {
  return shimAtomic(P, *P & V);
}
inline unsigned atomicMin(unsigned *P, unsigned V) {
  return shimAtomic(P, std::min(*P, V));
}
inline unsigned atomicMax(unsigned *P, unsigned V) {
  return shimAtomic(P, std::max(*P, V));
}
inline unsigned atomicExch(unsigned *P, unsigned V) { return shimAtomic(P, V); }

inline unsigned __ballot_sync(unsigned Mask, bool P) {
  shimCheckMask(Mask);
  return P ? 1u << (threadIdx.x & 31u) : 0u;
}
inline int __any_sync(unsigned Mask, bool P) {
  shimCheckMask(Mask);
  return P;
}
inline int __all_sync(unsigned Mask, bool P) {
  shimCheckMask(Mask);
  return P;
}
inline unsigned __shfl_sync(unsigned Mask, unsigned V, int Src) {
  shimCheckMask(Mask);
  if (Src < 0 || Src > 31 || !((Mask >> Src) & 1u))
    shimFail("a shuffle reads a lane outside its mask");
  return V;
}
inline unsigned __reduce_add_sync(unsigned Mask, unsigned V) {
  shimCheckMask(Mask);
  return V;
}
inline void __syncwarp(unsigned Mask) { shimCheckMask(Mask); }

#endif // DIVOPT_SCRIPTS_FUZZ_CUDASHIM_H
