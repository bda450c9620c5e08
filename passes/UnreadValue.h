//===- UnreadValue.h - What a PHI gets where no lane reads it ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The rewrites leave PHIs whose value some paths never read: a value of
// one arm where the lanes of the other arm arrive (branch distribution's
// one-sided PHIs, an aligned lone region's copy, a short-circuit chain's
// outcome block), a carried value of a delayed loop on entry, a loop-out
// value of a lane still waiting. LLVM allows poison there, and NVPTX then
// leaves the PHI's register unwritten on that path. ptxas -O3 computes
// wrong results from such code where every lane is right whatever defined
// value the register holds, and differently from run to run:
//   - fuzz seed 399, iteration delaying (right with zero, and under
//     ptxas -O0 and -O1: bench/results/2026-11-26-h200-fast-math-bisect.md);
//   - fuzz seed 1246, branch distribution's one-sided PHIs (bench/results/
//     2026-11-26-h200-fuzz-recheck2.md: the same, and the DivOpt PTX's
//     two runs differ from each other).
// So those paths get a defined value, at the cost of a move. Iteration
// delaying writes it where it builds the PHI. Branch distribution writes
// poison while it works, which tells the melder that the other side's
// value will do (no select), and defines what is left once it is done
// with the function (UnreadPhis); the input's own poison stays as it was.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_UNREADVALUE_H
#define DIVOPT_PASSES_UNREADVALUE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ValueHandle.h"

namespace llvm {
class Constant;
class Function;
class Type;
} // namespace llvm

namespace divopt {

/// The value a PHI gets on a path whose lanes never read it: zero.
llvm::Constant *getUnreadValue(llvm::Type *Ty);

/// The PHIs with a poison incoming value that a function has before a
/// rewrite; define() then gives every other PHI's poison incoming values a
/// defined one: the PHI is replaced by what it simplifies to or by a twin
/// PHI of its block, else each poison operand becomes the PHI itself on a
/// back edge, another incoming value available on that edge, or
/// getUnreadValue.
class UnreadPhis {
public:
  explicit UnreadPhis(llvm::Function &F);
  /// Returns how many incoming values it defined.
  unsigned define(llvm::Function &F) const;

private:
  llvm::SmallVector<llvm::WeakVH, 4> Input;
};

} // namespace divopt

#endif // DIVOPT_PASSES_UNREADVALUE_H
