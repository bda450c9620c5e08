// LOOP-SPLIT split by hand: the same kernel with one loop per statement
// group, the first group's loop first. Each thread runs the same
// operations on the same values as in loopsplit.cu, so outputs are
// bit-identical.
#include "LoopSplit.cuh"

#define LOOPSPLIT_HAND_KERNEL(K)                                               \
  extern "C" __global__ void loopsplit_hand_k##K(                              \
      const float *__restrict__ TabA, const float *__restrict__ TabB,          \
      float *__restrict__ OutA, float *__restrict__ OutB, int Count,           \
      int Steps) {                                                             \
    int Tid = blockIdx.x * blockDim.x + threadIdx.x;                           \
    if (Tid >= Count)                                                          \
      return;                                                                  \
    float A[K], B[K];                                                          \
    _Pragma("unroll") for (int J = 0; J < K; ++J) A[J] = B[J] = 0.0f;          \
    for (int S = 0; S < Steps; ++S)                                            \
      smoothStep<K>(A, TabA, OutA, S, Count, Tid);                             \
    for (int S = 0; S < Steps; ++S)                                            \
      smoothStep<K>(B, TabB, OutB, S, Count, Tid);                             \
  }

LOOPSPLIT_HAND_KERNEL(8)
LOOPSPLIT_HAND_KERNEL(16)
LOOPSPLIT_HAND_KERNEL(24)
LOOPSPLIT_HAND_KERNEL(32)
LOOPSPLIT_HAND_KERNEL(48)
