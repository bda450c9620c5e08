//===- HostLaunchAbi.h - The <<<>>> launch hook's interface -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the host-side pass (passes/HostLaunch.cpp) and the hook library
// (runtime/HostLaunch.cpp, libdivopt-launch.so) agree on. The pass turns a
// kernel launch the CUDA runtime would make,
//
//   cudaLaunchKernel(Stub, Grid, Block, Args, SharedMem, Stream)
//
// into a call of the hook with the device name of the kernel in front,
//
//   __divopt_launch_kernel(Name, Stub, Grid, Block, Args, SharedMem, Stream)
//
// declared extern_weak: when the program is not linked with the hook
// library the original call runs. The hook returns a cudaError_t when it
// launched (the parts, or the kernel itself), or HostLaunchNotHandled when
// the caller must make the original call itself. The _ptsz hook stands for
// cudaLaunchKernel_ptsz (-fgpu-default-stream=per-thread). Plain C++, no
// CUDA and no LLVM. docs/HOST-LAUNCH.md has the whole design.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_HOSTLAUNCHABI_H
#define DIVOPT_RUNTIME_HOSTLAUNCHABI_H

namespace divopt {

inline constexpr const char *HostLaunchHook = "__divopt_launch_kernel";
inline constexpr const char *HostLaunchHookPerThread =
    "__divopt_launch_kernel_ptsz";
/// The CUDA runtime's launch functions clang's kernel stubs call.
inline constexpr const char *CudaLaunchKernel = "cudaLaunchKernel";
inline constexpr const char *CudaLaunchKernelPerThread =
    "cudaLaunchKernel_ptsz";
/// The hook did not launch: the caller runs the original launch.
inline constexpr int HostLaunchNotHandled = -1;

} // namespace divopt

#endif // DIVOPT_RUNTIME_HOSTLAUNCHABI_H
