//===- Device.cpp - A CUDA device and its properties ----------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Device.h"

#include "runtime/Driver.h"
#include "runtime/Error.h"

namespace divopt::runtime {

namespace {

int getAttribute(CUdevice Dev, CUdevice_attribute Attribute) {
  int Value = 0;
  checkDriver(cuDeviceGetAttribute(&Value, Attribute, Dev),
              "cuDeviceGetAttribute");
  return Value;
}

} // namespace

Device Device::get(int Ordinal) {
  initDriver();
  CUdevice Handle = 0;
  checkDriver(cuDeviceGet(&Handle, Ordinal), "cuDeviceGet");
  return Device(Handle, Ordinal);
}

DeviceProperties Device::properties() const {
  DeviceProperties P;
  char Name[256] = {};
  checkDriver(cuDeviceGetName(Name, sizeof(Name) - 1, Handle),
              "cuDeviceGetName");
  P.Name = Name;
  P.Ordinal = Ordinal;
  P.ComputeMajor =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  P.ComputeMinor =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  P.MultiprocessorCount =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  P.WarpSize = getAttribute(Handle, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  P.MaxThreadsPerBlock =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  P.MaxThreadsPerMultiprocessor =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  P.MaxBlocksPerMultiprocessor =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  P.RegistersPerBlock =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  P.RegistersPerMultiprocessor = getAttribute(
      Handle, CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  P.SharedPerBlock =
      getAttribute(Handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  P.SharedPerBlockOptin = getAttribute(
      Handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  P.SharedPerMultiprocessor = getAttribute(
      Handle, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  P.ClockRateKHz = getAttribute(Handle, CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
  P.L2CacheBytes = getAttribute(Handle, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  checkDriver(cuDeviceTotalMem(&P.TotalMemoryBytes, Handle),
              "cuDeviceTotalMem");
  return P;
}

} // namespace divopt::runtime
