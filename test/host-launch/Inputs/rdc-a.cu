// -fgpu-rdc, translation unit a: a kernel of its own, a static kernel whose
// name rdc-b.cu uses too, a template kernel both instantiate, and a kernel
// calling a device function defined in rdc-b.cu (which is not split: a
// call of unknown code). The others have a divergent branch
// kernel-split<force> splits.
__device__ float scale(float X); // rdc-b.cu

template <typename T>
__global__ void twice(T *Out, const T *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (In[I] > T(0))
    Out[I] = In[I] * T(2);
  else
    Out[I] = In[I] - T(1);
}

static __global__ void local(float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (I & 1)
    Out[I] = 1.0f;
  else
    Out[I] = 2.0f;
}

__global__ void kernel_a(float *__restrict__ Out,
                         const float *__restrict__ In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (In[I] > 0.5f)
    Out[I] = In[I] * 0.5f;
  else
    Out[I] = In[I];
}

__global__ void scaled(float *Out, const float *In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = scale(In[I]);
}

void launchB(float *Out, const float *In, int N); // rdc-b.cu

int main() {
  float *Out = nullptr, *In = nullptr;
  if (cudaMalloc(&Out, 1024 * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&In, 1024 * sizeof(float)) != cudaSuccess)
    return 0; // No GPU: linking was the test.
  kernel_a<<<4, 256>>>(Out, In, 1024);
  local<<<4, 256>>>(Out, 1024);
  twice<<<4, 256>>>(Out, In, 1024);
  scaled<<<4, 256>>>(Out, In, 1024);
  launchB(Out, In, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
