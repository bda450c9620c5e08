//===- DeviceGreedy.cu - Greedy and Greedy-Max on the device --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// GreedyPipeline.h's steps run on the device: each a kernel of one thread
// per task, CUB's scans and stable radix sorts, Sorting from DeviceSort.cu;
// scratch from the stream-ordered pool, every call on the legacy default
// stream. The merge's chunks run one to a warp: each is a long serial loop
// of data-dependent branches (heap sifts, stale entries), so chunks
// sharing a warp would wait for each other's every divergent path (run 7:
// 32 chunks to a warp made the merge about 32 times one chunk's time, 31 ms
// of vartrip-uniform's 526172 open groups). Each step is timed with events
// (no waits added) for the bench.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/CudaCheck.h"
#include "runtime/gpu/DeviceRegrouping.h"
#include "runtime/gpu/GreedyPipeline.h"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <climits>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace divopt::runtime::gpu {

namespace {

template <typename Fn> __global__ void forEach(std::size_t N, Fn F) {
  std::size_t I = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    F(I);
}

unsigned gridFor(std::size_t N, unsigned Block) {
  return static_cast<unsigned>((N + Block - 1) / Block);
}

/// GreedyPipeline.h's executor on the device.
class CudaExecutor {
public:
  explicit CudaExecutor(const DeviceProfile &Profile) : Profile(Profile) {
    for (cudaEvent_t &E : Marks)
      checkCuda(cudaEventCreate(&E), "cudaEventCreate");
  }
  ~CudaExecutor() {
    for (cudaEvent_t E : Marks)
      cudaEventDestroy(E);
  }
  CudaExecutor(const CudaExecutor &) = delete;
  CudaExecutor &operator=(const CudaExecutor &) = delete;

  template <typename T> Scratch<T> alloc(std::size_t N) {
    return Scratch<T>(N);
  }
  template <typename Fn> void each(std::size_t N, const Fn &F, const char *K) {
    launch(N, F, K, 256);
  }
  /// Tasks that each run a long serial loop of divergent branches: one
  /// warp each (a block of one thread), so that none waits for another's
  /// paths; the SMs hold 32 such blocks each.
  template <typename Fn>
  void eachSerial(std::size_t N, const Fn &F, const char *K) {
    launch(N, F, K, 1);
  }
  void inclusiveSum(const std::uint32_t *In, std::uint32_t *Out,
                    std::size_t N) {
    runCub(
        [&](void *T, std::size_t &B) {
          return cub::DeviceScan::InclusiveSum(T, B, In, Out, items(N));
        },
        "cub::DeviceScan::InclusiveSum");
  }
  void exclusiveSum(const std::uint32_t *In, std::uint32_t *Out,
                    std::size_t N) {
    runCub(
        [&](void *T, std::size_t &B) {
          return cub::DeviceScan::ExclusiveSum(T, B, In, Out, items(N));
        },
        "cub::DeviceScan::ExclusiveSum");
  }
  void sortDescending(const double *KeysIn, double *KeysOut,
                      const std::uint32_t *ValuesIn, std::uint32_t *ValuesOut,
                      std::size_t N) {
    if (N == 0)
      return;
    runCub(
        [&](void *T, std::size_t &B) {
          return cub::DeviceRadixSort::SortPairsDescending(
              T, B, KeysIn, KeysOut, ValuesIn, ValuesOut, items(N));
        },
        "cub::DeviceRadixSort::SortPairsDescending");
  }
  void sortThreads(std::uint32_t *Sorted) {
    ++Launches; // DeviceSort.cu's calls and waits count as one each.
    ++RoundTrips;
    sortThreadsOnDevice(Profile, reinterpret_cast<CUdeviceptr>(Sorted));
  }
  std::uint32_t read(const std::uint32_t *P) { return download(P, 1)[0]; }
  std::vector<std::uint32_t> download(const std::uint32_t *P, std::size_t N) {
    ++RoundTrips;
    return gpu::download(P, N, "cudaMemcpy (device to host)");
  }
  void upload(std::uint32_t *P, const std::vector<std::uint32_t> &V) {
    ++RoundTrips;
    gpu::upload(P, V, "cudaMemcpy (host to device)");
  }
  template <typename T> void zero(T *P, std::size_t N) {
    if (!N)
      return;
    ++Launches;
    checkCuda(cudaMemsetAsync(P, 0, N * sizeof(T), cudaStreamLegacy),
              "cudaMemsetAsync");
  }
  void mark(GreedyStep S) { record(static_cast<unsigned>(S)); }
  void finish(RegroupStats &Stats) {
    record(NumGreedySteps);
    checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize (regrouping)");
    ++RoundTrips;
    for (unsigned S = 0; S < NumGreedySteps; ++S) {
      float Ms = 0;
      if (Recorded[S] && Recorded[S + 1])
        checkCuda(cudaEventElapsedTime(&Ms, Marks[S], Marks[S + 1]),
                  "cudaEventElapsedTime");
      Stats.StepMs[S] = Ms;
    }
    Stats.Launches = Launches;
    Stats.RoundTrips = RoundTrips;
  }

private:
  template <typename Fn>
  void launch(std::size_t N, const Fn &F, const char *K, unsigned Block) {
    if (N == 0)
      return;
    ++Launches;
    forEach<<<gridFor(N, Block), Block>>>(N, F);
    checkLaunch(K);
  }
  static int items(std::size_t N) { return static_cast<int>(N); }
  template <typename Fn> void runCub(Fn F, const char *What) {
    ++Launches;
    gpu::runCub(F, What);
  }
  void record(unsigned I) {
    checkCuda(cudaEventRecord(Marks[I], cudaStreamLegacy), "cudaEventRecord");
    Recorded[I] = true;
  }

  const DeviceProfile &Profile;
  cudaEvent_t Marks[NumGreedySteps + 1] = {};
  bool Recorded[NumGreedySteps + 1] = {};
  std::size_t Launches = 0, RoundTrips = 0;
};

} // namespace

RegroupStats regroupOnDevice(const DeviceProfile &Profile,
                             const std::vector<double> &BlockLat,
                             RegroupAlgorithm Algorithm, unsigned WarpSize,
                             std::uint32_t ChunkGroups, CUdeviceptr OrderPtr) {
  if (WarpSize == 0)
    throw std::invalid_argument("regrouping needs a warp size above 0");
  if (ChunkGroups == 1)
    throw std::invalid_argument(
        "Greedy's chunks must hold at least two groups (0: one chunk)");
  if (BlockLat.size() != Profile.Blocks)
    throw std::invalid_argument(
        "regrouping: the BBV profile and the block latencies do not fit");
  for (double L : BlockLat)
    if (!std::isfinite(L))
      throw std::invalid_argument(
          "regrouping on the device: block latencies must be finite");
  // CUB's scans and sorts count items in an int.
  if (Profile.Threads > INT_MAX)
    throw std::invalid_argument(
        "regrouping on the device: at most 2^31 - 1 threads");
  if (Algorithm == RegroupAlgorithm::Sorting) {
    sortThreadsOnDevice(Profile, OrderPtr);
    return RegroupStats{};
  }
  CudaExecutor X(Profile);
  Scratch<double> Lat(BlockLat.size());
  upload(Lat.get(), BlockLat, "cudaMemcpy (block latencies)");
  steps::Rows R{reinterpret_cast<const std::uint32_t *>(Profile.Words),
                Profile.width(), static_cast<std::uint32_t>(Profile.Blocks)};
  return runGreedyPipeline(X, R, Profile.Threads, Lat.get(), WarpSize,
                           Algorithm == RegroupAlgorithm::GreedyMax,
                           ChunkGroups,
                           reinterpret_cast<std::uint32_t *>(OrderPtr));
}

} // namespace divopt::runtime::gpu
