//===- Workloads.h - Regrouping benchmark inputs and launches ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The kernels of kernels.cu with their inputs, one class each, behind one
// interface: launch the original, its BBV-counting copy, its remapped copy,
// or the original on inputs laid out in a regrouped order (data layout
// transformation, where the kernel's inputs allow it), and read the output
// back as 32-bit words for a bit-for-bit comparison.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_REGROUP_WORKLOADS_H
#define DIVOPT_BENCH_REGROUP_WORKLOADS_H

#include "runtime/BbvSet.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Launch.h"
#include "runtime/ThreadRegrouping.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace divopt::runtime {
class Context;
class Module;
} // namespace divopt::runtime

namespace divopt::bench {

class Workload {
public:
  virtual ~Workload() = default;
  virtual std::string name() const = 0;
  virtual std::string kernel() const = 0;
  /// What the scale multiplies (trips, iterations, reference length) and
  /// the workload's parameters, for the report.
  virtual std::string describe() const = 0;
  /// Sets the problem's work per thread (1 = the default) and rebuilds the
  /// inputs.
  virtual void setScale(double Scale) = 0;

  virtual void launchOriginal(const runtime::Module &M) = 0;
  /// Launches the counting copy (it computes the original's output) and
  /// returns its profile, left on the device.
  virtual runtime::DeviceBbvProfile profile(const runtime::Module &M) = 0;
  virtual void
  launchRemapped(const runtime::Module &M,
                 const runtime::DeviceBuffer<std::uint32_t> &Redirect) = 0;
  /// The output of the last launch, as words.
  virtual std::vector<std::uint32_t> output() const = 0;
  /// Fills the output with a pattern no launch writes (0xffffffff), so that
  /// a thread that writes nothing shows in the comparison.
  virtual void poisonOutput() = 0;

  /// Data layout transformation: whether each thread's inputs and output
  /// are elements of arrays indexed by its global index.
  virtual bool hasIndexedInputs() const = 0;
  /// Uploads the inputs gathered in Order (position p gets thread
  /// Order[p]'s); the next launchOriginal runs on them until
  /// restoreInputs.
  virtual void permuteInputs(const std::vector<std::uint32_t> &Order) = 0;
  virtual void restoreInputs() = 0;

  runtime::LaunchConfig config() const {
    return runtime::makeLaunchConfig(Threads / BlockSize, BlockSize);
  }

protected:
  Workload(const runtime::Context &Ctx, unsigned Threads, unsigned BlockSize)
      : Ctx(Ctx), Threads(Threads), BlockSize(BlockSize) {}
  const runtime::Context &Ctx;
  unsigned Threads;
  unsigned BlockSize;
};

/// Scatters words computed in Order back to thread order: out[Order[p]] =
/// Permuted[p].
std::vector<std::uint32_t>
scatterToThreadOrder(const std::vector<std::uint32_t> &Permuted,
                     const std::vector<std::uint32_t> &Order);

/// vartrip with trip counts drawn from Distribution: "skewed" (1 thread in
/// 8 runs 32x longer), "uniform", or "coherent" (skewed, sorted: no warp
/// diverges). Kernel "vartrip_call" runs the trips in a helper that is not
/// inlined.
std::unique_ptr<Workload> makeVarTrip(const runtime::Context &Ctx,
                                      unsigned Threads,
                                      const std::string &Distribution,
                                      const std::string &Kernel = "vartrip");
std::unique_ptr<Workload> makeMandel(const runtime::Context &Ctx,
                                     unsigned Threads);
std::unique_ptr<Workload> makeSeqCmp(const runtime::Context &Ctx,
                                     unsigned Threads);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_REGROUP_WORKLOADS_H
