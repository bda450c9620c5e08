//===- DevicePipeline.h - One algorithm's regrouping, timed -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a user of thread regrouping runs after the profiled launch, all on
// the device where the profile is (docs/REGROUP-GPU.md): the algorithm's
// order (runtime/gpu's regroupOnDevice), then the model's warp demands of
// the launch as it is and in that order (of a sample of the CTAs for large
// launches, LaunchSample.h) and the block scheduler's simulations, all four
// at once. Each step returns when it is done, so host clocks time it: the
// median of some runs after a warm-up (the first run loads the kernels and
// fills the memory pool, once per process).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_DEVICEPIPELINE_H
#define DIVOPT_BENCH_REGROUP_DEVICEPIPELINE_H

#include "runtime/AmortizedPlan.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/RegroupPlan.h"
#include "runtime/ThreadRegrouping.h"
#include "runtime/gpu/DeviceRegrouping.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace divopt::bench {

/// What the model needs about a workload's launch.
struct ModelInputs {
  std::vector<double> BlockLat;
  runtime::MemorySystem Mem;
  runtime::LaunchShape Original, Remapped;
};

struct Prediction {
  runtime::ModelPrediction Before, After;
  unsigned SampleFactor = 1;
};

runtime::gpu::DeviceProfile onDevice(const runtime::DeviceBbvProfile &P);

/// The model's predictions for the launch as it is and in the order at
/// Order, from the device's warp demands of the whole launch, or of a
/// sample of its CTAs where it has more than MaxCtas (0: never sample).
Prediction predictOnDevice(const runtime::DeviceBbvProfile &P,
                           const ModelInputs &In, CUdeviceptr Order,
                           std::size_t MaxCtas);

struct PipelineOptions {
  std::size_t ModelMaxCtas = 4096;
  std::uint32_t ChunkGroups = runtime::gpu::DefaultChunkGroups;
  int Runs = 3;
  double MinSpeedup = 1.05;
};

struct PipelineRun {
  runtime::RegroupAlgorithm Algorithm = runtime::RegroupAlgorithm::Sorting;
  /// The order, on the device (no upload: it is made there).
  std::unique_ptr<runtime::DeviceBuffer<std::uint32_t>> Order;
  runtime::RegroupCosts Costs;
  /// The plan from the pipeline's (possibly sampled) model, and from the
  /// whole launch's (computed apart, not an overhead, where sampled).
  runtime::RegroupPlan Plan, WholePlan;
  unsigned SampleFactor = 1;
  runtime::gpu::RegroupStats Stats;
};

/// Runs Algorithm's pipeline on the profile O.Runs times after a warm-up;
/// its costs are the medians, with ProfileExtraMs for the profiled launch.
PipelineRun runPipeline(const runtime::Context &Ctx,
                        runtime::RegroupAlgorithm Algorithm,
                        const runtime::DeviceBbvProfile &Profile,
                        double ProfileExtraMs, const ModelInputs &In,
                        const PipelineOptions &O);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_DEVICEPIPELINE_H
