//===- RotatedAdvance.h - Loop advance, pre-code rotated --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The code generation of loop advance (iter-delay<advance>) on a two-way
// branch. Where DelayedLoop's general form runs the code before the branch
// (pre) at the top of a trip for the lanes whose last trip ran, and keeps a
// pending flag, the pre-values carried apart from the state, and the
// loop-out values of waiting lanes in PHIs of their own, this form runs the
// next iteration's pre right after an iteration ends, as the original loop
// does (its latch goes straight to the header), so every lane that reaches
// a trip's top already has its condition:
//
//   pre (the original blocks, now the first iteration's only)
//   delay.header: state, pre-values, turn; run = (c == turn)
//                 br run, delay.dispatch, delay.wait
//   delay.dispatch: br c, Then, Else
//   Then/Else, Join ... Latch: br exits, delay.latch, pre.rot
//   pre.rot:      a copy of pre for the next iteration; br delay.latch
//   delay.latch:  state and pre-values advance where the lane ran and goes
//                 on, else stay; br exits, delay.exit, delay.header
//
// Each lane runs each iteration's pre, arm and post once, in order, exactly
// where the original loop would; no lane's progress depends on
// another's, and no lane waits more than one trip; every lane meets in
// delay.latch each trip and leaves from there; no PHI gets a value no lane
// defined (poison or a zero on paths that never read it: see getUnreadValue in
// DelayedLoop.cpp), except a value of the arms or post used after the loop that
// is not the next iteration's state.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ROTATEDADVANCE_H
#define DIVOPT_PASSES_ROTATEDADVANCE_H

namespace divopt {

struct DelayShape;

/// Most instructions of the code before the branch that the rotated form
/// copies (it runs once per iteration either way; the copy is code size).
constexpr unsigned MaxRotatedPreInsts = 64;

/// Whether S's loop can take the rotated form: a conditional branch with
/// no folded guard, and code before it without an inner loop and of at
/// most MaxRotatedPreInsts instructions.
bool canRotateAdvance(const DelayShape &S);

/// Rewrites the loop in place; canRotateAdvance(S) must hold.
void rotateAdvance(const DelayShape &S);

} // namespace divopt

#endif // DIVOPT_PASSES_ROTATEDADVANCE_H
