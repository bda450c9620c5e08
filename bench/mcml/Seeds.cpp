//===- Seeds.cpp - Generator states for the photon streams ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Seeds.h"

#include "Mwc.h"

namespace divopt::mcml {

namespace {

/// SplitMix64 (Steele, Lea & Flood 2014): consecutive outputs are well
/// mixed even for consecutive states, which is what per-stream seeding
/// needs.
unsigned long long splitMix64(unsigned long long &State) {
  unsigned long long Z = (State += 0x9E3779B97F4A7C15ull);
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return Z ^ (Z >> 31);
}

} // namespace

std::vector<unsigned> makeSeeds(unsigned long long Master,
                                std::size_t Streams) {
  std::vector<unsigned> Seeds;
  Seeds.reserve(2 * Streams);
  unsigned long long State = Master;
  while (Seeds.size() < 2 * Streams) {
    unsigned long long V = splitMix64(State);
    unsigned X = static_cast<unsigned>(V);
    unsigned Carry = static_cast<unsigned>((V >> 32) % MwcMultiplier);
    // (0, 0) and (2^32 - 1, A - 1) map to themselves: skip them.
    if ((X == 0 && Carry == 0) ||
        (X == 0xFFFFFFFFu && Carry == MwcMultiplier - 1))
      continue;
    Seeds.push_back(X);
    Seeds.push_back(Carry);
  }
  return Seeds;
}

} // namespace divopt::mcml
