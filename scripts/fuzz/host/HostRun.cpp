//===- HostRun.cpp - Runs one variant's host-compiled IR, dumps outputs ---===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Linked by host_diff.py with one variant's kernel (NVPTX IR rewritten for
// the host, NvvmShim.cpp) and the GPU harness's shapes and inputs: runs
// every thread of every shape, one after another, and writes the buffers
// (out, fout, counters of each shape, guard words included) to a file, which
// host_diff.py compares between the variants. A launch runs the kernels of
// fuzz_steps in order, each over every thread: the kernel k, or the parts
// of k's launch plan where kernel splitting split it (host_diff.py writes
// the table into the variant's IR).
//
//===----------------------------------------------------------------------===//

#include "HostAbi.h"

#include <cstdio>
#include <cstdlib>

extern "C" {
using KernelFn = void(const unsigned *in, unsigned *out, float *fout,
                      unsigned *counters, int n);
extern KernelFn *const fuzz_steps[];
extern const unsigned fuzz_step_count;
extern unsigned ShimTid, ShimNtid, ShimCtaid, ShimNctaid;
}

using namespace divopt::fuzz;

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    std::fprintf(stderr, "usage: %s SEED OUTPUT\n", Argv[0]);
    return 2;
  }
  std::uint64_t Seed = std::strtoull(Argv[1], nullptr, 10);
  FuzzAbi Abi = getHostAbi();
  std::FILE *F = std::fopen(Argv[2], "wb");
  if (!F)
    return 2;
  for (unsigned S = 0; S < getLaunchShapes().size(); ++S) {
    const LaunchShape &Shape = getLaunchShapes()[S];
    FuzzBuffers B = makeInputs(Abi, Seed, S);
    ShimNtid = Shape.Block;
    ShimNctaid = Shape.Grid;
    for (unsigned Step = 0; Step < fuzz_step_count; ++Step)
      for (ShimCtaid = 0; ShimCtaid < Shape.Grid; ++ShimCtaid)
        for (ShimTid = 0; ShimTid < Shape.Block; ++ShimTid)
          fuzz_steps[Step](B.In.data(), B.Out.data(),
                           reinterpret_cast<float *>(B.Fout.data()),
                           B.Counters.data(), int(Shape.N));
    for (const auto *V : {&B.Out, &B.Fout, &B.Counters})
      std::fwrite(V->data(), 4, V->size(), F);
  }
  return std::fclose(F) == 0 ? 0 : 2;
}
