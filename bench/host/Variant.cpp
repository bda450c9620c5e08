//===- Variant.cpp - One way of compiling a kernel ------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Variant.h"

#include "BenchEnvironment.h"

#include "runtime/Error.h"
#include "runtime/LaunchPlan.h"
#include "runtime/Module.h"

#include <cctype>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

/// The file tag of a compiler variant: "clang-O3+DivOpt" is written
/// "clang-O3-divopt" (no '+' in file names).
std::string getFileTag(const std::string &Variant) {
  if (Variant == DivOptVariant)
    return "clang-O3-divopt";
  return Variant;
}

} // namespace

std::string getPtxFileName(const std::string &Benchmark,
                           const std::string &Variant) {
  return Benchmark + "." + getFileTag(Variant) + ".ptx";
}

std::string getProfileStem(const std::string &Benchmark,
                           const std::string &Config) {
  std::string Stem = Benchmark + ".";
  for (char C : Config)
    Stem += std::isalnum(static_cast<unsigned char>(C)) || C == '.' ? C : '_';
  return Stem;
}

std::string getHandPtxFileName(const std::string &Benchmark) {
  return Benchmark + "_hand.clang-O3.ptx";
}

std::string Variant::getKernelNames() const {
  std::string Names;
  for (const Kernel &K : Kernels)
    Names += (Names.empty() ? "" : "+") + K.name();
  return Names;
}

Variant makeVariant(BenchEnvironment &Env, std::string Name,
                    const std::string &ModuleFile,
                    const std::vector<std::string> &KernelNames,
                    LaunchFunction Launch) {
  Variant V;
  V.Name = std::move(Name);
  V.Launch = std::move(Launch);
  try {
    const Module &M = Env.getModule(ModuleFile);
    // Through the module's launch plan, as a user's launch("k") goes: a
    // kernel DivOpt split launches its parts.
    for (const std::string &K : KernelNames) {
      LaunchPlan Plan = resolveLaunchPlan(M, K);
      V.Kernels.insert(V.Kernels.end(), Plan.steps().begin(),
                       Plan.steps().end());
    }
  } catch (const Error &E) {
    V.SetupError = E.what();
  }
  return V;
}

std::vector<Variant> makeCompilerVariants(BenchEnvironment &Env,
                                          const std::string &Benchmark,
                                          const std::string &KernelName,
                                          const LaunchFunction &Launch) {
  std::vector<Variant> Variants;
  for (const char *Name : {ReferenceVariant, DivOptVariant, NvccVariant})
    Variants.push_back(makeVariant(Env, Name, getPtxFileName(Benchmark, Name),
                                   {KernelName}, Launch));
  return Variants;
}

} // namespace divopt::bench
