// What a divergent two-way branch costs a warp that runs alone on its
// scheduler (nothing hides its latency), beyond the dependence chains of
// its arms: the branch-distribution cost model's latency term (issue #16,
// N-Queens launched with one block per SM). One warp runs 4096 loop
// iterations; each iteration updates a per-lane value through one of two
// arms of K dependent steps of 3 or 4 instructions (of other shapes in
// the two arms, so that no compiler melds them itself), written as application code:
//   div_K  the lanes disagree (the condition is the value's top bit), so
//          the warp runs both arms, one after the other, and reconverges;
//   uni_K  the same arms, the condition uniform across the warp (from the
//          iteration count): one arm runs;
//   sel_K  both arms computed and one result selected: no branch.
// Lane 0 times the loop with clock64 and writes the cycles; every lane
// writes its value so that nothing is dead. Compiled by clang-22 -O3 to
// PTX here (scripts/branch-latency-build.sh), run by branch_host.cpp.

template <int K> __device__ unsigned armA(unsigned X) {
#pragma unroll
  for (int J = 0; J < K; ++J)
    X = (X ^ (X >> 15)) * (0x9E3779B1u + 2u * J);
  return X;
}

template <int K> __device__ unsigned armB(unsigned X) {
#pragma unroll
  for (int J = 0; J < K; ++J)
    X = ((X << 7) | (X >> 25)) + (0x85EBCA6Bu ^ (X >> 3)) + 2u * J;
  return X;
}

enum Mode { Divergent, Uniform, Selected };

template <int K, Mode M>
__device__ void run(unsigned Seed, int Iters, unsigned *Out,
                    long long *Cycles) {
  unsigned X = Seed * (threadIdx.x + 1) + threadIdx.x;
  long long T0 = clock64();
#pragma unroll 1
  for (int I = 0; I < Iters; ++I) {
    if (M == Selected) {
      unsigned A = armA<K>(X), B = armB<K>(X);
      X = (X >> 31) ? A : B;
    } else {
      bool Then = M == Divergent ? (X >> 31) != 0
                                 : ((unsigned(I) * 0x9E3779B1u) >> 31) != 0;
      if (Then)
        X = armA<K>(X);
      else
        X = armB<K>(X);
    }
  }
  long long T1 = clock64();
  Out[threadIdx.x] = X;
  if (threadIdx.x == 0)
    *Cycles = T1 - T0;
}

#define BRANCH_KERNELS(K)                                                      \
  extern "C" __global__ void div_##K(unsigned S, int N, unsigned *O,           \
                                     long long *C) {                           \
    run<K, Divergent>(S, N, O, C);                                             \
  }                                                                            \
  extern "C" __global__ void uni_##K(unsigned S, int N, unsigned *O,           \
                                     long long *C) {                           \
    run<K, Uniform>(S, N, O, C);                                               \
  }                                                                            \
  extern "C" __global__ void sel_##K(unsigned S, int N, unsigned *O,           \
                                     long long *C) {                           \
    run<K, Selected>(S, N, O, C);                                              \
  }

BRANCH_KERNELS(1)
BRANCH_KERNELS(2)
BRANCH_KERNELS(4)
BRANCH_KERNELS(8)
BRANCH_KERNELS(16)
