// The pieces of SYN-BRDIS (BrDis.cuh) written with ordinary arithmetic, as
// an application programmer writes them: no intrinsics, so CUDA's default
// contraction fuses every multiply followed by an add.
//
// The prologues (and the epilogues) differ in structure: one scales then
// shifts (T * c + Y, one fused multiply-add), the other shifts then scales
// ((T + X) * c, an add then a multiply, nothing to fuse), 20 dependent
// operations each, so they stay divergent. The two middles are the same
// updates with different constants, each a multiply-add that contracts, so
// branch distribution can run one middle for both arms with the constants
// selected. Shapes and R = NM / 20 as in BrDis.cuh.
#ifndef DIVOPT_BENCH_NATURALBRDIS_CUH
#define DIVOPT_BENCH_NATURALBRDIS_CUH

#include "BrDis.cuh"

constexpr MiddleConstants ScaleArmMiddle = {0.9713f, -0.9871f};
constexpr MiddleConstants ShiftArmMiddle = {-0.9587f, 0.9929f};

// 20 scale-then-shift steps; value J is tapped after step (J+1)*20/M.
template <int M>
__device__ __forceinline__ void scalePrologue(float X, float Y, float *V) {
  static_assert(M >= 1 && M <= UnfactorableOps / 2, "M must fit the chain");
  float T = X;
  int Next = 0;
#pragma unroll
  for (int S = 0; S < UnfactorableOps; ++S) {
    T = T * 0.8123f + Y;
    if (Next < M && S + 1 == (Next + 1) * UnfactorableOps / M)
      V[Next++] = T;
  }
}

// 10 shift-then-scale steps (20 operations); value J is tapped after step
// (J+1)*10/M.
template <int M>
__device__ __forceinline__ void shiftPrologue(float X, float Y, float *V) {
  constexpr int Steps = UnfactorableOps / 2;
  float T = Y;
  int Next = 0;
#pragma unroll
  for (int S = 0; S < Steps; ++S) {
    T = (T + X) * -0.7319f;
    if (Next < M && S + 1 == (Next + 1) * Steps / M)
      V[Next++] = T;
  }
}

// 2N updates of each of the M values, interleaved across values.
template <int M, int N>
__device__ __forceinline__ void naturalMiddle(float *V, float X, float Y,
                                              MiddleConstants C) {
#pragma unroll 10
  for (int K = 0; K < N; ++K) {
#pragma unroll
    for (int J = 0; J < M; ++J) {
      V[J] = V[J] * C.Scale + X;
      V[J] = V[J] * C.Damp + Y;
    }
  }
}

// 20 scale-then-add steps folding the values in.
template <int M>
__device__ __forceinline__ float scaleEpilogue(const float *V, float Y) {
  float E = Y;
#pragma unroll
  for (int S = 0; S < UnfactorableOps; ++S)
    E = E * 0.6911f + V[S % M];
  return E;
}

// 10 add-then-scale steps folding the values in.
template <int M>
__device__ __forceinline__ float shiftEpilogue(const float *V, float Y) {
  float E = Y;
#pragma unroll
  for (int S = 0; S < UnfactorableOps / 2; ++S)
    E = (E + V[S % M]) * -0.5779f;
  return E;
}

// The pieces as the kernels use them: the taken arm (probability f) is
// the scaling one.
struct NaturalBrDisArms {
  // References to the namespace-scope constants, not static members: a
  // member would be emitted to constant memory and loaded in the loop.
  static constexpr __host__ __device__ const MiddleConstants &takenMiddle() {
    return ScaleArmMiddle;
  }
  static constexpr __host__ __device__ const MiddleConstants &otherMiddle() {
    return ShiftArmMiddle;
  }
  template <int M>
  static __device__ __forceinline__ void takenPrologue(float X, float Y,
                                                       float *V) {
    scalePrologue<M>(X, Y, V);
  }
  template <int M>
  static __device__ __forceinline__ void otherPrologue(float X, float Y,
                                                       float *V) {
    shiftPrologue<M>(X, Y, V);
  }
  template <int M, int N>
  static __device__ __forceinline__ void middle(float *V, float X, float Y,
                                                MiddleConstants C) {
    naturalMiddle<M, N>(V, X, Y, C);
  }
  template <int M>
  static __device__ __forceinline__ float takenEpilogue(const float *V,
                                                        float Y) {
    return scaleEpilogue<M>(V, Y);
  }
  template <int M>
  static __device__ __forceinline__ float otherEpilogue(const float *V,
                                                        float Y) {
    return shiftEpilogue<M>(V, Y);
  }
};

#endif // DIVOPT_BENCH_NATURALBRDIS_CUH
