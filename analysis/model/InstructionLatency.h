//===- InstructionLatency.h - Latency of an operation class -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++ (no LLVM, no CUDA): the cycles one warp instruction of each
// operation class takes from issue to its result being usable by a
// dependent instruction. The divergence model (runtime/DivergenceModel.h)
// weighs basic-block execution counts with it: a block's latency is the sum
// over its instructions. The operation classes are those of
// analysis/InstructionCost.h, in the same order, named here so that the
// bbv-profile pass and the runtime exchange them as text.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_MODEL_INSTRUCTIONLATENCY_H
#define DIVOPT_ANALYSIS_MODEL_INSTRUCTIONLATENCY_H

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace divopt {

/// Number of operation classes (OpClass in analysis/InstructionCost.h).
constexpr std::size_t NumLatencyClasses = 15;

/// The classes' names, in OpClass order ("free", "fp32", ...).
const std::array<std::string_view, NumLatencyClasses> &getLatencyClassNames();

/// Index of a class name; nullopt for a name DivOpt does not know.
std::optional<std::size_t> findLatencyClass(std::string_view Name);

struct LatencyTable {
  unsigned ComputeCapability = 0;
  /// Cycles per class, in getLatencyClassNames() order.
  std::array<double, NumLatencyClasses> Cycles{};
  /// Where the numbers come from ("measured on ...", "literature").
  std::string_view Source;
};

/// The committed table for a compute capability; capabilities without a
/// measured table get sm_90's, with Source saying so.
LatencyTable getLatencyTable(unsigned ComputeCapability);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_MODEL_INSTRUCTIONLATENCY_H
