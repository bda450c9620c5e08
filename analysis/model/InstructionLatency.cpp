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
  // Dependent-chain latencies in cycles, measured on an H200 (sm_90,
  // 1980 MHz) by bench/regroup/latency.cu: one thread, 4096 dependent
  // operations timed with clock64, median of 5 (2026-11-22, commit 2ce487a;
  // bench/results/2026-11-22-h200-regroup.md). The fractions are the chain
  // loop's overhead. Not measured: cvt (that run's chain was folded by
  // ptxas; the literature's 6 stays until the fixed microbenchmark runs),
  // branch and jump (taken as int), call (a guess: parameter traffic).
  LatencyTable T;
  T.ComputeCapability = 90;
  T.Source = "sm_90, measured on an H200";
  T.Cycles = {
      0.0,    // free
      4.16,   // fp32
      8.07,   // fp64
      4.16,   // fp16
      5.06,   // int
      4.16,   // imul
      6.08,   // int64
      6.0,    // cvt (not measured)
      22.94,  // sfu (sin.approx)
      44.36,  // div (div.rn.f32)
      38.98,  // mem (L1 hit)
      327.73, // atomic (global, dependent)
      5.06,   // branch (as int)
      5.06,   // jump (as int)
      40.0,   // call (not measured)
  };
  if (ComputeCapability != 90)
    T.Source = "sm_90's table (no table measured for this capability)";
  return T;
}

} // namespace divopt
