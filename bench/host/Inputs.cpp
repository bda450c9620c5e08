//===- Inputs.cpp - Reproducible random inputs ----------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Inputs.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace divopt::bench {

namespace {

/// [0, 1) with 24 random bits, exact in a float.
float toUnitFloat(std::uint64_t Bits) {
  return static_cast<float>(Bits >> 40) * 0x1.0p-24f;
}

std::uint64_t &getSalt() {
  static std::uint64_t Salt = 0;
  return Salt;
}

std::uint64_t getSaltedSeed(std::uint64_t Seed) {
  return Seed + getSalt() * 0x9e3779b97f4a7c15ull;
}

} // namespace

void setInputSeedSalt(std::uint64_t Salt) { getSalt() = Salt; }

std::vector<float> makeUniformFloats(std::size_t Count, float Lo, float Hi,
                                     std::uint64_t Seed) {
  std::mt19937_64 Gen(getSaltedSeed(Seed));
  std::vector<float> Values(Count);
  for (float &V : Values) {
    do
      V = Lo + (Hi - Lo) * toUnitFloat(Gen());
    while (V == 0.0f && !(Lo == 0.0f && Hi == 0.0f));
  }
  return Values;
}

std::vector<std::uint32_t> makeNonZeroWords(std::size_t Count,
                                            std::uint64_t Seed) {
  std::mt19937_64 Gen(getSaltedSeed(Seed));
  std::vector<std::uint32_t> Words(Count);
  for (std::uint32_t &W : Words) {
    do
      W = static_cast<std::uint32_t>(Gen() >> 32);
    while (W == 0);
  }
  return Words;
}

std::vector<std::uint32_t> makeFlags(std::size_t Count, double Share,
                                     std::uint64_t Seed) {
  std::mt19937_64 Gen(getSaltedSeed(Seed));
  const std::uint64_t Cut =
      static_cast<std::uint64_t>(std::clamp(Share, 0.0, 1.0) * 0x1.0p53);
  std::vector<std::uint32_t> Flags(Count);
  for (std::uint32_t &F : Flags)
    F = (Gen() >> 11) < Cut ? 1u : 0u;
  return Flags;
}

std::uint32_t getThresholdForFrequency(double F) {
  double Scaled = std::round(std::clamp(F, 0.0, 1.0) * 0x1.0p32);
  return static_cast<std::uint32_t>(std::min(Scaled, 4294967295.0));
}

} // namespace divopt::bench
