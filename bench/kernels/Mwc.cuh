// Marsaglia's multiply-with-carry generator, one per thread: 32 bits a draw
// from a 64-bit state. Every benchmark draws its branch directions from it,
// so the original and the transformed kernels see the same sequence as long
// as each thread draws in the same order.
#ifndef DIVOPT_BENCH_MWC_CUH
#define DIVOPT_BENCH_MWC_CUH

struct Mwc {
  unsigned X;
  unsigned Carry;
};

// The multiplier CUDA's own samples use; A * 2^32 - 1 is a safe prime.
constexpr unsigned long long MwcMultiplier = 4294957665ull;

__device__ __forceinline__ Mwc seedMwc(unsigned Seed) {
  // A zero state would stay zero; the host never passes 0, and the carry
  // keeps the state away from the other fixed point.
  return Mwc{Seed | 1u, 362436u};
}

__device__ __forceinline__ unsigned nextMwc(Mwc &S) {
  unsigned long long T = MwcMultiplier * S.X + S.Carry;
  S.X = static_cast<unsigned>(T);
  S.Carry = static_cast<unsigned>(T >> 32);
  return S.X;
}

#endif // DIVOPT_BENCH_MWC_CUH
