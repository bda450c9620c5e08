//===- TripSampling.h - Counting a loop's trips in windows ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The divergence profile's counted blocks count every warp execution of a
// branch: a vote, a reduction and the leader's shared atomics, several
// times a short loop body (meld's N-Queens search: 4.78x the block's time
// on an H100, bench/results/2026-11-26-h100-profile-overhead-run9.md).
// Where a grid fills the SMs, the uncounted blocks hide that; where it
// runs in one wave, the counted block is the kernel's time. Trip sampling
// counts a top-level loop's trips TripWindow at a time, one window in
// every Period trips, so that the block pays the counting on about
// TripWindow / Period of them:
//
//   trip t of a warp's entry is counted where (t + phase) mod Period <
//   TripWindow, phase drawn once per entry from the clock and the warp,
//
// so every trip is counted with probability TripWindow / Period, whatever
// the lanes do in it, and a window's second trip pairs each lane's way
// with the first's (one pair in Period: the caller clears the lanes' ways
// where a window starts). The loop runs as two copies:
// the original blocks count (the caller instruments them, gating each
// update on Counting), a copy without counters runs between windows. The
// original header stays the loop's only entry (the copy is a loop nested
// in it), so the control flow stays reducible. A trip of the copy costs a
// subtraction; where its latch is a conditional branch that leaves the
// loop, the window's test joins the latch's own, so no branch is added.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_TRIPSAMPLING_H
#define DIVOPT_PASSES_TRIPSAMPLING_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class BasicBlock;
class Loop;
class Value;
} // namespace llvm

namespace divopt {

/// Consecutive trips counted per window: two, so that the second pairs
/// each lane's way with the first's (loop advance's switch rate).
constexpr unsigned TripWindow = 2;
/// The periods -divopt-profile-sample-trips accepts besides 1 (every trip).
constexpr unsigned MinTripPeriod = 4, MaxTripPeriod = 4096;

/// A loop whose trips are counted in windows.
struct TripSampledLoop {
  /// The counted copy's header (the original one) and the uncounted
  /// copy's.
  llvm::BasicBlock *Header = nullptr, *UncountedHeader = nullptr;
  /// The one block by which lanes enter the loop; it draws the phase.
  llvm::BasicBlock *Preheader = nullptr;
  /// An i1 computed in Header, the same in the lanes that run a trip
  /// together: the trip is counted.
  llvm::Value *Counting = nullptr;
  /// The blocks on the edges into Header that may start a window, each
  /// with the i1 (at its terminator) that says it does (null: always):
  /// there the lanes' ways of the last counted trip must be forgotten, or
  /// a window's first trip would pair with a trip Period - 1 before it.
  llvm::SmallVector<std::pair<llvm::BasicBlock *, llvm::Value *>, 4>
      WindowStarts;
  /// Each original block, instruction and argument-free value of the loop
  /// to its uncounted copy.
  llvm::ValueToValueMapTy VMap;
  /// The uncounted copy's blocks, with those that leave it in place of a
  /// latch whose test took the window's: where it exits the loop.
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Uncounted;
  /// Every block the sampling added to the loop: the uncounted copy's and
  /// those on the edges between the copies.
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Added;

  /// The uncounted copy of V (V itself where it is not the loop's).
  llvm::Value *getUncounted(llvm::Value *V) const;
};

/// Why L's trips cannot run as two copies (a convergent operation, which
/// must not be duplicated; a terminator other than br or switch in or
/// entering it), or nullopt.
std::optional<std::string> getTripSamplingBlocker(const llvm::Loop &L);

/// Makes L's trips run in windows of TripWindow in every Period (a power
/// of two, at least MinTripPeriod). L's blocks become the counted copy;
/// LoopInfo is not updated (the caller's is stale afterwards). L must have
/// no blocker.
std::unique_ptr<TripSampledLoop> sampleTrips(llvm::Loop &L, unsigned Period);

} // namespace divopt

#endif // DIVOPT_PASSES_TRIPSAMPLING_H
