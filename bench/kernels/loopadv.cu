// LOOP-ADVANCE, as a programmer writes it (after Liu et al. 2014): a loop
// whose body runs one of two arms (Arms.cuh), where each thread's direction
// flips from one iteration to the next with probability
// SwitchThreshold / 2^32 (the switch rate). At rate 1 a thread alternates
// arms every iteration, yet its warp still runs both arms per iteration,
// because half the lanes start with the other arm.
//
// loopadv_int_n<N>: the same loop over integer arms (IntegerArms.cuh), whose
// work issues to the pipe loop advance's bookkeeping uses.
//
// In:  Seeds[Count] (bit 31 gives the first direction), In[2 * Count]
//      (float or unsigned words).
// Out: Out[2 * Count], every element written.
#include "Arms.cuh"
#include "IntegerArms.cuh"
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

// The integer loop's shapes: Plain, as loopadv; Nested, whose second arm
// ends in a divergent if of its own; Shared, whose B lives in shared memory
// (loaded before the branch from this iteration's slot, stored in each arm
// to the next one's, as a stack-based search keeps its state); Lopsided,
// whose first arm is one add.
enum class IntShape { Plain, Nested, Shared, Lopsided };

// The bench launches 256 threads a block (LoopAdvanceBench.cpp).
constexpr int LoopAdvBlock = 256;

template <int N, IntShape Shape>
__device__ __forceinline__ void
loopadvInt(const unsigned *Seeds, const unsigned *In, unsigned *Out, int Count,
           int Iters, unsigned SwitchThreshold) {
  __shared__ unsigned Held[4][LoopAdvBlock];
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  unsigned Seed = Seeds[Tid];
  Mwc Rng = seedMwc(Seed);
  bool Mixing = Seed >> 31;
  unsigned A = In[Tid], B = In[Count + Tid];
  if (Shape == IntShape::Shared)
    Held[0][threadIdx.x] = B;
  for (int I = 0; I < Iters; ++I) {
    Mixing ^= nextMwc(Rng) < SwitchThreshold;
    if (Shape == IntShape::Shared)
      B = Held[I % 4][threadIdx.x];
    if (Mixing) {
      if (Shape == IntShape::Lopsided)
        A += 1;
      else
        mixAddArm<N>(A, B);
      if (Shape == IntShape::Shared)
        Held[(I + 1) % 4][threadIdx.x] = B;
    } else {
      rotateMixArm<N>(A, B);
      if (Shape == IntShape::Nested) {
        if (B & 0x10u)
          mixAddArm<3>(B, A);
        else
          rotateMixArm<3>(A, B);
      }
      if (Shape == IntShape::Shared)
        Held[(I + 1) % 4][threadIdx.x] = B;
    }
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

#define LOOPADV_INT_KERNEL(Name, N, Shape)                                     \
  extern "C" __global__ void loopadv_##Name##_n##N(                            \
      const unsigned *Seeds, const unsigned *In, unsigned *Out, int Count,     \
      int Iters, unsigned SwitchThreshold) {                                   \
    loopadvInt<N, IntShape::Shape>(Seeds, In, Out, Count, Iters,               \
                                   SwitchThreshold);                           \
  }

LOOPADV_INT_KERNEL(int, 2, Plain)
LOOPADV_INT_KERNEL(int, 8, Plain)
LOOPADV_INT_KERNEL(int_nested, 2, Nested)
LOOPADV_INT_KERNEL(int_shared, 2, Shared)
LOOPADV_INT_KERNEL(int_lopsided, 8, Lopsided)
