// What bench/uniform/warpshare.cu and edgeshare.cu share: byWarp's series
// (bench/uniform/warps.cu) with Extra more multiply-adds an iteration, the
// size of their inputs, and the program that times each kernel.
#ifndef DIVOPT_BENCH_UNIFORM_SHARE_H
#define DIVOPT_BENCH_UNIFORM_SHARE_H

#include "../common/measure.h"

static const int N = 1 << 24;

// A truncated series: a dozen dependent divisions and sums; Extra more
// multiply-adds an iteration in a second accumulator.
template <int Extra> __device__ float series(float x, float c) {
  float s = 0.0f, t = 1.0f, u = 0.5f;
  for (int k = 1; k <= 12; ++k) {
    t = t * x / (k + c);
    s = s + t;
    for (int e = 0; e < Extra; ++e)
      u = u * 0.75f + t * (e + 1);
  }
  return s + u;
}

// Times Kernel<Extra>::launch(In, Out), a kernel writing N elements to
// Out, and prints its median time and a checksum of its output bits.
template <template <int> class Kernel, int Extra>
void report(const float *In, float *Out) {
  float Ms = medianMs([&] { Kernel<Extra>::launch(In, Out); });
  printf("plus%d %.4f ms %016llx ", Extra, Ms,
         (unsigned long long)checksumBits(Out, N));
}

// The program: Kernel for Extra = 0 to 4, on one line.
template <template <int> class Kernel> int runShares() {
  float *In = deviceUniforms(N, 1), *Out;
  CHECK(cudaMalloc(&Out, N * sizeof(float)));
  report<Kernel, 0>(In, Out);
  report<Kernel, 1>(In, Out);
  report<Kernel, 2>(In, Out);
  report<Kernel, 3>(In, Out);
  report<Kernel, 4>(In, Out);
  printf("\n");
  return 0;
}

#endif // DIVOPT_BENCH_UNIFORM_SHARE_H
