// KERNEL-SPLIT, as a programmer writes it: one kernel whose threads take a
// light or a heavy arm by a per-thread flag (Heavy[Tid] != 0, random with
// a given heavy share). The kernel's register count, and so its occupancy,
// is the heavy arm's (Split.cuh).
//
// In:  Heavy[Count], Seeds[Count] (equal within each warp, see lightArm),
//      X[Count], Table[32 * (RowMask + 1)], Coef[2 * H].
// Out: Out[Count], every element written.
// The buffers do not overlap, and say so (__restrict__): that is what lets
// kernel splitting prove that no part writes what another part's condition
// reads (passes/SplitLegality.h).
#include "Split.cuh"

template <int H>
__device__ __forceinline__ void
split(const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,
      const float *__restrict__ X, const unsigned *__restrict__ Table,
      unsigned RowMask, const float *__restrict__ Coef,
      unsigned *__restrict__ Out, int Count, int LightSteps, int HeavyIters) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  if (Heavy[Tid])
    Out[Tid] = heavyArm<H>(Coef, X[Tid], HeavyIters);
  else
    Out[Tid] = lightArm(Table, RowMask, Seeds[Tid], LightSteps);
}

#define SPLIT_KERNEL(H)                                                        \
  extern "C" __global__ void split_h##H(                                       \
      const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,  \
      const float *__restrict__ X, const unsigned *__restrict__ Table,         \
      unsigned RowMask, const float *__restrict__ Coef,                        \
      unsigned *__restrict__ Out, int Count, int LightSteps, int HeavyIters) { \
    split<H>(Heavy, Seeds, X, Table, RowMask, Coef, Out, Count, LightSteps,    \
             HeavyIters);                                                      \
  }

SPLIT_KERNEL(8)
SPLIT_KERNEL(28)
SPLIT_KERNEL(40)
SPLIT_KERNEL(56)
SPLIT_KERNEL(104)
SPLIT_KERNEL(224)
