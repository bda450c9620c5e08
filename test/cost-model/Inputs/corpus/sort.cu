// Sorting and merging kernels as GPU sorting libraries write them.

__global__ void bitonicStep(unsigned *keys, unsigned *vals, int j, int k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned partner = i ^ j;
  if (partner > i) {
    unsigned a = keys[i], b = keys[partner];
    bool ascending = (i & k) == 0;
    if ((a > b) == ascending) {
      keys[i] = b;
      keys[partner] = a;
      unsigned t = vals[i];
      vals[i] = vals[partner];
      vals[partner] = t;
    }
  }
}

__global__ void bitonicSortShared(float *data) {
  __shared__ float tile[1024];
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * 1024;
  tile[t] = data[base + t];
  tile[t + 512] = data[base + t + 512];
  __syncthreads();
  for (unsigned k = 2; k <= 1024; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      unsigned i = 2 * t - (t & (j - 1));
      unsigned p = i + j;
      bool up = (i & k) == 0;
      float a = tile[i], b = tile[p];
      if ((a > b) == up) {
        tile[i] = b;
        tile[p] = a;
      }
      __syncthreads();
    }
  }
  data[base + t] = tile[t];
  data[base + t + 512] = tile[t + 512];
}

__device__ int mergePath(const int *a, int na, const int *b, int nb, int diag) {
  int lo = max(0, diag - nb), hi = min(diag, na);
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] <= b[diag - 1 - mid])
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

__global__ void mergeKernel(const int *a, int na, const int *b, int nb,
                            int *out, int itemsPerThread) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int diag = min(t * itemsPerThread, na + nb);
  int end = min(diag + itemsPerThread, na + nb);
  int i = mergePath(a, na, b, nb, diag);
  int j = diag - i;
  for (int k = diag; k < end; ++k) {
    bool takeA = j >= nb || (i < na && a[i] <= b[j]);
    if (takeA)
      out[k] = a[i++];
    else
      out[k] = b[j++];
  }
}

__global__ void oddEvenStep(int *v, int n, int phase) {
  int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + (phase & 1);
  if (i + 1 < n) {
    int x = v[i], y = v[i + 1];
    if (x > y) {
      v[i] = y;
      v[i + 1] = x;
    }
  }
}

__global__ void radixHistogram(const unsigned *keys, unsigned *hist, int n,
                               int shift) {
  __shared__ unsigned local[256];
  local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    unsigned digit = (keys[i] >> shift) & 255u;
    atomicAdd(&local[digit], 1u);
  }
  __syncthreads();
  atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

// Each thread sorts 8 keys in registers with an insertion sort.
__global__ void sortEight(int *data) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  int v[8];
  for (int i = 0; i < 8; ++i)
    v[i] = data[base + i];
#pragma unroll
  for (int i = 1; i < 8; ++i) {
#pragma unroll
    for (int j = i; j > 0; --j) {
      int lo = min(v[j - 1], v[j]);
      int hi = max(v[j - 1], v[j]);
      v[j - 1] = lo;
      v[j] = hi;
    }
  }
  for (int i = 0; i < 8; ++i)
    data[base + i] = v[i];
}
