//===- ModuleProfile.cpp - Divergence profiles of driver-API runs ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ModuleProfile.h"
#include "profile/ProfileText.h"
#include "runtime/Error.h"

#include <map>
#include <mutex>

namespace divopt::runtime {

using launch::DeviceImage;

profile::LaunchConfig getProfileLaunch(const LaunchConfig &Config,
                                       std::uint32_t SMs) {
  profile::LaunchConfig P;
  P.Grid = {Config.Grid.X, Config.Grid.Y, Config.Grid.Z};
  P.Block = {Config.Block.X, Config.Block.Y, Config.Block.Z};
  P.SharedBytes = Config.DynamicSharedBytes;
  P.SMs = SMs;
  return P;
}

std::uint32_t getCurrentDeviceSMs(const std::string &Kernel) {
  // Asked at every profiled launch: the attribute once per device.
  static std::mutex Lock;
  static std::map<CUdevice, std::uint32_t> Known;
  CUdevice Device = 0;
  checkDriver(cuCtxGetDevice(&Device), "cuCtxGetDevice", Kernel);
  std::lock_guard<std::mutex> G(Lock);
  auto It = Known.find(Device);
  if (It != Known.end())
    return It->second;
  int SMs = 0;
  checkDriver(cuDeviceGetAttribute(
                  &SMs, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device),
              "cuDeviceGetAttribute", Kernel,
              "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT");
  // A driver that answers 0 (or less) does not know: record it unknown.
  std::uint32_t Count = SMs > 0 ? std::uint32_t(SMs) : 0;
  Known.emplace(Device, Count);
  return Count;
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
    // cuLaunchKernel launched in the current context: its device ran it.
    noteLaunch(M, K.name(), C, getCurrentDeviceSMs(K.name()));
  });
}

ModuleProfile::~ModuleProfile() { setLaunchObserver(nullptr); }

void ModuleProfile::noteLaunch(const void *Library, const std::string &Kernel,
                               const LaunchConfig &Config, std::uint32_t SMs) {
  Collector.noteLaunch(Library, Kernel, getProfileLaunch(Config, SMs));
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
