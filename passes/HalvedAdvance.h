//===- HalvedAdvance.h - Loop advance, one half per arm ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The leanest code generation of loop advance (iter-delay<advance>) on a
// two-way branch: the rotated form (RotatedAdvance.h) unrolled by two with
// its turn folded, so that a trip runs the then-half and then the
// else-half, and each half holds its arm, a copy of the code after the
// branch (post), the exit test and a copy of the next iteration's pre:
//
//   pre (the original blocks, now the first iteration's only)
//   delay.header: state, pre-values
//                 br c, Then, delay.half2
//   Then, Join ... Latch (post): br exits, delay.half2, pre.h1
//   pre.h1:       the next iteration's pre; br delay.half2
//   delay.half2:  state, pre-values, exited after half 1
//                 br c, delay.latch, Else
//   Else, Join.h2 ... Latch.h2: br exits, delay.latch, pre.h2
//   pre.h2:       the next iteration's pre; br delay.latch
//   delay.latch:  state, pre-values, exited; br exited, delay.exit,
//                 delay.header
//
// A lane whose pending iteration takes the then-way runs it in half 1; if
// its next one takes the else-way it runs that in half 2 of the same
// trip. A lane that left in half 1 keeps the condition it ran with (true)
// and skips half 2. So every lane in the loop runs one or two iterations a
// trip, each iteration's pre, arm and post once, in order, exactly where
// the original loop would; no lane waits on another, and there is no turn
// and no vote. Each arm sits in one block with its post, the exit test and
// the next draw (when pre is straight-line code), so ptxas schedules the
// bookkeeping into the arm's dependent chains, as in a hand-written
// advance. No PHI gets a value no lane defined except a value of the post
// used after the loop that is not the next iteration's state (zero where
// no lane reads it: getUnreadValue in DelayedLoop.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_HALVEDADVANCE_H
#define DIVOPT_PASSES_HALVEDADVANCE_H

namespace divopt {

struct DelayShape;

/// Default for -divopt-advance-halves-max-insts: most instructions of the
/// code before and after the branch together that the two-halves form
/// copies. It runs pre three times in the code (the first iteration's and
/// one per half) and post twice, where the rotated form has pre twice and
/// post once: the extra copies are code size, not issue slots.
constexpr unsigned MaxHalvedCopyInsts = 64;

/// Whether S's loop can take the two-halves form: a conditional branch
/// with no folded guard, code before and after it without an inner loop,
/// of at most -divopt-advance-halves-max-insts instructions together.
bool canHalveAdvance(const DelayShape &S);

/// Whether the two-halves form of S runs each half's copy of the next
/// iteration's pre for every lane of the half, before the exit test
/// (-divopt-advance-variant speculate-pre or speculate-flag, and a pre of
/// one block that neither touches memory nor may trap); otherwise the copy
/// runs behind the exit branch, only for the lanes that go on.
bool speculatesHalvedPre(const DelayShape &S);

/// Rewrites the loop in place; canHalveAdvance(S) must hold.
void halveAdvance(const DelayShape &S);

} // namespace divopt

#endif // DIVOPT_PASSES_HALVEDADVANCE_H
