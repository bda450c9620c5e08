// The two arms of SYN-ITDELAY and LOOP-ADVANCE: N dependent operation
// pairs on the state (A, B), 2N dependent instructions either way.
//
// Both are leapfrog steps (shears of determinant 1), so the state stays
// bounded however the arms interleave, and every output bit depends on the
// exact sequence of arms a thread ran. They differ in structure on
// purpose: fused multiply-adds in one, separately rounded multiplies and
// adds in the other, so no compiler can merge them into one arm with
// selected constants, and SimplifyCFG has nothing identical to hoist or
// sink. All arithmetic is explicit (fmaf, __fmul_rn, __fadd_rn), so clang
// and nvcc, whatever their contraction defaults, compute the same bits.
#ifndef DIVOPT_BENCH_ARMS_CUH
#define DIVOPT_BENCH_ARMS_CUH

constexpr float FusedStep = 0.0917f;
constexpr float RoundedStep = 0.0773f;

// One pair: a full leapfrog step, two fused multiply-adds.
template <int N> __device__ __forceinline__ void fusedArm(float &A, float &B) {
#pragma unroll 8
  for (int K = 0; K < N; ++K) {
    A = fmaf(B, FusedStep, A);
    B = fmaf(A, -FusedStep, B);
  }
}

// One pair: a half step, a multiply then an add, each rounded; the pairs
// alternate between updating A and B.
template <int N>
__device__ __forceinline__ void roundedArm(float &A, float &B) {
  static_assert(N % 2 == 0, "pairs alternate between A and B");
#pragma unroll 8
  for (int K = 0; K < N; K += 2) {
    A = __fadd_rn(A, __fmul_rn(B, RoundedStep));
    B = __fadd_rn(B, __fmul_rn(A, -RoundedStep));
  }
}

// The arms as the kernels pick them: Taken with the taken frequency f.
struct ExplicitArms {
  template <int N>
  static __device__ __forceinline__ void taken(float &A, float &B) {
    fusedArm<N>(A, B);
  }
  template <int N>
  static __device__ __forceinline__ void notTaken(float &A, float &B) {
    roundedArm<N>(A, B);
  }
};

#endif // DIVOPT_BENCH_ARMS_CUH
