// The compile-time benchmark's realistic large kernel: a loop of 256
// iterations that the programmer asked to unroll, with an if/else that
// depends on the thread's data in its body. Unrolled, the kernel holds 256
// divergent branches in one straight-line function.
#include <cstdint>

__device__ float step(float x, float w) { return x * w + 0.5f; }

__global__ void unrolled(const float *in, const uint32_t *bits, float *out,
                         int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], acc = 0.0f, other = 1.0f;
  uint32_t mask = bits[i];
#pragma unroll
  for (int k = 0; k < 256; ++k) {
    if (mask & (1u << (k % 32))) {
      acc = step(acc, x) * 1.25f;
      other = other * x - acc;
      x = x * 0.75f + other * 0.125f;
    } else {
      acc = step(acc, x) * 0.875f;
      other = other * x + acc;
      x = x * 1.25f - other * 0.0625f;
    }
    mask = mask * 1664525u + 1013904223u;
  }
  out[i] = acc + other + x;
}
