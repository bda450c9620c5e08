//===- FuzzInputs.h - Launch shapes and inputs of a fuzz run ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every kernel runs with the same launch shapes, chosen for where SIMT code
// goes wrong: a warp that is partial because the block size is not a
// multiple of 32, lanes past n that return at once (n not a multiple of 32),
// whole blocks with nothing to do, a single thread. The inputs are a
// function of the kernel's seed and the shape alone, so both variants, and a
// later reproduction, see the same words.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_FUZZINPUTS_H
#define DIVOPT_BENCH_FUZZ_FUZZINPUTS_H

#include "FuzzPack.h"

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::fuzz {

struct LaunchShape {
  unsigned Grid = 1;  ///< Blocks.
  unsigned Block = 1; ///< Threads per block.
  unsigned N = 1;     ///< The kernel's n: threads with gid >= n return.

  std::string describe() const;
};

const std::vector<LaunchShape> &getLaunchShapes();

/// Words past n's slots in out and fout that no thread may write; they are
/// compared like the rest.
constexpr unsigned GuardWords = 64;

/// The contents of every buffer before a launch. Float buffers are held as
/// their bits, so comparisons are bit for bit.
struct FuzzBuffers {
  std::vector<std::uint32_t> In;
  std::vector<std::uint32_t> Out;
  std::vector<std::uint32_t> Fout;
  std::vector<std::uint32_t> Counters;
};

/// The inputs (and initial outputs) of kernel Seed at shape ShapeIndex.
/// Initial floats are finite and within +-512, as the generator requires
/// of every float a kernel reads.
FuzzBuffers makeInputs(const FuzzAbi &Abi, std::uint64_t Seed,
                       unsigned ShapeIndex);

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_FUZZINPUTS_H
