//===- Launch.h - Launching kernels with typed arguments --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// launch(Kernel, Config, Args...) packs the arguments (KernelArgs), checks
// their number and sizes against the kernel's parameter layout, and calls
// cuLaunchKernel; a mismatch is an Error naming the kernel and the
// parameter, not a kernel reading garbage. launch(Module, Name, Config,
// Args...) runs everything the module's launch plan lists for Name.
// Launches are asynchronous: a kernel fault surfaces at the next
// synchronisation (Event::synchronize, Context::synchronize).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCH_H
#define DIVOPT_RUNTIME_LAUNCH_H

#include "runtime/Kernel.h"
#include "runtime/KernelArgs.h"
#include "runtime/LaunchPlan.h"

#include <cuda.h>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace divopt::runtime {

class Module;

struct Dim3 {
  unsigned X = 1, Y = 1, Z = 1;
};

struct LaunchConfig {
  Dim3 Grid;
  Dim3 Block;
  unsigned DynamicSharedBytes = 0;
  CUstream Stream = nullptr;
};

/// A one-dimensional launch of Blocks blocks of ThreadsPerBlock threads.
inline LaunchConfig makeLaunchConfig(unsigned Blocks,
                                     unsigned ThreadsPerBlock) {
  LaunchConfig C;
  C.Grid.X = Blocks;
  C.Block.X = ThreadsPerBlock;
  return C;
}

/// Empty when Given[0..Count) matches the parameter sizes Expected;
/// otherwise a sentence saying what differs (count, or the first parameter
/// whose size does not match).
std::string describeArgumentMismatch(const std::vector<std::size_t> &Expected,
                                     const std::size_t *Given,
                                     std::size_t Count);

/// Told of every launch launchPacked makes (profile collection,
/// ModuleProfile.h); null: none. Not thread-safe to change mid-launch.
using LaunchObserver =
    std::function<void(const Kernel &, const LaunchConfig &)>;
void setLaunchObserver(LaunchObserver Observer);

/// Checks the packed arguments against K, then cuLaunchKernel.
void launchPacked(const Kernel &K, const LaunchConfig &Config, void **Arguments,
                  const std::size_t *Sizes, std::size_t Count);

template <typename... Ts>
void launch(const Kernel &K, const LaunchConfig &Config, const Ts &...Args) {
  KernelArgs<Ts...> Packed(Args...);
  launchPacked(K, Config, Packed.pointers(), Packed.sizes(), Packed.size());
}

/// Launches every kernel of M's launch plan for Name (LaunchPlan.h), in
/// order, with the same configuration and arguments.
template <typename... Ts>
void launch(const Module &M, const std::string &Name,
            const LaunchConfig &Config, const Ts &...Args) {
  LaunchPlan Plan = resolveLaunchPlan(M, Name);
  KernelArgs<Ts...> Packed(Args...);
  for (const Kernel &K : Plan.steps())
    launchPacked(K, Config, Packed.pointers(), Packed.sizes(), Packed.size());
}

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_LAUNCH_H
