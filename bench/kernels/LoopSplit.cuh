// The two statement groups of LOOP-SPLIT (after Carrillo et al., Figure 5),
// shared by the original kernel and the hand-split one.
//
// Each group carries K running values from one iteration to the next
// (smoothed with a neighbour and fed from its own table), and stores them
// every iteration to its own output. The groups share only the loop
// counter and the thread's index: one loop holding both keeps 2K values
// live, one loop per group K. The tables are 32 lanes wide and the same
// for every warp, so their loads hit L1; the stores are coalesced.
#ifndef DIVOPT_BENCH_LOOPSPLIT_CUH
#define DIVOPT_BENCH_LOOPSPLIT_CUH

template <int K>
__device__ __forceinline__ void
smoothStep(float (&V)[K], const float *__restrict__ Table,
           float *__restrict__ Out, int Step, int Count, int Tid) {
  const unsigned Lane = threadIdx.x % 32;
#pragma unroll
  for (int J = 0; J < K; ++J) {
    V[J] = fmaf(V[(J + 1) % K], 0.5f, Table[(Step * K + J) * 32 + Lane]);
    Out[static_cast<size_t>(J) * Count + Tid] = V[J];
  }
}

#endif // DIVOPT_BENCH_LOOPSPLIT_CUH
