//===- FuzzPack.h - The PTX pairs of a fuzzing campaign ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// scripts/fuzz/build_pack.py compiles generated kernels twice (clang -O3,
// and clang -O3 + DivOpt with every transform forced) where LLVM is, and
// packs the PTX with a manifest; this reads the unpacked manifest on the GPU
// machine. The manifest also carries the kernels' ABI (buffer sizes), so the
// generator stays the one place that defines it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_FUZZPACK_H
#define DIVOPT_BENCH_FUZZ_FUZZPACK_H

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::fuzz {

/// What every generated kernel takes:
///   Kernel(const unsigned *in, unsigned *out, float *fout,
///          unsigned *counters, int n)
/// with in[InWords], out[n * OutPerThread], fout[n * FoutPerThread],
/// counters[Counters] and 1-D blocks of at most MaxBlock threads.
struct FuzzAbi {
  std::string Kernel;
  unsigned InWords = 0;
  unsigned OutPerThread = 0;
  unsigned FoutPerThread = 0;
  unsigned Counters = 0;
  unsigned MaxBlock = 0;
};

struct FuzzKernel {
  std::string Name; ///< "s<seed>", or a reduction candidate's name.
  std::uint64_t Seed = 0;
  std::string Edits;      ///< Reduction edits, "-" for none.
  std::string BasePtx;    ///< Path of the clang -O3 PTX.
  std::string DivOptPtx;  ///< Path of the clang -O3 + DivOpt PTX.
  std::string Transforms; ///< What DivOpt did, as the manifest says.
};

struct FuzzPack {
  std::string Commit;
  FuzzAbi Abi;
  std::vector<FuzzKernel> Kernels;
  /// Seeds that did not compile both ways (listed in the manifest, not
  /// packed); summarize.py reports them.
  unsigned CompileFailures = 0;
};

/// Reads Dir/manifest.txt; PTX paths come back under Dir. Throws
/// std::runtime_error naming the line that is wrong.
FuzzPack readFuzzPack(const std::string &Dir);

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_FUZZPACK_H
