//===- ModuleLoader.h - JIT-compiles PTX pairs ahead, in parallel -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loading PTX JIT-compiles it (ptxas inside the driver), which takes far
// longer than running a fuzz kernel; the pack also holds the cubin that
// ptxas made of each PTX where the pack was built, and that loads at once.
// Worker threads load the pairs of the next kernels while the main thread
// runs the current one, a bounded distance ahead so memory stays small. The
// driver API is thread-safe; each worker makes the shared context current
// first.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_MODULELOADER_H
#define DIVOPT_BENCH_FUZZ_MODULELOADER_H

#include "FuzzPack.h"

#include "runtime/Context.h"
#include "runtime/Module.h"

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace divopt::fuzz {

struct LoadedPair {
  std::optional<runtime::Module> Base, DivOpt;
  /// When a load failed: which variant and the driver's reason and log.
  std::string Error;
};

class ModuleLoader {
public:
  /// Starts Threads workers over Kernels, in order; they stay at most
  /// Lookahead kernels ahead of take().
  /// Jit: load the PTX even where a cubin is packed.
  ModuleLoader(const runtime::Context &Ctx,
               const std::vector<const FuzzKernel *> &Kernels,
               unsigned Threads, std::size_t Lookahead, bool Jit);
  /// Stops the workers and unloads what was not taken (the context must
  /// still be alive).
  ~ModuleLoader();

  ModuleLoader(const ModuleLoader &) = delete;
  ModuleLoader &operator=(const ModuleLoader &) = delete;

  /// The pair of Kernels[Index]; blocks until it is loaded. Indices must be
  /// taken in increasing order.
  LoadedPair take(std::size_t Index);

private:
  void work();
  LoadedPair load(const FuzzKernel &K);
  std::string imagePath(const std::string &Ptx) const;

  const runtime::Context &Ctx;
  const std::vector<const FuzzKernel *> &Kernels;
  std::size_t Lookahead;
  bool Jit;
  std::mutex Lock;
  std::condition_variable Changed;
  std::vector<std::optional<LoadedPair>> Slots;
  std::size_t Next = 0;  ///< The next index a worker claims.
  std::size_t Taken = 0; ///< Indices below this were taken.
  bool Stop = false;
  std::vector<std::thread> Workers;
};

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_MODULELOADER_H
