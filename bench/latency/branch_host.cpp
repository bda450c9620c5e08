// Runs branch.cu's kernels (one warp each, driver API) and prints, per arm
// size K and mode, the median cycles per loop iteration over 11 runs after
// a warm-up; also a CSV. Usage: branch_host <cubin> <csv>.
#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static void check(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return;
  const char *Name = nullptr;
  cuGetErrorName(R, &Name);
  std::fprintf(stderr, "branch_host: %s failed: %s\n", What,
               Name ? Name : "unknown error");
  std::exit(1);
}

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    std::fprintf(stderr, "usage: branch_host <cubin> <csv>\n");
    return 2;
  }
  check(cuInit(0), "cuInit");
  CUdevice Dev;
  check(cuDeviceGet(&Dev, 0), "cuDeviceGet");
  CUcontext Ctx;
  check(cuDevicePrimaryCtxRetain(&Ctx, Dev), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(Ctx), "cuCtxSetCurrent");
  CUmodule M;
  check(cuModuleLoad(&M, Argv[1]), "cuModuleLoad");
  CUdeviceptr Out, Cycles;
  check(cuMemAlloc(&Out, 32 * sizeof(unsigned)), "cuMemAlloc");
  check(cuMemAlloc(&Cycles, sizeof(long long)), "cuMemAlloc");
  FILE *Csv = std::fopen(Argv[2], "w");
  if (!Csv) {
    std::perror(Argv[2]);
    return 1;
  }
  std::fprintf(Csv, "k,mode,cycles_per_iteration\n");
  const int Iters = 4096;
  unsigned Seed = 0x2545F491u;
  std::printf("%4s %10s %10s %10s %14s\n", "K", "div", "uni", "sel",
              "div-2*sel+uni");
  for (int K : {1, 2, 4, 8, 16}) {
    double PerIter[3];
    const char *Modes[3] = {"div", "uni", "sel"};
    for (int Mode = 0; Mode < 3; ++Mode) {
      std::string Name = std::string(Modes[Mode]) + "_" + std::to_string(K);
      CUfunction F;
      check(cuModuleGetFunction(&F, M, Name.c_str()), Name.c_str());
      void *Args[] = {&Seed, (void *)&Iters, &Out, &Cycles};
      std::vector<double> Runs;
      for (int R = 0; R < 12; ++R) {
        check(cuLaunchKernel(F, 1, 1, 1, 32, 1, 1, 0, nullptr, Args, nullptr),
              Name.c_str());
        check(cuCtxSynchronize(), "cuCtxSynchronize");
        long long C = 0;
        check(cuMemcpyDtoH(&C, Cycles, sizeof C), "cuMemcpyDtoH");
        if (R > 0) // The first run loads the code: warm-up.
          Runs.push_back(double(C) / Iters);
      }
      std::sort(Runs.begin(), Runs.end());
      PerIter[Mode] = Runs[Runs.size() / 2];
      std::fprintf(Csv, "%d,%s,%.2f\n", K, Modes[Mode], PerIter[Mode]);
    }
    // Both arms' chains serialized, each about as long as what the
    // select form waits for: what is left is the divergence's overhead.
    std::printf("%4d %10.2f %10.2f %10.2f %14.2f\n", K, PerIter[0], PerIter[1],
                PerIter[2], PerIter[0] - 2 * PerIter[2] + PerIter[1]);
  }
  std::fclose(Csv);
  return 0;
}
