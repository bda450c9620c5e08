//===- GpuRun.cpp - Running the MCML kernel on one input ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "GpuRun.h"

#include "runtime/Error.h"
#include "runtime/Event.h"
#include "runtime/Launch.h"

namespace divopt::mcml {

using runtime::DeviceBuffer;

GpuInput::GpuInput(const runtime::Context &Ctx, const Tissue &T,
                   const std::vector<unsigned> &SeedWords, unsigned Blocks,
                   unsigned ThreadsPerBlock)
    : Ctx(Ctx), T(T), Blocks(Blocks), ThreadsPerBlock(ThreadsPerBlock),
      LaunchWeight(getLaunchWeight(T)),
      NumLayers(static_cast<int>(T.Layers.size())),
      Layers(DeviceBuffer<LayerSpec>::fromHost(Ctx, makeLayerSpecs(T))),
      Seeds(DeviceBuffer<unsigned>::fromHost(Ctx, SeedWords)),
      A(Ctx, static_cast<std::size_t>(T.Nz) * T.Nr), Rd(Ctx, T.Nr),
      Tt(Ctx, T.Nr) {
  if (SeedWords.size() != 2 * static_cast<std::size_t>(streams()))
    throw runtime::Error("MCML: " + std::to_string(SeedWords.size()) +
                         " seed words for " + std::to_string(streams()) +
                         " threads");
}

void GpuInput::zeroTallies() {
  A.fillWords(0);
  Rd.fillWords(0);
  Tt.fillWords(0);
}

void GpuInput::launch(const runtime::Kernel &Kernel,
                      DeviceBuffer<std::uint64_t> *Counts) {
  // A null Counts is what the kernel expects when it does not count.
  CUdeviceptr CountsAddress = Counts ? Counts->address() : 0;
  runtime::launch(Kernel, runtime::makeLaunchConfig(Blocks, ThreadsPerBlock),
                  Layers, NumLayers, static_cast<float>(T.Dz),
                  static_cast<float>(T.Dr), T.Nz, T.Nr, T.Photons, LaunchWeight,
                  Seeds, A, Rd, Tt, CountsAddress);
}

Tally GpuInput::download(const runtime::Kernel &Kernel) const {
  // The copies below synchronise too, but a kernel fault met there would
  // not say which kernel faulted.
  Ctx.synchronize(Kernel.name());
  Tally R(T.Nz, T.Nr);
  R.A = A.download();
  R.Rd = Rd.download();
  R.Tt = Tt.download();
  return R;
}

GpuRunResult runTimed(GpuInput &In, const runtime::Kernel &Kernel,
                      unsigned Runs) {
  GpuRunResult R;
  In.zeroTallies();
  In.launch(Kernel);
  R.Result = In.download(Kernel);

  runtime::Event Start(In.context()), Stop(In.context());
  for (unsigned I = 0; I < Runs; ++I) {
    // Zeroed before Start, so the time is the kernel's alone.
    In.zeroTallies();
    Start.record();
    In.launch(Kernel);
    Stop.record();
    Stop.synchronize(Kernel.name());
    R.Ms.push_back(runtime::getElapsedMs(Start, Stop));
  }
  if (Runs)
    R.RepeatDifference = describeDifference(R.Result, In.download(Kernel));
  return R;
}

BoundaryCount countBoundaryHits(GpuInput &In,
                                const runtime::Kernel &CountingKernel) {
  DeviceBuffer<std::uint64_t> Counts(In.context(), 2 * In.streams());
  // Threads with no photon return before writing theirs.
  Counts.fillWords(0);
  In.zeroTallies();
  In.launch(CountingKernel, &Counts);
  In.context().synchronize(CountingKernel.name());
  BoundaryCount C;
  std::vector<std::uint64_t> PerThread = Counts.download();
  for (std::size_t I = 0; I < PerThread.size(); I += 2) {
    C.Steps += PerThread[I];
    C.Hits += PerThread[I + 1];
  }
  return C;
}

} // namespace divopt::mcml
