//===- cuda_fp16.h - CUDA's __half for ub_check.py's host build -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The part of CUDA's cuda_fp16.h that gen_kernel.py's kernels use, with the
// GPU's rounding (HalfFloat.h). ub_check.py puts this folder on the include
// path, so a kernel's `#include <cuda_fp16.h>` finds it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_SCRIPTS_FUZZ_CUDA_FP16_H
#define DIVOPT_SCRIPTS_FUZZ_CUDA_FP16_H

#include "HalfFloat.h"

struct __half {
  std::uint16_t Bits;
};

inline __half __float2half(float F) { return {fuzzhost::roundToHalf(F)}; }
inline float __half2float(__half H) { return fuzzhost::halfToFloat(H.Bits); }
inline __half operator+(__half A, __half B) {
  return {fuzzhost::addHalf(A.Bits, B.Bits)};
}
inline __half operator-(__half A, __half B) {
  return {fuzzhost::subHalf(A.Bits, B.Bits)};
}
inline __half operator*(__half A, __half B) {
  return {fuzzhost::mulHalf(A.Bits, B.Bits)};
}

#endif // DIVOPT_SCRIPTS_FUZZ_CUDA_FP16_H
