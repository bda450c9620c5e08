// KERNEL-SPLIT split by hand: one kernel per arm, both taking the original
// kernel's parameters and each evaluating the condition itself, launched
// one after the other on the same stream. Each thread runs the same arm
// with the same operations as in split.cu, in exactly one of the two
// kernels, so outputs are bit-identical. The light kernel needs few
// registers and runs at full occupancy whatever H is.
#include "Split.cuh"

extern "C" __global__ void
split_light(const unsigned *__restrict__ Heavy,
            const unsigned *__restrict__ Seeds, const float *__restrict__ X,
            const unsigned *__restrict__ Table, unsigned RowMask,
            const float *__restrict__ Coef, unsigned *__restrict__ Out,
            int Count, int LightSteps, int HeavyIters) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid < Count && !Heavy[Tid])
    Out[Tid] = lightArm(Table, RowMask, Seeds[Tid], LightSteps);
}

#define SPLIT_HEAVY_KERNEL(H)                                                  \
  extern "C" __global__ void split_heavy_h##H(                                 \
      const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,  \
      const float *__restrict__ X, const unsigned *__restrict__ Table,         \
      unsigned RowMask, const float *__restrict__ Coef,                        \
      unsigned *__restrict__ Out, int Count, int LightSteps, int HeavyIters) { \
    int Tid = blockIdx.x * blockDim.x + threadIdx.x;                           \
    if (Tid < Count && Heavy[Tid])                                             \
      Out[Tid] = heavyArm<H>(Coef, X[Tid], HeavyIters);                        \
  }

SPLIT_HEAVY_KERNEL(8)
SPLIT_HEAVY_KERNEL(28)
SPLIT_HEAVY_KERNEL(40)
SPLIT_HEAVY_KERNEL(56)
SPLIT_HEAVY_KERNEL(104)
SPLIT_HEAVY_KERNEL(224)
