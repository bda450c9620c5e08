//===- WarpDemandsKernel.h - The model's warp demands, a warp each -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The body of DeviceWarpDemands.cu's kernel, written against CUDA's warp
// intrinsics and nothing else, so that the warp-emulation tests
// (test/unit/bench/WarpEmulation.h) run it on the host against the host's
// getWarpDemands (DivergenceModel.cpp, MemoryTraffic.cpp).
//
// One hardware warp per warp of the modelled launch (or of the CTAs a
// LaunchSample lists), lane L on its L-th thread: the busiest lane per
// block is a warp-wide maximum, the distinct lines and sectors a match.
// Counts are summed as integers (exact, as the host's sums of whole
// numbers below 2^53 are); every other floating-point operation is the
// host's, in the host's order, rounded alone (no fused multiply-add), so
// the demands are the host's bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_GPU_WARPDEMANDSKERNEL_H
#define DIVOPT_RUNTIME_GPU_WARPDEMANDSKERNEL_H

#include <cstddef>
#include <cstdint>

namespace divopt::runtime::gpu {

constexpr unsigned WarpLanes = 32;

struct WarpDemandsParams {
  const std::uint32_t *Words;
  std::size_t Threads, Blocks, Sites, Width;
  const std::uint32_t *Order; ///< Null: the identity.
  const std::uint32_t *Ctas;  ///< Null: every CTA.
  const double *BlockLat;
  const std::uint32_t *SiteBlock; ///< Null: no memory side.
  double PerRequest, PerLine, PerSector;
  std::size_t Warps, WarpsPerCta, ThreadsPerBlock, WarpSize;
};

namespace warpdemands {

constexpr unsigned Full = 0xffffffffu;

/// Sum over the warp of a 64-bit value, every lane getting it.
__device__ inline std::uint64_t warpSum(std::uint64_t V) {
  for (unsigned Shift = 16; Shift > 0; Shift /= 2)
    V += __shfl_xor_sync(Full, static_cast<unsigned long long>(V),
                         static_cast<int>(Shift));
  return V;
}

/// Sum over the distinct keys of the lanes that Have one of the largest
/// count of each: lanes of one key find each other with a match, and the
/// first of them adds its key's largest count.
__device__ inline std::uint64_t sumOfMaxPerKey(bool Have, std::uint64_t Key,
                                               std::uint32_t Count) {
  // Keys are addresses over 32 or 128: never all ones.
  unsigned Same = __match_any_sync(
      Full, Have ? static_cast<unsigned long long>(Key) : ~0ull);
  std::uint32_t Most = 0;
  for (unsigned J = 0; J < WarpLanes; ++J) {
    std::uint32_t C = __shfl_sync(Full, Count, static_cast<int>(J));
    if (Same >> J & 1)
      Most = max(Most, C);
  }
  bool First =
      Have && (threadIdx.x % WarpLanes) ==
                  static_cast<unsigned>(__ffs(static_cast<int>(Same)) - 1);
  return warpSum(First ? Most : 0);
}

} // namespace warpdemands

/// The demand of modelled warp (this thread's index) / 32: Out[2W] its
/// issue cycles, Out[2W + 1] its memory cycles. Every lane of a hardware
/// warp runs it (the collectives name all 32).
__device__ inline void computeWarpDemand(const WarpDemandsParams &P,
                                         double *Out) {
  using namespace warpdemands;
  const std::size_t W =
      (std::size_t(blockIdx.x) * blockDim.x + threadIdx.x) / WarpLanes;
  if (W >= P.Warps)
    return; // The whole hardware warp: W is the same in its lanes.
  const unsigned Lane = threadIdx.x % WarpLanes;
  std::size_t Cta = W / P.WarpsPerCta, InCta = W % P.WarpsPerCta;
  if (P.Ctas)
    Cta = P.Ctas[Cta];
  const std::size_t First = Cta * P.ThreadsPerBlock + InCta * P.WarpSize;
  const std::size_t End =
      min(min(First + P.WarpSize, (Cta + 1) * P.ThreadsPerBlock), P.Threads);
  const bool Active = Lane < P.WarpSize && First + Lane < End;
  std::size_t Thread = 0;
  if (Active)
    Thread = P.Order ? P.Order[First + Lane] : First + Lane;
  const std::uint32_t *Row = P.Words + Thread * P.Width;
  double Lat = 0;
  for (std::size_t B = 0; B < P.Blocks; ++B) {
    unsigned Most = __reduce_max_sync(Full, Active ? Row[B] : 0u);
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
  if (Lane == 0) {
    Out[2 * W] = Lat;
    Out[2 * W + 1] = Mem;
  }
}

} // namespace divopt::runtime::gpu

#endif // DIVOPT_RUNTIME_GPU_WARPDEMANDSKERNEL_H
