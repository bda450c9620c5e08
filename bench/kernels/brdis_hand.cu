// SYN-BRDIS with branch distribution applied by hand: the prologues and
// epilogues stay in (smaller) divergent branches, and the middle, the same
// operations in both arms up to constants, runs once for every lane with
// its constants selected on the branch condition. Per thread the
// operations and their order are unchanged, so outputs are bit-identical
// to brdis.cu.
#include "BrDis.cuh"
#include "Mwc.cuh"

namespace {

template <int M, int N>
__device__ __forceinline__ void
brdisDistributed(const unsigned *Seeds, const float *In, float *Out, int Count,
                 int Iters, unsigned Threshold) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  Mwc Rng = seedMwc(Seeds[Tid]);
  float X = In[Tid], Y = In[Count + Tid];
  for (int I = 0; I < Iters; ++I) {
    float V[M];
    bool Fused = nextMwc(Rng) < Threshold;
    if (Fused)
      fusedPrologue<M>(X, Y, V);
    else
      roundedPrologue<M>(X, Y, V);
    middle<M, N>(V, X, Y, Fused ? FusedMiddle : RoundedMiddle);
    float E = Fused ? fusedEpilogue<M>(V, Y) : roundedEpilogue<M>(V, Y);
    Y = V[0];
    X = E;
  }
  Out[Tid] = X;
  Out[Count + Tid] = Y;
}

} // namespace

#define BRDIS_HAND_KERNEL(M, N)                                                \
  extern "C" __global__ void brdis_dist_m##M##_n##N(                           \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned Threshold) {                                         \
    brdisDistributed<M, N>(Seeds, In, Out, Count, Iters, Threshold);           \
  }

BRDIS_HAND_KERNEL(4, 5)
BRDIS_HAND_KERNEL(4, 10)
BRDIS_HAND_KERNEL(4, 20)
BRDIS_HAND_KERNEL(4, 40)
BRDIS_HAND_KERNEL(4, 80)
BRDIS_HAND_KERNEL(4, 250)
BRDIS_HAND_KERNEL(2, 80)
BRDIS_HAND_KERNEL(8, 20)
