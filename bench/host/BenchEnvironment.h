//===- BenchEnvironment.h - What every benchmark runs with ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The context, the device's properties, the options, and the PTX modules,
// each loaded (JIT-compiled) once from the folder bench-build.sh filled.
// A module that fails to load is remembered with its error, so every
// variant that needs it reports the same error without a second JIT.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_BENCHENVIRONMENT_H
#define DIVOPT_BENCH_HOST_BENCHENVIRONMENT_H

#include "BenchOptions.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Module.h"

#include <map>
#include <memory>
#include <string>

namespace divopt::bench {

class BenchEnvironment {
public:
  BenchEnvironment(const BenchOptions &Options, runtime::Context &Ctx);

  const BenchOptions &options() const { return Options; }
  runtime::Context &context() { return Ctx; }
  const runtime::DeviceProperties &device() const { return Device; }

  /// Options().Waves times the threads the device holds (2048 per SM on
  /// the GPUs DivOpt targets), less Shortfall: a count that is not a
  /// multiple of any block size keeps a partial last warp in every run.
  int getThreadCount(int Shortfall = 13) const;

  /// The module in PtxDir/FileName; throws runtime::Error, the same one
  /// for every call, when it cannot be read or loaded.
  const runtime::Module &getModule(const std::string &FileName);

private:
  const BenchOptions &Options;
  runtime::Context &Ctx;
  runtime::DeviceProperties Device;
  std::map<std::string, std::unique_ptr<runtime::Module>> Modules;
  std::map<std::string, std::string> LoadErrors;
};

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_BENCHENVIRONMENT_H
