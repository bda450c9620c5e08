//===- GpuRun.h - Running the MCML kernel on one input ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Everything one input needs on the device (layers, seeds, tallies), and
// the runs the benchmark makes of a kernel on it: one to get its result,
// then timed ones, each on zeroed tallies, timed with events around the
// launch alone. The timed runs' final tallies are compared with the first
// run's, so a kernel whose result depends on scheduling is caught even
// when it happens to match another variant once.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_GPURUN_H
#define DIVOPT_BENCH_MCML_GPURUN_H

#include "KernelInterface.h"
#include "Tally.h"
#include "Tissue.h"

#include "runtime/Context.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Kernel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::mcml {

/// One input, uploaded.
class GpuInput {
public:
  GpuInput(const runtime::Context &Ctx, const Tissue &T,
           const std::vector<unsigned> &Seeds, unsigned Blocks,
           unsigned ThreadsPerBlock);

  /// Zeroes the tallies, in stream order.
  void zeroTallies();
  /// Launches Kernel once, asynchronously. Counts, when not null, receives
  /// the per-thread step counts of a kernel built with MCML_COUNT_BOUNDARY.
  void launch(const runtime::Kernel &Kernel,
              runtime::DeviceBuffer<std::uint64_t> *Counts = nullptr);
  /// Waits for the last launch of Kernel (naming it if it faulted), then
  /// copies the tallies back.
  Tally download(const runtime::Kernel &Kernel) const;

  const runtime::Context &context() const { return Ctx; }
  const Tissue &tissue() const { return T; }
  unsigned streams() const { return Blocks * ThreadsPerBlock; }

private:
  const runtime::Context &Ctx;
  const Tissue &T;
  unsigned Blocks, ThreadsPerBlock;
  float LaunchWeight;
  int NumLayers;
  runtime::DeviceBuffer<LayerSpec> Layers;
  runtime::DeviceBuffer<unsigned> Seeds;
  runtime::DeviceBuffer<std::uint64_t> A, Rd, Tt;
};

struct GpuRunResult {
  Tally Result;                 ///< Of the first (warm-up) run.
  std::vector<float> Ms;        ///< Of each timed run.
  std::string RepeatDifference; ///< Empty when the last run gave Result.
};

/// One run for the result (it also warms the kernel up), then Runs timed
/// runs.
GpuRunResult runTimed(GpuInput &In, const runtime::Kernel &Kernel,
                      unsigned Runs);

/// Steps and boundary hits over all threads, from one run of a kernel
/// built with MCML_COUNT_BOUNDARY.
struct BoundaryCount {
  std::uint64_t Steps = 0, Hits = 0;
};
BoundaryCount countBoundaryHits(GpuInput &In,
                                const runtime::Kernel &CountingKernel);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_GPURUN_H
