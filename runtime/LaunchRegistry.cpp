//===- LaunchRegistry.cpp - Kernels the launch hook has seen --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchRegistry.h"

#include <cstdlib>
#include <set>

namespace divopt::launch {

LaunchRegistry &LaunchRegistry::get() {
  // Leaked on purpose: atexit handlers and late launches may still use it.
  static auto *R = new LaunchRegistry();
  return *R;
}

const KernelRecord *LaunchRegistry::find(const void *Stub,
                                         const Resolver &Resolve) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = Kernels.find(Stub);
  if (It != Kernels.end())
    return It->second.get();
  std::optional<KernelRecord> R = Resolve();
  if (!R)
    return nullptr;
  return Kernels.emplace(Stub, std::make_unique<KernelRecord>(std::move(*R)))
      .first->second.get();
}

void LaunchRegistry::forEachKernel(
    const std::function<void(const void *, const KernelRecord &)> &Visit) {
  std::lock_guard<std::mutex> G(Lock);
  for (const auto &[Stub, Record] : Kernels)
    Visit(Stub, *Record);
}

std::vector<const void *> LaunchRegistry::getLibraries() {
  std::lock_guard<std::mutex> G(Lock);
  std::vector<const void *> Libraries;
  std::set<const void *> Seen;
  for (const auto &[Stub, Record] : Kernels)
    if (Record->Library && Seen.insert(Record->Library).second)
      Libraries.push_back(Record->Library);
  return Libraries;
}

bool LaunchRegistry::isFirstReport(const void *Stub, const std::string &Topic) {
  std::lock_guard<std::mutex> G(Lock);
  return Reported.emplace(std::make_pair(Stub, Topic), true).second;
}

static void drainAtExit() { LaunchRegistry::get().drain(); }

void LaunchRegistry::addExitHook(std::function<void()> Hook) {
  std::lock_guard<std::mutex> G(Lock);
  ExitHooks.push_back(std::move(Hook));
  // Registered after the CUDA runtime's own exit handlers (the program's
  // module constructors register those before main), so it runs first.
  if (!AtExitRegistered)
    AtExitRegistered = std::atexit(drainAtExit) == 0;
}

void LaunchRegistry::drain() {
  std::vector<std::function<void()>> Hooks;
  {
    std::lock_guard<std::mutex> G(Lock);
    Hooks.swap(ExitHooks);
  }
  // Outside the lock: a hook may look at the kernels.
  for (std::function<void()> &H : Hooks)
    H();
}

} // namespace divopt::launch
