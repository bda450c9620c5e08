// The pieces of SYN-BRDIS (Han & Abdelrahman, GPGPU-4 2011, Figure 7),
// shared by the original kernel and its hand-distributed version so both
// run exactly the same operations per thread.
//
// Each arm of the divergent branch is: a prologue of 20 dependent
// operations producing M values, a middle of 2N updates of each value, an
// epilogue of 20 dependent operations folding the values back. The two
// prologues (and the two epilogues) differ in structure, fused versus
// separately rounded, so they stay divergent; the two middles are the same
// operations with different constants, so branch distribution can run one
// middle for both arms with the constants selected on the condition.
// Per arm, unfactorable work is 40 operations and factorable work 2NM,
// hence R = 2NM / 40 = NM / 20, and the ideal speedup of distribution is
// 2(1 + R) / (2 + R).
//
// The constants feed long dependent chains of explicit fused or rounded
// operations, which no standard pass may reassociate, hoist or sink: clang
// -O3 keeps both middles.
#ifndef DIVOPT_BENCH_BRDIS_CUH
#define DIVOPT_BENCH_BRDIS_CUH

constexpr int UnfactorableOps = 20; // Per prologue, and per epilogue.

struct MiddleConstants {
  float Scale;
  float Damp;
};

constexpr MiddleConstants FusedMiddle = {0.9713f, -0.9871f};
constexpr MiddleConstants RoundedMiddle = {-0.9587f, 0.9929f};

// 20 fused multiply-adds; value J is tapped after step (J+1)*20/M.
template <int M>
__device__ __forceinline__ void fusedPrologue(float X, float Y, float *V) {
  static_assert(M >= 1 && M <= UnfactorableOps / 2, "M must fit the chain");
  float T = X;
  int Next = 0;
#pragma unroll
  for (int S = 0; S < UnfactorableOps; ++S) {
    T = fmaf(T, 0.8123f, Y);
    if (Next < M && S + 1 == (Next + 1) * UnfactorableOps / M)
      V[Next++] = T;
  }
}

// 10 rounded multiply-then-add pairs (20 operations); value J is tapped
// after pair (J+1)*10/M.
template <int M>
__device__ __forceinline__ void roundedPrologue(float X, float Y, float *V) {
  constexpr int Pairs = UnfactorableOps / 2;
  float T = Y;
  int Next = 0;
#pragma unroll
  for (int S = 0; S < Pairs; ++S) {
    T = __fadd_rn(__fmul_rn(T, -0.7319f), X);
    if (Next < M && S + 1 == (Next + 1) * Pairs / M)
      V[Next++] = T;
  }
}

// 2N updates of each of the M values, interleaved across values (M
// independent chains).
template <int M, int N>
__device__ __forceinline__ void middle(float *V, float X, float Y,
                                       MiddleConstants C) {
#pragma unroll 10
  for (int K = 0; K < N; ++K) {
#pragma unroll
    for (int J = 0; J < M; ++J) {
      V[J] = fmaf(V[J], C.Scale, X);
      V[J] = fmaf(V[J], C.Damp, Y);
    }
  }
}

// 20 fused multiply-adds folding the values in.
template <int M>
__device__ __forceinline__ float fusedEpilogue(const float *V, float Y) {
  float E = Y;
#pragma unroll
  for (int S = 0; S < UnfactorableOps; ++S)
    E = fmaf(E, 0.6911f, V[S % M]);
  return E;
}

// 10 rounded multiply-then-add pairs folding the values in.
template <int M>
__device__ __forceinline__ float roundedEpilogue(const float *V, float Y) {
  float E = Y;
#pragma unroll
  for (int S = 0; S < UnfactorableOps / 2; ++S)
    E = __fadd_rn(__fmul_rn(E, -0.5779f), V[S % M]);
  return E;
}

// The pieces as the kernels use them: the taken arm (probability f) is
// the fused one.
struct ExplicitBrDisArms {
  // References to the namespace-scope constants, not static members: a
  // member would be emitted to constant memory and loaded in the loop.
  static constexpr __host__ __device__ const MiddleConstants &takenMiddle() {
    return FusedMiddle;
  }
  static constexpr __host__ __device__ const MiddleConstants &otherMiddle() {
    return RoundedMiddle;
  }
  template <int M>
  static __device__ __forceinline__ void takenPrologue(float X, float Y,
                                                       float *V) {
    fusedPrologue<M>(X, Y, V);
  }
  template <int M>
  static __device__ __forceinline__ void otherPrologue(float X, float Y,
                                                       float *V) {
    roundedPrologue<M>(X, Y, V);
  }
  template <int M, int N>
  static __device__ __forceinline__ void middle(float *V, float X, float Y,
                                                MiddleConstants C) {
    ::middle<M, N>(V, X, Y, C);
  }
  template <int M>
  static __device__ __forceinline__ float takenEpilogue(const float *V,
                                                        float Y) {
    return fusedEpilogue<M>(V, Y);
  }
  template <int M>
  static __device__ __forceinline__ float otherEpilogue(const float *V,
                                                        float Y) {
    return roundedEpilogue<M>(V, Y);
  }
};

#endif // DIVOPT_BENCH_BRDIS_CUH
