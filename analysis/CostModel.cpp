//===- CostModel.cpp - One cost model for every DivOpt transform ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "CostModel.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

Target Target::get(const KernelInfo &KI) {
  Target T;
  if (std::optional<unsigned> CC = KI.computeCapability();
      CC && getGpuArch(*CC))
    T.ComputeCapability = *CC;
  T.Arch = *getGpuArch(T.ComputeCapability);
  if (KI.MaxThreadsPerBlock)
    T.BlockSize = *KI.MaxThreadsPerBlock;
  return T;
}

Occupancy Target::occupancy(unsigned Registers) const {
  OccupancyQuery Q;
  Q.RegistersPerThread = std::min(Registers, Arch.MaxRegistersPerThread);
  Q.ThreadsPerBlock = BlockSize;
  return computeOccupancy(Arch, Q);
}

double predictTime(const Estimate &E, const Target &T) {
  double Occ = T.occupancy(E.Registers).Fraction;
  if (Occ <= 0)
    return E.Cost * 1e6; // Cannot launch: never preferable.
  return E.Cost * std::max(1.0, OccupancyKnee / Occ);
}

Decision decide(const Estimate &Before, const Estimate &After,
                const Target &T, double Threshold) {
  Decision D;
  D.OccupancyBefore = T.occupancy(Before.Registers).Fraction;
  D.OccupancyAfter = T.occupancy(After.Registers).Fraction;
  double TimeAfter = predictTime(After, T);
  D.Ratio = TimeAfter > 0 ? predictTime(Before, T) / TimeAfter : 0;
  D.Profitable = D.Ratio >= Threshold;
  raw_string_ostream OS(D.Explanation);
  OS << "cost " << format("%.1f", Before.Cost) << " -> "
     << format("%.1f", After.Cost) << ", registers " << Before.Registers
     << " -> " << After.Registers << ", occupancy "
     << format("%.0f%%", 100 * D.OccupancyBefore) << " -> "
     << format("%.0f%%", 100 * D.OccupancyAfter) << " at "
     << T.BlockSize << " threads/block on sm_" << T.ComputeCapability
     << ", predicted speedup " << format("%.2fx", D.Ratio) << " (threshold "
     << format("%.2fx", Threshold) << ")";
  return D;
}

double divergentRegionCost(double ThenCost, double ElseCost) {
  // The branch itself, with its reconvergence, is costed in its block.
  return ThenCost + ElseCost;
}

} // namespace divopt
