//===- OutputDiff.h - Bit-for-bit comparison of fuzz outputs ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compares what two launches left in out, fout and counters, word by word
// (floats by their bits), and says where they differ in the kernel's terms:
// which buffer, which thread and slot, both values.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_OUTPUTDIFF_H
#define DIVOPT_BENCH_FUZZ_OUTPUTDIFF_H

#include "FuzzInputs.h"
#include "FuzzPack.h"

#include <string>

namespace divopt::fuzz {

/// Empty when Expected and Actual are equal; otherwise one line: the
/// number of differing words and the first few, e.g.
/// "3 words differ: out[37] (thread 2, slot 5) 0x00000001 vs 0x00000002; ..."
std::string describeDifference(const FuzzAbi &Abi, const FuzzBuffers &Expected,
                               const FuzzBuffers &Actual);

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_OUTPUTDIFF_H
