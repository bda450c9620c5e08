// Two arms of integer work for LOOP-ADVANCE, as hashing and random-number
// code writes it: N dependent update pairs of the state (A, B), each
// update an exclusive-or and an add, or a rotate and an exclusive-or. No
// multiply: every instruction issues to the integer ALU, the pipe loop
// advance's own bookkeeping uses (which, measured, hides beside them as
// beside Arms.cuh's floating-point arms:
// bench/results/2026-11-27-h100-advance-speculation.md).
#ifndef DIVOPT_BENCH_INTEGERARMS_CUH
#define DIVOPT_BENCH_INTEGERARMS_CUH

// N steps that add after mixing.
template <int N>
__device__ __forceinline__ void mixAddArm(unsigned &A, unsigned &B) {
#pragma unroll 8
  for (int K = 0; K < N; ++K) {
    A = (A ^ B) + 0x9e3779b9u;
    B = (B ^ A) + 0x85ebca6bu;
  }
}

// N steps that rotate, then mix.
template <int N>
__device__ __forceinline__ void rotateMixArm(unsigned &A, unsigned &B) {
#pragma unroll 8
  for (int K = 0; K < N; ++K) {
    B = ((B << 7) | (B >> 25)) ^ A;
    A = ((A << 13) | (A >> 19)) ^ B;
  }
}

// The arms as the kernels pick them (Arms.cuh's ExplicitArms for integers).
struct IntegerArms {
  template <int N>
  static __device__ __forceinline__ void taken(unsigned &A, unsigned &B) {
    mixAddArm<N>(A, B);
  }
  template <int N>
  static __device__ __forceinline__ void notTaken(unsigned &A, unsigned &B) {
    rotateMixArm<N>(A, B);
  }
};

#endif // DIVOPT_BENCH_INTEGERARMS_CUH
