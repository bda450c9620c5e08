// A kernel as an application writes it: a divergent loop with an if/else
// in its body and a guard.
#include <cuda_runtime.h>

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
