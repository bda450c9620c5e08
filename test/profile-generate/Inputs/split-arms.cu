// Kernels for profile-generate/split-arm-loops.test: loops whose trips
// kernel-split weighs a way by (a loop in a way, trips unknown to the
// compiler) and loops it does not.

// A flag picks one of two ways, each a loop whose trips are arguments; a
// loop before every branch (the prologue of any split), and one of
// constant trips in the light way.
__global__ void arms(const unsigned *__restrict__ Flag,
                     const float *__restrict__ In, float *__restrict__ Out,
                     int Count, int Steps, int Iters, int Pre) {
  float Sum = 0.0f;
  for (int K = 0; K < Pre; ++K)
    Sum = Sum * 0.5f + In[K];
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  if (Flag[Tid]) {
    float V = In[Tid];
    for (int It = 0; It < Iters; ++It)
      V = V * 0.75f + Sum;
    Out[Tid] = V;
  } else {
    float V = Sum;
#pragma unroll 1
    for (int S = 0; S < 16; ++S)
      V = V * 0.5f + In[S];
#pragma unroll 1
    for (int S = 0; S < Steps; ++S)
      V = V + In[(Tid + S) % Count];
    Out[Tid] = V;
  }
}

// The same ways in a kernel kernel-split cannot split (an atomic): its
// loops are not counted.
__global__ void atomic(const unsigned *__restrict__ Flag,
                       const float *__restrict__ In, float *__restrict__ Out,
                       int Count, int Steps, int Iters, unsigned *Done) {
  int Tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (Tid >= Count)
    return;
  float V = In[Tid];
  if (Flag[Tid]) {
    for (int It = 0; It < Iters; ++It)
      V = V * 0.75f + 1.0f;
  } else {
#pragma unroll 1
    for (int S = 0; S < Steps; ++S)
      V = V + In[(Tid + S) % Count];
  }
  Out[Tid] = V;
  atomicAdd(Done, 1u);
}
