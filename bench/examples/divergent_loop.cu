// The example DivOpt's README demo compiles: kernels whose threads take
// data-dependent ways, the way a programmer writes them.

// Odd and even threads run the same filter with different coefficients.
// clang -O3 keeps the two copies apart; DivOpt's branch distribution runs
// one copy for the whole warp, selecting each coefficient once.
__global__ void smooth(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y;
  if (i & 1) {
    y = __fsub_rn(x, 0.5f);
    for (int k = 0; k < 16; ++k)
      y = __fmaf_rn(y, 0.75f, 0.125f);
  } else {
    y = __fmul_rn(x, 2.0f);
    for (int k = 0; k < 16; ++k)
      y = __fmaf_rn(y, 0.5f, 0.25f);
  }
  out[i] = y;
}

// Each thread refines its value for `iters` steps; values above a threshold
// follow one recurrence, the others a differently rounded one. The arms
// share no operation branch distribution could meld, and are too short for
// iteration delaying to pay: DivOpt leaves the loop divergent and says why
// (run -passes=iter-delay under opt to see that pass's reasoning).
__global__ void refine(float *out, const float *in, int n, int iters) {
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
