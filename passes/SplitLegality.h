//===- SplitLegality.h - When one kernel per arm is the same kernel -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernel splitting runs a kernel once per way of a divergent branch; in the
// part for one way, a thread whose condition picks another way returns at
// the branch. Each thread then does its arm's work (and what follows the
// branch) in exactly one part, and runs the code before the branch, the
// shared prologue, in every part. That is the original kernel only if
//  - the prologue writes no memory and computes the same values and the
//    same control flow in every part: its loads read memory the kernel
//    never writes, and the condition uses kernel arguments, thread and
//    block indices and such loads only (no clock, SM id, atomics, calls);
//  - threads of different ways do not communicate: no barriers or other
//    convergent operations, no shared memory, no atomics (they would see
//    another order between threads), no arm reading what another way
//    writes;
//  - each thread reaches the branch at most once (it is in no cycle).
// Aliasing is decided by alias analysis: pointer arguments that may
// overlap (no __restrict__) are taken to overlap.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SPLITLEGALITY_H
#define DIVOPT_PASSES_SPLITLEGALITY_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/CycleInfo.h"

#include <functional>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class CallBase;
class DominatorTree;
class Function;
class Instruction;
class LoadInst;
class PostDominatorTree;
class StoreInst;
} // namespace llvm

namespace divopt {

struct DivergentBranch;

/// What a remark calls CB's callee: its name, "inline asm" or "an indirect
/// callee".
llvm::StringRef getCalleeName(const llvm::CallBase &CB);

/// Why a kernel or a branch cannot be split: a remark name and a reason,
/// written when read. A reason that names an instruction prints it, which
/// numbers the whole function's values: refusing each of a kernel's
/// hundreds of branches that way cost more than all the checks, for
/// remarks nobody asked for.
struct SplitRefusal {
  SplitRefusal(llvm::StringRef Name, std::string Reason)
      : Name(Name), Write([R = std::move(Reason)] { return R; }) {}
  SplitRefusal(llvm::StringRef Name, std::function<std::string()> Write)
      : Name(Name), Write(std::move(Write)) {}
  std::string reason() const { return Write(); }

  llvm::StringRef Name;

private:
  std::function<std::string()> Write;
};

/// Where a block runs once the kernel is split: in every part (prologue),
/// in one way's arm, or after the join (epilogue, in the part of the
/// thread's way).
struct SplitRegions {
  static constexpr int Prologue = -1, Epilogue = -2;
  /// Region of BB: Prologue, Epilogue, or the index of its way (the first
  /// way that holds it).
  int get(const llvm::BasicBlock *BB) const;

  llvm::SmallVector<llvm::SmallVector<const llvm::BasicBlock *, 8>, 2> Ways;
  llvm::SmallVector<const llvm::BasicBlock *, 8> AfterJoin;
  /// Ways and AfterJoin by block: legality and costs ask for every block
  /// of the kernel.
  llvm::DenseMap<const llvm::BasicBlock *, int> Region;
};

/// The ways of a branch are its distinct successors other than its join,
/// plus the join itself when some successor goes straight there.
SplitRegions getSplitRegions(const DivergentBranch &DB);

/// What forbids splitting F at any branch: convergent operations, calls,
/// inline assembly, atomics, volatile accesses, shared memory, memory
/// intrinsics.
std::optional<SplitRefusal> checkKernelSplittable(const llvm::Function &F);

/// Whether DB runs more than once per thread (it is in a loop or a cycle):
/// then no split at it is legal, and its regions need not be found.
std::optional<SplitRefusal> checkBranchOnce(const DivergentBranch &DB,
                                            const llvm::CycleInfo &CI);

/// What every branch of one kernel shares in the legality checks, found
/// once: the kernel's loads and stores in its order, whether any of its
/// conditions depends on what may differ between launches, and the alias
/// answers asked so far.
class KernelAccesses {
public:
  explicit KernelAccesses(const llvm::Function &F);
  bool mayAlias(const llvm::LoadInst &L, const llvm::StoreInst &S,
                llvm::AAResults &AA);

  llvm::SmallVector<const llvm::LoadInst *, 16> Loads;
  llvm::SmallVector<const llvm::StoreInst *, 16> Stores;
  bool AnyUnstableCondition = false;

private:
  llvm::DenseMap<std::pair<const llvm::LoadInst *, const llvm::StoreInst *>,
                 bool>
      Aliases;
};

/// What checkBranchSplittable refuses DB for, where that shows without
/// walking the code after the join (the rest of the kernel): the shape of
/// its ways, or a store, condition or load whose region shows in the
/// dominator trees (a block that reaches the branch runs before it, one
/// the join reaches after it). None says only that the walk is needed. DB
/// passed checkBranchOnce.
std::optional<SplitRefusal>
findRefusalBeforeJoin(const DivergentBranch &DB, KernelAccesses &K,
                      const llvm::DominatorTree &DT,
                      const llvm::PostDominatorTree &PDT, llvm::AAResults &AA);

/// What forbids splitting F at DB (F passed checkKernelSplittable).
std::optional<SplitRefusal> checkBranchSplittable(const DivergentBranch &DB,
                                                  const SplitRegions &R,
                                                  const llvm::CycleInfo &CI,
                                                  llvm::AAResults &AA);

} // namespace divopt

#endif // DIVOPT_PASSES_SPLITLEGALITY_H
