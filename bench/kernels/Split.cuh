// The two arms of KERNEL-SPLIT (after Carrillo et al.), shared by the
// original kernel and the split kernels.
//
// The light arm chases a chain of dependent loads: a handful of registers,
// and throughput that grows with the number of resident warps, since each
// warp waits for every load. The heavy arm keeps H values live across a
// loop, so a kernel holding it needs about H registers per thread and, at
// 256 threads a block on sm_90, runs from 100% occupancy (H = 8) down to
// 12.5% (H = 224). In the original kernel the light arm runs at the heavy
// arm's occupancy; split, it runs at its own.
#ifndef DIVOPT_BENCH_SPLIT_CUH
#define DIVOPT_BENCH_SPLIT_CUH

// Steps dependent loads through a table of 32-word rows (RowMask + 1 rows),
// starting at row Start. The host fills each row with one value (the next
// row) and gives the 32 threads of a warp the same Start, so the lanes of
// a warp walk the same rows and every load is one coalesced 128-byte
// access: the chain is bound by latency, not by L2 bandwidth.
__device__ __forceinline__ unsigned
lightArm(const unsigned *Table, unsigned RowMask, unsigned Start, int Steps) {
  const unsigned Lane = threadIdx.x % 32;
  unsigned Row = Start;
  for (int S = 0; S < Steps; ++S)
    Row = Table[(Row & RowMask) * 32 + Lane] ^ static_cast<unsigned>(S);
  return Row;
}

// H values, each started from X and two coefficients, smoothed Iters
// times (a convex average with a neighbour, so they stay bounded), then
// summed. The result's bits are returned.
template <int H>
__device__ __forceinline__ unsigned heavyArm(const float *Coef, float X,
                                             int Iters) {
  float V[H];
#pragma unroll
  for (int J = 0; J < H; ++J)
    V[J] = fmaf(X, Coef[J], Coef[H + J]);
  for (int It = 0; It < Iters; ++It) {
#pragma unroll
    for (int J = 0; J < H; ++J)
      V[J] = fmaf(V[J], 0.5f, __fmul_rn(V[(J + 1) % H], 0.5f));
  }
  float S = 0.0f;
#pragma unroll
  for (int J = 0; J < H; ++J)
    S = __fadd_rn(S, V[J]);
  return __float_as_uint(S);
}

#endif // DIVOPT_BENCH_SPLIT_CUH
