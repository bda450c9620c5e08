//===- Device.h - A CUDA device and its properties --------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The properties the benches and the occupancy checks need, read from the
// driver once (cuDeviceGetAttribute) rather than assumed per model.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_DEVICE_H
#define DIVOPT_RUNTIME_DEVICE_H

#include <cuda.h>

#include <cstddef>
#include <string>

namespace divopt::runtime {

struct DeviceProperties {
  std::string Name;
  int Ordinal = 0;
  int ComputeMajor = 0;
  int ComputeMinor = 0;
  int MultiprocessorCount = 0;
  int WarpSize = 0;
  int MaxThreadsPerBlock = 0;
  int MaxThreadsPerMultiprocessor = 0;
  int MaxBlocksPerMultiprocessor = 0;
  int RegistersPerBlock = 0;
  int RegistersPerMultiprocessor = 0;
  int SharedPerBlock = 0;          ///< Bytes, without the opt-in.
  int SharedPerBlockOptin = 0;     ///< Bytes, with the opt-in.
  int SharedPerMultiprocessor = 0; ///< Bytes.
  int ClockRateKHz = 0;
  int L2CacheBytes = 0;
  std::size_t TotalMemoryBytes = 0;

  /// major*10+minor, e.g. 90 for sm_90.
  unsigned computeCapability() const {
    return static_cast<unsigned>(ComputeMajor * 10 + ComputeMinor);
  }
};

/// A device ordinal with its driver handle. Holds no resources.
class Device {
public:
  /// Initialises the driver and looks the device up; throws DriverError.
  static Device get(int Ordinal);

  CUdevice handle() const { return Handle; }
  int ordinal() const { return Ordinal; }
  DeviceProperties properties() const;

private:
  Device(CUdevice Handle, int Ordinal) : Handle(Handle), Ordinal(Ordinal) {}

  CUdevice Handle;
  int Ordinal;
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DEVICE_H
