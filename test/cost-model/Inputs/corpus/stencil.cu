// Stencils over regular grids, boundaries handled by the threads on them.

__global__ void jacobi2d(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  int i = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
    out[i] = in[i];
    return;
  }
  out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]);
}

__global__ void stencil3d(const float *in, float *out, int nx, int ny, int nz,
                          float c0, float c1) {
  __shared__ float tile[10][34];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  int plane = nx * ny;
  float below = 0.0f, here = 0.0f, above = 0.0f;
  if (x < nx && y < ny) {
    here = in[y * nx + x];
    above = in[plane + y * nx + x];
  }
  for (int z = 1; z < nz - 1; ++z) {
    below = here;
    here = above;
    if (x < nx && y < ny)
      above = in[(z + 1) * plane + y * nx + x];
    __syncthreads();
    tile[threadIdx.y + 1][threadIdx.x + 1] = here;
    if (threadIdx.x == 0 && x > 0)
      tile[threadIdx.y + 1][0] = in[z * plane + y * nx + x - 1];
    if (threadIdx.x == 31 && x < nx - 1)
      tile[threadIdx.y + 1][33] = in[z * plane + y * nx + x + 1];
    if (threadIdx.y == 0 && y > 0)
      tile[0][threadIdx.x + 1] = in[z * plane + (y - 1) * nx + x];
    if (threadIdx.y == 7 && y < ny - 1)
      tile[9][threadIdx.x + 1] = in[z * plane + (y + 1) * nx + x];
    __syncthreads();
    if (x > 0 && y > 0 && x < nx - 1 && y < ny - 1) {
      float s = tile[threadIdx.y + 1][threadIdx.x] +
                tile[threadIdx.y + 1][threadIdx.x + 2] +
                tile[threadIdx.y][threadIdx.x + 1] +
                tile[threadIdx.y + 2][threadIdx.x + 1] + below + above;
      out[z * plane + y * nx + x] = c0 * here + c1 * s;
    }
  }
}

template <int R>
__global__ void convolve1d(const float *in, const float *weights, float *out,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sum = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; ++k) {
    int j = i + k;
    if (j >= 0 && j < n)
      sum += weights[k + R] * in[j];
  }
  out[i] = sum;
}
template __global__ void convolve1d<3>(const float *, const float *, float *, int);
template __global__ void convolve1d<8>(const float *, const float *, float *, int);

__global__ void heatStep(const double *t, double *tNew, const int *material,
                         const double *conductivity, int nx, int ny,
                         double dt) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  int i = y * nx + x;
  double k = conductivity[material[i]];
  double center = t[i];
  double lap = -4.0 * center;
  lap += x > 0 ? t[i - 1] : center;
  lap += x < nx - 1 ? t[i + 1] : center;
  lap += y > 0 ? t[i - nx] : center;
  lap += y < ny - 1 ? t[i + nx] : center;
  tNew[i] = center + dt * k * lap;
}

__global__ void gameOfLife(const unsigned char *in, unsigned char *out, int w,
                           int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h)
    return;
  int alive = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0)
        continue;
      int xx = (x + dx + w) % w, yy = (y + dy + h) % h;
      alive += in[yy * w + xx];
    }
  unsigned char self = in[y * w + x];
  out[y * w + x] = (alive == 3 || (alive == 2 && self)) ? 1 : 0;
}
