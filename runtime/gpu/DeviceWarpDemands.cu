//===- DeviceWarpDemands.cu - The model's warp demands on the device ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// getWarpDemands (DivergenceModel.cpp, MemoryTraffic.cpp) with one device
// warp per warp of the launch (or of the CTAs a LaunchSample lists). Every
// floating-point operation is the host's, in the host's order, rounded
// alone (__dmul_rn, __dadd_rn: no fused multiply-add), so the demands are
// the host's bit for bit.
//
//===----------------------------------------------------------------------===//

#include "runtime/gpu/CudaCheck.h"
#include "runtime/gpu/DeviceRegrouping.h"
#include "runtime/gpu/WarpDemandsKernel.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace divopt::runtime::gpu {

namespace {

/// One hardware warp per modelled warp (WarpDemandsKernel.h).
__global__ void warpDemands(WarpDemandsParams P, double *Out) {
  computeWarpDemand(P, Out);
}

} // namespace

std::vector<WarpDemand> getWarpDemandsOnDevice(
    const DeviceProfile &Profile, const std::vector<double> &BlockLat,
    const MemorySystem *Mem, CUdeviceptr Order, const LaunchShape &Shape,
    const std::vector<std::uint32_t> *Ctas) {
  if (BlockLat.size() != Profile.Blocks)
    throw std::invalid_argument(
        "BBV profile has " + std::to_string(Profile.Blocks) + " blocks but " +
        std::to_string(BlockLat.size()) + " block latencies were given");
  if (Shape.ThreadsPerBlock == 0 || Shape.WarpSize == 0 ||
      Shape.WarpSize > WarpLanes || Shape.SMs == 0 || Shape.BlocksPerSM == 0)
    throw std::invalid_argument(
        "launch shape: threads per block, SMs and resident blocks per SM "
        "must be positive, the warp size 1 to 32");
  if (Mem && Mem->Sites.size() != Profile.Sites)
    throw std::invalid_argument(
        "BBV profile samples " + std::to_string(Profile.Sites) +
        " access sites but " + std::to_string(Mem->Sites.size()) +
        " were described");
  std::vector<std::uint32_t> SiteBlock;
  if (Mem)
    for (const AccessSite &S : Mem->Sites) {
      if (S.Block >= Profile.Blocks)
        throw std::invalid_argument("access site in block " +
                                    std::to_string(S.Block) + " of " +
                                    std::to_string(Profile.Blocks));
      SiteBlock.push_back(static_cast<std::uint32_t>(S.Block));
    }
  const std::size_t AllCtas =
      (Profile.Threads + Shape.ThreadsPerBlock - 1) / Shape.ThreadsPerBlock;
  if (Ctas)
    for (std::uint32_t C : *Ctas)
      if (C >= AllCtas)
        throw std::invalid_argument("sampled CTA " + std::to_string(C) +
                                    " of a launch of " +
                                    std::to_string(AllCtas));
  WarpDemandsParams P{};
  P.Words = reinterpret_cast<const std::uint32_t *>(Profile.Words);
  P.Threads = Profile.Threads;
  P.Blocks = Profile.Blocks;
  P.Sites = Profile.Sites;
  P.Width = Profile.width();
  P.Order = reinterpret_cast<const std::uint32_t *>(Order);
  P.ThreadsPerBlock = Shape.ThreadsPerBlock;
  P.WarpSize = Shape.WarpSize;
  P.WarpsPerCta = (Shape.ThreadsPerBlock + Shape.WarpSize - 1) / Shape.WarpSize;
  P.Warps = (Ctas ? Ctas->size() : AllCtas) * P.WarpsPerCta;
  if (Mem) {
    P.PerRequest = Mem->Cost.PerRequest;
    P.PerLine = Mem->Cost.PerLine;
    P.PerSector = Mem->Cost.PerSector;
  }
  if (P.Warps == 0)
    return {};
  Scratch<double> Lat(BlockLat.size());
  Scratch<std::uint32_t> Sites(SiteBlock.size()),
      CtaList(Ctas ? Ctas->size() : 0);
  Scratch<double> Out(2 * P.Warps);
  upload(Lat.get(), BlockLat, "cudaMemcpy (block latencies)");
  upload(Sites.get(), SiteBlock, "cudaMemcpy (access sites)");
  if (Ctas)
    upload(CtaList.get(), *Ctas, "cudaMemcpy (sampled CTAs)");
  P.BlockLat = Lat.get();
  P.SiteBlock = Mem && !SiteBlock.empty() ? Sites.get() : nullptr;
  P.Ctas = Ctas ? CtaList.get() : nullptr;
  const unsigned WarpsPerBlock = 8;
  warpDemands<<<static_cast<unsigned>((P.Warps + WarpsPerBlock - 1) /
                                      WarpsPerBlock),
                WarpsPerBlock * WarpLanes>>>(P, Out.get());
  checkLaunch("warpDemands<<<>>>");
  // Out holds (issue, memory) per warp, as WarpDemand does: one copy.
  static_assert(sizeof(WarpDemand) == 2 * sizeof(double), "two doubles");
  std::vector<WarpDemand> Warps(P.Warps);
  checkCuda(cudaMemcpy(Warps.data(), Out.get(), P.Warps * sizeof(WarpDemand),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy (warp demands)");
  return Warps;
}

} // namespace divopt::runtime::gpu
