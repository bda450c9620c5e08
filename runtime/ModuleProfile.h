//===- ModuleProfile.h - Divergence profiles of driver-API runs -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Profile collection for programs that load instrumented PTX through the
// runtime (Module, launch()) instead of launching with <<<>>>: the same
// profile as the launch hook writes (runtime/ProfileCollector.h). While a
// ModuleProfile is installed, every launch() tells it its kernel, module
// and configuration; writeProfile() reads the counter globals of the
// modules launched from (cuModuleGetGlobal) and writes the profile, on
// demand (a bench writes one per configuration) or at the end of a run.
// The modules must still be loaded when it does.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_MODULEPROFILE_H
#define DIVOPT_RUNTIME_MODULEPROFILE_H

#include "profile/ProfileData.h"
#include "runtime/Launch.h"
#include "runtime/ProfileCollector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::runtime {

/// The profile format's launch shape of Config, launched on a device of
/// SMs multiprocessors (0: unknown).
profile::LaunchConfig getProfileLaunch(const LaunchConfig &Config,
                                       std::uint32_t SMs = 0);

/// The multiprocessor count of the current context's device, which a
/// launch just made ran on (cuCtxGetDevice, cuDeviceGetAttribute); each
/// device is asked once. Throws DriverError naming Kernel.
std::uint32_t getCurrentDeviceSMs(const std::string &Kernel);

class ModuleProfile {
public:
  /// Installs this collector as the process's launch observer; the
  /// destructor uninstalls it. One at a time.
  ModuleProfile();
  ~ModuleProfile();
  ModuleProfile(const ModuleProfile &) = delete;
  ModuleProfile &operator=(const ModuleProfile &) = delete;

  /// Counts a launch of Kernel from the module whose handle is Library,
  /// on a device of SMs multiprocessors (0: unknown). The launch observer
  /// passes the launch's device's count.
  void noteLaunch(const void *Library, const std::string &Kernel,
                  const LaunchConfig &Config, std::uint32_t SMs = 0);

  /// The profile of the launches noted so far (runs 1); Open gives each
  /// module's globals (null: the driver's, through cuModuleGetGlobal).
  profile::Profile
  collect(std::vector<std::string> &Warnings,
          const launch::ProfileCollector::ImageOpener &Open = nullptr);

  /// Writes collect()'s profile to Path (replacing it); throws Error when
  /// the file cannot be written. Warnings as collect().
  void writeProfile(const std::string &Path,
                    std::vector<std::string> &Warnings);

  /// Forgets the launches noted (the counters live in the modules: load
  /// fresh modules for a fresh profile).
  void clear();

private:
  launch::ProfileCollector Collector;
};

/// Reads a global of a loaded module (cuModuleGetGlobal, cuMemcpyDtoH).
std::unique_ptr<launch::DeviceImage> openModuleImage(const void *Library);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_MODULEPROFILE_H
