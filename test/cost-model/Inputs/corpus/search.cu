// Search and irregular kernels: backtracking, graph frontiers, dynamic
// programming, escape-time fractals.

// One thread counts the N-Queens solutions below one prefix of the first
// rows, with an explicit stack of bitmasks.
__global__ void nqueensStep(const unsigned *prefixCols, const unsigned *prefixLeft,
                            const unsigned *prefixRight, int numPrefixes,
                            int n, unsigned long long *counts) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= numPrefixes)
    return;
  unsigned all = (1u << n) - 1u;
  unsigned cols[16], left[16], right[16], avail[16];
  int depth = 0;
  cols[0] = prefixCols[t];
  left[0] = prefixLeft[t];
  right[0] = prefixRight[t];
  avail[0] = all & ~(cols[0] | left[0] | right[0]);
  unsigned long long found = 0;
  while (depth >= 0) {
    unsigned a = avail[depth];
    if (a == 0) {
      --depth;
      continue;
    }
    unsigned bit = a & (0u - a);
    avail[depth] = a ^ bit;
    unsigned c = cols[depth] | bit;
    if (c == all) {
      ++found;
      continue;
    }
    unsigned l = (left[depth] | bit) << 1;
    unsigned r = (right[depth] | bit) >> 1;
    ++depth;
    cols[depth] = c;
    left[depth] = l;
    right[depth] = r;
    avail[depth] = all & ~(c | l | r);
  }
  counts[t] = found;
}

__global__ void bfsExpand(const int *rowStart, const int *adj, const int *frontier,
                          int frontierSize, int *level, int *nextFrontier,
                          int *nextSize, int depth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= frontierSize)
    return;
  int v = frontier[t];
  for (int e = rowStart[v]; e < rowStart[v + 1]; ++e) {
    int u = adj[e];
    if (level[u] < 0 && atomicCAS(&level[u], -1, depth + 1) == -1) {
      int slot = atomicAdd(nextSize, 1);
      nextFrontier[slot] = u;
    }
  }
}

__global__ void smithWatermanDiagonal(const char *a, const char *b, int *h,
                                      int la, int lb, int diag, int match,
                                      int mismatch, int gap) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = diag - i;
  if (i > la || j < 1 || j > lb)
    return;
  int w = lb + 1;
  int s = a[i - 1] == b[j - 1] ? match : mismatch;
  int best = h[(i - 1) * w + j - 1] + s;
  best = max(best, h[(i - 1) * w + j] - gap);
  best = max(best, h[i * w + j - 1] - gap);
  h[i * w + j] = max(best, 0);
}

__global__ void mandelbrot(unsigned char *image, int width, int height,
                           float x0, float y0, float scale, int maxIter) {
  int px = blockIdx.x * blockDim.x + threadIdx.x;
  int py = blockIdx.y * blockDim.y + threadIdx.y;
  if (px >= width || py >= height)
    return;
  float cr = x0 + px * scale, ci = y0 + py * scale;
  float zr = 0.0f, zi = 0.0f;
  int it = 0;
  while (it < maxIter && zr * zr + zi * zi < 4.0f) {
    float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++it;
  }
  image[py * width + px] = it == maxIter ? 0 : (unsigned char)(it % 255 + 1);
}

__global__ void collatzLengths(const unsigned long long *starts, int *lengths,
                               int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  unsigned long long x = starts[t];
  int steps = 0;
  while (x != 1) {
    if (x & 1)
      x = 3 * x + 1;
    else
      x >>= 1;
    ++steps;
  }
  lengths[t] = steps;
}
