// Kernels of different register demand, for ptxas-registers.test: a call
// that stays a call, a slow-path division, launch bounds that cap the count.
__device__ __noinline__ float scale(const float *In, int I, float S) {
  float Sum = 0.0f;
  for (int K = 0; K < 8; ++K)
    Sum += In[(I + K) & 1023] * S;
  return Sum;
}

__global__ void callsScale(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float A = In[I], B = In[I + N], C = In[I + 2 * N];
  Out[I] = A * scale(In, I, B) + C;
}

__global__ void divides(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float V[12];
  for (int K = 0; K < 12; ++K)
    V[K] = In[I * 12 + K];
  float Q = 1.0f;
  for (int R = 0; R < N; ++R)
    for (int K = 0; K < 12; ++K)
      Q = V[K] / (Q + 1.0f) + V[(K + 1) % 12];
  Out[I] = Q;
}

__global__ void __launch_bounds__(1024) tile(const float *In, float *Out) {
  float Acc[32];
  for (int K = 0; K < 32; ++K)
    Acc[K] = In[threadIdx.x * 32 + K];
  for (int R = 0; R < 16; ++R)
    for (int K = 0; K < 32; ++K)
      Acc[K] = Acc[K] * Acc[(K + R) % 32] + 1.0f;
  float S = 0.0f;
  for (int K = 0; K < 32; ++K)
    S += Acc[K];
  Out[threadIdx.x] = S;
}
