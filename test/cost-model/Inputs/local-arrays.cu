// Local arrays indexed at run time stay in local memory: their addresses
// are constant offsets from the frame, not registers of their own.

// A depth-first search over a small tree with an explicit stack.
__global__ void treeDepths(const int *children, const int *roots, int n,
                           int *maxDepth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int stack[32], depth[32];
  int top = 0, best = 0;
  stack[0] = roots[t];
  depth[0] = 0;
  while (top >= 0) {
    int node = stack[top];
    int d = depth[top];
    --top;
    if (d > best)
      best = d;
    int c = children[node];
    if (c >= 0 && top < 30) {
      ++top;
      stack[top] = c;
      depth[top] = d + 1;
      ++top;
      stack[top] = c + 1;
      depth[top] = d + 1;
    }
  }
  maxDepth[t] = best;
}

// A histogram of bytes kept per thread, then the most frequent one.
__global__ void modeOfBytes(const unsigned char *data, int len, int n,
                            unsigned char *mode) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int lo[16], hi[16], odd[16], even[16];
  for (int i = 0; i < 16; ++i)
    lo[i] = hi[i] = odd[i] = even[i] = 0;
  for (int i = 0; i < len; ++i) {
    unsigned char b = data[t * len + i];
    ++lo[b & 15];
    ++hi[b >> 4];
    if (i & 1)
      ++odd[b & 15];
    else
      ++even[b >> 4];
  }
  int best = 0, bestCount = -1;
  for (int i = 0; i < 16; ++i) {
    int c = lo[i] + hi[i] + odd[i] - even[i];
    if (c > bestCount) {
      bestCount = c;
      best = i;
    }
  }
  mode[t] = (unsigned char)best;
}
