// Refusals that name an instruction name it by its source line.

// Every thread marks its cell before it branches: a split kernel's parts
// would each write the mark.
__global__ void markThenWork(const float *in, float *out, int *seen, int n,
                             int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  seen[i] = 1;
  float x = in[i];
  if (x > 0.5f) {
    for (int s = 0; s < steps; ++s)
      x = x * 0.97f + 0.5f;
  } else {
    x = x * 2.0f;
  }
  out[i] = x;
}

// A running sum read after the loop: the loop cannot be cut in two.
__global__ void scoreSamples(const float *samples, const int *kinds,
                             float *score, int count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float total = 0.0f;
  for (int s = 0; s < count; ++s) {
    float v = samples[s * n + i];
    if (kinds[s * n + i] == 0)
      total += v * v;
    else
      total -= v;
  }
  score[i] = total;
}
