// Kernels declaring launch bounds from one warp to 1024 threads, the
// shapes application code uses them for.

__global__ void __launch_bounds__(32) warpSpmv(const int *rowStart,
                                               const int *cols,
                                               const float *vals,
                                               const float *x, float *y,
                                               int rows) {
  int row = blockIdx.x;
  if (row >= rows)
    return;
  float sum = 0.0f;
  for (int e = rowStart[row] + threadIdx.x; e < rowStart[row + 1]; e += 32)
    sum += vals[e] * x[cols[e]];
  for (int offset = 16; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (threadIdx.x == 0)
    y[row] = sum;
}

__global__ void __launch_bounds__(64) nbodyForces(const float4 *pos, float3 *acc,
                                                  int n, float soft) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 me = pos[i];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int j = 0; j < n; ++j) {
    float4 o = pos[j];
    float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
    float d2 = dx * dx + dy * dy + dz * dz + soft;
    float inv = rsqrtf(d2);
    float f = o.w * inv * inv * inv;
    ax += f * dx;
    ay += f * dy;
    az += f * dz;
  }
  acc[i] = make_float3(ax, ay, az);
}

__device__ float cnd(float d) {
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = 0.3989423f * expf(-0.5f * d * d) *
            (k * (0.3193815f + k * (-0.3565638f + k * (1.7814779f +
             k * (-1.8212560f + k * 1.3302745f)))));
  return d > 0.0f ? 1.0f - c : c;
}

__global__ void __launch_bounds__(128, 4) blackScholes(const float *price,
                                                       const float *strike,
                                                       const float *years,
                                                       float *call, float *put,
                                                       float r, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = price[i], x = strike[i], t = years[i];
  float sq = sqrtf(t);
  float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq);
  float d2 = d1 - v * sq;
  float e = expf(-r * t);
  call[i] = s * cnd(d1) - x * e * cnd(d2);
  put[i] = x * e * (1.0f - cnd(d2)) - s * (1.0f - cnd(d1));
}

__global__ void __launch_bounds__(256) matmulTiled(const float *a, const float *b,
                                                   float *c, int n) {
  __shared__ float ta[16][16], tb[16][16];
  int row = blockIdx.y * 16 + threadIdx.y, col = blockIdx.x * 16 + threadIdx.x;
  float sum = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    ta[threadIdx.y][threadIdx.x] = row < n && k0 + threadIdx.x < n ? a[row * n + k0 + threadIdx.x] : 0.0f;
    tb[threadIdx.y][threadIdx.x] = col < n && k0 + threadIdx.y < n ? b[(k0 + threadIdx.y) * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k)
      sum += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n)
    c[row * n + col] = sum;
}

__global__ void __launch_bounds__(512) kmeansAssign(const float *points,
                                                    const float *centroids,
                                                    int *assignment, int n,
                                                    int k, int dims) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int best = 0;
  float bestDist = 1e38f;
  for (int c = 0; c < k; ++c) {
    float d = 0.0f;
    for (int j = 0; j < dims; ++j) {
      float diff = points[i * dims + j] - centroids[c * dims + j];
      d += diff * diff;
    }
    if (d < bestDist) {
      bestDist = d;
      best = c;
    }
  }
  assignment[i] = best;
}

__global__ void __launch_bounds__(768) transposeTile(const float *in, float *out,
                                                     int w, int h) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < w && y + j < h)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += blockDim.y)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void __launch_bounds__(1024) raySpheres(const float4 *spheres,
                                                   int numSpheres,
                                                   const float3 *origins,
                                                   const float3 *dirs,
                                                   float *hitT, int *hitId,
                                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float3 o = origins[i], d = dirs[i];
  float best = 1e30f;
  int id = -1;
  for (int s = 0; s < numSpheres; ++s) {
    float4 sp = spheres[s];
    float ox = o.x - sp.x, oy = o.y - sp.y, oz = o.z - sp.z;
    float b = ox * d.x + oy * d.y + oz * d.z;
    float c = ox * ox + oy * oy + oz * oz - sp.w * sp.w;
    float disc = b * b - c;
    if (disc < 0.0f)
      continue;
    float t = -b - sqrtf(disc);
    if (t > 1e-4f && t < best) {
      best = t;
      id = s;
    }
  }
  hitT[i] = best;
  hitId[i] = id;
}

// A register-hungry kernel under a 1024-thread bound: ptxas must fit it in
// 64 registers.
__global__ void __launch_bounds__(1024) polyEval16(const float *x, const float *coef,
                                                   float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c[48];
#pragma unroll
  for (int j = 0; j < 48; ++j)
    c[j] = coef[j];
  float v = x[i], acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f;
#pragma unroll
  for (int j = 0; j < 16; ++j) {
    acc0 = acc0 * v + c[j];
    acc1 = acc1 * v + c[16 + j];
    acc2 = acc2 * v + c[32 + j];
  }
  y[i] = acc0 + acc1 * acc2;
}

__global__ void __launch_bounds__(96) saxpyStrided(float a, const float *x,
                                                   float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
