//===- HostLaunch.cpp - The <<<>>> launch hook (libdivopt-launch) ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The hook a CUDA program's launches of split kernels call instead of
// cudaLaunchKernel (HostLaunchAbi.h, docs/HOST-LAUNCH.md). On a kernel's
// first launch it finds the library the CUDA runtime loaded the kernel
// from (cudaGetKernel, then the driver's cuKernelGetLibrary, reached
// through cudaGetDriverEntryPointByVersion so that nothing links
// libcuda), reads the kernel's plan global and looks up its parts; the
// registry keeps the answer. Every launch then launches the parts through
// the CUDA runtime, with the launch's grid, block, arguments, shared
// memory and stream, so that streams, errors (cudaGetLastError) and
// profilers see ordinary launches. When the plan cannot be followed it
// returns HostLaunchNotHandled and the program launches the original
// kernel; DIVOPT_VERBOSE=1 says why, once per kernel, on stderr.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileFormat.h"
#include "runtime/HostLaunchAbi.h"
#include "runtime/HostLaunchPlan.h"
#include "runtime/LaunchRegistry.h"
#include "runtime/ProfileCollector.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

using namespace divopt;
using namespace divopt::launch;

namespace {

bool isVerbose() {
  static const bool Verbose = [] {
    const char *V = std::getenv("DIVOPT_VERBOSE");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return Verbose;
}

/// Says Message about Stub's kernel on stderr, once per Topic, when
/// DIVOPT_VERBOSE is set.
void sayOnce(const void *Stub, const char *Topic, const std::string &Message) {
  if (isVerbose() && LaunchRegistry::get().isFirstReport(Stub, Topic))
    std::fprintf(stderr, "divopt: %s\n", Message.c_str());
}

std::string describe(cudaError_t E) {
  return std::string(cudaGetErrorName(E)) + " (" + cudaGetErrorString(E) + ")";
}

/// A library the CUDA runtime loaded, through the runtime's library API.
class RuntimeLibrary : public DeviceImage {
public:
  explicit RuntimeLibrary(cudaLibrary_t Library) : Library(Library) {}

  Found readGlobal(const std::string &Symbol, std::string &Bytes,
                   std::string &Why) override {
    void *Address = nullptr;
    size_t Size = 0;
    cudaError_t E =
        cudaLibraryGetGlobal(&Address, &Size, Library, Symbol.c_str());
    if (E == cudaErrorSymbolNotFound || E == cudaErrorInvalidSymbol) {
      cudaGetLastError(); // Not the program's error.
      return Found::No;
    }
    if (E == cudaSuccess) {
      Bytes.assign(Size, '\0');
      E = cudaMemcpy(Bytes.data(), Address, Size, cudaMemcpyDeviceToHost);
    }
    if (E == cudaSuccess)
      return Found::Yes;
    cudaGetLastError();
    Why = describe(E);
    return Found::Error;
  }

  const void *getKernel(const std::string &Name, std::string &Why) override {
    cudaKernel_t Kernel = nullptr;
    cudaError_t E = cudaLibraryGetKernel(&Kernel, Library, Name.c_str());
    if (E == cudaSuccess)
      return reinterpret_cast<const void *>(Kernel);
    cudaGetLastError();
    Why = describe(E);
    return nullptr;
  }

private:
  cudaLibrary_t Library;
};

using KernelGetLibraryFn = CUresult (*)(CUlibrary *, CUkernel);

/// cuKernelGetLibrary (CUDA 12.5), from the driver the runtime loaded.
KernelGetLibraryFn getKernelGetLibrary(std::string &Why) {
  static KernelGetLibraryFn Fn = nullptr;
  static std::string Failure;
  static std::once_flag Once;
  std::call_once(Once, [] {
    void *Address = nullptr;
    cudaDriverEntryPointQueryResult Status = cudaDriverEntryPointSymbolNotFound;
    cudaError_t E = cudaGetDriverEntryPointByVersion(
        "cuKernelGetLibrary", &Address, 12050, cudaEnableDefault, &Status);
    if (E == cudaSuccess && Status == cudaDriverEntryPointSuccess && Address)
      Fn = reinterpret_cast<KernelGetLibraryFn>(Address);
    else
      Failure = "the driver has no cuKernelGetLibrary (CUDA 12.5 or newer "
                "needed): " +
                describe(E);
    if (E != cudaSuccess)
      cudaGetLastError(); // Ours, not the program's.
  });
  Why = Failure;
  return Fn;
}

/// The first launch of Stub: where its code is and what its launches run.
std::optional<KernelRecord> resolve(const char *Name, const void *Stub,
                                    cudaStream_t Stream) {
  // Reading the plan copies from the device, which a stream being captured
  // into a graph does not allow: decide at a later launch.
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(Stream, &Capture) != cudaSuccess)
    cudaGetLastError(); // The launch itself will report a bad stream.
  else if (Capture != cudaStreamCaptureStatusNone) {
    sayOnce(Stub, "capture",
            std::string(Name) + " launched unsplit while its stream is "
                                "captured: its plan is read at a launch "
                                "outside capture");
    return std::nullopt;
  }
  KernelRecord R;
  R.Name = Name;
  cudaKernel_t Kernel = nullptr;
  cudaError_t E = cudaGetKernel(&Kernel, Stub);
  if (E != cudaSuccess) {
    cudaGetLastError();
    R.Plan.K = HostPlan::Kind::Refused;
    // Neither DivOpt nor the program can launch a kernel the runtime does
    // not know; the two usual causes are named.
    R.Plan.Why = "the CUDA runtime libdivopt-launch uses does not know its "
                 "kernel stub (is the program linked with the static CUDA "
                 "runtime, or an -fgpu-rdc program linked without "
                 "--offload-new-driver, so that no kernel was registered?): " +
                 describe(E);
    return R;
  }
  std::string Why;
  KernelGetLibraryFn KernelGetLibrary = getKernelGetLibrary(Why);
  CUlibrary Library = nullptr;
  if (KernelGetLibrary) {
    CUresult DE =
        KernelGetLibrary(&Library, reinterpret_cast<CUkernel>(Kernel));
    if (DE != CUDA_SUCCESS)
      Why = "cuKernelGetLibrary failed with CUresult " + std::to_string(DE);
  }
  if (!Library) {
    R.Plan.K = HostPlan::Kind::Refused;
    R.Plan.Why = Why;
    return R;
  }
  R.Library = Library;
  RuntimeLibrary Image(reinterpret_cast<cudaLibrary_t>(Library));
  R.Plan = resolveHostPlan(Image, R.Name);
  return R;
}

std::string join(const std::vector<std::string> &Names) {
  std::string S;
  for (const std::string &N : Names)
    S += (S.empty() ? "" : ", ") + N;
  return S;
}

/// At exit: the run's divergence profile, from the counters of the
/// instrumented kernels launched (ProfileCollector.h). Runs from the
/// registry's atexit handler, registered at the first launch, after the
/// CUDA runtime registered its own teardown: the libraries are still
/// loaded.
void writeProfileAtExit() {
  std::vector<std::string> Warnings;
  profile::Profile P = ProfileCollector::get().collect(
      [](const void *Library) -> std::unique_ptr<DeviceImage> {
        return std::make_unique<RuntimeLibrary>(
            reinterpret_cast<cudaLibrary_t>(const_cast<void *>(Library)));
      },
      Warnings);
  if (P.Launches.empty() && P.Functions.empty() && Warnings.empty())
    return; // Only split kernels ran: no instrumented code.
  std::string Path, Why;
  bool Written = writeRunProfile(P, std::getenv(profile::ProfileFileVariable),
                                 Path, Warnings, Why);
  for (const std::string &W : Warnings)
    std::fprintf(stderr, "divopt: profile: %s\n", W.c_str());
  if (!Written)
    std::fprintf(stderr, "divopt: profile not written: %s\n", Why.c_str());
  else if (isVerbose())
    std::fprintf(stderr, "divopt: profile written to %s\n", Path.c_str());
}

/// The multiprocessor count of the device a launch made now runs on: the
/// calling thread's current device (a stream of another device would fail
/// the launch). Asked once per device; 0 (unknown, and said once with
/// DIVOPT_VERBOSE) where the runtime cannot tell, which leaves the program
/// and its launch as they were.
std::uint32_t getLaunchDeviceSMs(const KernelRecord &R, const void *Stub) {
  static std::mutex Lock;
  static std::map<int, std::uint32_t> Known;
  int Device = 0;
  cudaError_t E = cudaGetDevice(&Device);
  if (E != cudaSuccess) {
    cudaGetLastError(); // Ours, not the program's.
    sayOnce(Stub, "sms",
            R.Name +
                ": profile: no device SM count: cudaGetDevice: " + describe(E));
    return 0;
  }
  std::lock_guard<std::mutex> G(Lock);
  auto It = Known.find(Device);
  if (It != Known.end())
    return It->second;
  int SMs = 0;
  E = cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Device);
  if (E != cudaSuccess) {
    cudaGetLastError();
    sayOnce(Stub, "sms",
            R.Name + ": profile: no device SM count: cudaDeviceGetAttribute" +
                "(cudaDevAttrMultiProcessorCount): " + describe(E));
    return 0; // Not cached: a later launch may be told.
  }
  std::uint32_t Count = SMs > 0 ? std::uint32_t(SMs) : 0;
  Known.emplace(Device, Count);
  return Count;
}

/// Counts the launch for the divergence profile when the kernel's library
/// is known (the collector drops kernels without counters at exit).
void noteLaunch(const KernelRecord &R, const void *Stub, dim3 Grid, dim3 Block,
                size_t SharedMem) {
  if (!R.Library)
    return;
  profile::LaunchConfig C;
  C.Grid = {Grid.x, Grid.y, Grid.z};
  C.Block = {Block.x, Block.y, Block.z};
  C.SharedBytes = SharedMem;
  C.SMs = getLaunchDeviceSMs(R, Stub);
  if (ProfileCollector::get().noteLaunch(R.Library, R.Name, C))
    LaunchRegistry::get().addExitHook(writeProfileAtExit);
}

int launchThroughPlan(const char *Name, const void *Stub, dim3 Grid, dim3 Block,
                      void **Args, size_t SharedMem, cudaStream_t Stream) {
  if (!Name || !Stub)
    return HostLaunchNotHandled;
  const KernelRecord *R = LaunchRegistry::get().find(
      Stub, [&] { return resolve(Name, Stub, Stream); });
  if (!R)
    return HostLaunchNotHandled;
  noteLaunch(*R, Stub, Grid, Block, SharedMem);
  switch (R->Plan.K) {
  case HostPlan::Kind::Unsplit:
    sayOnce(Stub, "plan",
            R->Name + " launched unsplit: its device code has no launch plan");
    return HostLaunchNotHandled;
  case HostPlan::Kind::Refused:
    sayOnce(Stub, "plan", R->Name + " launched unsplit: " + R->Plan.Why);
    return HostLaunchNotHandled;
  case HostPlan::Kind::Split:
    break;
  }
  sayOnce(Stub, "plan",
          R->Name + " launched as its parts " + join(R->Plan.StepNames));
  for (size_t I = 0; I < R->Plan.Steps.size(); ++I) {
    cudaError_t E = cudaLaunchKernel(R->Plan.Steps[I], Grid, Block, Args,
                                     SharedMem, Stream);
    if (E == cudaSuccess)
      continue;
    if (I > 0) // Part of the kernel ran: the program sees the error.
      return E;
    // Nothing ran (a configuration the parts do not take, such as dynamic
    // shared memory raised for the original kernel only): the original
    // launch says whether the configuration is wrong.
    cudaGetLastError();
    sayOnce(Stub, "launch",
            R->Name + " launched unsplit: its first part " +
                R->Plan.StepNames[0] + " did not launch: " + describe(E));
    return HostLaunchNotHandled;
  }
  return cudaSuccess;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) int
__divopt_launch_kernel(const char *Name, const void *Stub, dim3 Grid,
                       dim3 Block, void **Args, size_t SharedMem,
                       cudaStream_t Stream) {
  return launchThroughPlan(Name, Stub, Grid, Block, Args, SharedMem, Stream);
}

/// cudaLaunchKernel_ptsz: the null stream is the calling thread's.
__attribute__((visibility("default"))) int
__divopt_launch_kernel_ptsz(const char *Name, const void *Stub, dim3 Grid,
                            dim3 Block, void **Args, size_t SharedMem,
                            cudaStream_t Stream) {
  return launchThroughPlan(Name, Stub, Grid, Block, Args, SharedMem,
                           Stream ? Stream : cudaStreamPerThread);
}

} // extern "C"
