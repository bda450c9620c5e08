//===- ProfileUse.h - The measured facts the cost model reads ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Profile use (-divopt-profile-use=FILE): the divergence profile
// (docs/PROFILE-FORMAT.md) is read once per module (DivergenceProfileAnalysis)
// and each function's records are found through the identity stamped into
// the IR before the first transform (ProfileIdentity.h). The transforms ask
// a FunctionProfile for a branch's or loop's record and hand the measured
// facts to the cost model in place of its assumptions: warp outcomes
// instead of independent lanes, the direction-change rate, trips per
// entry, the block size launches used. A branch without a record has no
// data (not zero executions): it keeps today's rules, as a function the
// profile does not know (Missing) or knows in another version (Stale).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_PROFILEUSE_H
#define DIVOPT_ANALYSIS_PROFILEUSE_H

#include "CostModel.h"
#include "profile/ProfileData.h"

#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class Loop;
} // namespace llvm

namespace divopt {

/// The profile file -divopt-profile-use names; empty without one.
const std::string &getProfileUsePath();

/// The profile of a module: none, read, or the reason it could not be.
struct DivergenceProfile {
  /// The file, empty when profile use is off.
  std::string Path;
  std::shared_ptr<const profile::Profile> Data;
  /// "<file>:<line>: <what is wrong>" for an unreadable or malformed file.
  std::string Error;

  /// Read from a file, not from the IR: nothing invalidates it.
  bool invalidate(llvm::Module &, const llvm::PreservedAnalyses &,
                  llvm::ModuleAnalysisManager::Invalidator &) {
    return false;
  }
};

class DivergenceProfileAnalysis
    : public llvm::AnalysisInfoMixin<DivergenceProfileAnalysis> {
  friend llvm::AnalysisInfoMixin<DivergenceProfileAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = DivergenceProfile;
  /// Reads getProfileUsePath(), once per module.
  Result run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

/// One function's measured facts: its records where the profile has them
/// for this version of the function (Found), none otherwise.
class FunctionProfile {
public:
  FunctionProfile() = default;
  FunctionProfile(const llvm::Function &F, const DivergenceProfile *DP);

  /// Whether the profile has records of this function.
  bool hasRecords() const { return Record; }
  /// The record of a stamped branch or switch, when it ran at all.
  const profile::BranchRecord *getBranch(const llvm::Instruction &Term) const;
  /// The record of a stamped loop, when it was entered at all.
  const profile::LoopRecord *getLoop(const llvm::Loop &L) const;
  /// Trips per warp entry of a stamped loop that was entered: the header
  /// runs of the entry's longest-running lane, on average (for the loops
  /// of a kernel-split candidate's ways, kernel-split's weights).
  std::optional<double> getTripsPerEntry(const llvm::Loop &L) const;
  /// The block size most launches of the kernel used.
  std::optional<unsigned> getBlockSize() const;
  /// Blocks per SM of the kernel's most frequent grid at that block size,
  /// where its launch records name the device's SM count.
  std::optional<double> getGridBlocksPerSM(unsigned BlockThreads) const;

  /// Gives Term, a branch the profile never saw, record R, derived from
  /// one it did (getSwitchWayRecord). Term carries the record's index as
  /// metadata (DerivedRecordKind), so that copies of Term (a trial on a
  /// clone of the function) find it too; getBranch returns it where it ran.
  void derive(llvm::Instruction &Term, profile::BranchRecord R);
  /// Forgets the derived records, and takes their metadata off F.
  void clearDerived(llvm::Function &F);

private:
  const profile::FunctionRecord *Record = nullptr;
  const profile::KernelLaunches *Launches = nullptr;
  std::vector<profile::BranchRecord> Derived;
};

/// The record of a two-way branch that a switch's lowering made
/// (SwitchChain.h), from the switch's record Sw: its first way is the
/// switch's way Then, its second the ways in Later (indices of
/// getProfileWays); the warps it sees are those with a lane in either (the
/// switch's warp executions but those that took only Earlier ways, all
/// lanes alike). A warp of the switch that took Then and diverged is taken
/// to have diverged here, too: where the switch never diverged, neither
/// does the branch.
profile::BranchRecord getSwitchWayRecord(const profile::BranchRecord &Sw,
                                         unsigned Then,
                                         llvm::ArrayRef<unsigned> Later,
                                         llvm::ArrayRef<unsigned> Earlier);

/// F's facts, from the module's profile when a pass before computed it (the
/// pipeline and the divopt-profile-use pass do).
FunctionProfile getFunctionProfile(llvm::Function &F,
                                   llvm::FunctionAnalysisManager &FAM);
FunctionProfile getFunctionProfile(llvm::Function &F,
                                   llvm::ModuleAnalysisManager &MAM);

/// F's target, at the block size the profile measured if it has one, and
/// with the grid its launches used at that size (Target::GridBlocksPerSM)
/// where they name the device's SM count.
Target getProfiledTarget(const KernelInfo &KI, const FunctionProfile &FP);

/// A branch's measured warp outcomes: diverged, all-then, all-else, as
/// fractions of its warp executions.
WarpOutcomes getMeasuredOutcomes(const profile::BranchRecord &B);

/// The outcomes the cost model uses for a two-way branch: measured where
/// the profile has a record, else from its per-lane probability with
/// independent lanes (WarpOutcomes::get).
WarpOutcomes getWarpOutcomes(const llvm::BranchInst &Br,
                             const FunctionProfile &FP);

/// The share of the warps that run Head which go on to run BB, a block Head
/// dominates, by the measured ways of the branches between them: each
/// branch on BB's dominator path (Head's own excluded) whose successor that
/// only it enters leads to BB counts the share of its warp executions in
/// which some lane took that way. A branch without a record counts 1: a
/// rarely-taken slow path (a math function's huge-argument reduction, an
/// error path) costs a warp nothing where the profile saw no warp take it.
double getProfiledReach(const llvm::BasicBlock &BB,
                        const llvm::BasicBlock &Head,
                        const llvm::DominatorTree &DT,
                        const FunctionProfile &FP);

/// What a remark says came from the profile: "diverged in 48% of 2048 warp
/// executions, all-then 30%, all-else 22%, then-lanes 51%" (and the
/// direction-change rate for a branch in a loop).
std::string describeMeasured(const profile::BranchRecord &B);
/// "64.0 trips per entry, 48.8 iterations per lane, spread 30.0".
std::string describeMeasured(const profile::LoopRecord &L);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_PROFILEUSE_H
