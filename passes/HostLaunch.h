//===- HostLaunch.h - <<<>>> launches of split kernels ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `host-launch`: the host side of kernel splitting. On the host module of
// a CUDA compile, a launch of a kernel whose device code carries a launch
// plan (kernel-split ran on the device side and wrote one) goes through
// DivOpt's launch hook, which launches the parts in order; every other
// launch, and every module without such a kernel, stays byte for byte as
// it was. The device code is in the host module already (the fatbinary of
// a whole-program compile, the offload object of -fgpu-rdc), so the pass
// knows which kernels were split. The hook is declared extern_weak and
// tested for null: a program not linked with libdivopt-launch launches the
// original kernel. Interface: runtime/HostLaunchAbi.h; design:
// docs/HOST-LAUNCH.md.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_HOSTLAUNCH_H
#define DIVOPT_PASSES_HOSTLAUNCH_H

#include "llvm/IR/PassManager.h"

namespace divopt {

class HostLaunchPass : public llvm::PassInfoMixin<HostLaunchPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_HOSTLAUNCH_H
