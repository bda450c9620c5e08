// A test of the grid's edges whose arms differ more and more: the series
// of bench/uniform/warps.cu's byWarp for the interior, the same series
// with Extra more operations an iteration for the two ends. Only the
// warps at the ends hold lanes of both ways; every other warp takes the
// interior's. This program measures what a meld of such a branch costs
// or gains as the model's share of it for those warps grows.
//
//   edgeshare
//
// Prints, for each kernel, the median of 25 timed launches (after 3
// warm-ups, CUDA events) and a checksum of its output bits.
#include "share.h"

// The interior runs the plain series, the two ends the one with Extra
// more.
template <int Extra>
__global__ void interiorPlus(const float *in, float *out, float a, float b,
                             int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  float y;
  if (i > 0 && i < n - 1)
    y = series<0>(x, a) + 1.0f;
  else
    y = series<Extra>(x * b, b) * 2.0f;
  out[i] = y;
}

template <int Extra> struct Launch {
  static void launch(const float *In, float *Out) {
    interiorPlus<Extra><<<N / 256, 256>>>(In, Out, 0.5f, 1.5f, N);
  }
};

int main() { return runShares<Launch>(); }
