//===- DeviceBuffer.h - Device memory with copies in and out ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// DeviceMemory owns one cuMemAlloc allocation; DeviceBuffer<T> types it as
// an array of T and is what host code passes to launch(), which hands the
// kernel its device address. Copies check their sizes; fills run on a
// stream so they order with the launches that follow them.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_DEVICEBUFFER_H
#define DIVOPT_RUNTIME_DEVICEBUFFER_H

#include "runtime/KernelArgs.h"

#include <cuda.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace divopt::runtime {

class Context;

/// Bytes of device memory; Bytes == 0 allocates nothing (address 0).
class DeviceMemory {
public:
  DeviceMemory(const Context &Ctx, std::size_t Bytes);
  ~DeviceMemory();

  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;
  DeviceMemory(DeviceMemory &&Other) noexcept;
  DeviceMemory &operator=(DeviceMemory &&Other) noexcept;

  CUdeviceptr address() const { return Address; }
  std::size_t bytes() const { return Bytes; }

  /// Synchronous copies; throw Error when Count exceeds the allocation.
  void copyFromHost(const void *Source, std::size_t Count);
  void copyToHost(void *Destination, std::size_t Count) const;

  /// Sets every 32-bit word to Value, in stream order (cuMemsetD32Async);
  /// the allocation's size must be a multiple of 4.
  void fillWords(std::uint32_t Value, CUstream Stream = nullptr);

private:
  void release() noexcept;

  CUdeviceptr Address = 0;
  std::size_t Bytes = 0;
};

template <typename T> class DeviceBuffer {
  static_assert(std::is_trivially_copyable_v<T>,
                "device buffers hold trivially copyable elements");

public:
  DeviceBuffer(const Context &Ctx, std::size_t Count)
      : Memory(Ctx, Count * sizeof(T)), Count(Count) {}

  /// A buffer holding a copy of Values.
  static DeviceBuffer fromHost(const Context &Ctx,
                               const std::vector<T> &Values) {
    DeviceBuffer B(Ctx, Values.size());
    B.upload(Values);
    return B;
  }

  void upload(const std::vector<T> &Values) {
    Memory.copyFromHost(Values.data(), Values.size() * sizeof(T));
  }
  std::vector<T> download() const {
    std::vector<T> Values(Count);
    Memory.copyToHost(Values.data(), Count * sizeof(T));
    return Values;
  }
  void fillWords(std::uint32_t Value, CUstream Stream = nullptr) {
    Memory.fillWords(Value, Stream);
  }

  std::size_t size() const { return Count; }
  CUdeviceptr address() const { return Memory.address(); }

private:
  DeviceMemory Memory;
  std::size_t Count;
};

/// A DeviceBuffer argument passes its device address.
template <typename T> struct KernelArgTraits<DeviceBuffer<T>> {
  using Type = CUdeviceptr;
  static CUdeviceptr convert(const DeviceBuffer<T> &Buffer) {
    return Buffer.address();
  }
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DEVICEBUFFER_H
