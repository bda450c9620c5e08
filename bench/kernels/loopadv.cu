// LOOP-ADVANCE, as a programmer writes it (after Liu et al. 2014): a loop
// whose body runs one of two arms (Arms.cuh), where each thread's direction
// flips from one iteration to the next with probability
// SwitchThreshold / 2^32 (the switch rate). At rate 1 a thread alternates
// arms every iteration, yet its warp still runs both arms per iteration,
// because half the lanes start with the other arm.
//
// In:  Seeds[Count] (bit 31 gives the first direction), In[2 * Count].
// Out: Out[2 * Count], every element written.
#include "Arms.cuh"
#include "Mwc.cuh"

template <int N>
__device__ __forceinline__ void loopadv(const unsigned *Seeds, const float *In,
                                        float *Out, int Count, int Iters,
                                        unsigned SwitchThreshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  unsigned Seed = Seeds[Tid];
  Mwc Rng = seedMwc(Seed);
  bool Fused = Seed >> 31;
  float A = In[Tid], B = In[Count + Tid];
  for (int I = 0; I < Iters; ++I) {
    Fused ^= nextMwc(Rng) < SwitchThreshold;
    if (Fused)
      fusedArm<N>(A, B);
    else
      roundedArm<N>(A, B);
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

#define LOOPADV_KERNEL(N)                                                      \
  extern "C" __global__ void loopadv_n##N(                                     \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned SwitchThreshold) {                                   \
    loopadv<N>(Seeds, In, Out, Count, Iters, SwitchThreshold);                 \
  }

LOOPADV_KERNEL(8)
LOOPADV_KERNEL(32)
LOOPADV_KERNEL(128)
