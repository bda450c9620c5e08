// A two-way branch and a loop with no counter of its own, for the
// instrumentation's choices by target (targets.test).
__global__ void halves(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f)
    v = v * 0.5f + out[i];
  out[i] = v;
}

__global__ void collatz(unsigned *peak, const unsigned *start) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = start[i], top = x;
  while (x > 1) {
    if (x & 1)
      x = 3 * x + 1;
    else
      x = x / 2;
    top = x > top ? x : top;
  }
  peak[i] = top;
}
