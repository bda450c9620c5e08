// A small CUDA program, launched the ordinary way (<<<>>>), that DivOpt
// speeds up without a change to its source:
//  * `shade`: odd and even particles run the same filter with different
//    coefficients; DivOpt's branch distribution runs one copy of it for
//    the whole warp.
//  * `step`: a few particles collide, which needs many values at once (and
//    so many registers), the others drift along a table. Every particle
//    pays the collision's registers, so the drift runs at low occupancy;
//    DivOpt splits the kernel in two, one per arm.
// It prints a checksum of the outputs, which a build without DivOpt
// (particles-plain) prints the same, and the median time of `particles N`
// timed runs (after one warm-up; default 1).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

constexpr int Values = 128;

__global__ void shade(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float x = in[i], y;
  if (i & 1) {
    y = x - 0.5f;
    for (int k = 0; k < 16; ++k)
      y = y * 0.75f + 0.125f;
  } else {
    y = x * 2.0f;
    for (int k = 0; k < 16; ++k)
      y = y * 0.5f + 0.25f;
  }
  out[i] = y;
}

// Many values live at once: a smoothing of Values neighbours. Inlined, so
// that kernel splitting sees what it does (it does not split around calls).
__device__ __forceinline__ float collide(const float *coef, float x, int iters) {
  float v[Values];
#pragma unroll
  for (int j = 0; j < Values; ++j)
    v[j] = x * coef[j] + coef[Values + j];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < Values; ++j)
      v[j] = v[j] * 0.5f + v[(j + 1) % Values] * 0.5f;
  }
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < Values; ++j)
    sum += v[j];
  return sum;
}

// A chain of dependent loads: few registers, waits on memory.
__device__ __forceinline__ float drift(const unsigned *table, unsigned mask, unsigned start,
                       int steps) {
  unsigned lane = threadIdx.x % 32, row = start;
  for (int s = 0; s < steps; ++s)
    row = table[(row & mask) * 32 + lane] ^ static_cast<unsigned>(s);
  return static_cast<float>(row & 0xffff);
}

__global__ void step(const unsigned *__restrict__ collides,
                     const unsigned *__restrict__ starts,
                     const float *__restrict__ x,
                     const unsigned *__restrict__ table, unsigned mask,
                     const float *__restrict__ coef, float *__restrict__ out,
                     int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (collides[i])
    out[i] = collide(coef, x[i], 8);
  else
    out[i] = drift(table, mask, starts[i], 64);
}

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "particles: %s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

template <typename T> static T *toDevice(const std::vector<T> &Host) {
  T *Device = nullptr;
  check(cudaMalloc(&Device, Host.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(Device, Host.data(), Host.size() * sizeof(T),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  return Device;
}

// FNV-1a over the bits of the outputs.
static unsigned long long checksum(const std::vector<float> &V) {
  unsigned long long H = 1469598103934665603ull;
  for (float F : V) {
    unsigned Bits;
    std::memcpy(&Bits, &F, sizeof Bits);
    H = (H ^ Bits) * 1099511628211ull;
  }
  return H;
}

int main(int Argc, char **Argv) {
  const int Runs = Argc > 1 ? std::max(1, std::atoi(Argv[1])) : 1;
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0) {
    std::fprintf(stderr, "particles: no CUDA device\n");
    return 2;
  }
  const int N = 1 << 20, Rows = 1024;
  std::vector<float> In(N), Coef(2 * Values);
  std::vector<unsigned> Collides(N), Starts(N), Table(Rows * 32);
  unsigned Seed = 12345;
  auto Next = [&Seed] { return Seed = Seed * 1664525u + 1013904223u; };
  for (int I = 0; I < N; ++I) {
    In[I] = (Next() >> 8) / 16777216.0f;
    Collides[I] = Next() % 8 == 0; // One particle in 8 collides.
    Starts[I] = (I / 32) % Rows;   // A warp walks the table together.
  }
  for (int J = 0; J < 2 * Values; ++J)
    Coef[J] = (Next() >> 8) / 16777216.0f;
  for (int R = 0; R < Rows; ++R)
    for (int L = 0; L < 32; ++L)
      Table[R * 32 + L] = (R * 7 + 1) % Rows;

  float *DIn = toDevice(In), *DCoef = toDevice(Coef), *DOut = nullptr;
  unsigned *DCollides = toDevice(Collides), *DStarts = toDevice(Starts),
           *DTable = toDevice(Table);
  check(cudaMalloc(&DOut, 2 * N * sizeof(float)), "cudaMalloc");
  cudaEvent_t Start, Stop;
  check(cudaEventCreate(&Start), "cudaEventCreate");
  check(cudaEventCreate(&Stop), "cudaEventCreate");

  const int Threads = 256, Blocks = (N + Threads - 1) / Threads;
  std::vector<float> Times;
  for (int Run = 0; Run <= Runs; ++Run) { // Run 0 warms up.
    check(cudaEventRecord(Start), "cudaEventRecord");
    shade<<<Blocks, Threads>>>(DOut, DIn, N);
    step<<<Blocks, Threads>>>(DCollides, DStarts, DIn, DTable, Rows - 1,
                              DCoef, DOut + N, N);
    check(cudaGetLastError(), "launch");
    check(cudaEventRecord(Stop), "cudaEventRecord");
    check(cudaEventSynchronize(Stop), "kernels");
    float Ms = 0;
    check(cudaEventElapsedTime(&Ms, Start, Stop), "cudaEventElapsedTime");
    if (Run > 0)
      Times.push_back(Ms);
  }
  std::sort(Times.begin(), Times.end());

  std::vector<float> Out(2 * N);
  check(cudaMemcpy(Out.data(), DOut, Out.size() * sizeof(float),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  std::printf("checksum %016llx, median %.3f ms over %d runs\n",
              checksum(Out), Times[Times.size() / 2], Runs);
  return 0;
}
