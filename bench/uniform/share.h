// What bench/uniform/warpshare.cu and edgeshare.cu share: byWarp's series
// (bench/uniform/warps.cu) with Extra more multiply-adds an iteration, the
// size of their inputs, and the line each kernel prints.
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

// Times Launch, the kernel of Extra writing N elements to DOut, and prints
// its median time and a checksum of its output bits.
template <typename Launch> void report(int Extra, Launch L, const float *DOut) {
  float Ms = medianMs(L);
  printf("plus%d %.4f ms %016llx ", Extra, Ms,
         (unsigned long long)checksumBits(DOut, N));
}

#endif // DIVOPT_BENCH_UNIFORM_SHARE_H
