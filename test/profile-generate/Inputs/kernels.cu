// Kernels with every kind of branch and loop DivOpt's transforms consider,
// written as application code.
__global__ void ifelse(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (i & 1) {
    v = v * 2.0f + out[i];
    out[i + n] = v;
  } else {
    v = v - 3.0f;
    out[i + 2 * n] = v * v;
  }
  out[i] = v;
}

__global__ void ifonly(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (in[i] > 0.0f)
    out[i] = in[i] * 3.0f + out[i + 1];
}

__global__ void pick(float *out, const int *sel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v;
  switch (sel[i]) {
  case 0: v = 1.0f; break;
  case 1: v = out[i] * 3.0f; break;
  case 5: v = out[i] + 7.0f; break;
  default: v = -1.0f;
  }
  out[i] = v;
}

__global__ void looped(float *out, const int *trips) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < trips[i]; ++t) {
    if (out[t] > 0.0f)
      acc = acc * 0.5f + out[t + 1];
    else
      acc += 1.0f;
  }
  out[i] = acc;
}

__global__ void nested(float *out, const int *trips, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int o = 0; o < m; ++o)
    for (int t = 0; t < trips[i]; ++t)
      acc += out[o * 64 + t] > 0.0f ? out[t] : 1.0f;
  out[i] = acc;
}

__global__ void exits(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < n; ++t) {
    if (in[i * n + t] < 0.0f)
      break;
    acc += in[i * n + t];
    if (acc > 100.0f)
      break;
  }
  out[i] = acc;
}

__global__ void synced(float *out) {
  __shared__ float s[256];
  int i = threadIdx.x;
  float v = out[blockIdx.x * 256 + i];
  if (v > 0.0f)
    v = v * out[blockIdx.x * 256 + 255 - i] + 1.0f;
  s[i] = v;
  __syncthreads();
  out[blockIdx.x * 256 + i] = s[255 - i];
}

__global__ void uniform(float *out, int n) {
  if (blockIdx.x < n)
    out[blockIdx.x] = 1.0f;
}
