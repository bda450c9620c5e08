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

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace divopt::runtime::gpu {

inline void checkCuda(cudaError_t E, const char *Call) {
  if (E != cudaSuccess)
    throw Error(std::string(Call) + " failed: " + cudaGetErrorName(E) + ": " +
                cudaGetErrorString(E));
}

/// Checks a kernel launch: its configuration (cudaGetLastError) now, its
/// execution at the next synchronizing call.
inline void checkLaunch(const char *Kernel) {
  checkCuda(cudaGetLastError(), Kernel);
}

/// Whether the current device allocates from its stream-ordered pool. The
/// pool keeps what is freed (release threshold: never), so that a pipeline
/// run again reuses its scratch instead of paying a cudaMalloc and a
/// synchronizing cudaFree per buffer each time.
inline bool usePool() {
  static std::mutex Lock;
  static std::set<int> Pooled, Plain;
  int Dev = 0;
  checkCuda(cudaGetDevice(&Dev), "cudaGetDevice");
  std::lock_guard<std::mutex> Guard(Lock);
  if (Pooled.count(Dev))
    return true;
  if (Plain.count(Dev))
    return false;
  int Supported = 0;
  checkCuda(
      cudaDeviceGetAttribute(&Supported, cudaDevAttrMemoryPoolsSupported, Dev),
      "cudaDeviceGetAttribute");
  if (!Supported) {
    Plain.insert(Dev);
    return false;
  }
  cudaMemPool_t Pool;
  checkCuda(cudaDeviceGetDefaultMemPool(&Pool, Dev),
            "cudaDeviceGetDefaultMemPool");
  std::uint64_t Keep = UINT64_MAX;
  checkCuda(
      cudaMemPoolSetAttribute(Pool, cudaMemPoolAttrReleaseThreshold, &Keep),
      "cudaMemPoolSetAttribute");
  Pooled.insert(Dev);
  return true;
}

/// Device scratch memory, freed on scope exit: from the pool, ordered on
/// the legacy default stream, which every step of the library uses.
template <typename T> class Scratch {
public:
  explicit Scratch(std::size_t N) : Pooled(usePool()) {
    if (N == 0)
      return;
    if (Pooled)
      checkCuda(cudaMallocAsync(reinterpret_cast<void **>(&Ptr), N * sizeof(T),
                                cudaStreamLegacy),
                "cudaMallocAsync");
    else
      checkCuda(cudaMalloc(&Ptr, N * sizeof(T)), "cudaMalloc");
  }
  ~Scratch() {
    if (!Ptr)
      return;
    if (Pooled)
      cudaFreeAsync(Ptr, cudaStreamLegacy);
    else
      cudaFree(Ptr);
  }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  T *get() const { return Ptr; }

private:
  T *Ptr = nullptr;
  bool Pooled;
};

/// Runs a CUB device-wide algorithm: F(Temp, Bytes) is asked for the
/// scratch it needs, then run with it.
template <typename Fn> void runCub(Fn F, const char *What) {
  std::size_t Bytes = 0;
  checkCuda(F(nullptr, Bytes), What);
  Scratch<unsigned char> Temp(Bytes);
  checkCuda(F(Temp.get(), Bytes), What);
}

/// Copies N values from the device.
template <typename T>
std::vector<T> download(const T *From, std::size_t N, const char *What) {
  std::vector<T> Out(N);
  if (N)
    checkCuda(
        cudaMemcpy(Out.data(), From, N * sizeof(T), cudaMemcpyDeviceToHost),
        What);
  return Out;
}

/// Copies Values to the device.
template <typename T>
void upload(T *To, const std::vector<T> &Values, const char *What) {
  if (!Values.empty())
    checkCuda(cudaMemcpy(To, Values.data(), Values.size() * sizeof(T),
                         cudaMemcpyHostToDevice),
              What);
}

} // namespace divopt::runtime::gpu

#endif // DIVOPT_RUNTIME_GPU_CUDACHECK_H
