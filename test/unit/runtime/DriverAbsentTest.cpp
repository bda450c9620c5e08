//===- DriverAbsentTest.cpp - No driver or no device: clean errors --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Where no NVIDIA driver is installed (the stub libcuda stands in) or no
// device is present, every path a program takes to load PTX must end in a
// DriverError that names the failing call: no crash, no exit(). These tests
// skip themselves on a machine that has a usable GPU.
//
//===----------------------------------------------------------------------===//

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Driver.h"
#include "runtime/Error.h"
#include "runtime/Module.h"
#include "runtime/ModuleProfile.h"

#include "gtest/gtest.h"

#include <string>

using namespace divopt::runtime;

namespace {

const char *const ValidPtx = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry nothing()
{
  ret;
}
)";

/// The call that must fail first on this machine.
std::string getExpectedFailingCall(const DriverStatus &S) {
  return S.DeviceCount == 0 && S.Reason.find("cuInit") == std::string::npos
             ? "cuDeviceGet"
             : "cuInit";
}

class DriverAbsent : public ::testing::Test {
protected:
  void SetUp() override {
    Status = probeDriver();
    if (Status.Usable)
      GTEST_SKIP() << "a driver and a device are present";
  }
  DriverStatus Status;
};

TEST_F(DriverAbsent, ProbeGivesAReason) {
  EXPECT_FALSE(Status.Reason.empty());
  EXPECT_EQ(Status.DeviceCount, 0);
}

TEST_F(DriverAbsent, LoadingPtxThrowsADriverErrorNamingTheCall) {
  std::string Expected = getExpectedFailingCall(Status);
  try {
    Device D = Device::get(0);
    Context Ctx(D);
    Module M = Module::load(Ctx, ValidPtx, "a test PTX");
    FAIL() << "loading PTX succeeded without a usable driver";
  } catch (const DriverError &E) {
    EXPECT_NE(E.code(), CUDA_SUCCESS);
    EXPECT_EQ(E.call(), Expected);
    std::string What = E.what();
    EXPECT_EQ(What.rfind(Expected + " failed: CUDA_ERROR_", 0), 0u) << What;
  }
}

TEST_F(DriverAbsent, DeviceSMsThrowNamingTheCallAndTheKernel) {
  // No context can be current: the launch observer's question fails
  // cleanly, naming the launch it was about.
  try {
    std::uint32_t SMs = getCurrentDeviceSMs("_Z6nqueenPii");
    FAIL() << "a device's SM count (" << SMs << ") without a usable driver";
  } catch (const DriverError &E) {
    EXPECT_NE(E.code(), CUDA_SUCCESS);
    EXPECT_EQ(E.call(), "cuCtxGetDevice");
    EXPECT_EQ(E.kernel(), "_Z6nqueenPii");
  }
}

TEST_F(DriverAbsent, DeviceCountThrowsInsteadOfGuessing) {
  if (Status.DeviceCount == 0 &&
      Status.Reason.find("cuInit") == std::string::npos)
    GTEST_SKIP() << "the driver works but has no device";
  EXPECT_THROW(getDeviceCount(), DriverError);
}

} // namespace
