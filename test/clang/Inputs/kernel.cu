// A kernel with one divergent branch inside a loop and one at its top level.
__global__ void scale(float *out, const float *in, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  for (int k = 0; k < iters; ++k) {
    if (x > 0.5f) {
      x = __fmaf_rn(x, 0.75f, 0.125f);
      x = __fmaf_rn(x, x, -0.25f);
    } else {
      x = __fadd_rn(__fmul_rn(x, 1.5f), 0.25f);
      x = __fadd_rn(__fmul_rn(x, x), 0.125f);
    }
  }
  out[i] = x;
}
