// Register estimate inputs (test/cost-model/held-and-guarded.test), as
// bench/tools/register_probes.py writes them: 8 values stored each loop
// iteration to 8 loop-invariant addresses (stptr_8) or to one address
// family (stfam_8); convolve1d's 7 guarded loads with small arms
// (conv3_0) and with arms of 16 more multiply-adds (conv3_16).
extern "C" __global__ void stptr_8(const float *__restrict__ a, float *__restrict__ p0, float *__restrict__ p1, float *__restrict__ p2, float *__restrict__ p3, float *__restrict__ p4, float *__restrict__ p5, float *__restrict__ p6, float *__restrict__ p7, int cnt, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= cnt) return;
  float s0 = 0.0f; float s1 = 0.0f; float s2 = 0.0f; float s3 = 0.0f; float s4 = 0.0f; float s5 = 0.0f; float s6 = 0.0f; float s7 = 0.0f;
  for (int t = 0; t < m; ++t) { s0 = s1 * 0.5f + a[(t * 8 + 0) * 32 + (threadIdx.x & 31)]; s1 = s2 * 0.5f + a[(t * 8 + 1) * 32 + (threadIdx.x & 31)]; s2 = s3 * 0.5f + a[(t * 8 + 2) * 32 + (threadIdx.x & 31)]; s3 = s4 * 0.5f + a[(t * 8 + 3) * 32 + (threadIdx.x & 31)]; s4 = s5 * 0.5f + a[(t * 8 + 4) * 32 + (threadIdx.x & 31)]; s5 = s6 * 0.5f + a[(t * 8 + 5) * 32 + (threadIdx.x & 31)]; s6 = s7 * 0.5f + a[(t * 8 + 6) * 32 + (threadIdx.x & 31)]; s7 = s0 * 0.5f + a[(t * 8 + 7) * 32 + (threadIdx.x & 31)]; p0[i] = s0; p1[i] = s1; p2[i] = s2; p3[i] = s3; p4[i] = s4; p5[i] = s5; p6[i] = s6; p7[i] = s7; __syncthreads(); }
}

extern "C" __global__ void stfam_8(const float *__restrict__ a, float *__restrict__ p, int cnt, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= cnt) return;
  float s0 = 0.0f; float s1 = 0.0f; float s2 = 0.0f; float s3 = 0.0f; float s4 = 0.0f; float s5 = 0.0f; float s6 = 0.0f; float s7 = 0.0f;
  for (int t = 0; t < m; ++t) { s0 = s1 * 0.5f + a[(t * 8 + 0) * 32 + (threadIdx.x & 31)]; s1 = s2 * 0.5f + a[(t * 8 + 1) * 32 + (threadIdx.x & 31)]; s2 = s3 * 0.5f + a[(t * 8 + 2) * 32 + (threadIdx.x & 31)]; s3 = s4 * 0.5f + a[(t * 8 + 3) * 32 + (threadIdx.x & 31)]; s4 = s5 * 0.5f + a[(t * 8 + 4) * 32 + (threadIdx.x & 31)]; s5 = s6 * 0.5f + a[(t * 8 + 5) * 32 + (threadIdx.x & 31)]; s6 = s7 * 0.5f + a[(t * 8 + 6) * 32 + (threadIdx.x & 31)]; s7 = s0 * 0.5f + a[(t * 8 + 7) * 32 + (threadIdx.x & 31)]; p[i * 8 + 0] = s0; p[i * 8 + 1] = s1; p[i * 8 + 2] = s2; p[i * 8 + 3] = s3; p[i * 8 + 4] = s4; p[i * 8 + 5] = s5; p[i * 8 + 6] = s6; p[i * 8 + 7] = s7; __syncthreads(); }
}

extern "C" __global__ void conv3_0(const float *in, const float *w, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  { int j = i + -3;
    if (j >= 0 && j < n) { float x = w[0] * in[j]; sum += x; } }
  { int j = i + -2;
    if (j >= 0 && j < n) { float x = w[1] * in[j]; sum += x; } }
  { int j = i + -1;
    if (j >= 0 && j < n) { float x = w[2] * in[j]; sum += x; } }
  { int j = i + 0;
    if (j >= 0 && j < n) { float x = w[3] * in[j]; sum += x; } }
  { int j = i + 1;
    if (j >= 0 && j < n) { float x = w[4] * in[j]; sum += x; } }
  { int j = i + 2;
    if (j >= 0 && j < n) { float x = w[5] * in[j]; sum += x; } }
  { int j = i + 3;
    if (j >= 0 && j < n) { float x = w[6] * in[j]; sum += x; } }
  out[i] = sum;
}

extern "C" __global__ void conv3_16(const float *in, const float *w, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  { int j = i + -3;
    if (j >= 0 && j < n) { float x = w[0] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + -2;
    if (j >= 0 && j < n) { float x = w[1] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + -1;
    if (j >= 0 && j < n) { float x = w[2] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + 0;
    if (j >= 0 && j < n) { float x = w[3] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + 1;
    if (j >= 0 && j < n) { float x = w[4] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + 2;
    if (j >= 0 && j < n) { float x = w[5] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  { int j = i + 3;
    if (j >= 0 && j < n) { float x = w[6] * in[j]; x = x * 1.01f + 0.5f; x = x * 1.01f + 1.5f; x = x * 1.01f + 2.5f; x = x * 1.01f + 3.5f; x = x * 1.01f + 4.5f; x = x * 1.01f + 5.5f; x = x * 1.01f + 6.5f; x = x * 1.01f + 7.5f; x = x * 1.01f + 8.5f; x = x * 1.01f + 9.5f; x = x * 1.01f + 10.5f; x = x * 1.01f + 11.5f; x = x * 1.01f + 12.5f; x = x * 1.01f + 13.5f; x = x * 1.01f + 14.5f; x = x * 1.01f + 15.5f; sum += x; } }
  out[i] = sum;
}
