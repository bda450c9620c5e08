//===- BenchEnvironment.cpp - What every benchmark runs with --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BenchEnvironment.h"

#include "runtime/Error.h"

namespace divopt::bench {

using namespace divopt::runtime;

BenchEnvironment::BenchEnvironment(const BenchOptions &Options, Context &Ctx)
    : Options(Options), Ctx(Ctx), Device(Ctx.device().properties()) {}

int BenchEnvironment::getThreadCount(int Shortfall) const {
  return Options.Waves * Device.MultiprocessorCount *
             Device.MaxThreadsPerMultiprocessor -
         Shortfall;
}

const Module &BenchEnvironment::getModule(const std::string &FileName) {
  if (auto It = Modules.find(FileName); It != Modules.end())
    return *It->second;
  if (auto It = LoadErrors.find(FileName); It != LoadErrors.end())
    throw Error(It->second);
  try {
    auto M = std::make_unique<Module>(
        Module::loadFile(Ctx, Options.PtxDir + "/" + FileName));
    return *Modules.emplace(FileName, std::move(M)).first->second;
  } catch (const Error &E) {
    LoadErrors.emplace(FileName, E.what());
    throw;
  }
}

} // namespace divopt::bench
