//===- CostModel.h - One cost model for every DivOpt transform --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every transform describes the code before and after it as an Estimate
// (issue cost of what a warp executes, registers per thread) and asks
// decide() whether the predicted time ratio clears its threshold. The
// prediction, with its numbers, goes into the transform's remark whether
// the transform is taken or refused; no transform holds cost arithmetic
// of its own.
//
// Time model: a warp's time is its issue cost while enough warps are
// resident to hide latency. Where a transform measured the latency of the
// code's dependence chains (Estimate::Phases), the warps needed follow from
// Little's law, phase by phase; elsewhere, below OccupancyKnee of the SM's
// warps, time grows as occupancy falls (time ~ cost * knee / occupancy).
// The knee (50%) is a stated assumption, checked by the bench (kernel
// splitting lost 3-14% where the heavy arm allowed 50% occupancy).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_COSTMODEL_H
#define DIVOPT_ANALYSIS_COSTMODEL_H

#include "KernelInfo.h"
#include "LaunchShape.h"
#include "ModelInputs.h"
#include "analysis/model/Occupancy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
class BasicBlock;
class BranchInst;
class Loop;
class LoopInfo;
class ScalarEvolution;
class Function;
class Instruction;
} // namespace llvm

namespace divopt {

/// Compute capability assumed when the module names no target.
constexpr unsigned DefaultComputeCapability = 90;
/// Occupancy above which latency is taken as hidden.
constexpr double OccupancyKnee = 0.5;

/// Where the code runs: the target and the launch shape.
struct Target {
  unsigned ComputeCapability = DefaultComputeCapability;
  /// The block sizes the kernel may be launched with (LaunchShape.h).
  LaunchShape Shape;
  /// The block size occupancy() assumes: one of Shape's, its largest
  /// unless atBlockSize() chose another.
  unsigned BlockSize = 1024;
  GpuArch Arch;
  /// Blocks per SM the launch's grid supplies, where a profile's launch
  /// records (or -divopt-assume-grid-blocks-per-sm) say: a grid smaller than
  /// what occupancy allows leaves each SM its share of the blocks only, and
  /// nothing else hides their latency (the public N-Queens solver launches
  /// one 96-thread block per SM). None: a grid that fills every SM.
  std::optional<double> GridBlocksPerSM;
  /// Whether GridBlocksPerSM came from a profile (else from the option).
  bool GridFromProfile = false;

  /// The target of a kernel; ProfiledThreads is the block size a profile
  /// measured, when there is one (see LaunchShape::get).
  static Target get(const KernelInfo &KI,
                    std::optional<unsigned> ProfiledThreads = {});
  /// Occupancy of a kernel of Registers per thread at BlockSize, its
  /// resident blocks capped by GridBlocksPerSM (rounded up: the busiest SM
  /// sets the kernel's time).
  Occupancy occupancy(unsigned Registers) const;
  /// Whether GridBlocksPerSM leaves fewer blocks resident than occupancy
  /// would allow a kernel of Registers per thread.
  bool isGridBound(unsigned Registers) const;
  /// The same target at another block size of its shape.
  Target atBlockSize(unsigned Threads) const;
  /// "at 256 threads/block (reqntid) on sm_90", or for a range, "at 1024
  /// threads/block, the worst of 32-1024 threads/block (assumed: no launch
  /// bounds), on sm_90"; with a grid, "..., a grid of 1.00 blocks/SM
  /// (profile), on sm_90".
  void printLaunch(llvm::raw_ostream &OS) const;
};

/// The block size of T's shape at which Ratio is smallest: where nothing
/// fixes the block size, a transform must pay at every size the kernel may
/// be launched with. Sizes at which a kernel of RegistersBefore registers
/// cannot launch at all are not launch shapes and are skipped (unless no
/// size is left). Returns T at the worst size; *Worst is its ratio.
Target getWorstBlockSize(const Target &T, unsigned RegistersBefore,
                         llvm::function_ref<double(const Target &)> Ratio,
                         double *Worst = nullptr);

/// A stretch of code a warp runs, for the latency model: its issue cost
/// and the latency of its dependence chains (ChainLatency.h), both
/// weighted by how often a warp runs it.
struct Phase {
  double Cost = 0;
  double Latency = 0;

  Phase &operator+=(const Phase &O) {
    Cost += O.Cost;
    Latency += O.Latency;
    return *this;
  }
  /// The phase run W times (W: how often, a weight or a probability).
  Phase times(double W) const { return {W * Cost, W * Latency}; }
};

struct Estimate {
  Estimate() = default;
  Estimate(double Cost, unsigned Registers,
           llvm::SmallVector<Phase, 4> Phases = {})
      : Cost(Cost), Registers(Registers), Phases(std::move(Phases)) {}

  /// Issue cost a warp spends in the region (see InstructionCost.h).
  double Cost = 0;
  /// Registers per thread of the whole kernel.
  unsigned Registers = 0;
  /// Values beyond the most registers ptxas may give (getSpilledRegisters):
  /// each is stored and reloaded once per unit of Cost's work (a loop
  /// iteration, where the transform measures one), its reload's L1 latency
  /// hidden only by the warps resident.
  unsigned Spilled = 0;
  /// The phases a warp runs one after the other, where the transform
  /// measured their latency: predictTime then applies Little's law to each
  /// phase. Without phases it applies the occupancy knee to Cost.
  llvm::SmallVector<Phase, 4> Phases;
  /// Bytes a warp stores to global memory per unit of Cost's work
  /// (StoreTraffic.h), where the transform measured them: they drain at
  /// the SM's share of DRAM bandwidth however many warps are resident, a
  /// floor under the time (getStoreDrainTime).
  double StoreBytes = 0;
};

struct Decision {
  bool Profitable = false;
  /// Predicted time before / after (> 1 is a speedup), at the launch
  /// shape's worst block size.
  double Ratio = 0;
  /// Occupancies at that block size.
  double OccupancyBefore = 0, OccupancyAfter = 0;
  /// "cost 120.0 -> 64.0, registers 12 -> 14, occupancy 100% -> 100% at
  /// 256 threads/block (reqntid) on sm_90, predicted speedup 1.88x
  /// (threshold 1.05x)".
  std::string Explanation;
};

/// Predicted time of an estimate on a target, in issue-cost units (cycles
/// of one SM sub-partition). With phases, by Little's law: a phase of
/// issue cost C whose chains take L cycles needs L / C warps per
/// sub-partition to keep issuing; with W resident it takes max(C, L / W)
/// per warp. Without phases, Cost grows as occupancy falls below the knee.
double predictTime(const Estimate &E, const Target &T);

/// Resident warps per SM sub-partition of a kernel of E's registers on T,
/// at least 1 where any warp is resident: a scheduler's time is that of the
/// warps it holds, and with fewer warps than schedulers each holds one.
double getWarpsPerScheduler(const Estimate &E, const Target &T);

/// Cycles of a scheduler's time a warp's StoreBytes need to drain to DRAM,
/// at the SM's measured store bandwidth shared among its schedulers.
double getStoreDrainTime(const Estimate &E, const Target &T);

/// Warps per SM sub-partition at which phase I of E overlaps the others:
/// while one warp waits out phase I's latency, the other resident warps
/// issue the rest of their phases, so Phases[I].Latency is hidden once
/// (W - 1) * (issue cost of the other phases) covers it, W = 1 +
/// Latency / that cost (infinite where the other phases issue nothing).
/// Below it, the warps are taken to run the phases in step: a block's
/// warps start together and wait together. Measured on KERNEL-SPLIT (H200,
/// bench/results/2026-11-26-split-model.md): the original kernel whose
/// light arm (85182 cycles of dependent loads) sits next to a heavy arm of
/// 9600 issue slots runs in step at 8 warps a scheduler or fewer (H=40 to
/// 224: time = heavy issue + light latency / warps, within 6%) and
/// overlapped at 12 (H=28: 0.80 of the in-step time, at its issue cost);
/// here W = 1 + 85182 / 9630 = 9.8.
double getOverlapWarps(const Estimate &E, std::size_t I);

/// Whether phase I of E is latency-bound among its own warps on T, and
/// hidden by the other phases' issue (getOverlapWarps).
bool isOverlapped(const Estimate &E, std::size_t I, const Target &T);

Decision decide(const Estimate &Before, const Estimate &After, const Target &T,
                double Threshold);

/// The decimals to print a predicted speedup and its threshold with: two,
/// or three where two would show a ratio below the threshold (1.049x) as
/// the threshold itself (1.05x).
int getRatioDecimals(double Ratio, double Threshold);

/// In exact mode (-divopt-registers=ptxas): whether the decision between
/// estimates Before and After changes within the register estimate's
/// spread (RegisterEstimateSpread, RegisterPressure.h), Before's registers
/// lower and After's higher by it, or the other way round. Only then does
/// a transform count registers with ptxas, whose runs cost far more than
/// the estimate.
bool decisionHingesOnRegisters(const Estimate &Before, const Estimate &After,
                               const Target &T, double Threshold);

/// Cost a warp pays for the arms of a divergent two-way region whose lanes
/// take both ways: both arms serialize.
double divergentRegionCost(double ThenCost, double ElseCost);

/// Probability that a warp's lanes take both ways, only the then-way or only
/// the else-way of a branch taken with probability P per lane, lanes
/// independent.
struct WarpOutcomes {
  double Both, ThenOnly, ElseOnly;
  static WarpOutcomes get(double P);
};

// Branch probabilities, trip counts and the other inputs the code does not
// fix: ModelInputs.h.

/// A branch without !prof may take any probability: a transform whose gain
/// depends on it (iteration delaying) is taken only if no probability in
/// this range predicts a loss beyond MaxPredictedLoss.
inline constexpr double UnknownProbabilities[] = {0.05, 0.25, 0.5, 0.75, 0.95};
constexpr double MaxPredictedLoss = 0.98;

/// The smallest of Ratio(P) over UnknownProbabilities.
double worstCaseRatio(llvm::function_ref<double(double P)> Ratio);

/// Iteration delaying's vote strategies, as the cost model sees them.
/// Advance is loop advance: round robin 1:1 without a vote.
enum class DelayStrategy {
  Majority,
  RoundRobin,
  RoundRobinIdleRemoval,
  Advance
};

/// One loop iteration of a body `pre; if (c) then else; post`, as issue
/// costs of its parts.
struct LoopBodyCost {
  double Pre = 0, Then = 0, Else = 0, Post = 0;
  /// Per-lane probability of the then-way.
  double P = 0.5;
  /// Probability that a lane's next iteration takes the other way: a
  /// profile's measured change rate, or an assumption (ModelInputs.h);
  /// none: iterations independent, 2P(1-P).
  std::optional<double> Switch = std::nullopt;
  /// Measured by a profile (ProfileUse.h): the warp outcomes, in place of
  /// independent lanes of probability P.
  std::optional<WarpOutcomes> Outcomes = std::nullopt;
  /// Measured by a profile: the iterations a lane runs per loop entry. A
  /// delayed loop's warp runs until its slowest lane is done
  /// (getStragglerFactor).
  std::optional<double> LaneIterations = std::nullopt;
};

/// Expected issue cost per iteration, per warp, of the loop as it is (both
/// arms run whenever the warp's lanes disagree).
double costPerIteration(const LoopBodyCost &B);

/// Expected fraction of a warp's live lanes that advance per trip under a
/// strategy: one over the trips a lane needs per iteration (majority: the
/// larger side of the lanes' pending ways advances, the smaller keeps
/// waiting; round robin: a lane waits for its way's next turn of the
/// Ones:Zeros duty cycle). A lane that advanced draws its next way with
/// probability P of the then-way, or, where Switch is given, takes the
/// other way than its last with probability Switch.
double advancePerTrip(DelayStrategy S, double P, unsigned Ones = 1,
                      unsigned Zeros = 1,
                      std::optional<double> Switch = std::nullopt);

/// How much longer a delayed loop's warp runs than its lanes' mean, when
/// each of its 32 lanes runs Iterations iterations of TripsPerIteration
/// trips on average: the warp's trips are its slowest lane's, the mean
/// plus the expected largest of 32 normal deviates (2.04) times the
/// standard deviation of a lane's trips. An iteration takes one trip or
/// two under loop advance and 1:1 round robin (one where the lane's way
/// changes, two where it does not), the variance used for every strategy:
/// exact for those, the least there can be for the others, whose lanes may
/// wait longer (majority's simulated vote does not: its warps' trips are
/// within 0.2% of this factor at 64-2048 iterations, p = 0.5). 1 where
/// every iteration takes the same trips.
double getStragglerFactor(double TripsPerIteration, double Iterations);

/// Expected issue cost per iteration after iteration delaying: every trip
/// pays the vote overhead, the pre-branch code (some lane always needs a new
/// iteration), one arm and the post-branch code, and a lane needs
/// 1/advancePerTrip trips per iteration. An overhead below zero is code
/// before and after the branch hidden behind the arm, never more than
/// there is. With LaneIterations known, the warp pays its stragglers
/// (getStragglerFactor).
double costPerIterationDelayed(const LoopBodyCost &B, DelayStrategy S,
                               double OverheadPerTrip, unsigned Ones = 1,
                               unsigned Zeros = 1);

/// One loop iteration of a body `pre; switch (x) { ways }; post`.
struct SwitchBodyCost {
  double Pre = 0, Post = 0;
  /// Issue cost of each way's arm (0 for a way straight to the join).
  std::vector<double> Arms;
};

/// A switch without !prof: besides even ways, each way is tried as taken
/// by this share of the lanes.
constexpr double SkewedWayProbability = 0.85;

/// Expected issue cost per iteration of the loop as it is: every way some
/// lane of the warp takes runs (P: per-lane probability of each way).
double costPerIterationSwitch(const SwitchBodyCost &B,
                              llvm::ArrayRef<double> P);

/// Expected trips per iteration when the ways take one trip each in turn:
/// a lane that advanced at some turn waits for its next way's turn.
double switchTripsPerIteration(llvm::ArrayRef<double> P);

/// Expected issue cost per iteration after delaying the switch: every trip
/// pays the overhead, the pre- and post-branch code and one way's arm (the
/// ways in turn, so their mean), and a lane needs switchTripsPerIteration
/// trips per iteration. Majority and idle-trip removal skip ways no lane
/// wants: the estimate is on the safe side for them.
double costPerIterationSwitchDelayed(const SwitchBodyCost &B,
                                     llvm::ArrayRef<double> P,
                                     double OverheadPerTrip);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_COSTMODEL_H
