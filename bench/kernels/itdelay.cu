// SYN-ITDELAY, as a programmer writes it (Han & Abdelrahman, GPGPU-4 2011):
// each thread runs Iters iterations of a loop whose body draws a random
// direction and runs one of two arms of N dependent operation pairs
// (Arms.cuh). The fused arm is taken with probability
// Threshold / 2^32 (the taken frequency f). Lanes of a warp disagree, so a
// warp runs both arms in most iterations: the divergence iteration
// delaying removes.
//
// Twice: itdelay_n<N> with the arithmetic explicit (Arms.cuh), and
// itdelay_nat_n<N> with ordinary arithmetic that clang contracts
// (NaturalArms.cuh), the same loop and the same arm sizes otherwise.
//
// In:  Seeds[Count], In[2 * Count] (A values, then B values).
// Out: Out[2 * Count], every element written.
#include "Arms.cuh"
#include "Mwc.cuh"
#include "NaturalArms.cuh"

// The branch's probability as a profile would record it: bench-build.sh
// compiles the DivOpt-auto-prof variants with DIVOPT_FUSED_PROBABILITY set
// to each swept f, so the cost model chooses with !prof branch weights
// instead of assuming nothing.
#ifdef DIVOPT_FUSED_PROBABILITY
#define FUSED_TAKEN(C)                                                         \
  __builtin_expect_with_probability((C), 1, DIVOPT_FUSED_PROBABILITY)
#else
#define FUSED_TAKEN(C) (C)
#endif

template <int N, class Arms>
__device__ __forceinline__ void itdelay(const unsigned *Seeds, const float *In,
                                        float *Out, int Count, int Iters,
                                        unsigned Threshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[Tid]);
  float A = In[Tid], B = In[Count + Tid];
  for (int I = 0; I < Iters; ++I) {
    if (FUSED_TAKEN(nextMwc(Rng) < Threshold))
      Arms::template taken<N>(A, B);
    else
      Arms::template notTaken<N>(A, B);
  }
  Out[Tid] = A;
  Out[Count + Tid] = B;
}

// Prefix##_n##N: itdelay_n32, itdelay_nat_n32.
#define ITDELAY_KERNEL(Prefix, Arms, N)                                        \
  extern "C" __global__ void Prefix##_n##N(                                    \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned Threshold) {                                         \
    itdelay<N, Arms>(Seeds, In, Out, Count, Iters, Threshold);                 \
  }

ITDELAY_KERNEL(itdelay, ExplicitArms, 4)
ITDELAY_KERNEL(itdelay, ExplicitArms, 8)
ITDELAY_KERNEL(itdelay, ExplicitArms, 16)
ITDELAY_KERNEL(itdelay, ExplicitArms, 32)
ITDELAY_KERNEL(itdelay, ExplicitArms, 64)
ITDELAY_KERNEL(itdelay, ExplicitArms, 128)
ITDELAY_KERNEL(itdelay, ExplicitArms, 256)

// Ordinary arithmetic: the sizes SYN-ITDELAY measures at f = 0.5 where
// iteration delaying pays.
ITDELAY_KERNEL(itdelay_nat, NaturalArms, 32)
ITDELAY_KERNEL(itdelay_nat, NaturalArms, 64)
ITDELAY_KERNEL(itdelay_nat, NaturalArms, 128)
ITDELAY_KERNEL(itdelay_nat, NaturalArms, 256)
