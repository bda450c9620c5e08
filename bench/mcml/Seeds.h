//===- Seeds.h - Generator states for the photon streams --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each photon stream (a GPU thread, or a stream of the CPU reference) starts
// its multiply-with-carry generator from its own state. The states are a
// pure function of a master seed and the stream's index (SplitMix64), so a
// run is reproducible, every variant of the kernel sees the same seeds, and
// the CPU reference can draw independent ones from another master seed.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_SEEDS_H
#define DIVOPT_BENCH_MCML_SEEDS_H

#include <cstddef>
#include <vector>

namespace divopt::mcml {

/// The master seed of the GPU runs; the CPU reference uses another one so
/// that its sample is independent of theirs.
constexpr unsigned long long GpuMasterSeed = 0x4D434D4C31393935ull;
constexpr unsigned long long CpuMasterSeed = 0x57414E474A5A3935ull;
/// The seeds a divergence profile is collected on (mcml_host
/// --profile-collect): a profile-guided build is timed on other photons
/// than the ones it learned from.
constexpr unsigned long long ProfileMasterSeed = 0x50524F46494C4531ull;

/// Streams x 2 words: (X, Carry) of each stream's generator, each a valid
/// multiply-with-carry state (Carry below the multiplier, not one of the
/// two fixed points).
std::vector<unsigned> makeSeeds(unsigned long long Master, std::size_t Streams);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_SEEDS_H
