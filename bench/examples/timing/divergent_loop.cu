// Times the demo's kernels (divergent_loop.cu), so that what the demo says
// DivOpt did can be checked on a GPU: build it once with clang -O3 and once
// with the plugin, run both, and compare.
//
//   divergent_loop (built from bench/examples/timing/divergent_loop.cu)
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "../../common/measure.h"
#include "../divergent_loop.cu"

static const int N = 1 << 24;

int main() {
  float *DIn = deviceUniforms(N, 11), *DOut;
  CHECK(cudaMalloc(&DOut, N * sizeof(float)));
  float Smooth = medianMs([&] { smooth<<<N / 256, 256>>>(DOut, DIn, N); });
  uint64_t SumSmooth = checksumBits(DOut, N);
  float Refine = medianMs([&] { refine<<<N / 256, 256>>>(DOut, DIn, N, 32); });
  uint64_t SumRefine = checksumBits(DOut, N);
  printf("smooth %.4f ms %016llx refine %.4f ms %016llx\n", Smooth,
         (unsigned long long)SumSmooth, Refine, (unsigned long long)SumRefine);
  return 0;
}
