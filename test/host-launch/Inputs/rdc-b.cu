// -fgpu-rdc, translation unit b: see rdc-a.cu.
__device__ float scale(float X) { return X * 3.0f; }

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
    Out[I] = 3.0f;
  else
    Out[I] = 4.0f;
}

__global__ void kernel_b(float *__restrict__ Out,
                         const float *__restrict__ In, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (In[I] < 0.25f)
    Out[I] = In[I] + 1.0f;
  else
    Out[I] = In[I] * 4.0f;
}

void launchB(float *Out, const float *In, int N) {
  kernel_b<<<(N + 255) / 256, 256>>>(Out, In, N);
  local<<<(N + 255) / 256, 256>>>(Out, N);
  twice<<<(N + 255) / 256, 256>>>(Out, In, N);
}
