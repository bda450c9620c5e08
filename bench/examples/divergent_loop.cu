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

// Each thread refines its value for `iters` steps; values above a threshold
// follow one recurrence, the others another. The arms share little:
// melding them would not pay, nor would delaying the iterations, and DivOpt
// leaves the loop divergent and says why (run -passes=iter-delay under opt
// to see that pass's reasoning).
__global__ void refine(float *out, const float *in, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i];
  for (int k = 0; k < iters; ++k) {
    if (x > 0.5f) {
      x = x * 0.75f + 0.125f;
      x = x * x - 0.25f;
      x = sqrtf(x * x + 1.0f) - 1.0f;
    } else {
      x = x * 1.5f + 0.25f;
      x = x * x + 0.125f;
      x = x / (x * x + 1.0f);
    }
  }
  out[i] = x;
}
