//===- DeviceWarpDemands.cu - The model's warp demands on the device ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// getWarpDemands (DivergenceModel.cpp, MemoryTraffic.cpp) with one device
// thread per warp of the launch. Every floating-point operation is the
// host's, in the host's order, rounded alone (__dmul_rn, __dadd_rn: no
// fused multiply-add), so the demands are the host's bit for bit.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/CudaCheck.h"
#include "runtime/gpu/DeviceRegrouping.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace divopt::runtime::gpu {

namespace {

constexpr unsigned MaxLanes = 32;

struct DeviceSite {
  std::uint32_t Block;
};

struct Params {
  const std::uint32_t *Words;
  std::size_t Threads, Blocks, Sites, Width;
  const std::uint32_t *Order; ///< Null: the identity.
  const double *BlockLat;
  const DeviceSite *SiteList; ///< Null: no memory side.
  double PerRequest, PerLine, PerSector;
  std::size_t Warps, WarpsPerCta, ThreadsPerBlock, WarpSize;
};

/// Sum over the distinct keys among N of the largest count of each.
__device__ double sumOfMaxPerKey(const std::uint64_t *Keys,
                                 const std::uint32_t *Counts, unsigned N) {
  double Sum = 0;
  for (unsigned I = 0; I < N; ++I) {
    bool Seen = false;
    std::uint32_t Most = Counts[I];
    for (unsigned J = 0; J < N; ++J) {
      if (Keys[J] != Keys[I])
        continue;
      Seen |= J < I;
      Most = max(Most, Counts[J]);
    }
    if (!Seen)
      Sum = __dadd_rn(Sum, static_cast<double>(Most));
  }
  return Sum;
}

__global__ void warpDemands(Params P, double *Issue, double *Memory) {
  std::size_t W = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (W >= P.Warps)
    return;
  std::size_t Cta = W / P.WarpsPerCta, InCta = W % P.WarpsPerCta;
  std::size_t First = Cta * P.ThreadsPerBlock + InCta * P.WarpSize;
  std::size_t End =
      min(min(First + P.WarpSize, (Cta + 1) * P.ThreadsPerBlock), P.Threads);
  std::uint32_t Lane[MaxLanes];
  unsigned Lanes = 0;
  for (std::size_t Pos = First; Pos < End; ++Pos)
    Lane[Lanes++] = P.Order ? P.Order[Pos] : static_cast<std::uint32_t>(Pos);
  double Lat = 0;
  for (std::size_t B = 0; B < P.Blocks; ++B) {
    std::uint32_t Most = 0;
    for (unsigned L = 0; L < Lanes; ++L)
      Most = max(Most, P.Words[Lane[L] * P.Width + B]);
    Lat = __dadd_rn(Lat, __dmul_rn(static_cast<double>(Most), P.BlockLat[B]));
  }
  double Mem = 0;
  if (P.SiteList && Lat > 0) {
    double Requests = 0, Lines = 0, Sectors = 0;
    std::uint64_t LineKey[MaxLanes], SectorKey[MaxLanes];
    std::uint32_t Count[MaxLanes];
    for (std::size_t S = 0; S < P.Sites; ++S) {
      unsigned N = 0;
      std::uint32_t Most = 0;
      for (unsigned L = 0; L < Lanes; ++L) {
        const std::uint32_t *Row = P.Words + Lane[L] * P.Width;
        std::uint32_t C = Row[P.SiteList[S].Block];
        if (C == 0)
          continue; // The lane never ran the site: it has no address.
        std::uint64_t A = std::uint64_t(Row[P.Blocks + 2 * S + 1]) << 32 |
                          Row[P.Blocks + 2 * S];
        LineKey[N] = A / 128;
        SectorKey[N] = A / 32;
        Count[N++] = C;
        Most = max(Most, C);
      }
      Requests = __dadd_rn(Requests, static_cast<double>(Most));
      Lines = __dadd_rn(Lines, sumOfMaxPerKey(LineKey, Count, N));
      Sectors = __dadd_rn(Sectors, sumOfMaxPerKey(SectorKey, Count, N));
    }
    // getSerializationCycles and getMemoryCycles, term by term.
    double Serial =
        __dadd_rn(__dmul_rn(__dadd_rn(Lines, -Requests), P.PerLine),
                  __dmul_rn(__dadd_rn(Sectors, -Requests), P.PerSector));
    Lat = __dadd_rn(Lat, Serial);
    Mem = __dadd_rn(__dadd_rn(__dmul_rn(Requests, P.PerRequest),
                              __dmul_rn(Lines, P.PerLine)),
                    __dmul_rn(Sectors, P.PerSector));
  }
  Issue[W] = Lat;
  Memory[W] = Mem;
}

} // namespace

std::vector<WarpDemand> getWarpDemandsOnDevice(
    const DeviceProfile &Profile, const std::vector<double> &BlockLat,
    const MemorySystem *Mem, CUdeviceptr Order, const LaunchShape &Shape) {
  if (BlockLat.size() != Profile.Blocks)
    throw std::invalid_argument(
        "BBV profile has " + std::to_string(Profile.Blocks) + " blocks but " +
        std::to_string(BlockLat.size()) + " block latencies were given");
  if (Shape.ThreadsPerBlock == 0 || Shape.WarpSize == 0 ||
      Shape.WarpSize > MaxLanes || Shape.SMs == 0 || Shape.BlocksPerSM == 0)
    throw std::invalid_argument(
        "launch shape: threads per block, SMs and resident blocks per SM "
        "must be positive, the warp size 1 to 32");
  if (Mem && Mem->Sites.size() != Profile.Sites)
    throw std::invalid_argument(
        "BBV profile samples " + std::to_string(Profile.Sites) +
        " access sites but " + std::to_string(Mem->Sites.size()) +
        " were described");
  std::vector<DeviceSite> Sites;
  if (Mem)
    for (const AccessSite &S : Mem->Sites) {
      if (S.Block >= Profile.Blocks)
        throw std::invalid_argument("access site in block " +
                                    std::to_string(S.Block) + " of " +
                                    std::to_string(Profile.Blocks));
      Sites.push_back({static_cast<std::uint32_t>(S.Block)});
    }
  Params P{};
  P.Words = reinterpret_cast<const std::uint32_t *>(Profile.Words);
  P.Threads = Profile.Threads;
  P.Blocks = Profile.Blocks;
  P.Sites = Profile.Sites;
  P.Width = Profile.width();
  P.Order = reinterpret_cast<const std::uint32_t *>(Order);
  P.ThreadsPerBlock = Shape.ThreadsPerBlock;
  P.WarpSize = Shape.WarpSize;
  P.WarpsPerCta = (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  std::size_t Ctas =
      (Profile.Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
  P.Warps = Ctas * P.WarpsPerCta;
  if (Mem) {
    P.PerRequest = Mem->Cost.PerRequest;
    P.PerLine = Mem->Cost.PerLine;
    P.PerSector = Mem->Cost.PerSector;
  }
  if (P.Warps == 0)
    return {};
  Scratch<double> Lat(BlockLat.size()), Issue(P.Warps), Memory(P.Warps);
  Scratch<DeviceSite> SiteList(Sites.size());
  checkCuda(cudaMemcpy(Lat.get(), BlockLat.data(), BlockLat.size() * 8,
                       cudaMemcpyHostToDevice),
            "cudaMemcpy");
  if (!Sites.empty())
    checkCuda(cudaMemcpy(SiteList.get(), Sites.data(),
                         Sites.size() * sizeof(DeviceSite),
                         cudaMemcpyHostToDevice),
              "cudaMemcpy");
  P.BlockLat = Lat.get();
  P.SiteList = Mem && !Sites.empty() ? SiteList.get() : nullptr;
  const unsigned Threads = 128;
  warpDemands<<<static_cast<unsigned>((P.Warps + Threads - 1) / Threads),
                Threads>>>(P, Issue.get(), Memory.get());
  checkCuda(cudaGetLastError(), "warpDemands<<<>>>");
  std::vector<double> I(P.Warps), M(P.Warps);
  checkCuda(
      cudaMemcpy(I.data(), Issue.get(), P.Warps * 8, cudaMemcpyDeviceToHost),
      "cudaMemcpy");
  checkCuda(
      cudaMemcpy(M.data(), Memory.get(), P.Warps * 8, cudaMemcpyDeviceToHost),
      "cudaMemcpy");
  std::vector<WarpDemand> Warps(P.Warps);
  for (std::size_t W = 0; W < P.Warps; ++W)
    Warps[W] = {I[W], M[W]};
  return Warps;
}

} // namespace divopt::runtime::gpu
