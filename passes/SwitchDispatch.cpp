//===- SwitchDispatch.cpp - Divergent switches without jump tables --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SwitchDispatch.h"
#include "BranchLocations.h"
#include "SwitchChain.h"
#include "SwitchCompareTree.h"
#include "TransformCounter.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/KernelInfo.h"
#include "analysis/ProfileUse.h"
#include "analysis/WarpIndexTest.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <limits>

using namespace llvm;

#define DEBUG_TYPE "divopt-switch-dispatch"

STATISTIC(NumFunctions, "Functions marked no-jump-tables");
STATISTIC(NumSwitches, "Divergent switches dispatched by compares");
STATISTIC(NumLowered, "Divergent switches lowered to compares in IR");

namespace divopt {

/// SelectionDAG's defaults: -min-jump-table-entries, -jump-table-density.
static constexpr unsigned MinJumpTableEntries = 4, JumpTableDensity = 10;

bool wouldUseJumpTable(const SwitchInst &Sw) {
  unsigned N = Sw.getNumCases();
  if (N < MinJumpTableEntries)
    return false;
  APInt Min = Sw.case_begin()->getCaseValue()->getValue(), Max = Min;
  SmallPtrSet<const BasicBlock *, 8> Dests{Sw.getDefaultDest()};
  for (const auto &C : Sw.cases()) {
    const APInt &V = C.getCaseValue()->getValue();
    if (V.slt(Min))
      Min = V;
    if (V.sgt(Max))
      Max = V;
    Dests.insert(C.getCaseSuccessor());
  }
  // The range in 65 bits: Max - Min of i64 values may not fit in 64.
  APInt Range =
      Max.sext(Max.getBitWidth() + 1) - Min.sext(Min.getBitWidth() + 1);
  if (Range.getActiveBits() > 32)
    return false;
  uint64_t Width = Range.getZExtValue() + 1;
  if (uint64_t(N) * 100 < Width * JumpTableDensity)
    return false;
  return Dests.size() > 3 || Width > 64;
}

/// The most instructions a way may hold for compares to dispatch its
/// switch even where the warp's lanes agree.
static constexpr unsigned MaxSmallWayInstructions = 8;

/// Whether an instruction touches memory or calls anything but a pure
/// intrinsic (fminf, sqrtf, fabsf are fine): a way holding one is not small.
static bool touchesMemoryOrCalls(const Instruction &I) {
  if (I.mayReadOrWriteMemory() || I.mayHaveSideEffects())
    return true;
  const auto *CB = dyn_cast<CallBase>(&I);
  return CB && !isa<IntrinsicInst>(CB);
}

/// The most instructions of their own a divergent switch's ways may hold
/// at the median for compares to dispatch it: over larger ways a jump
/// table's indirect branch costs less, even where lanes disagree (0.95x
/// and 0.97x by compares over ways of 16-24 and 32-48 instructions on an
/// H100, 1.20x over 8-12: bench/results/2026-11-27-h100-dispatch-sweep.md,
/// 2026-11-27-h100-fabs-modifiers.md). The bound is the middle of the gap
/// between 12 and 16.
static constexpr unsigned MaxDivergentMedianWayInstructions = 14;

namespace {
/// What a way of a switch holds of its own.
struct WayShape {
  unsigned Instructions = 0;
  /// An instruction touches memory or calls a function.
  bool TouchesMemory = false;
  /// A loop runs its instructions many times; then Instructions counts
  /// only those before it was found.
  bool HoldsLoop = false;
};
} // namespace

/// The way Sw's block enters at Dest: the blocks reachable from Dest that
/// only the way enters (a block that another way, or code before the
/// switch, also enters is where the way ends). Nothing where Dest is such
/// a block itself (a case that goes straight to the join, or to a tail the
/// ways share).
static WayShape measureWay(const BasicBlock *Head, const BasicBlock *Dest,
                           const LoopInfo &LI) {
  WayShape Way;
  if (Dest->getUniquePredecessor() != Head)
    return Way;
  const Loop *Outer = LI.getLoopFor(Head);
  SmallPtrSet<const BasicBlock *, 8> InWay{Dest};
  SmallVector<const BasicBlock *, 8> Work{Dest};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    // A way that leaves the switch's loop (an interpreter's halt) ends
    // there: what runs after the loop is no dispatch's.
    if (Outer && !Outer->contains(BB))
      continue;
    if (LI.getLoopFor(BB) != Outer) {
      Way.HoldsLoop = true;
      return Way;
    }
    for (const Instruction &I : *BB) {
      if (I.isTerminator() || isa<PHINode>(I) || I.isDebugOrPseudoInst())
        continue;
      ++Way.Instructions;
      Way.TouchesMemory |= touchesMemoryOrCalls(I);
    }
    for (const BasicBlock *S : successors(BB)) {
      if (InWay.contains(S))
        continue;
      // A loop that only the way enters is the way's: its latch enters
      // its header too, so the header never joins the way below.
      const Loop *L = LI.getLoopFor(S);
      if (L && L != Outer && L->getHeader() == S && !L->contains(Head) &&
          all_of(predecessors(S), [&](const BasicBlock *P) {
            return InWay.contains(P) || L->contains(P);
          })) {
        Way.HoldsLoop = true;
        return Way;
      }
      // A block joins the way once every block that enters it is the way's.
      if (all_of(predecessors(S),
                 [&](const BasicBlock *P) { return InWay.contains(P); })) {
        InWay.insert(S);
        Work.push_back(S);
      }
    }
  }
  return Way;
}

/// The ways of Sw that hold code (an unreachable default is none).
static SmallVector<WayShape, 8> measureWays(const SwitchInst &Sw,
                                            const LoopInfo &LI) {
  SmallVector<WayShape, 8> Ways;
  SmallPtrSet<const BasicBlock *, 8> Seen;
  for (const BasicBlock *Dest : successors(Sw.getParent())) {
    if (!Seen.insert(Dest).second ||
        (Dest == Sw.getDefaultDest() && isUnreachableDefault(Sw)))
      continue;
    WayShape Way = measureWay(Sw.getParent(), Dest, LI);
    if (Way.Instructions || Way.HoldsLoop)
      Ways.push_back(Way);
  }
  return Ways;
}

bool hasSmallWays(const SwitchInst &Sw, const LoopInfo &LI) {
  SmallVector<WayShape, 8> Ways = measureWays(Sw, LI);
  return !Ways.empty() && all_of(Ways, [](const WayShape &W) {
    return !W.HoldsLoop && !W.TouchesMemory &&
           W.Instructions <= MaxSmallWayInstructions;
  });
}

std::optional<unsigned> getMedianWayInstructions(const SwitchInst &Sw,
                                                 const LoopInfo &LI) {
  SmallVector<unsigned, 8> Sizes;
  for (const WayShape &W : measureWays(Sw, LI))
    Sizes.push_back(W.HoldsLoop ? std::numeric_limits<unsigned>::max()
                                : W.Instructions);
  if (Sizes.empty())
    return std::nullopt;
  llvm::sort(Sizes);
  // The lower median: of two middle ways, the smaller.
  return Sizes[(Sizes.size() - 1) / 2];
}

namespace {

/// A profiled switch that diverged in fewer of its warp executions counts
/// as uniform.
constexpr double MinDivergentShare = 0.05;

/// A switch a jump table would serve, and whether its lanes disagree.
struct Candidate {
  explicit Candidate(SwitchInst *Sw) : Sw(Sw) {}

  SwitchInst *Sw;
  bool Divergent = false;
  /// The profile's share of divergent warp executions, where it has one.
  std::optional<double> Measured;
  /// Divergent to the compiler, but its condition reads the thread's
  /// index only through its warp (WarpIndexTest.h).
  bool WarpIndex = false;
  /// Divergent to the compiler, uniform by the profile or a test of the
  /// warp, and of small ways: dispatched by compares all the same.
  bool SmallWays = false;
  /// Divergent, but of ways too large for compares to pay: the median
  /// way's instructions.
  std::optional<unsigned> LargeWays;
};

std::string describeMeasured(const Candidate &C) {
  if (C.WarpIndex)
    return "its condition reads the thread's index only through its warp; ";
  if (!C.Measured)
    return "";
  std::string S;
  raw_string_ostream(S) << "from the profile: diverged in "
                        << format("%.0f%%", *C.Measured * 100)
                        << " of its warp executions; ";
  return S;
}

} // namespace

PreservedAnalyses SwitchDispatchPass::run(Function &F,
                                          FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || !isNVPTXModule(*F.getParent()) ||
      F.getFnAttribute("no-jump-tables").getValueAsBool())
    return PreservedAnalyses::all();
  // The switches a jump table would serve; most functions have none, and
  // need no divergence analysis.
  SmallVector<Candidate, 4> Candidates;
  for (BasicBlock &BB : F)
    if (auto *Sw = dyn_cast<SwitchInst>(BB.getTerminator()))
      if (wouldUseJumpTable(*Sw))
        Candidates.emplace_back(Sw);
  if (Candidates.empty())
    return PreservedAnalyses::all();
  const DivergenceInfo &DI = FAM.getResult<DivergenceAnalysis>(F);
  SmallPtrSet<const Instruction *, 8> DivergentTerms;
  for (const DivergentBranch &B : DI.branches())
    DivergentTerms.insert(B.Term);
  FunctionProfile Prof = getFunctionProfile(F, FAM);
  for (Candidate &C : Candidates) {
    C.Divergent = DivergentTerms.contains(C.Sw);
    if (const profile::BranchRecord *R = Prof.getBranch(*C.Sw))
      C.Measured = R->getDivergentFraction();
    else
      // A switch on the thread's warp, `op[threadIdx.x / 32]`: its warps
      // take one way each, as a profile would find.
      C.WarpIndex = C.Divergent && isWarpIndexTest(C.Sw->getCondition(), DI);
    // Where a warp's lanes agree, a jump table on a value each lane holds
    // for itself is still slower than compares over small ways
    // (1.28x-1.32x on an H100, bench/results/2026-11-27-h100-blend.md);
    // over ways that load and store, it is the quicker (the stack machine
    // 0.736x by compares, ptxas then keeping its stack in local memory
    // rather than registers).
    bool WarpsAgree =
        C.WarpIndex || (C.Measured && *C.Measured < MinDivergentShare);
    if (WarpsAgree && C.Divergent) {
      C.SmallWays = hasSmallWays(*C.Sw, FAM.getResult<LoopAnalysis>(F));
      C.Divergent = C.SmallWays;
    }
    if (C.Divergent && !C.SmallWays) {
      std::optional<unsigned> Median =
          getMedianWayInstructions(*C.Sw, FAM.getResult<LoopAnalysis>(F));
      if (Median && *Median > MaxDivergentMedianWayInstructions) {
        C.LargeWays = Median;
        C.Divergent = false;
      }
    }
  }
  // A switch that keeps its jump table: no-jump-tables, the function's,
  // would take it away.
  auto Uniform =
      find_if(Candidates, [](const Candidate &C) { return !C.Divergent; });
  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  auto Missed = [&](const Candidate &C, StringRef Name, const Twine &Why) {
    emitLocated(ORE, [&] {
      return remarkAt<OptimizationRemarkMissed>(DEBUG_TYPE, Name, *C.Sw)
             << "divergent switch keeps its jump table: " << describeMeasured(C)
             << Why.str();
    });
  };
  // Divergent switches that keep their jump tables say why.
  for (const Candidate &C : Candidates)
    if (C.LargeWays)
      Missed(C, "LargeWays",
             (*C.LargeWays == std::numeric_limits<unsigned>::max()
                  ? Twine("its median way holds a loop")
                  : "its ways hold a median of " + Twine(*C.LargeWays) +
                        " instructions (more than " +
                        Twine(MaxDivergentMedianWayInstructions) + ")") +
                 ": over ways this large, compares cost more than the jump "
                 "table's indirect branch even where lanes disagree");
    else if (!C.Divergent && (C.Measured || C.WarpIndex) &&
             DivergentTerms.contains(C.Sw))
      Missed(C, "Uniform",
             (C.WarpIndex
                  ? Twine("")
                  : "under " + Twine(std::lround(MinDivergentShare * 100)) +
                        "%, ") +
                 "its warps take one way each, which a jump table "
                 "reaches in one branch (its ways are not all of at most " +
                 Twine(MaxSmallWayInstructions) +
                 " instructions touching no memory and holding no loop, "
                 "which compares dispatch faster all the same)");
  if (none_of(Candidates, [](const Candidate &C) { return C.Divergent; }))
    return PreservedAnalyses::all();
  if (!shouldApplyTransform()) {
    for (const Candidate &C : Candidates)
      if (C.Divergent)
        Missed(C, "DebugCounter", TransformCounterRefusal);
    return PreservedAnalyses::all();
  }
  // Where another switch keeps its jump table, no-jump-tables would take
  // it away: the divergent switches are lowered to compares in IR.
  std::string Keeper;
  if (Uniform != Candidates.end()) {
    unsigned Line = getRemarkLocation(*Uniform->Sw).getLine();
    Keeper = std::string("the function also holds a switch ") +
             (Uniform->LargeWays ? "of large ways"
                                 : "whose warps take one way each") +
             (Line ? " (line " + std::to_string(Line) + ")" : "") +
             ", which keeps its jump table";
  }
  for (const Candidate &C : Candidates) {
    if (!C.Divergent)
      continue;
    ++NumSwitches;
    // The remark before the switch goes: it is where the remark points.
    std::string Why =
        describeMeasured(C) +
        (C.SmallWays
             ? "its ways are of at most " +
                   std::to_string(MaxSmallWayInstructions) +
                   " instructions touching no memory, which compares "
                   "dispatch faster than a jump table on a value each lane "
                   "holds, even where the lanes agree"
             : std::string("a warp whose lanes take different ways runs a "
                           "jump table's indirect branch (brx.idx) slowly"));
    std::string How = "the function is marked no-jump-tables";
    if (!Keeper.empty())
      How = "lowered to a tree of compares in IR, as " + Keeper;
    emitLocated(ORE, [&] {
      return remarkAt<OptimizationRemark>(DEBUG_TYPE, "Compares", *C.Sw)
             << "divergent switch of " << std::to_string(C.Sw->getNumCases())
             << " cases dispatched by compares, not a jump table: " << Why
             << "; " << How;
    });
    if (!Keeper.empty()) {
      lowerToCompareTree(*C.Sw);
      ++NumLowered;
    }
  }
  if (!Keeper.empty())
    return PreservedAnalyses::none();
  F.addFnAttr("no-jump-tables", "true");
  ++NumFunctions;
  // An attribute for code generation: no IR, no analysis changes.
  return PreservedAnalyses::all();
}

} // namespace divopt
