//===- RegisterPressure.h - Live 32-bit registers in NVVM IR ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// NVPTX's TTI offers no register classes DivOpt can use, so register demand
// is estimated from SSA liveness: at every program point, the values that
// are live, counted in 32-bit registers (a 64-bit value counts two, a
// vector its total width; predicates (i1) live in a separate file and do
// not count; constants are immediates; a kernel's arguments stay in the
// parameter bank; addresses used only by loads, stores and atomics, the
// 64-bit widenings of their indices and constants added to those, are
// computed next to those accesses and hold no register in between, but
// addresses off one base whose indices differ by constants share a 64-bit
// base register, and any other address with a variable index that a later
// block uses, a loop-invariant one above all, holds its own). Each block is
// counted as ptxas schedules it: its loads sunk to their first uses, then
// hoisted to the block's top to hide their latency as far as the registers left
// in the occupancy step of sm_90 allow, with the loads of the small guarded
// arms after it where it is part of a chain of guards ptxas if-converts. At a
// call to a function that stays a call, what the caller keeps live across it
// adds to the callee's own registers (ptxas counts a kernel's whole call tree);
// at an operation ptxas expands into a subroutine (IEEE division and square
// root, 64-bit division) the subroutine's temporaries add to what is live
// around it. ptxas's "Used N registers" tracks the maximum, capped by the
// launch bounds; scripts/register-corpus.py checks the estimate against it on a
// corpus of 786 kernels (test/cost-model/register-estimate.test,
// bench/results/2026-11-26-register-model.md).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_REGISTERPRESSURE_H
#define DIVOPT_ANALYSIS_REGISTERPRESSURE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class BasicBlock;
class Function;
class Type;
class Value;
} // namespace llvm

namespace divopt {

/// 32-bit registers a value of type T occupies (0 for i1, void, labels).
unsigned getRegisterUnits(const llvm::Type *T);

struct RegisterPressure {
  /// Maximum over the function of the live 32-bit registers.
  unsigned MaxLive = 0;
  /// Maximum over the given blocks only (0 when none were given).
  unsigned RegionMaxLive = 0;
  /// The most registers ptxas may give the function: the architecture's
  /// per-thread limit, lowered by "nvvm.maxnreg" and by launch bounds
  /// (maxntid threads, times minctasm blocks, must fit the register file).
  unsigned Limit = 255;
};

/// Live-register maximum of F, and of the blocks of Region within it.
RegisterPressure
computeRegisterPressure(const llvm::Function &F,
                        llvm::ArrayRef<const llvm::BasicBlock *> Region = {});

/// Each block's live maximum, its calls' registers included: where a
/// function's maximum comes from (print<divopt-cost>).
llvm::DenseMap<const llvm::BasicBlock *, unsigned>
getBlockMaxLive(const llvm::Function &F);

/// The register count ptxas is predicted to report: the live maximum plus
/// the registers every kernel keeps for itself (stated, calibrated against
/// ptxas -v on the bench kernels).
unsigned estimateRegisters(const RegisterPressure &RP);

/// The live values beyond the most registers ptxas may give (RP.Limit),
/// which it keeps in local memory instead.
unsigned estimateSpilledRegisters(const RegisterPressure &RP);

/// The registers F is estimated to need: estimateRegisters(
/// computeRegisterPressure(F)). *Spilled, when given, gets the values
/// spilled (estimateSpilledRegisters).
unsigned estimateFunctionRegisters(const llvm::Function &F,
                                   unsigned *Spilled = nullptr);

/// The registers ptxas gives F in exact mode (-divopt-registers=ptxas,
/// PtxasRegisters.h) where its count can be had, else the estimate.
/// *Spilled likewise (ptxas's spill stores). Transforms ask for it where a
/// decision hinges on registers (decisionHingesOnRegisters, CostModel.h).
unsigned getFunctionRegisters(const llvm::Function &F,
                              unsigned *Spilled = nullptr);

/// Whether incremental results (FunctionPressure::update, branch
/// distribution's candidates between melds, kernel splitting's parts copied
/// block by block) are checked against a recomputation
/// (-divopt-verify-incremental, for tests).
bool verifyIncremental();

/// How many registers the estimate may overstate ptxas's count by: it
/// overstated by more on a quarter of the register corpus
/// (bench/results/2026-11-25-register-model.md); since the estimate sinks
/// and hoists loads as ptxas does, on less than a quarter (its 75th
/// percentile is 2, 2026-11-26-register-model.md), and 4 stays as the
/// cautious side.
constexpr unsigned RegisterEstimateMargin = 4;

/// How far the estimate is from ptxas's count either way on 90% of the
/// register corpus (11 before 2026-11-26, 8 since): decisions that do not
/// change within it are not counted exactly (decisionHingesOnRegisters,
/// CostModel.h).
constexpr unsigned RegisterEstimateSpread = 11;

/// RegisterEstimateMargin where counts are estimates, 0 where they are
/// ptxas's own (-divopt-registers=ptxas). A decision whose gain comes from
/// a kernel's registers alone (kernel splitting) must hold with the kernel
/// at its count less this margin too.
unsigned getRegisterCountMargin();

/// The registers F would need after a rewrite: Rewrite runs on a copy of F
/// (VMap maps F's values to the copy's), the copy is measured (estimated,
/// or with Exact counted as getFunctionRegisters does) and erased.
/// Transforms try themselves this way before deciding.
unsigned estimateRegistersAfter(
    llvm::Function &F,
    llvm::function_ref<void(llvm::Function &Copy, llvm::ValueToValueMapTy &)>
        Rewrite,
    unsigned *Spilled = nullptr, bool Exact = false);

/// As estimateRegistersAfter, but where Rewrite returns false (it refused
/// on the copy, and nothing reads the copy's registers) the copy is erased
/// unmeasured, and the result is none.
std::optional<unsigned> estimateRegistersAfterIf(
    llvm::Function &F,
    llvm::function_ref<bool(llvm::Function &Copy, llvm::ValueToValueMapTy &)>
        Rewrite,
    unsigned *Spilled = nullptr, bool Exact = false);

// Incremental estimates: a transform that rewrites one region of a function
// measures the region alone, against the rest of the function measured
// once, so that trying every candidate of a function costs its size once,
// not once per candidate.

/// Values live out of each block.
using LiveOutMap = llvm::DenseMap<const llvm::BasicBlock *,
                                  llvm::SmallVector<const llvm::Value *, 8>>;

class RegisterModel;
class RegionRewrite;

/// The live maximum of each block of F, computed once; valid while F is not
/// changed (blocks added to it are measured by getAddedRegionMaxLive), or
/// while each change rewrites one region and update() takes it in.
class FunctionPressure {
public:
  explicit FunctionPressure(const llvm::Function &F);
  FunctionPressure(FunctionPressure &&);
  ~FunctionPressure();
  /// As computeRegisterPressure(F).MaxLive.
  unsigned getMaxLive() const { return MaxLive; }
  /// As estimateFunctionRegisters(F).
  unsigned getRegisters() const;
  /// What update() needs of the region from Head to Join (Join excluded),
  /// single-entry at Head and single-exit to Join, before it is rewritten
  /// in place.
  RegionRewrite beginRewrite(const llvm::BasicBlock &Head,
                             const llvm::BasicBlock &Join) const;
  /// Takes in the rewrite of RW's region, done since beginRewrite: the
  /// region's liveness and live maxima are found again, the rest of the
  /// function's kept where the rewrite cannot have changed them (the
  /// values live into the region and which values outside it hold
  /// registers are the same). False where that does not hold: then this
  /// object no longer describes F, and the caller measures F again. With
  /// -divopt-verify-incremental, a kept result is checked against a
  /// measure of the whole function (a fatal error where they differ).
  bool update(const RegionRewrite &RW);
  /// The maximum over F's blocks but those of Region, in Region's time.
  unsigned getMaxLiveOutside(
      const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Region) const;
  /// The values live out of BB (none for a block F did not have).
  llvm::ArrayRef<const llvm::Value *>
  getLiveOut(const llvm::BasicBlock *BB) const;
  /// computeRegionMaxLive(Blocks, ExitLiveOut) where Added are all the
  /// blocks F gained since it was measured, none of them reachable from
  /// its entry (a trial copy), and Blocks are among them: the same number,
  /// in the time of Added rather than of F.
  unsigned
  getAddedRegionMaxLive(llvm::ArrayRef<const llvm::BasicBlock *> Blocks,
                        const LiveOutMap &ExitLiveOut,
                        llvm::ArrayRef<const llvm::BasicBlock *> Added) const;

private:
  /// Differences from a measure of the whole function, for
  /// -divopt-verify-incremental; empty when there are none.
  std::string diff(const FunctionPressure &Fresh) const;

  const llvm::Function *F = nullptr;
  /// Which of F's values hold registers.
  std::unique_ptr<RegisterModel> Model;
  /// Each block's live maximum, highest first.
  llvm::SmallVector<std::pair<const llvm::BasicBlock *, unsigned>, 32> ByMax;
  LiveOutMap LiveOut, LiveIn;
  /// Units of loads of later blocks in flight in each block of a chain of
  /// if-converted guards, and of later iterations in a loop ptxas pipelines
  /// (RegisterPressure.cpp, getInFlightLoads).
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> InFlight;
  unsigned MaxLive = 0;
};

/// A region of a function as it was before a rewrite in place, recorded by
/// FunctionPressure::beginRewrite. Holds pointers to what the rewrite may
/// erase: they are compared, never followed.
class RegionRewrite {
  friend class FunctionPressure;
  const llvm::BasicBlock *Head = nullptr, *Join = nullptr;
  /// The region's blocks and instructions (Head's included).
  llvm::SmallVector<const llvm::BasicBlock *, 16> Blocks;
  llvm::SmallVector<const llvm::Instruction *, 64> Insts;
  /// The address families (base pointer, index root) of the region's
  /// GEPs, and of those of them that fold (RegisterModel).
  llvm::SmallVector<std::pair<const llvm::Value *, const llvm::Instruction *>,
                    8>
      Families, FoldedFamilies;
  /// Head's instructions, which the rewrite keeps, and which of them held
  /// no register of their own (folded into their users).
  llvm::SmallPtrSet<const llvm::Instruction *, 32> HeadInsts, HeadFolded;
  /// Instructions outside the region that its code or Join's PHIs read.
  llvm::SmallVector<const llvm::Value *, 32> OutsideOperands;
  /// The values live into Head.
  llvm::SmallVector<const llvm::Value *, 32> LiveIntoHead;
  unsigned NumHeadPhis = 0;
};

/// The live maximum over Blocks, a region of a function: liveness flows
/// along edges between Blocks only; a block of ExitLiveOut has those values
/// live out besides (what the rest of the function reads after it). Which
/// values hold registers is decided over the whole function, as it is now.
unsigned computeRegionMaxLive(llvm::ArrayRef<const llvm::BasicBlock *> Blocks,
                              const LiveOutMap &ExitLiveOut);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_REGISTERPRESSURE_H
