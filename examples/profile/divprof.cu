// An ordinary CUDA program for the divergence profile's workflow (issue
// #17): no DivOpt code, <<<>>> launches, a std::vector in main (so that
// clang emits the launches as invokes). Its inputs fix what the profile
// must say: `parity` branches on the lane's parity (every warp execution
// diverges, half the lanes each way), `byblock` on data that is uniform
// within a block (no warp execution diverges, half the blocks each way),
// and `walk` runs a loop of 1 + (i % 4) iterations per lane (a spread of
// 3 in every warp).
#include <cstdio>
#include <vector>

__global__ void parity(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i];
  if (i & 1)
    v = v * in[(i + 1) % n] + 1.0f;
  else
    v = v - 3.0f;
  out[i] = v;
}

__global__ void byblock(float *out, const float *sign, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (sign[i] > 0.0f)
    out[i] = out[i] * 0.5f + 1.0f;
}

__global__ void walk(float *out, const int *trips, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int t = 0; t < trips[i]; ++t) {
    if ((t + i) & 1)
      acc = acc * 0.5f + 1.0f;
    else
      acc = acc + 2.0f;
  }
  out[i] = acc;
}

static bool check(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return true;
  std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
  return false;
}

int main() {
  const int N = 1 << 16, Block = 256;
  std::vector<float> In(N), Sign(N);
  std::vector<int> Trips(N);
  for (int I = 0; I < N; ++I) {
    In[I] = float(I % 97);
    Sign[I] = (I / Block) % 2 ? 1.0f : -1.0f;
    Trips[I] = 1 + I % 4;
  }
  float *DIn, *DSign, *DOut;
  int *DTrips;
  if (!check(cudaMalloc(&DIn, N * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&DSign, N * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&DOut, N * sizeof(float)), "cudaMalloc") ||
      !check(cudaMalloc(&DTrips, N * sizeof(int)), "cudaMalloc"))
    return 1;
  cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DSign, Sign.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(DTrips, Trips.data(), N * sizeof(int), cudaMemcpyHostToDevice);
  parity<<<N / Block, Block>>>(DOut, DIn, N);
  byblock<<<N / Block, Block>>>(DOut, DSign, N);
  walk<<<N / 128, 128>>>(DOut, DTrips, N);
  walk<<<N / 128, 128>>>(DOut, DTrips, N);
  if (!check(cudaGetLastError(), "launch") ||
      !check(cudaDeviceSynchronize(), "cudaDeviceSynchronize"))
    return 1;
  std::vector<float> Out(N);
  cudaMemcpy(Out.data(), DOut, N * sizeof(float), cudaMemcpyDeviceToHost);
  double Sum = 0;
  for (float V : Out)
    Sum += V;
  std::printf("checksum %.1f\n", Sum);
  return 0;
}
