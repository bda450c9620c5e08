// The same kernel after edits elsewhere in the file: this comment, a
// helper, another kernel before it and one after it. Its lines moved; its
// code did not change.
//
// (More lines, so that every line number of step moves.)
#include <cuda_runtime.h>

__device__ __noinline__ float clampUnit(float v) {
  if (v < 0.0f)
    return 0.0f;
  return v > 1.0f ? 1.0f : v;
}

__global__ void before(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = clampUnit(out[i] * 2.0f);
}

__global__ void step(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  int trips = (i * 7) % 13;
  for (int t = 0; t < trips; ++t) {
    if (x > 0.5f)
      x = x * 0.25f + 0.125f;
    else
      x = x * 1.5f + 0.0625f;
  }
  out[i] = x;
}

__global__ void after(int *flags, int n) {
  int i = threadIdx.x;
  while (i < n) {
    flags[i] = flags[i] ? 0 : 1;
    i += blockDim.x;
  }
}
