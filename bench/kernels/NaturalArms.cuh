// The two arms of SYN-ITDELAY written with ordinary arithmetic, as an
// application programmer writes them: N dependent update pairs of the
// state (A, B), 2N dependent operations either way, no intrinsics. Under
// CUDA's default contraction every update is one fused multiply-add.
//
// Both are leapfrog steps (shears of determinant 1), so the state stays
// bounded however the arms interleave. They differ in structure: one
// updates A then B, the other B then A, with other constants, so the last
// update of one arm writes A and of the other B; SimplifyCFG finds nothing
// identical to hoist or sink, and clang -O3 keeps the branch.
#ifndef DIVOPT_BENCH_NATURALARMS_CUH
#define DIVOPT_BENCH_NATURALARMS_CUH

// N steps that move A first.
template <int N> __device__ __forceinline__ void aFirstArm(float &A, float &B) {
#pragma unroll 8
  for (int K = 0; K < N; ++K) {
    A += B * 0.0917f;
    B -= A * 0.0917f;
  }
}

// N steps that move B first.
template <int N> __device__ __forceinline__ void bFirstArm(float &A, float &B) {
#pragma unroll 8
  for (int K = 0; K < N; ++K) {
    B -= A * 0.0773f;
    A += B * 0.0773f;
  }
}

// The arms as the kernels pick them: Taken with the taken frequency f.
struct NaturalArms {
  template <int N>
  static __device__ __forceinline__ void taken(float &A, float &B) {
    aFirstArm<N>(A, B);
  }
  template <int N>
  static __device__ __forceinline__ void notTaken(float &A, float &B) {
    bFirstArm<N>(A, B);
  }
};

#endif // DIVOPT_BENCH_NATURALARMS_CUH
