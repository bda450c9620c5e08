//===- DeviceSort.cu - Sorting's order with CUB's radix sort --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/CudaCheck.h"
#include "runtime/gpu/DeviceRegrouping.h"
#include "runtime/Regrouping.h"

#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace divopt::runtime::gpu {

namespace {

constexpr unsigned Threads = 256;

/// Per column, the least and the largest count over all rows: each warp
/// reduces its rows, one atomic per warp.
__global__ void columnSpans(const std::uint32_t *Words, std::size_t Rows,
                            std::size_t Width, std::size_t Blocks,
                            std::uint32_t *Least, std::uint32_t *Most) {
  const std::size_t Stride = std::size_t(gridDim.x) * blockDim.x;
  const std::size_t First = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (std::size_t Col = 0; Col < Blocks; ++Col) {
    std::uint32_t Lo = ~0u, Hi = 0;
    for (std::size_t R = First; R < Rows; R += Stride) {
      std::uint32_t V = Words[R * Width + Col];
      Lo = min(Lo, V);
      Hi = max(Hi, V);
    }
    Lo = __reduce_min_sync(0xffffffffu, Lo);
    Hi = __reduce_max_sync(0xffffffffu, Hi);
    if (threadIdx.x % 32 == 0) {
      atomicMin(&Least[Col], Lo);
      atomicMax(&Most[Col], Hi);
    }
  }
}

__global__ void identity(std::uint32_t *Order, std::size_t N) {
  std::size_t I = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (I < N)
    Order[I] = static_cast<std::uint32_t>(I);
}

/// One column of a key: its index, the bits it spans and its largest
/// value (a key holds Most - count: heavier rows first, as on the host).
struct KeyColumn {
  std::uint32_t Col, Bits, Most;
};

/// Keys[p]: the columns of Key packed (first most significant) for the
/// row of thread Order[p].
__global__ void packKeys(const std::uint32_t *Words, std::size_t Width,
                         const std::uint32_t *Order, std::size_t N,
                         const KeyColumn *Key, unsigned Columns,
                         std::uint64_t *Keys) {
  std::size_t P = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (P >= N)
    return;
  const std::uint32_t *Row = Words + std::size_t(Order[P]) * Width;
  std::uint64_t K = 0;
  for (unsigned C = 0; C < Columns; ++C)
    K = K << Key[C].Bits | (Key[C].Most - Row[Key[C].Col]);
  Keys[P] = K;
}

unsigned gridFor(std::size_t N) {
  return static_cast<unsigned>((N + Threads - 1) / Threads);
}

/// The varying columns grouped into keys of at most 64 bits, in the host's
/// column order (getSortingColumns; the first key the most significant).
std::vector<std::vector<KeyColumn>>
groupIntoKeys(const std::vector<std::uint32_t> &Least,
              const std::vector<std::uint32_t> &Most) {
  std::vector<std::vector<KeyColumn>> Keys;
  unsigned Used = 64;
  for (std::uint32_t Col : getSortingColumns(Least, Most)) {
    std::uint32_t Bits = 0;
    while (Bits < 32 && (std::uint64_t(Most[Col] - Least[Col]) >> Bits) != 0)
      ++Bits;
    if (Used + Bits > 64) {
      Keys.emplace_back();
      Used = 0;
    }
    Keys.back().push_back({Col, Bits, Most[Col]});
    Used += Bits;
  }
  return Keys;
}

} // namespace

void sortThreadsOnDevice(const DeviceProfile &Profile, CUdeviceptr OrderPtr) {
  const std::size_t N = Profile.Threads;
  auto *Words = reinterpret_cast<const std::uint32_t *>(Profile.Words);
  auto *Order = reinterpret_cast<std::uint32_t *>(OrderPtr);
  if (N == 0)
    return;
  identity<<<gridFor(N), Threads>>>(Order, N);
  checkCuda(cudaGetLastError(), "identity<<<>>>");
  if (Profile.Blocks == 0)
    return checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

  // The spans decide the keys: read them back (a few words).
  Scratch<std::uint32_t> Spans(2 * Profile.Blocks);
  checkCuda(cudaMemset(Spans.get(), 0xff, Profile.Blocks * 4), "cudaMemset");
  checkCuda(cudaMemset(Spans.get() + Profile.Blocks, 0, Profile.Blocks * 4),
            "cudaMemset");
  unsigned SpanGrid = std::min<unsigned>(gridFor(N), 1024);
  columnSpans<<<SpanGrid, Threads>>>(Words, N, Profile.width(), Profile.Blocks,
                                     Spans.get(), Spans.get() + Profile.Blocks);
  checkCuda(cudaGetLastError(), "columnSpans<<<>>>");
  std::vector<std::uint32_t> Host(2 * Profile.Blocks);
  checkCuda(cudaMemcpy(Host.data(), Spans.get(), Host.size() * 4,
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy");
  std::vector<std::uint32_t> Least(Host.begin(), Host.begin() + Profile.Blocks);
  std::vector<std::uint32_t> Most(Host.begin() + Profile.Blocks, Host.end());
  std::vector<std::vector<KeyColumn>> Keys = groupIntoKeys(Least, Most);
  if (Keys.empty())
    return checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");

  Scratch<std::uint64_t> KeyIn(N), KeyOut(N);
  Scratch<std::uint32_t> OrderOut(N);
  Scratch<KeyColumn> Columns(Profile.Blocks);
  // The scratch CUB asks for may depend on the bits sorted: the most any
  // key needs.
  std::vector<int> KeyBits;
  for (const std::vector<KeyColumn> &Key : Keys) {
    int Bits = 0;
    for (const KeyColumn &C : Key)
      Bits += static_cast<int>(C.Bits);
    KeyBits.push_back(Bits);
  }
  std::size_t TempBytes = 0;
  for (int Bits : KeyBits) {
    std::size_t Bytes = 0;
    checkCuda(cub::DeviceRadixSort::SortPairs(nullptr, Bytes, KeyIn.get(),
                                              KeyOut.get(), Order,
                                              OrderOut.get(), N, 0, Bits),
              "cub::DeviceRadixSort::SortPairs");
    TempBytes = std::max(TempBytes, Bytes);
  }
  Scratch<unsigned char> Temp(TempBytes);
  // Least significant key first; each sort is stable, so the earlier
  // ones (and the thread index, the first order) break ties.
  for (std::size_t K = Keys.size(); K-- > 0;) {
    const std::vector<KeyColumn> &Key = Keys[K];
    checkCuda(cudaMemcpy(Columns.get(), Key.data(),
                         Key.size() * sizeof(KeyColumn),
                         cudaMemcpyHostToDevice),
              "cudaMemcpy");
    packKeys<<<gridFor(N), Threads>>>(
        Words, Profile.width(), Order, N, Columns.get(),
        static_cast<unsigned>(Key.size()), KeyIn.get());
    checkCuda(cudaGetLastError(), "packKeys<<<>>>");
    checkCuda(cub::DeviceRadixSort::SortPairs(Temp.get(), TempBytes,
                                              KeyIn.get(), KeyOut.get(), Order,
                                              OrderOut.get(), N, 0, KeyBits[K]),
              "cub::DeviceRadixSort::SortPairs");
    checkCuda(
        cudaMemcpyAsync(Order, OrderOut.get(), N * 4, cudaMemcpyDeviceToDevice),
        "cudaMemcpyAsync");
  }
  checkCuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

} // namespace divopt::runtime::gpu
