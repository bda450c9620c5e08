// A whole-program CUDA source: one kernel kernel-split<force> splits, one
// it cannot (a barrier), both launched with <<<>>>.
__global__ void ways(float *__restrict__ Out, const float *__restrict__ In,
                     int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (In[I] > 0.5f)
    Out[I] = In[I] * 2.0f;
  else
    Out[I] = In[I] + 1.0f;
}

__global__ void synced(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && (I & 1))
    Out[I] = 1.0f;
  __syncthreads();
}

int main() {
  float *Out = nullptr, *In = nullptr;
  if (cudaMalloc(&Out, 1024 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&In, 1024 * sizeof(float)) != cudaSuccess)
    return 0; // No GPU: linking was the test.
  ways<<<4, 256>>>(Out, In, 1024);
  synced<<<4, 256>>>(Out, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
