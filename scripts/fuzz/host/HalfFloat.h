//===- HalfFloat.h - IEEE binary16 for the host checkers --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What CUDA's __half arithmetic computes (cuda_fp16.h writes it as inline
// PTX: cvt.rn.f16.f32, cvt.f32.f16, add.f16, mul.f16, sub.f16), for
// ub_check.py's host build of a kernel and host_diff.py's host run of its
// IR. Each result is the exact one rounded once to binary16, to nearest
// even, as PTX's default .rn does: a float converts to double exactly, and
// the sum, difference or product of two halves is exact in double, so no
// result is rounded twice.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_SCRIPTS_FUZZ_HALFFLOAT_H
#define DIVOPT_SCRIPTS_FUZZ_HALFFLOAT_H

#include <cmath>
#include <cstdint>

namespace fuzzhost {

inline float halfToFloat(std::uint16_t H) {
  unsigned Exp = (H >> 10) & 31u, Man = H & 1023u;
  float Mag = Exp == 31  ? (Man ? NAN : INFINITY)
              : Exp == 0 ? std::ldexp(float(Man), -24)
                         : std::ldexp(float(Man | 1024u), int(Exp) - 25);
  return (H & 0x8000u) ? -Mag : Mag;
}

/// X rounded to binary16, to nearest even; a NaN is PTX's canonical one.
inline std::uint16_t roundToHalf(double X) {
  if (std::isnan(X))
    return 0x7fff;
  std::uint16_t Sign = std::signbit(X) ? 0x8000 : 0;
  double A = std::fabs(X);
  if (A == 0)
    return Sign;
  if (std::isinf(A))
    return Sign | 0x7c00;
  int E;
  std::frexp(A, &E);
  int Lead = E - 1; // A's leading bit is 2^Lead.
  if (Lead < -14) {
    // A subnormal counts units of 2^-24; 1024 of them encode the least
    // normal number, 0x400, the same bits.
    double Units = std::nearbyint(std::ldexp(A, 24));
    return Sign | std::uint16_t(Units);
  }
  double Man = std::nearbyint(std::ldexp(A, 10 - Lead)); // [1024, 2048].
  if (Man == 2048) {
    Man = 1024;
    ++Lead;
  }
  if (Lead > 15)
    return Sign | 0x7c00;
  return Sign | std::uint16_t(((Lead + 15) << 10) | (unsigned(Man) - 1024u));
}

inline std::uint16_t addHalf(std::uint16_t A, std::uint16_t B) {
  return roundToHalf(double(halfToFloat(A)) + double(halfToFloat(B)));
}
inline std::uint16_t subHalf(std::uint16_t A, std::uint16_t B) {
  return roundToHalf(double(halfToFloat(A)) - double(halfToFloat(B)));
}
inline std::uint16_t mulHalf(std::uint16_t A, std::uint16_t B) {
  return roundToHalf(double(halfToFloat(A)) * double(halfToFloat(B)));
}

} // namespace fuzzhost

#endif // DIVOPT_SCRIPTS_FUZZ_HALFFLOAT_H
