//===- SwitchChain.h - A divergent switch as two-way branches ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Application code picks among a few kinds of work by a per-thread value:
// a material (`if (m == Diffuse) ... else if (m == Metal) ... else ...`),
// an event type, an opcode. SimplifyCFG turns such an if-else chain into a
// switch, and a warp whose lanes hold different kinds runs every way one
// after the other. The melder pairs two arms only, so the switch is
// lowered to a chain of two-way branches, one way against the ways after
// it:
//
//   switch (m) { case 0: A; case 1: B; default: C }
//   ->  if (m == 0) A; else if (m == 1) B; else C;
//
// and branch distribution melds the chain from the inside out (B with C,
// then A with what they became). Ways that go straight to the join (a
// `default: break;`) are tested first, so that the ways that hold code
// stay together in the chain, then the ways that hold a loop (an
// interpreter's `sinf`), which meld with few others and would leave every
// branch around them holding them, then the others by likeness (only
// neighbouring ways meld well: a way two branches out sits in a
// sub-region the aligner does not look into), the ways of fewer blocks
// and the most instructions that could pair innermost; an unreachable
// default is no way at all. A run of three or more consecutive case
// values is tested as a range, one unsigned compare (an opcode in 0-8 at
// all).
//
// The lowering keeps every lane's path: the same ways, the same code, the
// compares of a switch. Where no branch of the chain melds, undo() puts
// the switch back exactly (its cases, metadata, the PHIs and the use lists
// it touched), so a refused switch leaves the function as it was.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SWITCHCHAIN_H
#define DIVOPT_PASSES_SWITCHCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace llvm {
class BasicBlock;
class BranchInst;
class ConstantInt;
class Instruction;
class MDNode;
class PHINode;
class SwitchInst;
class User;
class Value;
} // namespace llvm

namespace divopt {

/// Ways that hold code a switch may have to be lowered (its destinations
/// but the join and an unreachable default: one two-way branch each), and
/// compares its tests may take (a run of three or more consecutive values
/// one). Iteration delaying has its own bound (DelayedLoop.h).
constexpr unsigned MaxLoweredWays = 16;
constexpr unsigned MaxLoweredCompares = 32;

/// Whether Sw's default is a block that only holds `unreachable` (a switch
/// on `x & 3` with four cases): it is no way of the switch.
bool isUnreachableDefault(const llvm::SwitchInst &Sw);

class SwitchChain {
public:
  /// Whether Sw, whose ways rejoin at Join (its immediate post-dominator),
  /// can be lowered to a chain worth melding; the error says why not.
  static llvm::Error check(llvm::SwitchInst &Sw, const llvm::BasicBlock *Join);

  /// Lowers Sw, which check() accepted.
  static SwitchChain lower(llvm::SwitchInst &Sw, llvm::BasicBlock *Join);

  /// The branches between ways that hold code, innermost first: the order
  /// to meld them in. Null where a meld has since erased one.
  llvm::ArrayRef<llvm::WeakVH> getArmBranches() const { return ArmBranches; }
  /// "case 1 against case 2 and default", for the I-th of getArmBranches().
  const std::string &describe(unsigned I) const { return Descriptions[I]; }
  unsigned getNumWays() const { return NumWays; }

  /// The switch's ways in the chain's order: the join first where a way
  /// goes there, then each way the chain tests, then its last else. As
  /// lower() found them: a meld since may have erased their blocks.
  llvm::ArrayRef<llvm::BasicBlock *> getWays() const { return WayBlocks; }
  /// The way (an index of getWays()) the I-th of getArmBranches() tests
  /// against the ways after it.
  unsigned getTestedWay(unsigned I) const { return TestedWays[I]; }
  /// Every branch of the chain, the one to the join included.
  llvm::ArrayRef<llvm::WeakVH> getBranches() const { return Branches; }

  /// Once the chain stays: erases an unreachable default that nothing
  /// branches to any more.
  void eraseUnreachableDefault();

  /// Puts the switch back, only while the chain is as lower() made it, and
  /// returns it.
  llvm::SwitchInst *undo();

private:
  SwitchChain() = default;

  llvm::BasicBlock *Head = nullptr;
  /// The switch, as undo() rebuilds it.
  llvm::Value *Condition = nullptr;
  llvm::BasicBlock *Default = nullptr;
  /// The default, where it is unreachable (isUnreachableDefault).
  llvm::BasicBlock *Unreachable = nullptr;
  llvm::SmallVector<std::pair<llvm::ConstantInt *, llvm::BasicBlock *>, 8>
      Cases;
  llvm::SmallVector<std::pair<unsigned, llvm::MDNode *>, 4> Metadata;
  llvm::DebugLoc Loc;
  /// Head's instructions from the first compare on, and the blocks after.
  llvm::SmallVector<llvm::Instruction *, 8> HeadInsts;
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// The PHIs of the ways as they were.
  struct SavedPhi {
    llvm::PHINode *Phi;
    llvm::SmallVector<std::pair<llvm::Value *, llvm::BasicBlock *>, 4> Incoming;
  };
  llvm::SmallVector<SavedPhi, 8> Phis;
  /// Each value whose use list the chain changed, with its users (and
  /// operand numbers) in their order then.
  struct UseOrder {
    llvm::Value *V;
    llvm::SmallVector<std::pair<const llvm::User *, unsigned>, 8> Users;
  };
  llvm::SmallVector<UseOrder, 8> UseOrders;
  llvm::SmallVector<llvm::WeakVH, 8> ArmBranches, Branches;
  llvm::SmallVector<llvm::BasicBlock *, 8> WayBlocks;
  llvm::SmallVector<std::string, 8> Descriptions;
  llvm::SmallVector<unsigned, 8> TestedWays;
  unsigned NumWays = 0;
};

} // namespace divopt

#endif // DIVOPT_PASSES_SWITCHCHAIN_H
