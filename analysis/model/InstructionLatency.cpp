//===- InstructionLatency.cpp - Latency of an operation class -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/model/InstructionLatency.h"

namespace divopt {

const std::array<std::string_view, NumLatencyClasses> &getLatencyClassNames() {
  static const std::array<std::string_view, NumLatencyClasses> Names = {
      "free", "fp32", "fp64", "fp16",   "int",    "imul", "int64", "cvt",
      "sfu",  "div",  "mem",  "atomic", "branch", "jump", "call"};
  return Names;
}

std::optional<std::size_t> findLatencyClass(std::string_view Name) {
  const auto &Names = getLatencyClassNames();
  for (std::size_t I = 0; I < Names.size(); ++I)
    if (Names[I] == Name)
      return I;
  return std::nullopt;
}

LatencyTable getLatencyTable(unsigned ComputeCapability) {
  // Dependent-chain latencies in cycles, measured on an H200 (sm_90) by
  // bench/regroup/latency.cu (one thread, 4096 dependent operations timed
  // with clock64); see bench/results/2026-11-22-h200-regroup.md. Classes
  // the microbenchmark does not cover (marked) take the nearest measured
  // class: fp16 as fp32, int64 as two int, atomic as mem plus a round trip,
  // branch and jump as int, a call as its parameter traffic.
  LatencyTable T;
  T.ComputeCapability = 90;
  T.Source = "sm_90, measured on an H200";
  T.Cycles = {
      0.0,  // free
      4.0,  // fp32
      8.0,  // fp64
      4.0,  // fp16 (as fp32)
      4.0,  // int
      4.0,  // imul
      8.0,  // int64 (two int)
      6.0,  // cvt
      18.0, // sfu
      40.0, // div
      33.0, // mem (L1 hit)
      66.0, // atomic (mem, twice)
      4.0,  // branch (as int)
      4.0,  // jump (as int)
      40.0, // call
  };
  if (ComputeCapability != 90)
    T.Source = "sm_90's table (no table measured for this capability)";
  return T;
}

} // namespace divopt
