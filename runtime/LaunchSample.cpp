//===- LaunchSample.cpp - A launch's CTAs sampled for the model -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchSample.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace divopt::runtime {

namespace {

/// SplitMix64: a well-mixed 64-bit value for each (seed, run).
std::uint64_t mix(std::uint64_t X) {
  X += 0x9e3779b97f4a7c15ull;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ull;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

unsigned getFactor(std::size_t Ctas, unsigned SMs, std::size_t MaxCtas) {
  if (MaxCtas == 0 || Ctas <= MaxCtas)
    return 1;
  for (unsigned F = 2; F < SMs; ++F)
    if (SMs % F == 0 && (Ctas + F - 1) / F <= MaxCtas)
      return F;
  return SMs;
}

} // namespace

std::size_t getLaunchCtas(std::size_t Threads, const LaunchShape &Shape) {
  if (Shape.ThreadsPerBlock == 0)
    throw std::invalid_argument("launch shape: no threads per block");
  return (Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
}

LaunchSample sampleLaunch(std::size_t Threads, const LaunchShape &Shape,
                          std::size_t MaxCtas, std::uint64_t Seed) {
  if (Shape.SMs == 0)
    throw std::invalid_argument("launch shape: no SMs");
  const std::size_t Ctas = getLaunchCtas(Threads, Shape);
  if (Ctas > UINT32_MAX)
    throw std::invalid_argument("launch of more than 2^32 CTAs");
  LaunchSample S;
  S.Factor = getFactor(Ctas, Shape.SMs, MaxCtas);
  S.Ctas.reserve((Ctas + S.Factor - 1) / S.Factor);
  for (std::size_t First = 0, Run = 0; First < Ctas; First += S.Factor, ++Run) {
    std::size_t Len = std::min<std::size_t>(S.Factor, Ctas - First);
    std::size_t Pick = S.Factor == 1 ? 0 : mix(Seed ^ mix(Run)) % Len;
    S.Ctas.push_back(static_cast<std::uint32_t>(First + Pick));
  }
  return S;
}

LaunchShape getSampledShape(const LaunchShape &Shape, unsigned Factor) {
  if (Factor == 0 || Shape.SMs % Factor != 0)
    throw std::invalid_argument("sampling factor " + std::to_string(Factor) +
                                " does not divide " +
                                std::to_string(Shape.SMs) + " SMs");
  LaunchShape S = Shape;
  S.SMs = Shape.SMs / Factor;
  S.FirstWaveSms.clear();
  for (unsigned Sm : Shape.FirstWaveSms)
    if (Sm % Factor == 0)
      S.FirstWaveSms.push_back(Sm / Factor);
  return S;
}

} // namespace divopt::runtime
