//===- OutputCheck.cpp - Outputs compared bit for bit ---------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "OutputCheck.h"

#include <cstdio>

namespace divopt::bench {

namespace {

std::string hex(std::uint32_t W) {
  char Buffer[16];
  std::snprintf(Buffer, sizeof(Buffer), "0x%08x", W);
  return Buffer;
}

/// "<What> <n> of <total> (first at <i>[: <got> vs <want>])".
std::string describe(const char *What, std::size_t Count, std::size_t Total,
                     std::size_t First, const std::string &Values) {
  return std::string(What) + " " + std::to_string(Count) + " of " +
         std::to_string(Total) + " (first at " + std::to_string(First) +
         Values + ")";
}

} // namespace

OutputCheck checkOutputs(const std::vector<std::uint32_t> &RunA,
                         const std::vector<std::uint32_t> &RunB,
                         const std::vector<std::uint32_t> *Reference) {
  const std::size_t N = RunA.size();
  if (RunB.size() != N || (Reference && Reference->size() != N))
    return {false, "SIZE MISMATCH"};
  std::size_t Unwritten = 0, Unstable = 0, Mismatch = 0;
  std::size_t FirstUnwritten = 0, FirstUnstable = 0, FirstMismatch = 0;
  for (std::size_t I = 0; I < N; ++I) {
    if (RunA[I] == FirstPoison && RunB[I] == SecondPoison) {
      if (Unwritten++ == 0)
        FirstUnwritten = I;
    } else if (RunA[I] != RunB[I]) {
      if (Unstable++ == 0)
        FirstUnstable = I;
    } else if (Reference && RunA[I] != (*Reference)[I]) {
      if (Mismatch++ == 0)
        FirstMismatch = I;
    }
  }
  if (Unwritten)
    return {false, describe("UNWRITTEN", Unwritten, N, FirstUnwritten, "")};
  if (Unstable)
    return {false, describe("UNSTABLE", Unstable, N, FirstUnstable, "")};
  if (Mismatch)
    return {false, describe("MISMATCH", Mismatch, N, FirstMismatch,
                            ": " + hex(RunA[FirstMismatch]) + " vs " +
                                hex((*Reference)[FirstMismatch]))};
  return {true, Reference ? "ok" : "ok (reference)"};
}

OutputCheck checkRepeatRun(const std::vector<std::uint32_t> &Checked,
                           const std::vector<std::uint32_t> &Repeat) {
  if (Checked.size() != Repeat.size())
    return {false, "SIZE MISMATCH"};
  std::size_t Differ = 0, First = 0;
  for (std::size_t I = 0; I < Checked.size(); ++I)
    if (Checked[I] != Repeat[I] && Differ++ == 0)
      First = I;
  if (Differ)
    return {false,
            describe("TIMED RUN DIFFERS", Differ, Checked.size(), First, "")};
  return {true, "ok"};
}

} // namespace divopt::bench
