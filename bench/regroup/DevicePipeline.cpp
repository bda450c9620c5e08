//===- DevicePipeline.cpp - One algorithm's regrouping, timed -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DevicePipeline.h"

#include "Statistics.h"

#include "runtime/LaunchSample.h"

#include <chrono>
#include <functional>

using namespace divopt::runtime;

namespace divopt::bench {

namespace {

double hostMs(const std::function<void()> &F) {
  auto T0 = std::chrono::steady_clock::now();
  F();
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

} // namespace

gpu::DeviceProfile onDevice(const DeviceBbvProfile &P) {
  return {P.Words.address(), P.Threads, P.Blocks, P.Sites};
}

Prediction predictOnDevice(const DeviceBbvProfile &P, const ModelInputs &In,
                           CUdeviceptr Order, std::size_t MaxCtas) {
  // The shapes differ in resident CTAs at most: one sample fits both.
  LaunchSample S = sampleLaunch(P.Threads, In.Original, MaxCtas);
  const std::vector<std::uint32_t> *Ctas = S.Factor == 1 ? nullptr : &S.Ctas;
  std::vector<WarpDemand> Before = gpu::getWarpDemandsOnDevice(
      onDevice(P), In.BlockLat, &In.Mem, 0, In.Original, Ctas);
  std::vector<WarpDemand> After = gpu::getWarpDemandsOnDevice(
      onDevice(P), In.BlockLat, &In.Mem, Order, In.Remapped, Ctas);
  std::vector<ModelPrediction> M =
      predictFromDemands({{&Before, getSampledShape(In.Original, S.Factor)},
                          {&After, getSampledShape(In.Remapped, S.Factor)}});
  return {M[0], M[1], S.Factor};
}

PipelineRun runPipeline(const Context &Ctx, RegroupAlgorithm Algorithm,
                        const DeviceBbvProfile &Profile, double ProfileExtraMs,
                        const ModelInputs &In, const PipelineOptions &O) {
  PipelineRun R;
  R.Algorithm = Algorithm;
  R.Order = std::make_unique<DeviceBuffer<std::uint32_t>>(Ctx, Profile.Threads);
  std::vector<float> RegroupMs, ModelMs;
  Prediction P;
  for (int Run = 0; Run <= O.Runs; ++Run) { // Run 0 warms up.
    double Regroup = hostMs([&] {
      R.Stats = gpu::regroupOnDevice(onDevice(Profile), In.BlockLat, Algorithm,
                                     In.Remapped.WarpSize, O.ChunkGroups,
                                     R.Order->address());
    });
    double Model = hostMs([&] {
      P = predictOnDevice(Profile, In, R.Order->address(), O.ModelMaxCtas);
    });
    if (Run > 0) {
      RegroupMs.push_back(static_cast<float>(Regroup));
      ModelMs.push_back(static_cast<float>(Model));
    }
  }
  R.Costs.ProfileExtraMs = ProfileExtraMs;
  R.Costs.ModelMs = summarizeTimings(ModelMs).MedianMs;
  R.Costs.RegroupMs = summarizeTimings(RegroupMs).MedianMs;
  R.Costs.UploadMs = 0;
  R.SampleFactor = P.SampleFactor;
  R.Plan = evaluatePredictions(Algorithm, {}, P.Before, P.After, O.MinSpeedup);
  if (P.SampleFactor == 1) {
    R.WholePlan = R.Plan;
    return R;
  }
  Prediction Whole = predictOnDevice(Profile, In, R.Order->address(), 0);
  R.WholePlan = evaluatePredictions(Algorithm, {}, Whole.Before, Whole.After,
                                    O.MinSpeedup);
  return R;
}

} // namespace divopt::bench
