// __half arithmetic as cuda_fp16.h writes it: inline asm (mul.f16,
// add.f16), which ptxas fuses its own way and DivOpt cannot pin.
#include <cuda_fp16.h>

extern "C" __global__ void half_arms(const __half *In, __half *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  __half A = In[I], B = In[I + N], P;
  if (threadIdx.x & 1)
    P = A * B + __float2half(0.75f);
  else
    P = A * B + __float2half(0.25f);
  for (int K = 0; K < (I & 7); ++K) {
    if ((I + K) & 2)
      P = P * A + B;
    else
      P = P * B + A;
  }
  Out[I] = P;
}
