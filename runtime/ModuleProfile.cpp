//===- ModuleProfile.cpp - Divergence profiles of driver-API runs ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ModuleProfile.h"
#include "profile/ProfileText.h"
#include "runtime/Error.h"

namespace divopt::runtime {

using launch::DeviceImage;

profile::LaunchConfig getProfileLaunch(const LaunchConfig &Config) {
  profile::LaunchConfig P;
  P.Grid = {Config.Grid.X, Config.Grid.Y, Config.Grid.Z};
  P.Block = {Config.Block.X, Config.Block.Y, Config.Block.Z};
  P.SharedBytes = Config.DynamicSharedBytes;
  return P;
}

namespace {

/// A loaded module's globals, read through the driver.
class DriverModuleImage : public DeviceImage {
public:
  explicit DriverModuleImage(CUmodule M) : M(M) {}

  Found readGlobal(const std::string &Symbol, std::string &Bytes,
                   std::string &Why) override {
    CUdeviceptr Address = 0;
    size_t Size = 0;
    CUresult R = cuModuleGetGlobal(&Address, &Size, M, Symbol.c_str());
    if (R == CUDA_ERROR_NOT_FOUND)
      return Found::No;
    if (R != CUDA_SUCCESS) {
      Why = "cuModuleGetGlobal(" + Symbol + ") failed (" + std::to_string(R) +
            ")";
      return Found::Error;
    }
    Bytes.assign(Size, '\0');
    R = cuMemcpyDtoH(Bytes.data(), Address, Size);
    if (R != CUDA_SUCCESS) {
      Why = "cuMemcpyDtoH(" + Symbol + ") failed (" + std::to_string(R) + ")";
      return Found::Error;
    }
    return Found::Yes;
  }
  const void *getKernel(const std::string &, std::string &Why) override {
    Why = "not needed to collect a profile";
    return nullptr;
  }

private:
  CUmodule M;
};

} // namespace

std::unique_ptr<DeviceImage> openModuleImage(const void *Library) {
  return std::make_unique<DriverModuleImage>(
      static_cast<CUmodule>(const_cast<void *>(Library)));
}

ModuleProfile::ModuleProfile() {
  setLaunchObserver([this](const Kernel &K, const LaunchConfig &C) {
    CUmodule M = nullptr;
    checkDriver(cuFuncGetModule(&M, K.handle()), "cuFuncGetModule", K.name());
    noteLaunch(M, K.name(), C);
  });
}

ModuleProfile::~ModuleProfile() { setLaunchObserver(nullptr); }

void ModuleProfile::noteLaunch(const void *Library, const std::string &Kernel,
                               const LaunchConfig &Config) {
  Collector.noteLaunch(Library, Kernel, getProfileLaunch(Config));
}

profile::Profile
ModuleProfile::collect(std::vector<std::string> &Warnings,
                       const launch::ProfileCollector::ImageOpener &Open) {
  return Collector.collect(Open ? Open : openModuleImage, Warnings);
}

void ModuleProfile::writeProfile(const std::string &Path,
                                 std::vector<std::string> &Warnings) {
  std::string Why;
  if (!profile::writeProfileFile(Path, collect(Warnings), Why))
    throw Error("cannot write the profile " + Path + ": " + Why);
}

void ModuleProfile::clear() { Collector.clear(); }

} // namespace divopt::runtime
