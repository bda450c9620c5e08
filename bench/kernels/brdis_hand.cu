// SYN-BRDIS with branch distribution applied by hand: the prologues and
// epilogues stay in (smaller) divergent branches, and the middle, the same
// operations in both arms up to constants, runs once for every lane with
// its constants selected on the branch condition. Per thread the
// operations and their order are unchanged, so outputs are bit-identical
// to brdis.cu. Both sets of kernels are distributed: the explicit ones
// (brdis_dist_m<M>_n<N>) and the ordinary-arithmetic ones
// (brdis_nat_dist_m<M>_n<N>).
#include "BrDis.cuh"
#include "Mwc.cuh"
#include "NaturalBrDis.cuh"

namespace {

template <int M, int N, class Arms>
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
    bool Taken = nextMwc(Rng) < Threshold;
    if (Taken)
      Arms::template takenPrologue<M>(X, Y, V);
    else
      Arms::template otherPrologue<M>(X, Y, V);
    Arms::template middle<M, N>(
        V, X, Y, Taken ? Arms::takenMiddle() : Arms::otherMiddle());
    float E = Taken ? Arms::template takenEpilogue<M>(V, Y)
                    : Arms::template otherEpilogue<M>(V, Y);
    Y = V[0];
    X = E;
  }
  Out[Tid] = X;
  Out[Count + Tid] = Y;
}

} // namespace

// Prefix##_m##M##_n##N: brdis_dist_m4_n20, brdis_nat_dist_m4_n20.
#define BRDIS_HAND_KERNEL(Prefix, Arms, M, N)                                  \
  extern "C" __global__ void Prefix##_m##M##_n##N(                             \
      const unsigned *Seeds, const float *In, float *Out, int Count,           \
      int Iters, unsigned Threshold) {                                         \
    brdisDistributed<M, N, Arms>(Seeds, In, Out, Count, Iters, Threshold);     \
  }

#define BRDIS_HAND_KERNELS(M, N)                                               \
  BRDIS_HAND_KERNEL(brdis_dist, ExplicitBrDisArms, M, N)                       \
  BRDIS_HAND_KERNEL(brdis_nat_dist, NaturalBrDisArms, M, N)

BRDIS_HAND_KERNELS(4, 5)
BRDIS_HAND_KERNELS(4, 10)
BRDIS_HAND_KERNELS(4, 20)
BRDIS_HAND_KERNELS(4, 40)
BRDIS_HAND_KERNELS(4, 80)
BRDIS_HAND_KERNELS(4, 250)
BRDIS_HAND_KERNELS(2, 80)
BRDIS_HAND_KERNELS(8, 20)
