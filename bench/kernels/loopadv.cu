// LOOP-ADVANCE, as a programmer writes it (after Liu et al. 2014): a loop
// whose body runs one of two arms (Arms.cuh), where each thread's direction
// flips from one iteration to the next with probability
// SwitchThreshold / 2^32 (the switch rate). At rate 1 a thread alternates
// arms every iteration, yet its warp still runs both arms per iteration,
// because half the lanes start with the other arm.
//
// loopadv_int*_n<N>: the same loop over integer arms (IntegerArms.cuh), in
// the shapes of LoopShape.
//
// In:  Seeds[Count] (bit 31 gives the first direction), In[2 * Count]
//      (float or unsigned words).
// Out: Out[2 * Count], every element written.
#include "Arms.cuh"
#include "IntegerArms.cuh"
#include "Mwc.cuh"

// The loop's shapes: Plain; Nested, whose second arm ends in a divergent if
// of its own; Shared, whose B lives in shared memory (loaded before the
// branch from this iteration's slot, stored in each arm to the next one's,
// as a stack-based search keeps its state); Lopsided, whose first arm is
// one add. The floating-point kernels are Plain.
enum class LoopShape { Plain, Nested, Shared, Lopsided };

// The bench launches 256 threads a block (LoopAdvanceBench.cpp).
constexpr int LoopAdvBlock = 256;

template <int N, class Arms, LoopShape Shape, typename T>
__device__ __forceinline__ void loopadv(const unsigned *Seeds, const T *In,
                                        T *Out, int Count, int Iters,
                                        unsigned SwitchThreshold) {
  __shared__ T Held[4][LoopAdvBlock];
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  unsigned Seed = Seeds[Tid];
  Mwc Rng = seedMwc(Seed);
  bool Taken = Seed >> 31;
  T A = In[Tid], B = In[Count + Tid];
  if constexpr (Shape == LoopShape::Shared)
    Held[0][threadIdx.x] = B;
  for (int I = 0; I < Iters; ++I) {
    Taken ^= nextMwc(Rng) < SwitchThreshold;
    if constexpr (Shape == LoopShape::Shared)
      B = Held[I % 4][threadIdx.x];
    if (Taken) {
      if constexpr (Shape == LoopShape::Lopsided)
        A += 1;
      else
        Arms::template taken<N>(A, B);
      if constexpr (Shape == LoopShape::Shared)
        Held[(I + 1) % 4][threadIdx.x] = B;
    } else {
      Arms::template notTaken<N>(A, B);
      if constexpr (Shape == LoopShape::Nested) {
        if (B & 0x10u)
          Arms::template taken<3>(B, A);
        else
          Arms::template notTaken<3>(A, B);
      }
      if constexpr (Shape == LoopShape::Shared)
        Held[(I + 1) % 4][threadIdx.x] = B;
    }
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

#define LOOPADV_KERNEL(N)                                                      \
  extern "C" __global__ void loopadv_n##N(                                     \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned SwitchThreshold) {                                   \
    loopadv<N, ExplicitArms, LoopShape::Plain>(Seeds, In, Out, Count, Iters,   \
                                               SwitchThreshold);               \
  }

LOOPADV_KERNEL(8)
LOOPADV_KERNEL(32)
LOOPADV_KERNEL(128)

#define LOOPADV_INT_KERNEL(Name, N, Shape)                                     \
  extern "C" __global__ void loopadv_##Name##_n##N(                            \
      const unsigned *Seeds, const unsigned *In, unsigned *Out, int Count,     \
      int Iters, unsigned SwitchThreshold) {                                   \
    loopadv<N, IntegerArms, LoopShape::Shape>(Seeds, In, Out, Count, Iters,    \
                                              SwitchThreshold);                \
  }

LOOPADV_INT_KERNEL(int, 2, Plain)
LOOPADV_INT_KERNEL(int, 8, Plain)
LOOPADV_INT_KERNEL(int_nested, 2, Nested)
LOOPADV_INT_KERNEL(int_shared, 2, Shared)
LOOPADV_INT_KERNEL(int_lopsided, 8, Lopsided)
