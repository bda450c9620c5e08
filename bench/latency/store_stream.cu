// How fast an SM's global stores drain to DRAM: the floor the cost model
// puts under a loop whose stores outrun its arithmetic (LOOP-SPLIT's loops
// write 2K floats an iteration and are bound by it).
//
// Every thread of one resident wave stores consecutive floats, grid-stride,
// over 1 GiB (20x the H100's L2), as application code writes an output
// array. Per resident warps an SM (8, 16, 32, 64): the median over 21 runs,
// after 3 warm-ups, of the kernel's time (events) and of its CTAs' SM cycles
// (clock64); bytes an SM-cycle = bytes / (SMs * cycles). Also a CSV.
// Usage: store_stream <csv>. Built with nvcc on the GPU machine.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(Call)                                                            \
  do {                                                                         \
    cudaError_t E = (Call);                                                    \
    if (E != cudaSuccess) {                                                    \
      std::fprintf(stderr, "store_stream: %s failed: %s\n", #Call,            \
                   cudaGetErrorString(E));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__global__ void storeStream(float *Out, size_t Words, long long *Cycles) {
  __syncthreads();
  long long Start = clock64();
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride)
    Out[I] = float(I & 1023) * 0.5f;
  __syncthreads();
  if (threadIdx.x == 0)
    Cycles[blockIdx.x] = clock64() - Start;
}

static double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: store_stream <csv>\n");
    return 2;
  }
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  const size_t Words = size_t(1) << 28; // 1 GiB of floats.
  const int Threads = 256, Runs = 21, WarmUps = 3;
  float *Out;
  long long *Cycles;
  CHECK(cudaMalloc(&Out, Words * sizeof(float)));
  int MaxBlocks = P.maxThreadsPerMultiProcessor / Threads;
  CHECK(cudaMalloc(&Cycles, sizeof(long long) * P.multiProcessorCount *
                                MaxBlocks));
  cudaEvent_t Begin, End;
  CHECK(cudaEventCreate(&Begin));
  CHECK(cudaEventCreate(&End));
  FILE *Csv = std::fopen(Argv[1], "w");
  if (!Csv) {
    std::perror(Argv[1]);
    return 1;
  }
  std::fprintf(Csv, "device,warps_per_sm,ms,tb_per_s,sm_cycles,clock_ghz,"
                    "bytes_per_sm_cycle\n");
  std::printf("%s, %d SMs\n%-12s %8s %8s %10s %9s %18s\n", P.name,
              P.multiProcessorCount, "warps/SM", "ms", "TB/s", "SM cycles",
              "clock GHz", "bytes/SM-cycle");
  for (int BlocksPerSM : {1, 2, 4, MaxBlocks}) {
    int Blocks = BlocksPerSM * P.multiProcessorCount;
    std::vector<double> Ms, Cy;
    std::vector<long long> PerCta(Blocks);
    for (int R = 0; R < WarmUps + Runs; ++R) {
      CHECK(cudaEventRecord(Begin));
      storeStream<<<Blocks, Threads>>>(Out, Words, Cycles);
      CHECK(cudaGetLastError());
      CHECK(cudaEventRecord(End));
      CHECK(cudaEventSynchronize(End));
      float T;
      CHECK(cudaEventElapsedTime(&T, Begin, End));
      CHECK(cudaMemcpy(PerCta.data(), Cycles, sizeof(long long) * Blocks,
                       cudaMemcpyDeviceToHost));
      if (R < WarmUps)
        continue;
      Ms.push_back(T);
      Cy.push_back(median(std::vector<double>(PerCta.begin(), PerCta.end())));
    }
    double M = median(Ms), C = median(Cy);
    double Bytes = double(Words) * sizeof(float);
    double PerSMCycle = Bytes / (double(P.multiProcessorCount) * C);
    int Warps = BlocksPerSM * Threads / 32;
    std::printf("%-12d %8.3f %8.2f %10.0f %9.3f %18.2f\n", Warps, M,
                Bytes / (M * 1e9), C, C / (M * 1e6), PerSMCycle);
    std::fprintf(Csv, "%s,%d,%.4f,%.3f,%.0f,%.4f,%.3f\n", P.name, Warps, M,
                 Bytes / (M * 1e9), C, C / (M * 1e6), PerSMCycle);
  }
  // Every element was written: a spot check that the stores happened.
  float Last;
  CHECK(cudaMemcpy(&Last, Out + Words - 1, sizeof(float),
                   cudaMemcpyDeviceToHost));
  if (Last != float((Words - 1) & 1023) * 0.5f) {
    std::fprintf(stderr, "store_stream: last element %g is wrong\n", Last);
    return 1;
  }
  std::fclose(Csv);
  return 0;
}
