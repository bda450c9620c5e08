//===- LaunchRegistry.h - Kernels the launch hook has seen ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host side's memory of a CUDA program: for every kernel stub the
// launch hook was called with, the kernel's device name, the library (the
// CUDA runtime's loaded image) its code is in, and the plan its launches
// follow, resolved once and kept for the process. Exit hooks run once at
// exit, in the order added, while the CUDA runtime still holds its
// modules: a profile collector (issue #17) reads its counters from the
// libraries here and writes them out from such a hook. Plain C++ (no
// CUDA), thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHREGISTRY_H
#define DIVOPT_RUNTIME_LAUNCHREGISTRY_H

#include "runtime/HostLaunchPlan.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace divopt::launch {

/// A kernel the hook has seen launched.
struct KernelRecord {
  std::string Name;
  /// The device code the kernel is in (a CUlibrary), null when unknown.
  const void *Library = nullptr;
  HostPlan Plan;
};

class LaunchRegistry {
public:
  /// The process's registry (never destroyed: exit hooks may use it).
  static LaunchRegistry &get();

  using Resolver = std::function<std::optional<KernelRecord>()>;
  /// Stub's record, made by Resolve on first sight; Resolve may return
  /// nullopt to be asked again at the next launch (null is returned then).
  const KernelRecord *find(const void *Stub, const Resolver &Resolve);

  /// Every kernel seen, with its stub, in stub order.
  void forEachKernel(
      const std::function<void(const void *, const KernelRecord &)> &Visit);
  /// The distinct libraries of the kernels seen.
  std::vector<const void *> getLibraries();

  /// True the first time it is asked about Stub and Topic: what the hook
  /// says on stderr, it says once.
  bool isFirstReport(const void *Stub, const std::string &Topic);

  /// Runs Hook at exit, after the hooks added before it. The first call
  /// registers drain() with atexit.
  void addExitHook(std::function<void()> Hook);
  /// Runs the exit hooks not run yet (atexit calls it).
  void drain();

private:
  std::mutex Lock;
  std::map<const void *, std::unique_ptr<KernelRecord>> Kernels;
  std::map<std::pair<const void *, std::string>, bool> Reported;
  std::vector<std::function<void()>> ExitHooks;
  bool AtExitRegistered = false;
};

} // namespace divopt::launch

#endif // DIVOPT_RUNTIME_LAUNCHREGISTRY_H
