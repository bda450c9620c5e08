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
//   Then/Else, Join ... Latch (unchanged); Latch: br exit?, delay.exit,
//                 delay.latch
//   delay.latch:  the lane's state advances if it ran, else it stays
//                 pending; br delay.header
//
// A lane leaves right after its last iteration, as before the rewrite, so
// every lane in the loop has a pending iteration. The vote's mask is taken
// in delay.vote each trip: it names exactly the lanes that vote together,
// never one that has left the loop or that the scheduler runs elsewhere
// (Volta+ independent thread scheduling makes no promise that the lanes
// entering a loop run it together). No lane's progress depends on another:
// whatever the votes say, a lane runs only its own pending iteration's arm,
// and every strategy serves both ways within a bounded number of trips.
// Loop advance (DelayVote::Advance) has no vote at all: trips alternate
// then, else, then, ... so a lane whose iterations N and N+1 take opposite
// ways runs both in consecutive trips.
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
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace divopt {

struct DivergentBranch;

/// The blocks of a loop iteration delaying can rewrite.
struct DelayShape {
  llvm::BasicBlock *Preheader = nullptr, *Header = nullptr;
  llvm::BasicBlock *Latch = nullptr, *Exit = nullptr, *Join = nullptr;
  /// The divergent branch. The blocks from Header to the branch's block
  /// (the code before the branch, which every trip runs) are PreBlocks.
  llvm::BranchInst *Branch = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 4> PreBlocks;
  /// The branch's successors: Then runs when the condition holds. For an
  /// if-only branch one of them is Join.
  llvm::BasicBlock *Then = nullptr, *Else = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 16> LoopBlocks;
  /// Issue costs of the parts of one iteration.
  double PreCost = 0, ThenCost = 0, ElseCost = 0, PostCost = 0;
};

/// Checks that the loop of DB has the shape the rewrite handles; the error
/// says why not, for the remark.
llvm::Expected<DelayShape> getDelayShape(const DivergentBranch &DB,
                                         const llvm::LoopInfo &LI,
                                         llvm::ScalarEvolution &SE,
                                         unsigned CC);

/// The same shape in a clone of the function.
DelayShape mapShape(const DelayShape &S, llvm::ValueToValueMapTy &VMap);

/// Whether the strategy votes across the warp: plain round robin and loop
/// advance take turns whatever the lanes want.
bool delayVotes(DelayVote V, bool IdleRemoval);

/// Issue cost a warp spends per trip on the vote and the bookkeeping.
double getVoteOverhead(DelayVote V, bool IdleRemoval, unsigned CC);

/// Rewrites the loop in place.
void delayLoop(const DelayShape &S, DelayVote V,
               const IterationDelayOptions &Opts);

} // namespace divopt

#endif // DIVOPT_PASSES_DELAYEDLOOP_H
