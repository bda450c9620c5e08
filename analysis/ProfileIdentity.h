//===- ProfileIdentity.h - How a profile names branches ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The divergence profile (profile/ProfileData.h) names what it measured by
// a function's symbol name, a hash of the function's control flow, and
// within the function an index per conditional branch or switch and per
// loop. Instrumentation (which writes the records) and profile use (which
// reads them) compute both here, from the same IR: the device module after
// clang's -O1..-O3 pipeline, before any DivOpt transform.
//
//   - Order: the function's reachable blocks in depth-first preorder from
//     the entry, successors in successor order. Branch N is the N-th block
//     in that order whose terminator is a conditional `br` or a `switch`;
//     loop N is the loop whose header comes N-th among the headers.
//     Neither the blocks' layout, their names, nor the instructions inside
//     them matter, so an index stays put when unrelated code changes: other
//     functions, arithmetic, memory accesses, value names.
//   - The control-flow hash (xxh3, 64 bits) covers what the indices and the
//     ways depend on: per block in that order, the terminator's kind, its
//     successors' positions and a switch's case values. A record whose hash
//     differs from the compiled function's is stale: its function changed.
//   - Ways: a terminator's distinct successors in successor order (a `br`'s
//     way 0 is its true successor, a switch's way 0 its default), as
//     kernel-split and iter-delay number them.
//   - The debug location, when the compile has one, is recorded for the
//     report; it does not take part in matching (a comment added above a
//     kernel moves every line and changes nothing).
//
// Transforms change the control flow that the indices are computed from,
// so profile use computes them once, before DivOpt's first transform, and
// stamps them into the IR (stampProfileIdentity): metadata that clones
// (kernel-split's parts, trial copies) carry along, read back by
// getStampedBranch/getStampedLoop/getStampedFunction.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_PROFILEIDENTITY_H
#define DIVOPT_ANALYSIS_PROFILEIDENTITY_H

#include "profile/ProfileData.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class raw_ostream;
} // namespace llvm

namespace divopt {

/// A conditional branch or switch as the profile names it.
struct ProfiledBranch {
  llvm::Instruction *Term = nullptr;
  unsigned Index = 0;
  /// Term's distinct successors, in successor order.
  llvm::SmallVector<llvm::BasicBlock *, 2> Ways;
  profile::SourceLocation Loc;
};

/// A natural loop as the profile names it.
struct ProfiledLoop {
  llvm::Loop *L = nullptr;
  unsigned Index = 0;
  profile::SourceLocation Loc;
};

class ProfileIdentity {
public:
  /// The identities of F's branches and loops; LI is F's.
  ProfileIdentity(llvm::Function &F, const llvm::LoopInfo &LI);

  /// F's name and control-flow hash: the key of its profile records.
  const profile::FunctionKey &getKey() const { return Key; }
  std::uint64_t getCfgHash() const { return Key.CfgHash; }
  /// Blocks reachable from the entry: those the hash covers.
  unsigned getNumBlocks() const { return NumBlocks; }

  /// In index order.
  llvm::ArrayRef<ProfiledBranch> branches() const { return Branches; }
  llvm::ArrayRef<ProfiledLoop> loops() const { return Loops; }
  /// Null for a terminator or loop without an identity (unconditional,
  /// unreachable, or not of this function).
  const ProfiledBranch *getBranch(const llvm::Instruction *Term) const;
  const ProfiledLoop *getLoop(const llvm::Loop *L) const;

  /// Computed from the control flow alone: an analysis that preserves the
  /// CFG keeps it.
  bool invalidate(llvm::Function &F, const llvm::PreservedAnalyses &PA,
                  llvm::FunctionAnalysisManager::Invalidator &Inv);

private:
  profile::FunctionKey Key;
  unsigned NumBlocks = 0;
  std::vector<ProfiledBranch> Branches;
  std::vector<ProfiledLoop> Loops;
  llvm::DenseMap<const llvm::Instruction *, unsigned> BranchOf;
  llvm::DenseMap<const llvm::Loop *, unsigned> LoopOf;
};

/// A terminator's ways: its distinct successors, in successor order.
llvm::SmallVector<llvm::BasicBlock *, 2>
getProfileWays(const llvm::Instruction &Term);

/// The source location the profile records for an instruction or a loop:
/// empty without a debug location that names a file and line.
profile::SourceLocation getProfileLocation(const llvm::Instruction &I);
profile::SourceLocation getProfileLocation(const llvm::Loop &L);

class ProfileIdentityAnalysis
    : public llvm::AnalysisInfoMixin<ProfileIdentityAnalysis> {
  friend llvm::AnalysisInfoMixin<ProfileIdentityAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = ProfileIdentity;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// print<divopt-profile-id>: each function's key, branches and loops.
class ProfileIdentityPrinterPass
    : public llvm::PassInfoMixin<ProfileIdentityPrinterPass> {
public:
  explicit ProfileIdentityPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  llvm::raw_ostream &OS;
};

/// Metadata kinds of the stamps: on the function (its key:
/// !{!"name", i64 hash}), on a profiled terminator (!{i32 index, i32
/// ways}), on a loop header's terminator (!{i32 index}).
inline constexpr const char *ProfileFunctionMD = "divopt.profile.function";
inline constexpr const char *ProfileBranchMD = "divopt.profile.branch";
inline constexpr const char *ProfileLoopMD = "divopt.profile.loop";

/// Writes PI's key and indices into its function's IR. A function stamped
/// before keeps its stamps: the first identity is the profile's.
void stampProfileIdentity(llvm::Function &F, const ProfileIdentity &PI);
/// Removes every stamp from F.
void clearProfileStamps(llvm::Function &F);

/// The stamps, where present and well formed. A branch's stamp holds only
/// while the terminator has the number of ways it was stamped with: a
/// transform that merged or added successors made it another branch. (A
/// transform that swaps a branch's successors, as instcombine does when it
/// inverts a condition, is not seen: read stamps before such cleanups.)
std::optional<profile::FunctionKey> getStampedFunction(const llvm::Function &F);
std::optional<unsigned> getStampedBranch(const llvm::Instruction &Term);
std::optional<unsigned> getStampedLoop(const llvm::Loop &L);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_PROFILEIDENTITY_H
