// Issue 15's kernel: ordinary float arithmetic in both arms of a divergent
// branch, which clang compiles with contraction on (a * b + c is one fma).
__global__ void contract_arms(const float *A, const float *B, float *out,
                              int n, int r) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  float a = A[t], b = B[t], acc = 0.0f, p, q;
  if ((t ^ r) & 1) {
    p = a * 1.25f + b;
    q = b * 0.75f - a;
#pragma unroll
    for (int i = 0; i < 12; ++i) {
      p = fmaf(p, q, 0.5f);
      q = fmaf(q, 1.01f, p);
    }
    acc += p * 0.5f - q;
  } else {
    p = a * 0.85f + b;
    q = b * 1.15f - a;
#pragma unroll
    for (int i = 0; i < 12; ++i) {
      p = fmaf(p, q, 0.25f);
      q = fmaf(q, 1.02f, p);
    }
    acc += p * 0.25f + q;
  }
  out[t] = acc;
}
