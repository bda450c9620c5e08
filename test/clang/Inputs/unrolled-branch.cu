// A loop clang unrolls four times: each copy of its divergent branch keeps
// the branch's source position.
__global__ void clampAndCount(const float *in, float *out, int *hits,
                              float limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    float v = in[4 * i + k];
    if (v > limit)
      atomicAdd(hits + (i & 7), 1);
    else
      acc += v;
  }
  out[i] = acc;
}
