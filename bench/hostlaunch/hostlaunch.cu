// KERNEL-SPLIT through <<<>>>: the split kernels of bench/kernels/split.cu
// launched the way an application launches them, against DivOpt's
// driver-API runtime launching the same parts (runtime/LaunchPlan.h), and
// the original kernel alone. Built by scripts/host-launch-build.sh with
// clang and libDivOpt.so on both sides of the compile, so that the host
// side sends the launches of split kernels to libdivopt-launch
// (docs/HOST-LAUNCH.md); the driver-API variants load the cubin that same
// build embeds. Inputs as bench/host/SplitBench.cpp makes them.
//
//   hostlaunch <cubin> <runs>     times H=104 and H=224, prints a table
//
// Every variant's output is compared bit for bit with the original
// kernel's; the exit status is 1 when one differs.
#include "../kernels/split.cu"

#include "bench/host/Inputs.h"
#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Kernel.h"
#include "runtime/LaunchPlan.h"
#include "runtime/Module.h"

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace divopt;

namespace {

constexpr int ThreadsPerBlock = 256;
constexpr int LightSteps = 256;
constexpr int HeavyOps = 4096;
constexpr int MaxHeavyValues = 224;
constexpr unsigned TableRows = 1u << 15;

void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "hostlaunch: %s: %s\n", What, cudaGetErrorString(E));
    std::exit(2);
  }
}

void checkDriver(CUresult R, const char *What) {
  if (R != CUDA_SUCCESS) {
    std::fprintf(stderr, "hostlaunch: %s: CUresult %d\n", What, int(R));
    std::exit(2);
  }
}

template <typename T> T *upload(const std::vector<T> &Host) {
  T *Dev = nullptr;
  check(cudaMalloc(&Dev, Host.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(Dev, Host.data(), Host.size() * sizeof(T),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  return Dev;
}

struct Buffers {
  unsigned *Heavy, *Seeds, *Table, *Out;
  float *X, *Coef;
  int Count;
};

Buffers makeBuffers(int Count) {
  using namespace divopt::bench;
  std::vector<std::uint32_t> Next = makeNonZeroWords(TableRows, 0x5b118);
  std::vector<std::uint32_t> Table(32 * std::size_t(TableRows));
  for (std::size_t I = 0; I < Table.size(); ++I)
    Table[I] = Next[I / 32];
  std::vector<std::uint32_t> PerWarp =
      makeNonZeroWords(std::size_t(Count) / 32 + 1, 0x5b117);
  std::vector<std::uint32_t> Seeds(Count);
  for (std::size_t I = 0; I < Seeds.size(); ++I)
    Seeds[I] = PerWarp[I / 32];
  Buffers B;
  B.Count = Count;
  B.Heavy = upload(makeFlags(Count, 0.25, 0x5b11b));
  B.Seeds = upload(Seeds);
  B.Table = upload(Table);
  B.X = upload(makeUniformFloats(Count, -1.0f, 1.0f, 0x5b119));
  B.Coef = upload(makeUniformFloats(2 * MaxHeavyValues, -1.0f, 1.0f, 0x5b11a));
  check(cudaMalloc(&B.Out, Count * sizeof(unsigned)), "cudaMalloc");
  return B;
}

using Kernel = void (*)(const unsigned *, const unsigned *, const float *,
                        const unsigned *, unsigned, const float *, unsigned *,
                        int, int, int);

Kernel getKernel(int H) {
  return H == 104 ? split_h104 : split_h224;
}

struct Variant {
  std::string Name;
  std::function<void()> Launch;
  std::vector<float> Times;
  std::vector<unsigned> Output;
};

float median(std::vector<float> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    std::fprintf(stderr, "usage: hostlaunch <cubin> <runs>\n");
    return 2;
  }
  const int Runs = std::max(3, std::atoi(Argv[2]));
  check(cudaFree(nullptr), "cudaFree"); // The runtime's primary context.
  runtime::Context Ctx(runtime::Device::get(0));
  runtime::Module M = runtime::Module::loadFile(Ctx, Argv[1]);
  cudaDeviceProp Prop;
  check(cudaGetDeviceProperties(&Prop, 0), "cudaGetDeviceProperties");
  const int Count =
      4 * Prop.multiProcessorCount * Prop.maxThreadsPerMultiProcessor - 13;
  Buffers B = makeBuffers(Count);
  const unsigned Mask = TableRows - 1;
  const int Blocks = (Count + ThreadsPerBlock - 1) / ThreadsPerBlock;
  cudaEvent_t Start, Stop;
  check(cudaEventCreate(&Start), "cudaEventCreate");
  check(cudaEventCreate(&Stop), "cudaEventCreate");

  std::printf("device: %s, %d threads, %d timed runs per variant\n",
              Prop.name, Count, Runs);
  std::printf("%-6s %-28s %10s %9s %s\n", "config", "variant", "median_ms",
              "vs_orig", "output");
  bool AllSame = true;
  std::vector<double> Ratios;
  for (int H : {104, 224}) {
    int Iters = std::max(1, HeavyOps / H);
    void *Args[] = {&B.Heavy, &B.Seeds, &B.X, &B.Table, (void *)&Mask,
                    &B.Coef, &B.Out, &B.Count, (void *)&LightSteps, &Iters};
    std::string Name = "split_h" + std::to_string(H);
    auto DriverLaunch = [&](const std::vector<runtime::Kernel> &Kernels) {
      for (const runtime::Kernel &K : Kernels)
        checkDriver(cuLaunchKernel(K.handle(), Blocks, 1, 1, ThreadsPerBlock,
                                   1, 1, 0, nullptr, Args, nullptr),
                    "cuLaunchKernel");
    };
    runtime::LaunchPlan Plan = runtime::resolveLaunchPlan(M, Name);
    if (Plan.steps().size() < 2) {
      std::fprintf(stderr, "hostlaunch: %s was not split\n", Name.c_str());
      return 2;
    }
    std::vector<runtime::Kernel> Original{M.kernel(Name)};
    Kernel K = getKernel(H);
    std::vector<Variant> Variants = {
        {"original (driver API)", [&] { DriverLaunch(Original); }},
        {"split, DivOpt runtime", [&] { DriverLaunch(Plan.steps()); }},
        {"split, <<<>>>",
         [&] {
           K<<<Blocks, ThreadsPerBlock>>>(B.Heavy, B.Seeds, B.X, B.Table, Mask,
                                          B.Coef, B.Out, B.Count, LightSteps,
                                          Iters);
           check(cudaGetLastError(), "<<<>>>");
         }},
    };
    for (Variant &V : Variants) {
      check(cudaMemset(B.Out, 0, Count * sizeof(unsigned)), "cudaMemset");
      V.Launch();
      check(cudaDeviceSynchronize(), V.Name.c_str());
      V.Output.resize(Count);
      check(cudaMemcpy(V.Output.data(), B.Out, Count * sizeof(unsigned),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy");
      for (int W = 0; W < 3; ++W)
        V.Launch();
    }
    // Interleaved: each round times every variant once.
    for (int R = 0; R < Runs; ++R)
      for (Variant &V : Variants) {
        check(cudaEventRecord(Start, nullptr), "cudaEventRecord");
        V.Launch();
        check(cudaEventRecord(Stop, nullptr), "cudaEventRecord");
        check(cudaEventSynchronize(Stop), "cudaEventSynchronize");
        float Ms = 0;
        check(cudaEventElapsedTime(&Ms, Start, Stop), "cudaEventElapsedTime");
        V.Times.push_back(Ms);
      }
    float Orig = median(Variants[0].Times);
    for (Variant &V : Variants) {
      bool Same = V.Output == Variants[0].Output;
      AllSame &= Same;
      std::printf("H=%-4d %-28s %10.4f %8.3fx %s\n", H, V.Name.c_str(),
                  median(V.Times), Orig / median(V.Times),
                  Same ? "identical" : "DIFFERS");
    }
    double Ratio = median(Variants[1].Times) / median(Variants[2].Times);
    Ratios.push_back(Ratio);
    std::printf("H=%-4d <<<>>> vs DivOpt runtime: %.3f (target >= 0.97)\n", H,
                Ratio);
  }
  std::printf("outputs: %s\n", AllSame ? "all identical" : "SOME DIFFER");
  bool Fast = std::all_of(Ratios.begin(), Ratios.end(),
                          [](double R) { return R >= 0.97; });
  std::printf("ratio target: %s\n", Fast ? "met" : "NOT MET");
  return AllSame ? 0 : 1;
}
