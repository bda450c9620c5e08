//===- HostCheck.cpp - Runs a generated kernel on the host, checked -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Built by scripts/fuzz/ub_check.py with the kernel's source, CudaShim.h and
// the GPU harness's own launch shapes and inputs (bench/fuzz/FuzzInputs), so
// every thread the GPU runs, with the same inputs, runs here under the
// sanitizers. Buffers are allocated to their exact sizes, so AddressSanitizer
// sees any access past them.
//
//===----------------------------------------------------------------------===//

#include "HostAbi.h"

#include <cstring>
#include <memory>

// Last: its macros (__noinline__) would rewrite the standard headers.
#include "CudaShim.h"

extern "C" void k(const unsigned *in, unsigned *out, float *fout,
                  unsigned *counters, int n);

using namespace divopt::fuzz;

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: %s SEED\n", Argv[0]);
    return 2;
  }
  std::uint64_t Seed = std::strtoull(Argv[1], nullptr, 10);
  FuzzAbi Abi = getHostAbi();
  for (unsigned S = 0; S < getLaunchShapes().size(); ++S) {
    const LaunchShape &Shape = getLaunchShapes()[S];
    FuzzBuffers B = makeInputs(Abi, Seed, S);
    // Exact sizes, without the GPU harness's guard words.
    auto In = std::make_unique<unsigned[]>(B.In.size());
    std::memcpy(In.get(), B.In.data(), B.In.size() * 4);
    std::size_t OutWords = std::size_t(Shape.N) * Abi.OutPerThread;
    std::size_t FoutWords = std::size_t(Shape.N) * Abi.FoutPerThread;
    auto Out = std::make_unique<unsigned[]>(OutWords);
    std::memcpy(Out.get(), B.Out.data(), OutWords * 4);
    auto Fout = std::make_unique<float[]>(FoutWords);
    std::memcpy(Fout.get(), B.Fout.data(), FoutWords * 4);
    auto Counters = std::make_unique<unsigned[]>(B.Counters.size());
    std::memcpy(Counters.get(), B.Counters.data(), B.Counters.size() * 4);
    blockDim.x = Shape.Block;
    ShimN = Shape.N;
    for (blockIdx.x = 0; blockIdx.x < Shape.Grid; ++blockIdx.x)
      for (threadIdx.x = 0; threadIdx.x < Shape.Block; ++threadIdx.x)
        k(In.get(), Out.get(), Fout.get(), Counters.get(), int(Shape.N));
    for (std::size_t I = 0; I < FoutWords; ++I)
      if (!std::isfinite(Fout[I]))
        shimFail("an output float is not finite");
  }
  std::printf("seed %llu: %zu shapes ran clean\n",
              static_cast<unsigned long long>(Seed), getLaunchShapes().size());
  return 0;
}
