//===- ProfileMerge.cpp - Adding divergence profiles together -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileMerge.h"

#include <algorithm>

namespace divopt::profile {

static void mergeLocation(SourceLocation &Into, const SourceLocation &From) {
  if (Into.empty())
    Into = From;
}

static void add(Count &Into, Count From) { Into = addCounts(Into, From); }

bool mergeBranch(BranchRecord &Into, const BranchRecord &From,
                 std::string &Why) {
  if (Into.Ways.size() != From.Ways.size()) {
    Why = "a branch with " + std::to_string(Into.Ways.size()) +
          " ways in one profile and " + std::to_string(From.Ways.size()) +
          " in the other";
    return false;
  }
  mergeLocation(Into.Loc, From.Loc);
  add(Into.Executions, From.Executions);
  add(Into.Divergent, From.Divergent);
  for (size_t W = 0; W < Into.Ways.size(); ++W) {
    add(Into.Ways[W].Lanes, From.Ways[W].Lanes);
    add(Into.Ways[W].Warps, From.Ways[W].Warps);
    add(Into.Ways[W].Uniform, From.Ways[W].Uniform);
  }
  add(Into.DirectionPairs, From.DirectionPairs);
  add(Into.DirectionChanges, From.DirectionChanges);
  return true;
}

void mergeLoop(LoopRecord &Into, const LoopRecord &From) {
  mergeLocation(Into.Loc, From.Loc);
  // A loop that was never entered has no smallest spread to keep.
  if (From.Entries && Into.Entries) {
    Into.SpreadMin = std::min(Into.SpreadMin, From.SpreadMin);
    Into.SpreadMax = std::max(Into.SpreadMax, From.SpreadMax);
  } else if (From.Entries) {
    Into.SpreadMin = From.SpreadMin;
    Into.SpreadMax = From.SpreadMax;
  }
  add(Into.Entries, From.Entries);
  add(Into.Lanes, From.Lanes);
  add(Into.Trips, From.Trips);
  add(Into.Iterations, From.Iterations);
  add(Into.SpreadSum, From.SpreadSum);
}

bool mergeProfile(Profile &Into, const Profile &From, std::string &Why) {
  // Merged into a copy: a conflict leaves Into as it was.
  Profile Merged = Into;
  add(Merged.Runs, From.Runs);
  for (const auto &[Kernel, L] : From.Launches)
    for (const auto &[Config, N] : L.Configs)
      add(Merged.Launches[Kernel].Configs[Config], N);
  for (const auto &[Key, F] : From.Functions) {
    auto [At, Fresh] = Merged.Functions.try_emplace(Key);
    FunctionRecord &To = At->second;
    // Counts of different subsets of the blocks do not add up to either.
    if (Fresh)
      To.Sample = F.Sample;
    else if (To.Sample != F.Sample) {
      Why = "function '" + Key.Name + "' was sampled at 1/" +
            std::to_string(To.Sample) + " in one profile and at 1/" +
            std::to_string(F.Sample) +
            " in the other: merge runs of one instrumented build";
      return false;
    }
    for (const auto &[Index, B] : F.Branches) {
      auto [It, New] = To.Branches.emplace(Index, B);
      std::string Problem;
      if (!New && !mergeBranch(It->second, B, Problem)) {
        Why = "branch " + std::to_string(Index) + " of function '" + Key.Name +
              "': " + Problem;
        return false;
      }
    }
    for (const auto &[Index, L] : F.Loops) {
      auto [It, New] = To.Loops.emplace(Index, L);
      if (!New)
        mergeLoop(It->second, L);
    }
  }
  Into = std::move(Merged);
  return true;
}

} // namespace divopt::profile
