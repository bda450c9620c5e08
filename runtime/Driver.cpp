//===- Driver.cpp - Initialising the CUDA driver --------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Driver.h"

#include "runtime/Error.h"

#include <cuda.h>

namespace divopt::runtime {

void initDriver() { checkDriver(cuInit(0), "cuInit"); }

int getDriverVersion() {
  int Version = 0;
  checkDriver(cuDriverGetVersion(&Version), "cuDriverGetVersion");
  return Version;
}

int getDeviceCount() {
  initDriver();
  int Count = 0;
  checkDriver(cuDeviceGetCount(&Count), "cuDeviceGetCount");
  return Count;
}

DriverStatus probeDriver() {
  DriverStatus Status;
  try {
    Status.DeviceCount = getDeviceCount();
  } catch (const Error &E) {
    Status.Reason = E.what();
    return Status;
  }
  if (Status.DeviceCount == 0) {
    Status.Reason = "the CUDA driver reports no device";
    return Status;
  }
  Status.Usable = true;
  return Status;
}

} // namespace divopt::runtime
