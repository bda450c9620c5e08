//===- Variant.h - One way of compiling a kernel ----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A variant of a benchmark configuration: the kernels it launches (one, or
// one per arm for a split kernel) and how to launch them on the inputs of
// the configuration. The first variant of every configuration is the
// reference, clang -O3, against which outputs are compared and speedups
// computed.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_VARIANT_H
#define DIVOPT_BENCH_HOST_VARIANT_H

#include "runtime/Kernel.h"

#include <functional>
#include <string>
#include <vector>

namespace divopt::bench {

class BenchEnvironment;

/// The untransformed kernels, by compiler, in the order bench-build.sh
/// writes them: <benchmark>.<variant file tag>.ptx.
inline const char *const ReferenceVariant = "clang-O3";
inline const char *const DivOptVariant = "clang-O3+DivOpt";
inline const char *const NvccVariant = "nvcc-O3";
/// The configuration's kernels rebuilt with its profile (--pgo).
inline const char *const ProfileGuidedVariant = "DivOpt-pgo";

/// What names one configuration's profile and profile-guided PTX:
/// <benchmark>.<config, every byte outside [A-Za-z0-9.] as '_'>; the
/// profile is <stem>.profile, the PTX <stem>.clang-O3-pgo.ptx.
std::string getProfileStem(const std::string &Benchmark,
                           const std::string &Config);

/// PTX file of a benchmark's untransformed kernels compiled the way
/// Variant names, or of its hand-transformed kernels (clang -O3).
std::string getPtxFileName(const std::string &Benchmark,
                           const std::string &Variant);
std::string getHandPtxFileName(const std::string &Benchmark);

using LaunchFunction =
    std::function<void(const std::vector<runtime::Kernel> &)>;

struct Variant {
  std::string Name;
  std::vector<runtime::Kernel> Kernels; ///< In launch order.
  LaunchFunction Launch;                ///< Launches Kernels, asynchronously.
  std::string SetupError; ///< Why it could not be prepared; empty if ready.

  void launch() const { Launch(Kernels); }
  std::string getKernelNames() const;
};

/// Loads ModuleFile (once per run) and resolves KernelNames through its
/// launch plan (a split kernel becomes its parts); a failure is kept in
/// SetupError, so the variant is reported rather than fatal.
Variant makeVariant(BenchEnvironment &Env, std::string Name,
                    const std::string &ModuleFile,
                    const std::vector<std::string> &KernelNames,
                    LaunchFunction Launch);

/// The three untransformed variants of a benchmark, all launching the
/// kernel KernelName the same way.
std::vector<Variant> makeCompilerVariants(BenchEnvironment &Env,
                                          const std::string &Benchmark,
                                          const std::string &KernelName,
                                          const LaunchFunction &Launch);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_VARIANT_H
