// KERNEL-SPLIT's kernels with a light arm that needs no warps to hide
// latency: the same register-heavy arm (Split.cuh), but the light threads
// hash their seed with independent integer arithmetic instead of chasing
// loads through a table. Splitting still lifts the light part to 100%
// occupancy, but the light arm already issues at full rate with the
// original's warps, so the split only adds a launch (latency.test).
#include "../../../bench/kernels/Split.cuh"

__device__ __forceinline__ unsigned hashArm(unsigned Seed, int Steps) {
  unsigned A = Seed, B = Seed ^ 0x9e3779b9u, C = Seed * 3u, D = Seed + 7u;
  for (int S = 0; S < Steps; ++S) {
    A = A * 1664525u + 1013904223u;
    B = (B ^ (B << 13)) + 17u;
    C = C * 22695477u + 1u;
    D = (D >> 3) ^ (D * 5u);
  }
  return A ^ B ^ C ^ D;
}

template <int H>
__device__ __forceinline__ void
split(const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,
      const float *__restrict__ X, const float *__restrict__ Coef,
      unsigned *__restrict__ Out, int Count) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  if (Heavy[Tid])
    Out[Tid] = heavyArm<H>(Coef, X[Tid], 4096 / H);
  else
    Out[Tid] = hashArm(Seeds[Tid], 256);
}

#define COMPUTE_KERNEL(H)                                                      \
  extern "C" __global__ void compute_h##H(                                     \
      const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,  \
      const float *__restrict__ X, const float *__restrict__ Coef,             \
      unsigned *__restrict__ Out, int Count) {                                 \
    split<H>(Heavy, Seeds, X, Coef, Out, Count);                               \
  }

COMPUTE_KERNEL(40)
COMPUTE_KERNEL(56)
COMPUTE_KERNEL(104)
