// SYN-BRDIS, as a programmer writes it: a loop whose body takes a random
// direction (probability Threshold / 2^32 for the fused arm) and runs one
// of two large arms that share their middle part up to constants
// (BrDis.cuh). A divergent warp runs both arms whole.
//
// Twice: brdis_m<M>_n<N> with the arithmetic explicit (BrDis.cuh), and
// brdis_nat_m<M>_n<N> with ordinary arithmetic that clang contracts
// (NaturalBrDis.cuh), the same loop and shapes otherwise.
//
// In:  Seeds[Count], In[2 * Count] (X values, then Y values).
// Out: Out[2 * Count], every element written.
#include "BrDis.cuh"
#include "Mwc.cuh"
#include "NaturalBrDis.cuh"

template <int M, int N, class Arms>
__device__ __forceinline__ void brdis(const unsigned *Seeds, const float *In,
                                      float *Out, int Count, int Iters,
                                      unsigned Threshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[Tid]);
  float X = In[Tid], Y = In[Count + Tid];
  for (int I = 0; I < Iters; ++I) {
    float V[M];
    float E;
    if (nextMwc(Rng) < Threshold) {
      Arms::template takenPrologue<M>(X, Y, V);
      Arms::template middle<M, N>(V, X, Y, Arms::takenMiddle());
      E = Arms::template takenEpilogue<M>(V, Y);
    } else {
      Arms::template otherPrologue<M>(X, Y, V);
      Arms::template middle<M, N>(V, X, Y, Arms::otherMiddle());
      E = Arms::template otherEpilogue<M>(V, Y);
    }
    Y = V[0];
    X = E;
  }
  Out[Tid] = X;
  Out[Count + Tid] = Y;
}

// R = N * M / 20. Prefix##_m##M##_n##N: brdis_m4_n20, brdis_nat_m4_n20.
#define BRDIS_KERNEL(Prefix, Arms, M, N)                                       \
  extern "C" __global__ void Prefix##_m##M##_n##N(                             \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned Threshold) {                                         \
    brdis<M, N, Arms>(Seeds, In, Out, Count, Iters, Threshold);                \
  }

// Every shape twice: explicit, then ordinary arithmetic.
#define BRDIS_KERNELS(M, N)                                                    \
  BRDIS_KERNEL(brdis, ExplicitBrDisArms, M, N)                                 \
  BRDIS_KERNEL(brdis_nat, NaturalBrDisArms, M, N)

BRDIS_KERNELS(4, 5)   // R = 1
BRDIS_KERNELS(4, 10)  // R = 2
BRDIS_KERNELS(4, 20)  // R = 4
BRDIS_KERNELS(4, 40)  // R = 8
BRDIS_KERNELS(4, 80)  // R = 16
BRDIS_KERNELS(4, 250) // R = 50
BRDIS_KERNELS(2, 80)  // R = 8, fewer values
BRDIS_KERNELS(8, 20)  // R = 8, more values

// A shape where distribution does not pay: each arm is a loop over a chain
// of K fused multiply-adds with K constants of its own. Melded, every
// constant is chosen per lane before the loop and held in a register
// through it (K more registers), which costs more occupancy than running
// one arm instead of two saves. DivOpt refuses it; DivOpt-forced shows
// what melding would have cost.
template <int K>
__device__ __forceinline__ float wideChain(float V, float X, float Base) {
#pragma unroll
  for (int S = 0; S < K; ++S)
    V = fmaf(V, Base + S * (1.0f / 1024), X);
  return V;
}

template <int K>
__device__ __forceinline__ void brdisWide(const unsigned *Seeds,
                                          const float *In, float *Out,
                                          int Count, int Iters,
                                          unsigned Threshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[Tid]);
  float X = In[Tid], Y = In[Count + Tid];
  for (int I = 0; I < Iters; ++I) {
    if (nextMwc(Rng) < Threshold) {
      for (int J = 0; J < 4; ++J)
        Y = wideChain<K>(Y, X, 0.4f);
    } else {
      for (int J = 0; J < 4; ++J)
        Y = wideChain<K>(Y, X, -0.4f);
    }
    X = fmaf(X, 0.75f, Y * 0.25f);
  }
  Out[Tid] = X;
  Out[Count + Tid] = Y;
}

extern "C" __global__ void brdis_wide_k128(const unsigned *Seeds,
                                           const float *In, float *Out,
                                           int Count, int Iters,
                                           unsigned Threshold) {
  brdisWide<128>(Seeds, In, Out, Count, Iters, Threshold);
}
