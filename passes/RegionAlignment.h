//===- RegionAlignment.h - Give two arms the same control flow --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Melding arms of different control flow (DARM, CGO 2022). Each arm of a
// divergent branch, a single-entry single-exit region, is read as a
// sequence of instructions and sub-regions (an inner if/else, a loop):
//
//   then: a; b; if (p) {X} else {Y}; draw; sincosf(...)
//   else: c; draw; sincosf(...)
//
// and the two sequences are aligned (SequenceAlignment.h): instructions
// score as the melder scores them, sub-regions of the same shape score
// what their blocks' instructions would, anything else does not match. A
// sub-region without a partner gets, in the other arm, an empty copy of
// its control flow at the place the alignment puts it, whose branches
// always take the same way; the other arm's block there is split in two.
// The arms then have the same shape, and the arm melder melds them: the
// lone sub-region's code runs under the selected condition, every lane of
// the other arm skips it, and what both arms do after it (the draw, the
// sincosf with its own inner branches) melds.
//
// The empty copy's constant branches take the way to the block whose code
// best matches the other arm's instructions around the copy's place, if
// that beats where the alignment put them; those instructions then run
// there (`if (full) I--; else { ...; if (free) {...} else I--; }`: the
// short arm's `I--` melds with the long arm's). Blocks of the copy that
// its lanes never reach are the other arm's alone: the melder emits their
// code without a diamond.
//
// Only acyclic sub-regions get an empty copy (a loop's copy would need a
// way out that no constant gives in general); loops meld with loops of the
// same shape. Every thread still runs its own instructions, in order.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_REGIONALIGNMENT_H
#define DIVOPT_PASSES_REGIONALIGNMENT_H

#include "llvm/Support/Error.h"

namespace llvm {
class BasicBlock;
class BranchInst;
} // namespace llvm

namespace divopt {

/// Whether Branch's arms are single-entry, single-exit regions rejoining at
/// Join that alignment may reshape; changes nothing.
llvm::Error checkArmAlignment(llvm::BranchInst &Branch, llvm::BasicBlock *Join);

/// Reshapes the arms into the same control flow, inserting empty copies of
/// the sub-regions the alignment leaves unmatched; returns how many blocks
/// it added. Fails (having possibly changed the function: run it on a copy
/// first) when an arm cannot be read as a sequence or a lone sub-region
/// holds a loop.
llvm::Expected<unsigned> alignArms(llvm::BranchInst &Branch,
                                   llvm::BasicBlock *Join, unsigned CC);

} // namespace divopt

#endif // DIVOPT_PASSES_REGIONALIGNMENT_H
