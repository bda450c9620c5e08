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
// becomes, with mask = activemask() captured in the preheader:
//
//   delay.header: state, pending, done, carried pre-values, vote state
//                 br (!pending && !done), header, delay.vote
//   header ... B: pre (the header's phis now read the state); br delay.vote
//   delay.vote:   merge pre-values; pending = !done
//                 taken = ballot(mask, pending && c); live = ballot(mask,
//                 !done) D = strategy(taken, live, vote state); br D,
//                 then.gate, else.gate
//   then.gate:    br (pending && c), Then, delay.wait
//   else.gate:    br (pending && !c), Else, delay.wait
//   Then/Else, Join ... Latch (unchanged); Latch: br delay.latch
//   delay.latch:  the lane's state advances if it ran; done |= it exited
//                 br vote.all(mask, done), delay.exit, delay.header
//
// Lanes that finish stay in the loop, idle, until the whole warp is done:
// the votes always see every lane of the mask, and the loop's exit is
// warp-uniform. Values used after the loop are carried per lane from the
// lane's last iteration.
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

/// Issue cost a warp spends per trip on the vote and the bookkeeping.
double getVoteOverhead(DelayVote V, bool IdleRemoval, unsigned CC);

/// Rewrites the loop in place.
void delayLoop(const DelayShape &S, DelayVote V,
               const IterationDelayOptions &Opts);

} // namespace divopt

#endif // DIVOPT_PASSES_DELAYEDLOOP_H
