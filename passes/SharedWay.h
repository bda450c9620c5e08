//===- SharedWay.h - One copy of a split kernel's large way -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Kernel splitting keeps the original kernel whole (launches that bypass
// the launch plan run it) and adds one kernel per way: a way of N
// instructions is then compiled twice, in the kernel and in its part. For
// the heavy arm of a split, the arm that caps the kernel's occupancy and
// is often most of it, that doubles the back end's time (NVPTX code
// generation of split.cu: bench/results/2026-11-26-compile-time-cpu3.md).
// Before the parts are made, a way of at least
// -divopt-split-share-min-instructions instructions moves into a device
// function of its own (internal, noinline) that the kernel calls where the
// way was; the part of that way, copied from the kernel, calls it too. The
// part pays one call per thread; the way's registers are still the part's,
// since ptxas counts a kernel's registers over what it calls.
//
// The kernel's contractions are pinned first (ContractionPinning.h): a
// product and its sum on two sides of the call would no longer be fused.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SHAREDWAY_H
#define DIVOPT_PASSES_SHAREDWAY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace divopt {

/// Whether the blocks of one way of a split kernel are worth moving into a
/// device function and may be: enough instructions, one entry (a way no
/// other way enters), no return.
bool isShareableWay(llvm::ArrayRef<const llvm::BasicBlock *> Way);

/// Moves Way's blocks out of Kernel into a new internal, noinline device
/// function named Name, called where they were. Null, with Kernel
/// unchanged, where CodeExtractor refuses or where the function would
/// receive a local array or a by-value parameter as a generic pointer.
llvm::Function *shareWay(llvm::Function &Kernel,
                         llvm::ArrayRef<const llvm::BasicBlock *> Way,
                         const llvm::Twine &Name);

} // namespace divopt

#endif // DIVOPT_PASSES_SHAREDWAY_H
