//===- FuzzInputs.cpp - Launch shapes and inputs of a fuzz run ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FuzzInputs.h"

#include <cstring>

namespace divopt::fuzz {

std::string LaunchShape::describe() const {
  return "grid " + std::to_string(Grid) + " x block " + std::to_string(Block) +
         ", n " + std::to_string(N);
}

const std::vector<LaunchShape> &getLaunchShapes() {
  static const std::vector<LaunchShape> Shapes = {
      {1, 32, 32},     // One full warp.
      {1, 45, 45},     // Block of 45: the second warp has 13 lanes.
      {4, 96, 300},    // n = 9*32 + 12: a partial warp of live lanes.
      {3, 100, 293},   // Blocks of 100 (warps 32+32+32+4), last block short.
      {2, 256, 509},   // The largest block the ABI allows.
      {1, 1, 1},       // A single thread.
      {7, 160, 1111},  // Many warps, n ends inside a warp.
      {9, 64, 500},    // The last block has no live thread at all.
  };
  return Shapes;
}

namespace {

/// SplitMix64: a fixed, portable stream (std::mt19937 distributions are not
/// specified bit for bit).
class SplitMix64 {
public:
  explicit SplitMix64(std::uint64_t Seed) : State(Seed) {}
  std::uint64_t next() {
    std::uint64_t Z = (State += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  std::uint32_t word() { return static_cast<std::uint32_t>(next() >> 32); }

private:
  std::uint64_t State;
};

/// Small values make comparisons and switches go both ways; full words
/// exercise wrap-around.
std::uint32_t mixedWord(SplitMix64 &R) {
  std::uint32_t W = R.word();
  switch (W & 3u) {
  case 0:
    return (W >> 2) & 15u;
  case 1:
    return (W >> 2) & 1023u;
  default:
    return R.word();
  }
}

std::uint32_t floatBits(float F) {
  std::uint32_t Bits;
  std::memcpy(&Bits, &F, sizeof(Bits));
  return Bits;
}

} // namespace

FuzzBuffers makeInputs(const FuzzAbi &Abi, std::uint64_t Seed,
                       unsigned ShapeIndex) {
  const LaunchShape &S = getLaunchShapes().at(ShapeIndex);
  SplitMix64 R(Seed * 0x2545F4914F6CDD1Dull + ShapeIndex);
  FuzzBuffers B;
  B.In.resize(Abi.InWords);
  for (std::uint32_t &W : B.In)
    W = mixedWord(R);
  B.Out.resize(std::size_t(S.N) * Abi.OutPerThread + GuardWords);
  for (std::uint32_t &W : B.Out)
    W = mixedWord(R);
  B.Fout.resize(std::size_t(S.N) * Abi.FoutPerThread + GuardWords);
  for (std::uint32_t &W : B.Fout)
    // Quarters in [-512, 512]: exact, finite, within the generator's bound.
    W = floatBits(float(int(R.word() % 4097u) - 2048) * 0.25f);
  B.Counters.resize(Abi.Counters);
  for (std::uint32_t &W : B.Counters)
    W = R.word();
  return B;
}

} // namespace divopt::fuzz
