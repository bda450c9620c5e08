// LOOP-SPLIT, as a programmer writes it: one loop running two independent
// statement groups (LoopSplit.cuh), so its register count is about twice
// a group's.
//
// In:  TabA, TabB[Steps * K * 32].
// Out: OutA, OutB[K * Count], every element written each iteration.
#include "LoopSplit.cuh"

template <int K>
__device__ __forceinline__ void
loopSplit(const float *__restrict__ TabA, const float *__restrict__ TabB,
          float *__restrict__ OutA, float *__restrict__ OutB, int Count,
          int Steps) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  float A[K], B[K];
#pragma unroll
  for (int J = 0; J < K; ++J)
    A[J] = B[J] = 0.0f;
  for (int S = 0; S < Steps; ++S) {
    smoothStep<K>(A, TabA, OutA, S, Count, Tid);
    smoothStep<K>(B, TabB, OutB, S, Count, Tid);
  }
}

#define LOOPSPLIT_KERNEL(K)                                                    \
  extern "C" __global__ void loopsplit_k##K(                                   \
      const float *__restrict__ TabA, const float *__restrict__ TabB,          \
      float *__restrict__ OutA, float *__restrict__ OutB, int Count,           \
      int Steps) {                                                             \
    loopSplit<K>(TabA, TabB, OutA, OutB, Count, Steps);                        \
  }

LOOPSPLIT_KERNEL(8)
LOOPSPLIT_KERNEL(16)
LOOPSPLIT_KERNEL(24)
LOOPSPLIT_KERNEL(32)
LOOPSPLIT_KERNEL(48)
