//===- LatencyCalibration.cpp - Measure the latency table -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LatencyCalibration.h"

#include "runtime/Context.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Error.h"
#include "runtime/Launch.h"
#include "runtime/Module.h"

#include <algorithm>
#include <cstdint>
#include <functional>

using namespace divopt::runtime;

namespace divopt::bench {

namespace {

/// Operations per chain (latency.cu's CHAIN_OUTER x CHAIN_INNER).
constexpr double ChainLength = 64.0 * 64.0;

struct Probe {
  const char *Class;
  /// Dependent operations of the class in one chain step.
  double OpsPerStep;
  /// fp32 operations in the step besides them (fp32 is measured first).
  double Fp32PerStep;
  /// Launches the class's kernel on one thread; it writes its cycles.
  std::function<void(const Module &, DeviceBuffer<std::int64_t> &)> Launch;
};

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

std::vector<MeasuredLatency> measureLatencies(const Context &Ctx,
                                              const Module &M, int Repeats) {
  DeviceBuffer<std::uint64_t> Sink(Ctx, 4);
  // A ring of 256 words, each pointing 33 words on (coprime with 256).
  std::vector<std::uint32_t> Ring(256);
  for (std::uint32_t I = 0; I < Ring.size(); ++I)
    Ring[I] = (I + 33) % 256;
  auto RingBuf = DeviceBuffer<std::uint32_t>::fromHost(Ctx, Ring);
  DeviceBuffer<std::uint32_t> Cell(Ctx, 1);
  Cell.fillWords(0);
  LaunchConfig One = makeLaunchConfig(1, 1);
  // half 1.0 and 0.5, as bits.
  const std::uint16_t HalfOne = 0x3c00, HalfHalf = 0x3800;
  std::vector<Probe> Probes = {
      {"fp32", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_fp32"), One, 0.999f, 0.5f, Sink, C);
       }},
      {"fp64", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_fp64"), One, 0.999, 0.5, Sink, C);
       }},
      {"fp16", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_fp16"), One, HalfOne, HalfHalf, Sink, C);
       }},
      {"int", 2, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_int"), One, 3u, 5u, Sink, C);
       }},
      {"imul", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_imul"), One, 3u, 5u, Sink, C);
       }},
      {"int64", 2, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_int64"), One, 3ull, 5ull, Sink, C);
       }},
      {"cvt", 2, 1,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_cvt"), One, 12345u, 0.5f, Sink, C);
       }},
      {"sfu", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_sfu"), One, 0.5f, Sink, C);
       }},
      {"div", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_div"), One, 1.5f, 3.0f, Sink, C);
       }},
      {"mem", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_mem"), One, RingBuf, Sink, C);
       }},
      {"atomic", 1, 0,
       [&](const Module &Mo, auto &C) {
         launch(Mo.kernel("lat_atomic"), One, Cell, 0u, Sink, C);
       }},
  };
  DeviceBuffer<std::int64_t> Cycles(Ctx, 1);
  std::vector<MeasuredLatency> Out;
  double Fp32 = 0;
  for (const Probe &P : Probes) {
    std::vector<double> Runs;
    for (int R = 0; R < Repeats + 1; ++R) {
      P.Launch(M, Cycles);
      double Step = static_cast<double>(Cycles.download()[0]) / ChainLength;
      if (R > 0) // The first run loads the code: warm-up.
        Runs.push_back((Step - P.Fp32PerStep * Fp32) / P.OpsPerStep);
    }
    if (std::string(P.Class) == "fp32")
      Fp32 = median(Runs);
    Out.push_back({P.Class, median(Runs)});
  }
  return Out;
}

LatencyTable applyMeasured(LatencyTable Base,
                           const std::vector<MeasuredLatency> &Measured) {
  for (const MeasuredLatency &L : Measured) {
    std::optional<std::size_t> I = findLatencyClass(L.Class);
    if (!I)
      throw Error("latency class '" + L.Class + "' is not in the table");
    Base.Cycles[*I] = L.Cycles;
  }
  return Base;
}

} // namespace divopt::bench
