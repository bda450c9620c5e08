// An ordinary CUDA program with no DivOpt code in it: one kernel whose
// threads take a light or a heavy way by a per-element flag, launched with
// <<<>>> on a stream of its own, with a dynamic shared memory size (which
// the parts get too), twice. Built
// with clang and libDivOpt.so on both sides of the compile, the device side
// splits the kernel (its heavy way caps occupancy at 12.5%) and the host
// side launches the two parts instead (docs/HOST-LAUNCH.md);
// DIVOPT_VERBOSE=1 says so on stderr. Writes the output to argv[1].
#include "../kernels/Split.cuh"

#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void shade(const unsigned *__restrict__ Kind,
                      const float *__restrict__ X,
                      const unsigned *__restrict__ Table,
                      const float *__restrict__ Coef,
                      unsigned *__restrict__ Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  if (Kind[I])
    Out[I] = heavyArm<224>(Coef, X[I], 4);
  else
    Out[I] = lightArm(Table, 1023, I / 32, 256);
}

#define CHECK(E)                                                               \
  do {                                                                         \
    cudaError_t Err = (E);                                                     \
    if (Err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s: %s\n", #E, cudaGetErrorString(Err));           \
      return 2;                                                                \
    }                                                                          \
  } while (0)

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: example <output file>\n");
    return 2;
  }
  const int N = 1 << 20, Threads = 256;
  std::vector<unsigned> Kind(N), Table(32 * 1024);
  std::vector<float> X(N), Coef(2 * 224);
  unsigned Seed = 12345;
  auto Next = [&] { return Seed = Seed * 1664525u + 1013904223u; };
  for (int I = 0; I < N; ++I) {
    Kind[I] = Next() % 4 == 0;
    X[I] = (Next() >> 8) / 16777216.0f;
  }
  for (unsigned &T : Table)
    T = Next() % 1024;
  for (float &C : Coef)
    C = (Next() >> 8) / 16777216.0f - 0.5f;

  unsigned *DKind, *DTable, *DOut;
  float *DX, *DCoef;
  CHECK(cudaMalloc(&DKind, N * sizeof(unsigned)));
  CHECK(cudaMalloc(&DTable, Table.size() * sizeof(unsigned)));
  CHECK(cudaMalloc(&DOut, N * sizeof(unsigned)));
  CHECK(cudaMalloc(&DX, N * sizeof(float)));
  CHECK(cudaMalloc(&DCoef, Coef.size() * sizeof(float)));
  CHECK(cudaMemcpy(DKind, Kind.data(), N * sizeof(unsigned),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DTable, Table.data(), Table.size() * sizeof(unsigned),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DX, X.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(DCoef, Coef.data(), Coef.size() * sizeof(float),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemset(DOut, 0, N * sizeof(unsigned)));

  cudaStream_t Stream;
  CHECK(cudaStreamCreate(&Stream));
  for (int Round = 0; Round < 2; ++Round)
    shade<<<(N + Threads - 1) / Threads, Threads, Threads * sizeof(unsigned),
            Stream>>>(DKind, DX, DTable, DCoef, DOut, N);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(Stream));

  std::vector<unsigned> Out(N);
  CHECK(cudaMemcpy(Out.data(), DOut, N * sizeof(unsigned),
                   cudaMemcpyDeviceToHost));
  std::FILE *F = std::fopen(Argv[1], "wb");
  if (!F || std::fwrite(Out.data(), sizeof(unsigned), N, F) != size_t(N)) {
    std::fprintf(stderr, "cannot write %s\n", Argv[1]);
    return 2;
  }
  std::fclose(F);
  std::printf("example: %d elements written to %s\n", N, Argv[1]);
  return 0;
}
