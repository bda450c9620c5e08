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

#include <cstdint>
#include <stdexcept>
#include <string>

namespace divopt::runtime::gpu {

namespace {

constexpr unsigned MaxLanes = 32;
constexpr unsigned Full = 0xffffffffu;

struct Params {
  const std::uint32_t *Words;
  std::size_t Threads, Blocks, Sites, Width;
  const std::uint32_t *Order; ///< Null: the identity.
  const std::uint32_t *Ctas;  ///< Null: every CTA.
  const double *BlockLat;
  const std::uint32_t *SiteBlock; ///< Null: no memory side.
  double PerRequest, PerLine, PerSector;
  std::size_t Warps, WarpsPerCta, ThreadsPerBlock, WarpSize;
};

/// Sum over the warp of a 64-bit value, every lane getting it.
__device__ std::uint64_t warpSum(std::uint64_t V) {
  for (unsigned Shift = 16; Shift > 0; Shift /= 2)
    V += __shfl_xor_sync(Full, V, Shift);
  return V;
}

/// Sum over the distinct keys of the lanes that Have one of the largest
/// count of each: lanes of one key find each other with a match, and the
/// first of them adds its key's largest count.
__device__ std::uint64_t sumOfMaxPerKey(bool Have, std::uint64_t Key,
                                        std::uint32_t Count) {
  // Keys are addresses over 32 or 128: never all ones.
  unsigned Same = __match_any_sync(Full, Have ? Key : ~0ull);
  std::uint32_t Most = 0;
  for (unsigned J = 0; J < MaxLanes; ++J) {
    std::uint32_t C = __shfl_sync(Full, Count, J);
    if (Same >> J & 1)
      Most = max(Most, C);
  }
  bool First = Have && (threadIdx.x % MaxLanes) == unsigned(__ffs(Same) - 1);
  return warpSum(First ? Most : 0);
}

/// One hardware warp per warp of the modelled launch, lane L on its L-th
/// thread: the busiest lane per block is a warp-wide maximum, the distinct
/// lines and sectors a match. Counts are summed as integers (exact, as the
/// host's sums of whole numbers below 2^53 are); every other operation is
/// the host's, in its order, rounded alone.
__global__ void warpDemands(Params P, double2 *Out) {
  const std::size_t W =
      (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / MaxLanes;
  if (W >= P.Warps)
    return; // The whole hardware warp: W is the same in its lanes.
  const unsigned Lane = threadIdx.x % MaxLanes;
  std::size_t Cta = W / P.WarpsPerCta, InCta = W % P.WarpsPerCta;
  if (P.Ctas)
    Cta = P.Ctas[Cta];
  std::size_t First = Cta * P.ThreadsPerBlock + InCta * P.WarpSize;
  std::size_t End =
      min(min(First + P.WarpSize, (Cta + 1) * P.ThreadsPerBlock), P.Threads);
  bool Active = Lane < P.WarpSize && First + Lane < End;
  std::size_t Thread = 0;
  if (Active)
    Thread = P.Order ? P.Order[First + Lane] : First + Lane;
  const std::uint32_t *Row = P.Words + Thread * P.Width;
  double Lat = 0;
  for (std::size_t B = 0; B < P.Blocks; ++B) {
    std::uint32_t Most = __reduce_max_sync(Full, Active ? Row[B] : 0u);
    Lat = __dadd_rn(Lat, __dmul_rn(static_cast<double>(Most), P.BlockLat[B]));
  }
  double Mem = 0;
  if (P.SiteBlock && Lat > 0) {
    std::uint64_t Requests = 0, Lines = 0, Sectors = 0;
    for (std::size_t S = 0; S < P.Sites; ++S) {
      std::uint32_t C = Active ? Row[P.SiteBlock[S]] : 0u;
      bool Have = C != 0; // A lane that never ran the site has no address.
      std::uint64_t A = 0;
      if (Have)
        A = std::uint64_t(Row[P.Blocks + 2 * S + 1]) << 32 |
            Row[P.Blocks + 2 * S];
      Requests += __reduce_max_sync(Full, C);
      Lines += sumOfMaxPerKey(Have, A / 128, C);
      Sectors += sumOfMaxPerKey(Have, A / 32, C);
    }
    double R = static_cast<double>(Requests), L = static_cast<double>(Lines),
           Sc = static_cast<double>(Sectors);
    // getSerializationCycles and getMemoryCycles, term by term.
    double Serial = __dadd_rn(__dmul_rn(__dadd_rn(L, -R), P.PerLine),
                              __dmul_rn(__dadd_rn(Sc, -R), P.PerSector));
    Lat = __dadd_rn(Lat, Serial);
    Mem = __dadd_rn(
        __dadd_rn(__dmul_rn(R, P.PerRequest), __dmul_rn(L, P.PerLine)),
        __dmul_rn(Sc, P.PerSector));
  }
  if (Lane == 0)
    Out[W] = make_double2(Lat, Mem);
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
      Shape.WarpSize > MaxLanes || Shape.SMs == 0 || Shape.BlocksPerSM == 0)
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
  Scratch<double2> Out(P.Warps);
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
                WarpsPerBlock * MaxLanes>>>(P, Out.get());
  checkLaunch("warpDemands<<<>>>");
  // WarpDemand is two doubles, as double2 is: one copy into the result.
  static_assert(sizeof(WarpDemand) == sizeof(double2), "two doubles");
  std::vector<WarpDemand> Warps(P.Warps);
  checkCuda(cudaMemcpy(Warps.data(), Out.get(), P.Warps * sizeof(double2),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy (warp demands)");
  return Warps;
}

} // namespace divopt::runtime::gpu
