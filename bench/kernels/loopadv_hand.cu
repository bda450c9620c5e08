// LOOP-ADVANCE with loop advancing applied by hand: a trip runs the fused
// arm for the lanes whose current iteration wants it, then the rounded arm
// for the lanes whose current iteration wants it, which now includes the
// lanes that just finished a fused iteration and whose next one is
// rounded. A lane whose direction alternates finishes two iterations per
// trip instead of one.
//
// Legal here because nothing follows the branch in the loop body (the
// direction is drawn before it), and each lane still runs its iterations
// and draws its random numbers in its original order: outputs are
// bit-identical to loopadv.cu. No warp vote is needed.
#include "Arms.cuh"
#include "Mwc.cuh"

namespace {

// Finishes iteration I and, if another follows, draws its direction, when
// the original loop would.
__device__ __forceinline__ void advance(int &I, bool &Fused, Mwc &Rng,
                                        int Iters, unsigned SwitchThreshold) {
  if (++I < Iters)
    Fused ^= nextMwc(Rng) < SwitchThreshold;
}

template <int N>
__device__ __forceinline__ void
loopadvAdvanced(const unsigned *Seeds, const float *In, float *Out, int Count,
                int Iters, unsigned SwitchThreshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  unsigned Seed = Seeds[Tid];
  Mwc Rng = seedMwc(Seed);
  bool Fused = Seed >> 31;
  float A = In[Tid], B = In[Count + Tid];
  int I = 0;
  if (Iters > 0)
    Fused ^= nextMwc(Rng) < SwitchThreshold;
  while (I < Iters) {
    if (Fused) {
      fusedArm<N>(A, B);
      advance(I, Fused, Rng, Iters, SwitchThreshold);
    }
    if (I < Iters && !Fused) {
      roundedArm<N>(A, B);
      advance(I, Fused, Rng, Iters, SwitchThreshold);
    }
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

} // namespace

#define LOOPADV_HAND_KERNEL(N)                                                 \
  extern "C" __global__ void loopadv_advance_n##N(                             \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned SwitchThreshold) {                                   \
    loopadvAdvanced<N>(Seeds, In, Out, Count, Iters, SwitchThreshold);         \
  }

LOOPADV_HAND_KERNEL(8)
LOOPADV_HAND_KERNEL(32)
LOOPADV_HAND_KERNEL(128)
