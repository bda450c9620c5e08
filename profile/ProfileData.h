//===- ProfileData.h - A divergence profile in memory -----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a profiled run measured, in the shape DivOpt's decisions read it
// (docs/PROFILE-FORMAT.md defines every counter):
//   - per kernel, the launch configurations seen and how often (occupancy,
//     hence every register-driven decision, depends on the block size);
//   - per function, identified by its name and a hash of its control flow
//     (analysis/ProfileIdentity.h), per conditional branch and switch: how
//     the lanes of each warp execution split over the ways (branch
//     distribution's and kernel splitting's warp outcomes, a switch's way
//     rates), and inside loops how often a lane's way changes from one
//     iteration to the next (loop advance);
//   - per loop: trips per warp, iterations per lane and the spread of trip
//     counts within a warp (iteration delaying).
// Counters are sums over warp executions, so that runs merge by adding;
// the fractions the cost model uses are derived here. Plain C++17: no
// LLVM, no CUDA, no exceptions, so that the plugin, the runtime's
// collector and divopt-profdata share it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILEDATA_H
#define DIVOPT_PROFILE_PROFILEDATA_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace divopt::profile {

/// Every counter: 64 bits, saturating (a profile of a very long run keeps
/// its largest value rather than wrap).
using Count = std::uint64_t;
Count addCounts(Count A, Count B);

/// Where a branch or loop is in the source: from the compile's debug
/// locations, empty without -g/-gline-tables-only. For people and the
/// report; records are matched by their index, not by their location.
struct SourceLocation {
  std::string File;
  unsigned Line = 0, Column = 0;

  bool empty() const { return File.empty() && Line == 0 && Column == 0; }
  /// "k.cu:12:7".
  std::string str() const;
  bool operator==(const SourceLocation &O) const {
    return std::tie(File, Line, Column) == std::tie(O.File, O.Line, O.Column);
  }
  bool operator!=(const SourceLocation &O) const { return !(*this == O); }
};

struct Dim3 {
  std::uint32_t X = 1, Y = 1, Z = 1;

  std::uint64_t size() const { return std::uint64_t(X) * Y * Z; }
  bool operator<(const Dim3 &O) const {
    return std::tie(X, Y, Z) < std::tie(O.X, O.Y, O.Z);
  }
  bool operator==(const Dim3 &O) const {
    return std::tie(X, Y, Z) == std::tie(O.X, O.Y, O.Z);
  }
};

/// One launch configuration of a kernel, as the program asked for it, and
/// the device it ran on.
struct LaunchConfig {
  Dim3 Grid, Block;
  /// Dynamic shared memory per block, in bytes.
  std::uint64_t SharedBytes = 0;
  /// Multiprocessors of the device the launches ran on; 0: unknown (a
  /// profile written before the collectors recorded it). Part of the
  /// identity: one grid on two devices fills their SMs differently, so it
  /// is two records.
  std::uint32_t SMs = 0;

  bool operator<(const LaunchConfig &O) const {
    return std::tie(Grid, Block, SharedBytes, SMs) <
           std::tie(O.Grid, O.Block, O.SharedBytes, O.SMs);
  }
  bool operator==(const LaunchConfig &O) const {
    return Grid == O.Grid && Block == O.Block && SharedBytes == O.SharedBytes &&
           SMs == O.SMs;
  }
};

/// The launches of one kernel (by its device name, as the program launched
/// it: the original name of a split kernel).
struct KernelLaunches {
  std::map<LaunchConfig, Count> Configs;

  Count getTotal() const;
  /// Launches per block size in threads, what occupancy depends on.
  std::map<std::uint64_t, Count> getBlockSizes() const;
  /// The block size most launches used (the larger of equals); none
  /// without launches.
  std::optional<std::uint64_t> getMostFrequentBlockSize() const;
  /// Thread blocks per SM that the launches of BlockThreads threads per
  /// block supplied: of those configurations whose SM count is known, the
  /// one most launches used (the larger grid of equals), its blocks over
  /// its SMs (132 blocks on 132 SMs: 1.0; 66: 0.5). Occupancy says how
  /// many blocks an SM can hold; a grid smaller than that leaves SMs with
  /// fewer resident warps than occupancy allows, and fewer warps hide less
  /// latency, which changes what removing divergence gains. None when no
  /// configuration of that block size has a known SM count.
  std::optional<double> getGridBlocksPerSM(std::uint64_t BlockThreads) const;

  bool operator==(const KernelLaunches &O) const {
    return Configs == O.Configs;
  }
};

/// One way of a branch: the branch's distinct successors in successor
/// order (a `br`'s way 0 is its true successor, a switch's way 0 its
/// default), as analysis/ProfileIdentity.h numbers them.
struct WayCounts {
  /// Lanes that took the way, over all warp executions.
  Count Lanes = 0;
  /// Warp executions in which at least one lane took the way.
  Count Warps = 0;
  /// Warp executions in which every active lane took the way (all-then,
  /// all-else).
  Count Uniform = 0;

  bool operator==(const WayCounts &O) const {
    return Lanes == O.Lanes && Warps == O.Warps && Uniform == O.Uniform;
  }
};

/// A conditional branch or a switch.
struct BranchRecord {
  SourceLocation Loc;
  /// Warp executions: times a warp ran the branch with any lane active.
  Count Executions = 0;
  /// Warp executions whose active lanes took two ways or more.
  Count Divergent = 0;
  std::vector<WayCounts> Ways;
  /// For a branch inside a loop: pairs of consecutive iterations of its
  /// innermost loop (one lane, one entry into the loop) in which the lane
  /// ran the branch both times, and of those, the pairs whose ways
  /// differed. Zero outside loops.
  Count DirectionPairs = 0, DirectionChanges = 0;

  /// Lanes that ran the branch: the sum over the ways.
  Count getActiveLanes() const;
  /// Fractions of the warp executions; none without executions.
  std::optional<double> getDivergentFraction() const;
  std::optional<double> getUniformFraction(unsigned Way) const;
  /// Warp executions in which some lane took Way: for kernel splitting, the
  /// share of warps that run the part of Way.
  std::optional<double> getWarpShare(unsigned Way) const;
  /// Lanes that took Way, of the active lanes: the per-lane probability
  /// (for kernel splitting, the share of threads).
  std::optional<double> getLaneShare(unsigned Way) const;
  /// Active lanes per warp execution.
  std::optional<double> getMeanActiveLanes() const;
  /// DirectionChanges / DirectionPairs; none without pairs.
  std::optional<double> getDirectionChangeRate() const;

  bool operator==(const BranchRecord &O) const;
};

/// A natural loop: one with a divergent branch in its body (iteration
/// delaying), or one of unknown trips in a way kernel-split may split (its
/// trips weigh the way).
struct LoopRecord {
  SourceLocation Loc;
  /// Warp executions of the loop: a warp's active lanes entering it from
  /// outside, counted once per warp and entry.
  Count Entries = 0;
  /// Lanes that entered, over all entries.
  Count Lanes = 0;
  /// Times a warp ran the loop's header: per entry, the largest iteration
  /// count of its lanes.
  Count Trips = 0;
  /// Times a lane ran the loop's header, over all lanes.
  Count Iterations = 0;
  /// Per entry, the largest minus the smallest iteration count of the
  /// lanes that entered: the sum, the smallest and the largest over the
  /// entries (all zero without entries).
  Count SpreadSum = 0, SpreadMin = 0, SpreadMax = 0;

  std::optional<double> getLanesPerEntry() const;
  std::optional<double> getTripsPerEntry() const;
  std::optional<double> getIterationsPerLane() const;
  std::optional<double> getMeanSpread() const;

  bool operator==(const LoopRecord &O) const;
};

/// A function's records, by the index analysis/ProfileIdentity.h gives each
/// branch and loop.
struct FunctionRecord {
  std::map<unsigned, BranchRecord> Branches;
  std::map<unsigned, LoopRecord> Loops;
  /// The counts come from one thread block in Sample, a fixed subset of
  /// every launch's blocks (docs/PROFILE-FORMAT.md, "Sampling"); 1: all.
  Count Sample = 1;

  bool operator==(const FunctionRecord &O) const {
    return Branches == O.Branches && Loops == O.Loops && Sample == O.Sample;
  }
};

/// A function as the profile knows it: its symbol name and the hash of its
/// control flow when it was profiled. Two keys of one name are two
/// versions of the function (or two translation units' static functions).
struct FunctionKey {
  std::string Name;
  std::uint64_t CfgHash = 0;

  bool operator<(const FunctionKey &O) const {
    return std::tie(Name, CfgHash) < std::tie(O.Name, O.CfgHash);
  }
  bool operator==(const FunctionKey &O) const {
    return Name == O.Name && CfgHash == O.CfgHash;
  }
};

/// What a lookup by the compiled function's name and hash found.
enum class RecordMatch {
  /// A record of this name and hash.
  Found,
  /// Records of this name, none of this hash: the function changed since
  /// it was profiled; its records do not apply.
  Stale,
  /// Nothing of this name: not profiled (or never run).
  Missing,
};

struct FunctionLookup {
  RecordMatch Match = RecordMatch::Missing;
  const FunctionRecord *Record = nullptr;
  /// For Stale: the hashes the profile has for the name.
  std::vector<std::uint64_t> ProfiledHashes;
};

struct Profile {
  /// Program runs merged into this profile.
  Count Runs = 0;
  /// Launches per kernel name. Independent of the code's version: a
  /// kernel whose control flow changed still launches as it did.
  std::map<std::string, KernelLaunches> Launches;
  std::map<FunctionKey, FunctionRecord> Functions;

  FunctionLookup lookup(const std::string &Name, std::uint64_t CfgHash) const;
  const KernelLaunches *getLaunches(const std::string &Kernel) const;

  bool operator==(const Profile &O) const {
    return Runs == O.Runs && Launches == O.Launches && Functions == O.Functions;
  }
};

/// The invariants docs/PROFILE-FORMAT.md states for a record (e.g. every
/// warp execution is divergent or uniform on exactly one way); Why says
/// which one fails. The reader applies them to every record it reads and
/// the collector may apply them before it writes.
bool checkBranch(const BranchRecord &B, std::string &Why);
bool checkLoop(const LoopRecord &L, std::string &Why);
bool checkLaunch(const LaunchConfig &C, std::string &Why);

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILEDATA_H
