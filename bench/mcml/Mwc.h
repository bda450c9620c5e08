//===- Mwc.h - Multiply-with-carry generator for MCML -----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Marsaglia's multiply-with-carry generator, one per photon stream, as in
// the GPU MCML of Alerstam et al. (2008). The kernel and the CPU reference
// include this one definition, so a stream seeded alike draws the same
// numbers on both.
//
// Uniform floats keep the top 24 bits of a draw, so the conversion to float
// is exact and no rounding mode or compiler can change it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_MWC_H
#define DIVOPT_BENCH_MCML_MWC_H

#ifdef __CUDACC__
#define MCML_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define MCML_HOST_DEVICE inline
#endif

/// A * 2^32 - 1 is a safe prime, which gives a period of about 2^63.
constexpr unsigned long long MwcMultiplier = 4294957665ull;

struct Mwc {
  unsigned X;
  unsigned Carry; ///< Below MwcMultiplier.
};

MCML_HOST_DEVICE unsigned nextMwc(Mwc &S) {
  unsigned long long T = MwcMultiplier * S.X + S.Carry;
  S.X = static_cast<unsigned>(T);
  S.Carry = static_cast<unsigned>(T >> 32);
  return S.X;
}

/// Uniform in [0, 1), in steps of 2^-24.
MCML_HOST_DEVICE float uniformCO(Mwc &S) {
  return static_cast<float>(nextMwc(S) >> 8) * 0x1p-24f;
}

/// Uniform in (0, 1]: never 0, so -ln of it is finite.
MCML_HOST_DEVICE float uniformOC(Mwc &S) {
  return static_cast<float>((nextMwc(S) >> 8) + 1u) * 0x1p-24f;
}

#endif // DIVOPT_BENCH_MCML_MWC_H
