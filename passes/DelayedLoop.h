//===- DelayedLoop.h - Rewrite a loop to vote one arm per trip --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The code generation of iteration delaying. The loop
//
//   header ... B: state phis; pre (a region of its own); br c, Then, Else
//   Then/Else: single-entry single-exit arms ending at Join (or Join itself)
//   Join ... Latch: post (a region of its own); br exit?, Exit, header
//
// becomes
//
//   delay.header: state, pending, carried pre-values, vote state
//                 br pending, delay.vote, header
//   header ... B: pre (the header's phis now read the state); br delay.vote
//   delay.vote:   merge pre-values
//                 mask = activemask(); taken = ballot.sync(mask, c)
//                 D = strategy(taken, mask, vote state)
//                 br D, then.gate, else.gate
//   then.gate:    br c, Then, delay.wait
//   else.gate:    br c, delay.wait, Else
//   Then/Else, Join ... Latch (unchanged); Latch: br delay.latch
//   delay.latch:  the lane's state advances if it ran, else it stays
//                 pending; br exits, delay.exit, delay.header
//
// Every lane meets in delay.latch each trip, so the gates' divergence ends
// inside the loop and the lanes vote together again next trip. A lane
// leaves from there right after its last iteration, so every lane in the
// loop has a pending iteration. The vote's mask is taken
// in delay.vote each trip: it names exactly the lanes that vote together,
// never one that has left the loop or that the scheduler runs elsewhere
// (Volta+ independent thread scheduling makes no promise that the lanes
// entering a loop run it together). No lane's progress depends on another:
// whatever the votes say, a lane runs only its own pending iteration's arm,
// and every strategy serves both ways within a bounded number of trips.
// Loop advance (DelayVote::Advance) has no vote at all: trips alternate
// then, else, then, ... so a lane whose iterations N and N+1 take opposite
// ways runs both in consecutive trips. On a two-way branch it takes a
// leaner form of its own where it can: one half per arm (HalvedAdvance.h)
// where the code around the branch is small enough to copy twice, else the
// rotated form (RotatedAdvance.h).
//
// A switch of K ways is delayed the same way with a way index W in 0..K-1
// per trip in place of D: each lane computes its pending way from the
// switch's condition; delay.vote sends the lanes whose way is W to
// delay.dispatch, which holds the original switch (every lane there takes
// the same successor), and the others to delay.wait. Round robin and advance
// take the ways in turn; idle-trip removal and majority ballot each way.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_DELAYEDLOOP_H
#define DIVOPT_PASSES_DELAYEDLOOP_H

#include "IterationDelay.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class BasicBlock;
class BranchInst;
class Instruction;
class Value;
class Loop;
class LoopInfo;
class ScalarEvolution;
class Type;
} // namespace llvm

namespace divopt {

struct DivergentBranch;

/// The blocks of a loop iteration delaying can rewrite.
struct DelayShape {
  llvm::BasicBlock *Preheader = nullptr, *Header = nullptr;
  llvm::BasicBlock *Latch = nullptr, *Exit = nullptr, *Join = nullptr;
  /// The divergent branch: a conditional branch or a switch. The blocks
  /// from Header to the branch's block (the code before the branch, which
  /// every trip runs) are PreBlocks.
  llvm::Instruction *Branch = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 4> PreBlocks;
  /// The code before the branch holds a loop of its own.
  bool PreHasInnerLoop = false;
  /// The code after the branch: the rest of the loop, from Join to Latch
  /// (getDelayShape only), and whether it holds a loop of its own.
  llvm::SmallVector<llvm::BasicBlock *, 4> PostBlocks;
  bool PostHasInnerLoop = false;
  /// A conditional branch's successors: Then runs when the condition holds.
  /// For an if-only branch one of them is Join.
  llvm::BasicBlock *Then = nullptr, *Else = nullptr;
  /// A switch's ways: its distinct successors, the default's first (one of
  /// them may be Join), with the issue cost of each way's arm.
  llvm::SmallVector<llvm::BasicBlock *, 4> Ways;
  llvm::SmallVector<double, 4> WayCosts;
  llvm::SmallVector<llvm::BasicBlock *, 16> LoopBlocks;
  /// A conditional branch's arms hold a loop of their own (an if-only
  /// branch's missing arm holds none).
  bool ThenHasInnerLoop = false, ElseHasInnerLoop = false;
  /// Issue costs of the parts of one iteration.
  double PreCost = 0, ThenCost = 0, ElseCost = 0, PostCost = 0;
  /// A folded guard (`if (active) { pre; if (c) A else B; post }`): the
  /// if-only branch in the code before the branch whose one way skips to
  /// GuardJoin, in the code after it. Its lanes that skip are not live for
  /// the vote: they run the rest of their iteration and never wait.
  llvm::BranchInst *Guard = nullptr;
  llvm::BasicBlock *GuardJoin = nullptr;
};

/// Most ways of a switch iteration delaying takes: each costs a ballot per
/// trip under the voting strategies.
constexpr unsigned MaxSwitchWays = 8;

inline bool isSwitch(const DelayShape &S) { return !S.Ways.empty(); }

/// The share of the warps that run Head which go on to run BB, a block
/// Head dominates, as a profile measured it (getProfiledReach): a block
/// behind a branch no warp took (a math function's slow path) weighs
/// nothing in a region's cost. None: every block weighs 1.
using BlockReach = llvm::function_ref<double(const llvm::BasicBlock &BB,
                                             const llvm::BasicBlock &Head)>;

/// Checks that the loop of DB has the shape the rewrite handles; the error
/// says why not, for the remark. Guard, when given, is the divergent
/// if-only branch at the top level of the loop whose arm holds DB: it folds
/// into the vote. An arm's blocks weigh their Reach from DB's block, the
/// code before and after the branch its Reach from the loop's header.
llvm::Expected<DelayShape> getDelayShape(const DivergentBranch &DB,
                                         const llvm::LoopInfo &LI,
                                         llvm::ScalarEvolution &SE, unsigned CC,
                                         const DivergentBranch *Guard = nullptr,
                                         BlockReach Reach = nullptr);

/// What every branch of one loop shares, found once for all of them (each
/// costs a walk of the loop).
struct DelayLoop {
  const llvm::Loop *L = nullptr;
  llvm::BasicBlock *Preheader = nullptr, *Latch = nullptr, *Exiting = nullptr;
  /// What one trip of the body costs (getDelayShape's weights, each block
  /// weighing its Reach from the header).
  double Cost = 0;
  static DelayLoop get(const llvm::Loop &L, const llvm::LoopInfo &LI,
                       llvm::ScalarEvolution &SE, unsigned CC,
                       BlockReach Reach = nullptr);
};

/// getDelayShape's checks of the branch and its arms, and the costs the
/// cost model reads, in the arms' time rather than the loop's: the code
/// before and after the branch is neither walked nor checked, and its cost
/// comes as PreCost (DL.Cost less the arms'; PostCost 0), the blocks
/// unset. Where getDelayShape takes the branch the model predicts the same
/// up to rounding. Only for deciding that a branch cannot pay. DL is of
/// DB's loop.
llvm::Expected<DelayShape>
getDelayShapeCosts(const DivergentBranch &DB, const llvm::LoopInfo &LI,
                   llvm::ScalarEvolution &SE, unsigned CC, const DelayLoop &DL,
                   const DivergentBranch *Guard = nullptr,
                   BlockReach Reach = nullptr);

/// The same shape in a clone of the function.
DelayShape mapShape(const DelayShape &S, llvm::ValueToValueMapTy &VMap);

/// Whether the strategy votes across the warp: plain round robin and loop
/// advance take turns whatever the lanes want.
bool delayVotes(DelayVote V, bool IdleRemoval);

/// Issue cost a warp spends per trip on the vote and the bookkeeping;
/// Halved: the shape loop advance takes its two-halves form on
/// (canHalveAdvance), whose cost is below zero: it hides some of the code
/// around the branch, more where the halves' arms are straight-line.
double getVoteOverhead(DelayVote V, bool IdleRemoval, unsigned CC,
                       const DelayShape *Halved = nullptr);

/// Rewrites the loop in place.
void delayLoop(const DelayShape &S, DelayVote V,
               const IterationDelayOptions &Opts);

} // namespace divopt

#endif // DIVOPT_PASSES_DELAYEDLOOP_H
