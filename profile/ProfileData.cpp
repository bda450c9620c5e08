//===- ProfileData.cpp - A divergence profile in memory -------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileData.h"

#include "profile/ProfileFormat.h"

#include <limits>

namespace divopt::profile {

Count addCounts(Count A, Count B) {
  Count Max = std::numeric_limits<Count>::max();
  return A > Max - B ? Max : A + B;
}

/// A * B, saturating: the bounds the checks compare with.
static Count mulCounts(Count A, Count B) {
  Count Max = std::numeric_limits<Count>::max();
  return B != 0 && A > Max / B ? Max : A * B;
}

static std::optional<double> ratio(Count Part, Count Whole) {
  if (Whole == 0)
    return std::nullopt;
  return double(Part) / double(Whole);
}

std::string SourceLocation::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

Count KernelLaunches::getTotal() const {
  Count Total = 0;
  for (const auto &[Config, N] : Configs)
    Total = addCounts(Total, N);
  return Total;
}

std::map<std::uint64_t, Count> KernelLaunches::getBlockSizes() const {
  std::map<std::uint64_t, Count> Sizes;
  for (const auto &[Config, N] : Configs) {
    Count &S = Sizes[Config.Block.size()];
    S = addCounts(S, N);
  }
  return Sizes;
}

std::optional<std::uint64_t> KernelLaunches::getMostFrequentBlockSize() const {
  std::optional<std::uint64_t> Best;
  Count BestN = 0;
  // Ascending sizes: ">=" keeps the larger of equals.
  for (const auto &[Size, N] : getBlockSizes())
    if (N > 0 && N >= BestN) {
      Best = Size;
      BestN = N;
    }
  return Best;
}

std::optional<double>
KernelLaunches::getGridBlocksPerSM(std::uint64_t BlockThreads) const {
  const LaunchConfig *Best = nullptr;
  Count BestN = 0;
  for (const auto &[Config, N] : Configs) {
    if (Config.SMs == 0 || Config.Block.size() != BlockThreads)
      continue;
    // Configurations are not sorted by grid size (x before y): compare.
    if (!Best || N > BestN ||
        (N == BestN && Config.Grid.size() > Best->Grid.size())) {
      Best = &Config;
      BestN = N;
    }
  }
  if (!Best)
    return std::nullopt;
  return double(Best->Grid.size()) / double(Best->SMs);
}

Count BranchRecord::getActiveLanes() const {
  Count Lanes = 0;
  for (const WayCounts &W : Ways)
    Lanes = addCounts(Lanes, W.Lanes);
  return Lanes;
}

std::optional<double> BranchRecord::getDivergentFraction() const {
  return ratio(Divergent, Executions);
}

std::optional<double> BranchRecord::getUniformFraction(unsigned Way) const {
  if (Way >= Ways.size())
    return std::nullopt;
  return ratio(Ways[Way].Uniform, Executions);
}

std::optional<double> BranchRecord::getWarpShare(unsigned Way) const {
  if (Way >= Ways.size())
    return std::nullopt;
  return ratio(Ways[Way].Warps, Executions);
}

std::optional<double> BranchRecord::getLaneShare(unsigned Way) const {
  if (Way >= Ways.size())
    return std::nullopt;
  return ratio(Ways[Way].Lanes, getActiveLanes());
}

std::optional<double> BranchRecord::getMeanActiveLanes() const {
  return ratio(getActiveLanes(), Executions);
}

std::optional<double> BranchRecord::getDirectionChangeRate() const {
  return ratio(DirectionChanges, DirectionPairs);
}

bool BranchRecord::operator==(const BranchRecord &O) const {
  return Loc == O.Loc && Executions == O.Executions &&
         Divergent == O.Divergent && Ways == O.Ways &&
         DirectionPairs == O.DirectionPairs &&
         DirectionChanges == O.DirectionChanges;
}

std::optional<double> LoopRecord::getLanesPerEntry() const {
  return ratio(Lanes, Entries);
}

std::optional<double> LoopRecord::getTripsPerEntry() const {
  return ratio(Trips, Entries);
}

std::optional<double> LoopRecord::getIterationsPerLane() const {
  return ratio(Iterations, Lanes);
}

std::optional<double> LoopRecord::getMeanSpread() const {
  return ratio(SpreadSum, Entries);
}

bool LoopRecord::operator==(const LoopRecord &O) const {
  return Loc == O.Loc && Entries == O.Entries && Lanes == O.Lanes &&
         Trips == O.Trips && Iterations == O.Iterations &&
         SpreadSum == O.SpreadSum && SpreadMin == O.SpreadMin &&
         SpreadMax == O.SpreadMax;
}

FunctionLookup Profile::lookup(const std::string &Name,
                               std::uint64_t CfgHash) const {
  FunctionLookup L;
  for (auto It = Functions.lower_bound({Name, 0});
       It != Functions.end() && It->first.Name == Name; ++It) {
    if (It->first.CfgHash == CfgHash) {
      L.Match = RecordMatch::Found;
      L.Record = &It->second;
      L.ProfiledHashes.clear();
      return L;
    }
    L.Match = RecordMatch::Stale;
    L.ProfiledHashes.push_back(It->first.CfgHash);
  }
  return L;
}

const KernelLaunches *Profile::getLaunches(const std::string &Kernel) const {
  auto It = Launches.find(Kernel);
  return It == Launches.end() ? nullptr : &It->second;
}

static bool fail(std::string &Why, std::string Message) {
  Why = std::move(Message);
  return false;
}

static std::string way(size_t W) { return "way " + std::to_string(W); }

bool checkBranch(const BranchRecord &B, std::string &Why) {
  if (B.Ways.empty())
    return fail(Why, "a branch has at least one way");
  Count Uniform = 0, Warps = 0;
  for (size_t W = 0; W < B.Ways.size(); ++W) {
    const WayCounts &C = B.Ways[W];
    if (C.Uniform > C.Warps)
      return fail(Why, way(W) + ": more uniform executions (" +
                           std::to_string(C.Uniform) +
                           ") than executions with a lane on it (" +
                           std::to_string(C.Warps) + ")");
    if (C.Warps > B.Executions)
      return fail(Why, way(W) + ": more executions with a lane on it (" +
                           std::to_string(C.Warps) + ") than executions (" +
                           std::to_string(B.Executions) + ")");
    if (C.Lanes < C.Warps || C.Lanes > mulCounts(C.Warps, WarpSize))
      return fail(Why, way(W) + ": " + std::to_string(C.Lanes) + " lanes in " +
                           std::to_string(C.Warps) +
                           " executions; each has 1 to " +
                           std::to_string(WarpSize));
    Uniform = addCounts(Uniform, C.Uniform);
    Warps = addCounts(Warps, C.Warps);
  }
  if (addCounts(Uniform, B.Divergent) != B.Executions)
    return fail(Why, "uniform (" + std::to_string(Uniform) +
                         ") and divergent (" + std::to_string(B.Divergent) +
                         ") executions do not add up to the executions (" +
                         std::to_string(B.Executions) + ")");
  // A divergent execution has a lane on two ways at least; with two ways,
  // exactly two.
  Count Least = addCounts(B.Executions, B.Divergent);
  if (Warps < Least || (B.Ways.size() == 2 && Warps != Least))
    return fail(Why, "the executions with a lane on each way add up to " +
                         std::to_string(Warps) + ", not " +
                         (B.Ways.size() == 2 ? "" : "at least ") +
                         std::to_string(Least) +
                         " (executions + divergent executions)");
  if (B.DirectionChanges > B.DirectionPairs)
    return fail(Why, "more direction changes (" +
                         std::to_string(B.DirectionChanges) + ") than pairs (" +
                         std::to_string(B.DirectionPairs) + ")");
  return true;
}

bool checkLoop(const LoopRecord &L, std::string &Why) {
  if (L.Entries == 0) {
    if (L.Lanes || L.Trips || L.Iterations || L.SpreadSum || L.SpreadMin ||
        L.SpreadMax)
      return fail(Why, "a loop without entries has every counter zero");
    return true;
  }
  if (L.Lanes < L.Entries || L.Lanes > mulCounts(L.Entries, WarpSize))
    return fail(Why, std::to_string(L.Lanes) + " lanes in " +
                         std::to_string(L.Entries) +
                         " entries; each has 1 to " + std::to_string(WarpSize));
  if (L.Trips < L.Entries)
    return fail(Why, "fewer trips (" + std::to_string(L.Trips) +
                         ") than entries (" + std::to_string(L.Entries) +
                         "): each entry runs the header once at least");
  if (L.Iterations < L.Trips || L.Iterations > mulCounts(L.Trips, WarpSize))
    return fail(Why, std::to_string(L.Iterations) + " iterations in " +
                         std::to_string(L.Trips) +
                         " trips; each trip has 1 "
                         "to " +
                         std::to_string(WarpSize) + " lanes");
  if (L.Iterations < L.Lanes)
    return fail(Why, "fewer iterations (" + std::to_string(L.Iterations) +
                         ") than lanes (" + std::to_string(L.Lanes) +
                         "): each lane runs the header once at least");
  if (L.SpreadMin > L.SpreadMax)
    return fail(Why, "spread: smallest " + std::to_string(L.SpreadMin) +
                         " above largest " + std::to_string(L.SpreadMax));
  if (L.SpreadSum < mulCounts(L.SpreadMin, L.Entries) ||
      L.SpreadSum > mulCounts(L.SpreadMax, L.Entries))
    return fail(Why, "spread: sum " + std::to_string(L.SpreadSum) +
                         " outside " + std::to_string(L.Entries) +
                         " entries times [smallest, largest]");
  if (L.SpreadMax > L.SpreadSum)
    return fail(Why, "spread: largest " + std::to_string(L.SpreadMax) +
                         " above the sum " + std::to_string(L.SpreadSum));
  // An entry's spread is below its trips: every lane that entered ran the
  // header once at least.
  if (L.SpreadSum > L.Trips - L.Entries)
    return fail(Why, "spread: sum " + std::to_string(L.SpreadSum) +
                         " above trips - entries (" +
                         std::to_string(L.Trips - L.Entries) + ")");
  return true;
}

bool checkLaunch(const LaunchConfig &C, std::string &Why) {
  if (!C.Grid.X || !C.Grid.Y || !C.Grid.Z || !C.Block.X || !C.Block.Y ||
      !C.Block.Z)
    return fail(Why, "grid and block sizes are 1 at least in every dimension");
  // SMs == 0 is "unknown", which the text writes by leaving the field out.
  return true;
}

} // namespace divopt::profile
