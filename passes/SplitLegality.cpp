//===- SplitLegality.cpp - When one kernel per arm is the same kernel -----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SplitLegality.h"
#include "BranchLocations.h"
#include "analysis/DivergentBranch.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace divopt {

/// Load/store pairs alias analysis is asked about, at most (quadratic).
static constexpr unsigned MaxAliasQueries = 100000;

int SplitRegions::get(const BasicBlock *BB) const {
  auto It = Region.find(BB);
  return It == Region.end() ? Prologue : It->second;
}

/// The ways alone, without the code after the join. In the time of the
/// switch's cases, not of their square (a switch of 20,000 cases).
static SplitRegions getWays(const DivergentBranch &DB) {
  SplitRegions R;
  DenseMap<const BasicBlock *, SmallVector<const ArmRegion *, 1>> ArmsAt;
  for (const ArmRegion &A : DB.Arms)
    ArmsAt[A.Entry].push_back(&A);
  SmallPtrSet<const BasicBlock *, 4> Seen;
  for (const BasicBlock *Succ : successors(DB.Term)) {
    if (!Seen.insert(Succ).second)
      continue;
    auto &Way = R.Ways.emplace_back();
    for (const ArmRegion *A : ArmsAt.lookup(Succ))
      Way.append(A->Blocks.begin(), A->Blocks.end());
  }
  for (auto [I, Way] : enumerate(R.Ways))
    for (const BasicBlock *BB : Way)
      R.Region.try_emplace(BB, I);
  return R;
}

SplitRegions getSplitRegions(const DivergentBranch &DB) {
  SplitRegions R = getWays(DB);
  if (DB.Join)
    for (const BasicBlock *BB : depth_first(DB.Join))
      R.AfterJoin.push_back(BB);
  for (const BasicBlock *BB : R.AfterJoin)
    R.Region.try_emplace(BB, SplitRegions::Epilogue);
  return R;
}

StringRef getCalleeName(const CallBase &CB) {
  if (const Function *Callee = CB.getCalledFunction())
    return Callee->getName();
  // CUDA's __half arithmetic is inline asm (cuda_fp16.h), convergent.
  if (CB.isInlineAsm())
    return "inline asm";
  return "an indirect callee";
}

namespace {

SplitRefusal refuse(StringRef Name, const Twine &Why) {
  return {Name, Why.str()};
}

bool isSharedMemory(const Value *V) {
  auto *PT = dyn_cast<PointerType>(V->getType());
  return PT && PT->getAddressSpace() == 3;
}

/// Intrinsics that touch no memory a thread of another part could see.
/// Special-register reads (clock, SM id) are modelled as touching
/// inaccessible memory; they are harmless in an arm, and the condition's
/// sources are checked apart (findUnstableSource).
bool isHarmlessIntrinsic(const IntrinsicInst &II) {
  return II.isAssumeLikeIntrinsic() || II.isLifetimeStartOrEnd() ||
         II.getCalledFunction()->getName().starts_with(
             "llvm.nvvm.read.ptx.sreg.") ||
         (!II.mayReadFromMemory() && !II.mayWriteToMemory() &&
          !II.mayHaveSideEffects());
}

std::optional<SplitRefusal> checkInstruction(const Instruction &I) {
  for (const Value *Op : I.operands())
    if (isSharedMemory(Op))
      return refuse("SharedMemory",
                    "it uses shared memory, through which threads of "
                    "different parts could exchange data");
  if (isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst>(I))
    return refuse("Atomic", "it holds atomics or fences: splitting changes "
                            "the order between threads they see");
  if ((isa<LoadInst>(I) && cast<LoadInst>(I).isVolatile()) ||
      (isa<StoreInst>(I) && cast<StoreInst>(I).isVolatile()))
    return refuse("Volatile", "it holds volatile memory accesses");
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return std::nullopt;
  if (CB->isConvergent() || isBarrier(I))
    return refuse("Convergent", "it holds a convergent operation (" +
                                    getCalleeName(*CB) +
                                    "), which each part would run on a "
                                    "subset of the threads");
  if (CB->isInlineAsm())
    return refuse("Call", "it holds inline assembly");
  const auto *II = dyn_cast<IntrinsicInst>(CB);
  if (!II)
    return refuse("Call", "it calls " + getCalleeName(*CB) +
                              ", whose effects kernel-split does not check");
  if (!isHarmlessIntrinsic(*II))
    return refuse("Call", "it calls " + getCalleeName(*CB) +
                              ", which reads or writes memory");
  return std::nullopt;
}

/// Special registers that read the same in every launch of the grid.
bool isStableSpecialRegister(StringRef Name) {
  for (StringRef Prefix :
       {"llvm.nvvm.read.ptx.sreg.tid.", "llvm.nvvm.read.ptx.sreg.ntid.",
        "llvm.nvvm.read.ptx.sreg.ctaid.", "llvm.nvvm.read.ptx.sreg.nctaid.",
        "llvm.nvvm.read.ptx.sreg.laneid", "llvm.nvvm.read.ptx.sreg.warpsize"})
    if (Name.starts_with(Prefix))
      return true;
  return false;
}

/// The first value a condition (or the control flow before the branch)
/// depends on that may differ between the parts' launches.
const Instruction *findUnstableSource(ArrayRef<const Value *> Roots) {
  SmallSetVector<const Value *, 32> Work(Roots.begin(), Roots.end());
  for (unsigned I = 0; I < Work.size(); ++I) {
    const auto *Inst = dyn_cast<Instruction>(Work[I]);
    if (!Inst)
      continue; // Arguments and constants.
    if (const auto *II = dyn_cast<IntrinsicInst>(Inst)) {
      StringRef Name = II->getCalledFunction()->getName();
      if (Name.starts_with("llvm.nvvm.read.ptx.sreg.") &&
          !isStableSpecialRegister(Name))
        return Inst;
    }
    // Loads are checked against every store by the caller.
    for (const Value *Op : Inst->operands())
      Work.insert(Op);
  }
  return nullptr;
}

/// I by its source line, else by its IR without metadata.
std::string describe(const Instruction &I) {
  if (std::string Named = describeInstruction(I); !Named.empty())
    return Named;
  std::string S;
  raw_string_ostream OS(S);
  I.print(OS);
  static const Regex Metadata(", ![A-Za-z._]+ ![0-9]+");
  std::string Text = StringRef(S).trim().str();
  while (Metadata.match(Text))
    Text = Metadata.sub("", Text);
  return Text;
}

/// Loads of region A may not read what stores of region B write, unless
/// both are the same arm or both the epilogue: a thread reads its own
/// writes there in program order, in the original and in its part alike.
bool mayConflict(int LoadRegion, int StoreRegion) {
  return LoadRegion == SplitRegions::Prologue || LoadRegion != StoreRegion;
}

} // namespace

std::optional<SplitRefusal> checkKernelSplittable(const Function &F) {
  // With separate compilation (-fgpu-rdc), the linker may take another
  // definition of a weak or linkonce kernel: the launch plan would then
  // launch parts of this one for the other one's code.
  if (F.isInterposable())
    return refuse("Interposable",
                  Twine("the kernel's ") +
                      (F.hasWeakAnyLinkage()       ? "weak"
                       : F.hasLinkOnceAnyLinkage() ? "linkonce"
                       : F.hasCommonLinkage()      ? "common"
                                                   : "interposable") +
                      " linkage lets another definition replace it at link "
                      "time, but not its parts");
  for (const Instruction &I : instructions(F))
    if (std::optional<SplitRefusal> R = checkInstruction(I))
      return R;
  return std::nullopt;
}

std::optional<SplitRefusal> checkBranchOnce(const DivergentBranch &DB,
                                            const CycleInfo &CI) {
  if (DB.Kind == BranchKind::LoopExit || DB.L || CI.getCycle(DB.getBlock()))
    return refuse("InLoop", "the branch is inside a loop, so a thread "
                            "reaches it more than once");
  return std::nullopt;
}

/// The ways' shape: the code after the join never changes a way block's
/// region (the first way that holds a block has it).
static std::optional<SplitRefusal> checkWays(const SplitRegions &R) {
  if (R.Ways.size() < 2)
    return refuse("Shape", "the branch has a single way");
  for (auto [I, Way] : enumerate(R.Ways))
    for (const BasicBlock *B : Way)
      if (R.get(B) != int(I))
        return refuse("Shape", "its arms share blocks");
  return std::nullopt;
}

static SplitRefusal refusePrologueWrite(const Instruction &Store) {
  return SplitRefusal("PrologueWrites", [&Store] {
    return "code that every part would run writes memory (" + describe(Store) +
           ")";
  });
}

/// Whether From is known to reach BB: it dominates BB, or every way from it
/// to the end runs through a dominator of BB (one of the nearest few),
/// which reaches BB. False says only that this did not show it.
static bool reachesBranch(const BasicBlock *From, const BasicBlock *BB,
                          const DominatorTree &DT,
                          const PostDominatorTree &PDT) {
  if (DT.dominates(From, BB))
    return true;
  const DomTreeNode *D = DT.getNode(BB);
  for (unsigned Step = 0; D && Step < 64; D = D->getIDom(), ++Step)
    if (PDT.dominates(D->getBlock(), From))
      return true;
  return false;
}

static SplitRefusal refuseCommunicate(int LoadRegion, const Instruction &L,
                                      const Instruction &S) {
  return SplitRefusal("Communicate", [LoadRegion, &L, &S] {
    return (Twine(LoadRegion == SplitRegions::Prologue
                      ? "the code before the branch"
                  : LoadRegion == SplitRegions::Epilogue
                      ? "the code after the join"
                      : "an arm") +
            " may read what another part writes (" + describe(L) +
            " may alias " + describe(S) + ")")
        .str();
  });
}

KernelAccesses::KernelAccesses(const Function &F) {
  SmallVector<const Value *, 8> Conditions;
  for (const BasicBlock &B : F) {
    if (const Value *C = getBranchCondition(*B.getTerminator()))
      Conditions.push_back(C);
    for (const Instruction &I : B) {
      if (const auto *L = dyn_cast<LoadInst>(&I))
        Loads.push_back(L);
      if (const auto *S = dyn_cast<StoreInst>(&I))
        Stores.push_back(S);
    }
  }
  AnyUnstableCondition = findUnstableSource(Conditions) != nullptr;
}

bool KernelAccesses::mayAlias(const LoadInst &L, const StoreInst &S,
                              AAResults &AA) {
  auto [It, New] = Aliases.try_emplace({&L, &S}, false);
  if (New)
    It->second =
        !AA.isNoAlias(MemoryLocation::get(&L), MemoryLocation::get(&S));
  return It->second;
}

/// Whether From is known to be reached from Join: Join dominates it, or
/// every way from Join to the end runs through it.
static bool reachedFromJoin(const BasicBlock *From, const BasicBlock *Join,
                            const DominatorTree &DT,
                            const PostDominatorTree &PDT) {
  return Join && (DT.dominates(Join, From) || PDT.dominates(From, Join));
}

std::optional<SplitRefusal> findRefusalBeforeJoin(const DivergentBranch &DB,
                                                  KernelAccesses &K,
                                                  const DominatorTree &DT,
                                                  const PostDominatorTree &PDT,
                                                  AAResults &AA) {
  SplitRegions R = getWays(DB);
  if (std::optional<SplitRefusal> Why = checkWays(R))
    return Why;
  const BasicBlock *BB = DB.getBlock();
  // The region of a block where it shows without the walk; Unknown where it
  // does not. A block that reaches the branch runs before it (the code
  // after the join does not reach it, or the branch would be in a cycle);
  // one the join reaches runs after it.
  constexpr int Unknown = -3;
  auto Region = [&](const BasicBlock *B) {
    if (auto It = R.Region.find(B); It != R.Region.end())
      return It->second;
    if (!DT.isReachableFromEntry(B))
      return Unknown;
    if (reachesBranch(B, BB, DT, PDT))
      return SplitRegions::Prologue;
    if (reachedFromJoin(B, DB.Join, DT, PDT))
      return SplitRegions::Epilogue;
    return Unknown;
  };
  // checkBranchSplittable's checks in its order, each only where every
  // region it reads is known.
  SmallVector<int, 16> StoreRegions;
  for (const StoreInst *S : K.Stores) {
    int SR = Region(S->getParent());
    if (SR == Unknown)
      return std::nullopt;
    if (SR == SplitRegions::Prologue)
      return refusePrologueWrite(*S);
    StoreRegions.push_back(SR);
  }
  // The conditions before the branch are among the kernel's.
  if (K.AnyUnstableCondition)
    return std::nullopt;
  if (uint64_t(K.Loads.size()) * K.Stores.size() > MaxAliasQueries)
    return refuse("TooLarge", Twine(K.Loads.size()) + " loads and " +
                                  Twine(K.Stores.size()) +
                                  " stores are too many to check");
  for (const LoadInst *L : K.Loads) {
    int LR = Region(L->getParent());
    if (LR == Unknown)
      return std::nullopt;
    for (auto [S, SR] : zip(K.Stores, StoreRegions))
      if (mayConflict(LR, SR) && K.mayAlias(*L, *S, AA))
        return refuseCommunicate(LR, *L, *S);
  }
  return std::nullopt;
}

std::optional<SplitRefusal> checkBranchSplittable(const DivergentBranch &DB,
                                                  const SplitRegions &R,
                                                  const CycleInfo &CI,
                                                  AAResults &AA) {
  const BasicBlock *BB = DB.getBlock();
  if (std::optional<SplitRefusal> Why = checkBranchOnce(DB, CI))
    return Why;
  if (std::optional<SplitRefusal> Why = checkWays(R))
    return Why;

  SmallVector<const Value *, 8> Conditions;
  SmallVector<const Instruction *, 16> Loads, Stores;
  const Function &F = *BB->getParent();
  for (const BasicBlock &B : F) {
    int Region = R.get(&B);
    if (Region == SplitRegions::Prologue) {
      if (const Value *C = getBranchCondition(*B.getTerminator()))
        Conditions.push_back(C);
    }
    for (const Instruction &I : B) {
      if (isa<LoadInst>(I))
        Loads.push_back(&I);
      if (!isa<StoreInst>(I))
        continue;
      if (Region == SplitRegions::Prologue)
        return refusePrologueWrite(I);
      Stores.push_back(&I);
    }
  }
  if (const Instruction *Src = findUnstableSource(Conditions))
    return SplitRefusal("Condition", [Src] {
      return "the control flow up to the branch depends on " + describe(*Src) +
             ", which may differ between the parts";
    });
  if (uint64_t(Loads.size()) * Stores.size() > MaxAliasQueries)
    return refuse("TooLarge", Twine(Loads.size()) + " loads and " +
                                  Twine(Stores.size()) +
                                  " stores are too many to check");
  for (const Instruction *L : Loads)
    for (const Instruction *S : Stores) {
      int LR = R.get(L->getParent()), SR = R.get(S->getParent());
      if (!mayConflict(LR, SR) ||
          AA.isNoAlias(MemoryLocation::get(L), MemoryLocation::get(S)))
        continue;
      return refuseCommunicate(LR, *L, *S);
    }
  return std::nullopt;
}

} // namespace divopt
