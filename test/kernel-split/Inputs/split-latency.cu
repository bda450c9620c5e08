// The KERNEL-SPLIT benchmark's kernels (bench/kernels/split.cu) with the
// trip counts of bench/host/SplitBench.cpp written in: 256 dependent loads
// in the light arm, 4096 heavy operations in all (H values times
// 4096 / H iterations). kernel-split/latency.test states the launch shape
// (reqntid) or leaves it open. scripts/calibrate.py states the heavy share
// of a configuration as a profile would (DIVOPT_HEAVY_SHARE: !prof).
#include "../../../bench/kernels/Split.cuh"

#ifdef DIVOPT_HEAVY_SHARE
#define HEAVY(C) __builtin_expect_with_probability((C), 1, DIVOPT_HEAVY_SHARE)
#else
#define HEAVY(C) (C)
#endif

template <int H>
__device__ __forceinline__ void
split(const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,
      const float *__restrict__ X, const unsigned *__restrict__ Table,
      unsigned RowMask, const float *__restrict__ Coef,
      unsigned *__restrict__ Out, int Count) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  if (HEAVY(Heavy[Tid] != 0))
    Out[Tid] = heavyArm<H>(Coef, X[Tid], 4096 / H);
  else
    Out[Tid] = lightArm(Table, RowMask, Seeds[Tid], 256);
}

#define SPLIT_KERNEL(H)                                                        \
  extern "C" __global__ void split_h##H(                                       \
      const unsigned *__restrict__ Heavy, const unsigned *__restrict__ Seeds,  \
      const float *__restrict__ X, const unsigned *__restrict__ Table,         \
      unsigned RowMask, const float *__restrict__ Coef,                        \
      unsigned *__restrict__ Out, int Count) {                                 \
    split<H>(Heavy, Seeds, X, Table, RowMask, Coef, Out, Count);               \
  }

SPLIT_KERNEL(8)
SPLIT_KERNEL(28)
SPLIT_KERNEL(40)
SPLIT_KERNEL(56)
SPLIT_KERNEL(104)
SPLIT_KERNEL(224)
