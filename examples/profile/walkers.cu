// An ordinary CUDA program (<<<>>> launches, no DivOpt code) whose DivOpt
// decisions depend on how its branches behave at run time, which only a
// profile tells the compiler (scripts/profile-workflow.sh takes it through
// the profile-guided workflow, issue #17). Walkers move in two media: in
// water they orbit, in oil they spiral, two different updates of their
// state per step.
//  * `scatter`: each step a walker draws the medium it meets, so the lanes
//    of a warp disagree in every step: a divergent branch, which DivOpt
//    melds with or without a profile.
//  * `drift`: the walkers, sorted by cell, 32 to a cell (a warp), all lie
//    in their cell's medium. To the compiler the branch looks just as
//    divergent (each walker's cell is read from memory), and without a
//    profile DivOpt melds it too; at run time no warp diverges, so the
//    melded code only adds work: the profile says so and DivOpt leaves it.
// It prints a checksum of the outputs (FNV-1a over their bits) and the
// median times of `walkers RUNS` timed runs after a warm-up; `walkers RUNS
// SEED` draws other walkers (the profile's run takes another seed than
// the timed run).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

__device__ void orbit(float &x, float &v) {
  for (int k = 0; k < 32; ++k) {
    x += v * 0.0917f;
    v -= x * 0.0917f;
  }
}

__device__ void spiral(float &x, float &v) {
  for (int k = 0; k < 32; ++k) {
    v -= x * 0.0773f;
    x += v * 0.0773f;
  }
}

__global__ void scatter(float *out, const unsigned *seeds, const float *start,
                        int n, int steps, unsigned waterBelow) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned s = seeds[i];
  float x = start[i], v = start[n + i];
  for (int k = 0; k < steps; ++k) {
    s = s * 1664525u + 1013904223u;
    if (s < waterBelow)
      orbit(x, v);
    else
      spiral(x, v);
  }
  out[i] = x;
  out[n + i] = v;
}

__global__ void drift(float *out, const int *cellOf, const unsigned char *water,
                      const float *start, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int cell = cellOf[i];
  float x = start[i], v = start[n + i];
  for (int k = 0; k < steps; ++k) {
    if (water[cell])
      orbit(x, v);
    else
      spiral(x, v);
  }
  out[i] = x;
  out[n + i] = v;
}

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "walkers: %s: %s\n", What, cudaGetErrorString(E));
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
  unsigned Seed = Argc > 2 ? unsigned(std::strtoul(Argv[2], nullptr, 10)) : 1;
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0) {
    std::fprintf(stderr, "walkers: no CUDA device\n");
    return 2;
  }
  const int N = 1 << 18, Steps = 64;
  auto Next = [&Seed] { return Seed = Seed * 1103515245u + 12345u; };
  std::vector<unsigned> Seeds(N);
  std::vector<int> CellOf(N);
  std::vector<unsigned char> Water(N / 32);
  std::vector<float> Start(2 * N);
  for (unsigned &S : Seeds)
    S = Next();
  for (int I = 0; I < N; ++I)
    CellOf[I] = I / 32;
  for (unsigned char &W : Water)
    W = Next() >> 31;
  for (float &S : Start)
    S = (Next() >> 8) / 16777216.0f;
  unsigned *DSeeds = toDevice(Seeds);
  int *DCellOf = toDevice(CellOf);
  unsigned char *DWater = toDevice(Water);
  float *DStart = toDevice(Start), *DOut = nullptr;
  check(cudaMalloc(&DOut, 4 * N * sizeof(float)), "cudaMalloc");
  cudaEvent_t Events[3];
  for (cudaEvent_t &E : Events)
    check(cudaEventCreate(&E), "cudaEventCreate");
  const int Threads = 256, Blocks = (N + Threads - 1) / Threads;
  std::vector<float> ScatterMs, DriftMs;
  for (int Run = 0; Run <= Runs; ++Run) { // Run 0 warms up.
    check(cudaEventRecord(Events[0]), "cudaEventRecord");
    scatter<<<Blocks, Threads>>>(DOut, DSeeds, DStart, N, Steps, 1u << 31);
    check(cudaEventRecord(Events[1]), "cudaEventRecord");
    drift<<<Blocks, Threads>>>(DOut + 2 * N, DCellOf, DWater, DStart, N, Steps);
    check(cudaGetLastError(), "launch");
    check(cudaEventRecord(Events[2]), "cudaEventRecord");
    check(cudaEventSynchronize(Events[2]), "kernels");
    float Ms[2];
    for (int K = 0; K < 2; ++K)
      check(cudaEventElapsedTime(&Ms[K], Events[K], Events[K + 1]),
            "cudaEventElapsedTime");
    if (Run > 0) {
      ScatterMs.push_back(Ms[0]);
      DriftMs.push_back(Ms[1]);
    }
  }
  std::sort(ScatterMs.begin(), ScatterMs.end());
  std::sort(DriftMs.begin(), DriftMs.end());
  std::vector<float> Out(4 * N);
  check(cudaMemcpy(Out.data(), DOut, Out.size() * sizeof(float),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  std::printf("checksum %016llx\n", checksum(Out));
  std::printf("median scatter %.3f ms, drift %.3f ms over %d runs\n",
              ScatterMs[Runs / 2], DriftMs[Runs / 2], Runs);
  return 0;
}
