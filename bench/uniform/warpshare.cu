// Branches on the thread's warp whose arms differ more and more: the
// series of bench/uniform/warps.cu's byWarp in one arm, the same series
// with Extra more operations an iteration in the other. A warp's lanes
// all take one way, so a meld only adds to a warp the selects and the
// other arm's extra work; the model's share of that grows with Extra.
// This program measures where melding stops paying.
//
//   warpshare
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "share.h"

// Even warps run the plain series, odd warps the one with Extra more.
template <int Extra>
__global__ void byWarpPlus(const float *in, float *out, float a, float b,
                           int n) {
  int warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (warp % 2 == 0)
    y = series<0>(x, a) + 1.0f;
  else
    y = series<Extra>(x * b, b) * 2.0f;
  out[i] = y;
}

template <int Extra> struct Launch {
  static void launch(const float *In, float *Out) {
    byWarpPlus<Extra><<<N / 256, 256>>>(In, Out, 0.5f, 1.5f, N);
  }
};

int main() { return runShares<Launch>(); }
