//===- CudaCheck.h - CUDA runtime errors as runtime::Error ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Internal to libdivopt-regroup-gpu (CUDA C++ only).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_GPU_CUDACHECK_H
#define DIVOPT_RUNTIME_GPU_CUDACHECK_H

#include "runtime/Error.h"

#include <cuda_runtime.h>

#include <string>

namespace divopt::runtime::gpu {

inline void checkCuda(cudaError_t E, const char *Call) {
  if (E != cudaSuccess)
    throw Error(std::string(Call) + " failed: " + cudaGetErrorName(E) + ": " +
                cudaGetErrorString(E));
}

/// Device scratch memory, freed on scope exit.
template <typename T> class Scratch {
public:
  explicit Scratch(std::size_t N) {
    if (N)
      checkCuda(cudaMalloc(&Ptr, N * sizeof(T)), "cudaMalloc");
  }
  ~Scratch() { cudaFree(Ptr); }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  T *get() const { return Ptr; }

private:
  T *Ptr = nullptr;
};

} // namespace divopt::runtime::gpu

#endif // DIVOPT_RUNTIME_GPU_CUDACHECK_H
