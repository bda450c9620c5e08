// Reductions, scans and histograms.

__global__ void sumShared(const float *in, float *partial, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + t;
  float v = 0.0f;
  if (i < n)
    v = in[i];
  if (i + blockDim.x < n)
    v += in[i + blockDim.x];
  s[t] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}

__device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void sumShuffle(const float *in, float *out, int n) {
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    v += in[i];
  v = warpSum(v);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(out, v);
}

__global__ void argMax(const float *in, int n, float *bestValue, int *bestIndex) {
  __shared__ float values[32];
  __shared__ int indices[32];
  float best = -1e38f;
  int where = -1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float v = in[i];
    if (v > best) {
      best = v;
      where = i;
    }
  }
  for (int offset = 16; offset > 0; offset >>= 1) {
    float ov = __shfl_down_sync(0xffffffffu, best, offset);
    int oi = __shfl_down_sync(0xffffffffu, where, offset);
    if (ov > best) {
      best = ov;
      where = oi;
    }
  }
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) {
    values[warp] = best;
    indices[warp] = where;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < blockDim.x / 32; ++w)
      if (values[w] > best) {
        best = values[w];
        where = indices[w];
      }
    bestValue[blockIdx.x] = best;
    bestIndex[blockIdx.x] = where;
  }
}

__global__ void histogram(const unsigned char *pixels, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&local[pixels[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b])
      atomicAdd(&bins[b], local[b]);
}

__global__ void scanBlock(const int *in, int *out, int *blockSums, int n) {
  __shared__ int buf[2][512];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int in0 = 0, in1 = 1;
  buf[0][t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset <<= 1) {
    in0 = 1 - in0;
    in1 = 1 - in1;
    if (t >= offset)
      buf[in0][t] = buf[in1][t] + buf[in1][t - offset];
    else
      buf[in0][t] = buf[in1][t];
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[in0][t];
  if (t == blockDim.x - 1)
    blockSums[blockIdx.x] = buf[in0][t];
}

__global__ void dotProduct(const double *a, const double *b, double *result,
                           int n) {
  double sum = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    sum += a[i] * b[i];
  for (int offset = 16; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(result, sum);
}
