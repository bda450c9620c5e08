//===- Inputs.h - Reproducible random inputs --------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every benchmark draws fresh inputs from a fixed seed. The generator is
// std::mt19937_64, whose sequence the standard fixes, and the mapping to
// floats is ours (std::uniform_real_distribution's is not specified), so
// the inputs are the same on every machine.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_INPUTS_H
#define DIVOPT_BENCH_HOST_INPUTS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace divopt::bench {

/// Changes every seed below by Salt (0: the seeds as given): a profile
/// collection run draws other inputs than the timed run.
void setInputSeedSalt(std::uint64_t Salt);

/// Uniform in [Lo, Hi), never exactly zero unless Lo == Hi == 0.
std::vector<float> makeUniformFloats(std::size_t Count, float Lo, float Hi,
                                     std::uint64_t Seed);

/// Uniform 32-bit words, never zero (the generator seeds reject zero).
std::vector<std::uint32_t> makeNonZeroWords(std::size_t Count,
                                            std::uint64_t Seed);

/// 1 with probability Share, else 0.
std::vector<std::uint32_t> makeFlags(std::size_t Count, double Share,
                                     std::uint64_t Seed);

/// The 32-bit threshold T with P(draw < T) = F for a uniform 32-bit draw,
/// F clamped to [0, 1] (1 maps to 2^32 - 1, one value short).
std::uint32_t getThresholdForFrequency(double F);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_INPUTS_H
