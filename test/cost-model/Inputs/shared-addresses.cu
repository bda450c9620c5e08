// Shared memory addressed through generic pointers: NVPTX keeps the
// addresses in 64-bit registers, ptxas in 32-bit shared offsets.

// A block-wide inclusive scan, double-buffered in shared memory.
__global__ void blockScan(const float *in, float *out, int n) {
  __shared__ float buf[2][256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  int from = 0;
  buf[0][t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int offset = 1; offset < blockDim.x; offset *= 2) {
    int to = 1 - from;
    float v = buf[from][t];
    if (t >= offset)
      v = v + buf[from][t - offset];
    buf[to][t] = v;
    from = to;
    __syncthreads();
  }
  if (i < n)
    out[i] = buf[from][t];
}

// Counting sort of keys within a block: a histogram, a scan of it, and a
// scatter, all in shared memory.
__global__ void blockCountingSort(const int *keys, int *sorted, int n) {
  __shared__ int count[64];
  __shared__ int start[64];
  __shared__ int staged[256];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t < 64)
    count[t] = 0;
  __syncthreads();
  int key = i < n ? keys[i] & 63 : -1;
  if (key >= 0)
    atomicAdd(&count[key], 1);
  __syncthreads();
  if (t == 0) {
    int sum = 0;
    for (int k = 0; k < 64; ++k) {
      start[k] = sum;
      sum += count[k];
    }
  }
  __syncthreads();
  if (key >= 0)
    staged[atomicAdd(&start[key], 1)] = keys[i];
  __syncthreads();
  if (i < n)
    sorted[i] = staged[t];
}
