//===- OutputDiff.cpp - Bit-for-bit comparison of fuzz outputs ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "OutputDiff.h"

#include <cstdio>
#include <vector>

namespace divopt::fuzz {

namespace {

constexpr unsigned MaxListed = 4;

std::string hex(std::uint32_t W) {
  char Buf[16];
  std::snprintf(Buf, sizeof(Buf), "0x%08x", W);
  return Buf;
}

/// Adds the differences of one buffer; PerThread is 0 for buffers that are
/// not split into per-thread slots (counters).
void diffBuffer(const char *Name, const std::vector<std::uint32_t> &E,
                const std::vector<std::uint32_t> &A, unsigned PerThread,
                std::size_t &Count, std::string &Listed) {
  if (E.size() != A.size()) {
    Listed += std::string(Name) + " sizes differ; ";
    ++Count;
    return;
  }
  for (std::size_t I = 0; I < E.size(); ++I) {
    if (E[I] == A[I])
      continue;
    if (++Count > MaxListed)
      continue;
    Listed += std::string(Name) + "[" + std::to_string(I) + "]";
    if (PerThread)
      Listed += " (thread " + std::to_string(I / PerThread) + ", slot " +
                std::to_string(I % PerThread) + ")";
    Listed += " " + hex(E[I]) + " vs " + hex(A[I]) + "; ";
  }
}

} // namespace

std::string describeDifference(const FuzzAbi &Abi, const FuzzBuffers &Expected,
                               const FuzzBuffers &Actual) {
  std::size_t Count = 0;
  std::string Listed;
  diffBuffer("out", Expected.Out, Actual.Out, Abi.OutPerThread, Count, Listed);
  diffBuffer("fout", Expected.Fout, Actual.Fout, Abi.FoutPerThread, Count,
             Listed);
  diffBuffer("counters", Expected.Counters, Actual.Counters, 0, Count, Listed);
  if (Count == 0)
    return {};
  if (Listed.size() >= 2)
    Listed.resize(Listed.size() - 2);
  return std::to_string(Count) + " word(s) differ: " + Listed +
         (Count > MaxListed ? "; ..." : "");
}

} // namespace divopt::fuzz
