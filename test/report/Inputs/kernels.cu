// Two kernels for divopt-report's tests: a branch whose arms run the same
// filter with other coefficients, and a loop whose lanes take ways by value.

__global__ void shade(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y;
  if (i & 1) {
    y = x - 0.5f;
    for (int k = 0; k < 16; ++k)
      y = y * 0.75f + 0.125f;
  } else {
    y = x * 2.0f;
    for (int k = 0; k < 16; ++k)
      y = y * 0.5f + 0.25f;
  }
  out[i] = y;
}

__global__ void refine(float *out, const float *in, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  for (int k = 0; k < iters; ++k) {
    if (x > 0.5f) {
      x = expf(-x) * 0.75f + 0.125f;
      x = x * x + 0.25f;
    } else {
      x = logf(x + 1.0f) * 1.5f + 0.25f;
      x = x * x + 0.125f;
    }
  }
  out[i] = x;
}
