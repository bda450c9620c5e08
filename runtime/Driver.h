//===- Driver.h - Initialising the CUDA driver ------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// cuInit and the questions asked before any device is touched. Programs and
// tests ask probeDriver() to decide whether GPU work can run at all; where
// no NVIDIA driver is installed (the toolkit's stub libcuda stands in for
// it) the answer is a reason, not a crash.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_DRIVER_H
#define DIVOPT_RUNTIME_DRIVER_H

#include <string>

namespace divopt::runtime {

/// cuInit(0); throws DriverError naming cuInit on failure. Cheap to call
/// again: every entry point that needs the driver calls it.
void initDriver();

/// The driver's CUDA version as major*1000+minor*10 (13000 for 13.0).
int getDriverVersion();

/// Number of CUDA devices; initialises the driver.
int getDeviceCount();

struct DriverStatus {
  bool Usable = false; ///< cuInit succeeded and at least one device exists.
  int DeviceCount = 0;
  std::string Reason; ///< Why it is not usable; empty when usable.
};

/// Never throws: the status of the driver and its devices.
DriverStatus probeDriver();

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_DRIVER_H
