//===- GpuTest.cpp - The runtime on a real GPU ----------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each test needs a working driver and a device; without them it skips
// itself (GTEST_SKIP) and says why. The kernels are hand-written PTX so the
// tests need no compiler.
//
//===----------------------------------------------------------------------===//

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Driver.h"
#include "runtime/Event.h"
#include "runtime/Launch.h"
#include "runtime/Module.h"
#include "runtime/ModuleProfile.h"
#include "runtime/OccupancyQuery.h"

#include "FakeDeviceImage.h"

#include "gtest/gtest.h"

#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace divopt::runtime;

namespace {

/// y[i] = fma(a, x[i], y[i]) for i < n.
const char *const SaxpyPtx = R"(.version 7.0
.target sm_70
.address_size 64

.visible .entry saxpy(
	.param .u64 saxpy_x,
	.param .u64 saxpy_y,
	.param .f32 saxpy_a,
	.param .u32 saxpy_n
)
{
	.reg .pred %p<2>;
	.reg .b32 %r<6>;
	.reg .f32 %f<5>;
	.reg .b64 %rd<8>;

	ld.param.u64 %rd1, [saxpy_x];
	ld.param.u64 %rd2, [saxpy_y];
	ld.param.f32 %f1, [saxpy_a];
	ld.param.u32 %r1, [saxpy_n];
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mov.u32 %r4, %tid.x;
	mad.lo.s32 %r5, %r2, %r3, %r4;
	setp.ge.s32 %p1, %r5, %r1;
	@%p1 bra DONE;
	cvta.to.global.u64 %rd3, %rd1;
	cvta.to.global.u64 %rd4, %rd2;
	mul.wide.s32 %rd5, %r5, 4;
	add.s64 %rd6, %rd3, %rd5;
	add.s64 %rd7, %rd4, %rd5;
	ld.global.f32 %f2, [%rd6];
	ld.global.f32 %f3, [%rd7];
	fma.rn.f32 %f4, %f1, %f2, %f3;
	st.global.f32 [%rd7], %f4;
DONE:
	ret;
}
)";

/// Line 9 uses an undeclared register.
const char *const BrokenPtx = R"(.version 7.0
.target sm_70
.address_size 64

.visible .entry broken(
	.param .u32 broken_n
)
{
	ld.param.u32 %r1, [broken_n];
	ret;
}
)";

class Gpu : public ::testing::Test {
protected:
  void SetUp() override {
    DriverStatus S = probeDriver();
    if (!S.Usable)
      GTEST_SKIP() << "no usable GPU: " << S.Reason;
    Ctx.emplace(Device::get(0));
    Saxpy.emplace(Module::load(*Ctx, SaxpyPtx, "the saxpy test PTX"));
  }
  void TearDown() override {
    Saxpy.reset();
    Ctx.reset();
  }

  std::vector<float> runSaxpy(bool ByName, unsigned N) {
    std::vector<float> X(N), Y(N);
    for (unsigned I = 0; I < N; ++I) {
      X[I] = 0.25f * static_cast<float>(I);
      Y[I] = 1.0f - static_cast<float>(I);
    }
    auto DX = DeviceBuffer<float>::fromHost(*Ctx, X);
    auto DY = DeviceBuffer<float>::fromHost(*Ctx, Y);
    LaunchConfig C = makeLaunchConfig((N + 127) / 128, 128);
    if (ByName)
      launch(*Saxpy, "saxpy", C, DX, DY, 3.0f, N);
    else
      launch(Saxpy->kernel("saxpy"), C, DX, DY, 3.0f, N);
    Ctx->synchronize("saxpy");
    return DY.download();
  }

  std::optional<Context> Ctx;
  std::optional<Module> Saxpy;
};

TEST_F(Gpu, DevicePropertiesAreRead) {
  DeviceProperties P = Ctx->device().properties();
  EXPECT_FALSE(P.Name.empty());
  EXPECT_GT(P.MultiprocessorCount, 0);
  EXPECT_GE(P.computeCapability(), 50u);
  EXPECT_EQ(P.WarpSize, 32);
  EXPECT_GE(P.SharedPerBlockOptin, P.SharedPerBlock);
  EXPECT_GE(getDriverVersion(), 1000);
}

TEST_F(Gpu, ProfiledLaunchesRecordTheDevicesSMs) {
  DeviceProperties Props = Ctx->device().properties();
  ASSERT_GT(Props.MultiprocessorCount, 0);
  auto SMs = static_cast<std::uint32_t>(Props.MultiprocessorCount);
  EXPECT_EQ(getCurrentDeviceSMs("saxpy"), SMs);
  // Launched for real, through the launch observer; the counters are
  // stood in for (saxpy is not instrumented) so that the collector keeps
  // the launches.
  divopt::profile::Profile P;
  {
    ModuleProfile MP;
    runSaxpy(/*ByName=*/false, 1000);
    runSaxpy(/*ByName=*/false, 1000);
    std::vector<std::string> Warnings;
    P = MP.collect(Warnings, [](const void *) {
      return std::unique_ptr<divopt::launch::DeviceImage>(
          new divopt::test::FakeDeviceImage(
              divopt::test::makeCountedImage("saxpy", 0x5a, 2)));
    });
    EXPECT_TRUE(Warnings.empty());
  }
  const divopt::profile::KernelLaunches *L = P.getLaunches("saxpy");
  ASSERT_NE(L, nullptr);
  ASSERT_EQ(L->Configs.size(), 1u);
  const divopt::profile::LaunchConfig &C = L->Configs.begin()->first;
  EXPECT_EQ(C.SMs, SMs);
  EXPECT_EQ(C.Grid.X, 8u);
  EXPECT_EQ(L->Configs.begin()->second, 2u);
  EXPECT_DOUBLE_EQ(*L->getGridBlocksPerSM(128), 8.0 / SMs);
}

TEST_F(Gpu, LaunchComputesEveryElement) {
  const unsigned N = 1000; // Not a multiple of the block size.
  std::vector<float> Y = runSaxpy(/*ByName=*/false, N);
  for (unsigned I = 0; I < N; ++I)
    ASSERT_EQ(Y[I], std::fma(3.0f, 0.25f * static_cast<float>(I),
                             1.0f - static_cast<float>(I)))
        << "element " << I;
}

TEST_F(Gpu, LaunchByNameFollowsThePlan) {
  EXPECT_EQ(runSaxpy(/*ByName=*/true, 777), runSaxpy(/*ByName=*/false, 777));
  LaunchPlan Plan = resolveLaunchPlan(*Saxpy, "saxpy");
  ASSERT_EQ(Plan.steps().size(), 1u);
  EXPECT_EQ(Plan.steps()[0].name(), "saxpy");
}

TEST_F(Gpu, ParameterLayoutComesFromTheImage) {
  Kernel K = Saxpy->kernel("saxpy");
  EXPECT_EQ(K.parameterSizes(), (std::vector<std::size_t>{8, 8, 4, 4}));
}

TEST_F(Gpu, WrongArgumentsAreRefusedBeforeLaunch) {
  Kernel K = Saxpy->kernel("saxpy");
  DeviceBuffer<float> B(*Ctx, 4);
  LaunchConfig C = makeLaunchConfig(1, 32);
  try {
    launch(K, C, B, B, 3.0, 4u); // double instead of float
    FAIL() << "a double was passed for a float parameter";
  } catch (const Error &E) {
    EXPECT_EQ(std::string(E.what()),
              "cannot launch kernel 'saxpy': parameter 2 is 4 bytes but "
              "argument 2 is 8 bytes");
  }
  EXPECT_THROW(launch(K, C, B, B, 3.0f), Error);
}

TEST_F(Gpu, MissingKernelIsNamed) {
  try {
    Saxpy->kernel("no_such_kernel");
    FAIL() << "found a kernel that does not exist";
  } catch (const DriverError &E) {
    EXPECT_EQ(E.call(), "cuModuleGetFunction");
    EXPECT_EQ(E.kernel(), "no_such_kernel");
    EXPECT_EQ(E.code(), CUDA_ERROR_NOT_FOUND);
    EXPECT_NE(std::string(E.what()).find("the saxpy test PTX"),
              std::string::npos);
  }
}

TEST_F(Gpu, BrokenPtxShowsTheJitErrorLog) {
  try {
    Module::load(*Ctx, BrokenPtx, "broken.ptx");
    FAIL() << "broken PTX loaded";
  } catch (const ModuleLoadError &E) {
    EXPECT_EQ(E.call(), "cuModuleLoadDataEx");
    EXPECT_EQ(E.origin(), "broken.ptx");
    EXPECT_FALSE(E.errorLog().empty());
    std::string What = E.what();
    EXPECT_NE(What.find("while loading broken.ptx\nJIT error log:\n"),
              std::string::npos)
        << What;
    EXPECT_NE(What.find("%r1"), std::string::npos) << What;
  }
}

// The driver fills the info log only when it compiles; a PTX it has in its
// JIT cache loads silently (seen on an H200 with driver 580). When there is
// a log, it is ptxas's report on the kernel.
TEST_F(Gpu, VerboseJitFillsTheInfoLog) {
  JitOptions O;
  O.Verbose = true;
  Module M = Module::load(*Ctx, SaxpyPtx, "verbose saxpy", O);
  if (M.infoLog().empty())
    GTEST_SKIP() << "the driver returned no JIT info log (cached compile)";
  EXPECT_NE(M.infoLog().find("saxpy"), std::string::npos) << M.infoLog();
}

TEST_F(Gpu, AttributesAndOccupancyAreRead) {
  Kernel K = Saxpy->kernel("saxpy");
  KernelAttributes A = K.getAttributes();
  EXPECT_GT(A.Registers, 0);
  EXPECT_GE(A.MaxThreadsPerBlock, 256);
  EXPECT_EQ(A.PtxVersion, 70);
  DeviceProperties P = Ctx->device().properties();
  int Blocks = queryMaxActiveBlocksPerSM(K, 256);
  EXPECT_GE(Blocks, 1);
  EXPECT_LE(Blocks * 256, P.MaxThreadsPerMultiprocessor);
}

TEST_F(Gpu, BuffersCopyAndFill) {
  std::vector<unsigned> In = {1, 2, 3, 0xffffffffu};
  auto B = DeviceBuffer<unsigned>::fromHost(*Ctx, In);
  EXPECT_EQ(B.download(), In);
  B.fillWords(0xdeadbeefu);
  Ctx->synchronize();
  EXPECT_EQ(B.download(), std::vector<unsigned>(4, 0xdeadbeefu));
  EXPECT_THROW(B.upload(std::vector<unsigned>(5, 0)), Error);
}

TEST_F(Gpu, EventsTimeAKernel) {
  Kernel K = Saxpy->kernel("saxpy");
  const unsigned N = 1 << 20;
  DeviceBuffer<float> X(*Ctx, N), Y(*Ctx, N);
  X.fillWords(0);
  Y.fillWords(0);
  Event Start(*Ctx), Stop(*Ctx);
  Start.record();
  launch(K, makeLaunchConfig(N / 256, 256), X, Y, 2.0f, N);
  Stop.record();
  Stop.synchronize("saxpy");
  float Ms = getElapsedMs(Start, Stop);
  EXPECT_GT(Ms, 0.0f);
  EXPECT_LT(Ms, 1000.0f);
}

} // namespace
