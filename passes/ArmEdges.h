//===- ArmEdges.h - Critical edges of arms, split and back ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// simplifycfg leaves an arm's branch straight to the join when nothing runs
// on that way, and keeps a block where something does: MCML's boundary arms
// reflect a photon with `uz = -uz`, which one arm had already computed (its
// way to the join is an edge) and the other computes in a block of its own.
// The arms then differ in shape by one empty block, and cannot be paired.
// Splitting every critical edge that leaves a block of the arms gives both
// a block at every such place; the melder pairs an empty block with the
// other's one-instruction block like any other pair.
//
// The split is undone exactly (block order, PHI incoming order, the order
// of each block's predecessors) when the
// branch is not distributed after all, so a refused branch leaves the
// function as it was.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ARMEDGES_H
#define DIVOPT_PASSES_ARMEDGES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace llvm {
class BasicBlock;
class Use;
} // namespace llvm

namespace divopt {

class ArmEdgeSplit {
public:
  /// Splits the critical edges leaving ArmBlocks (to another block of the
  /// arms or to the join). Edges of other terminators than branches, and a
  /// block's second edge to the same successor, stay as they are.
  static ArmEdgeSplit split(llvm::ArrayRef<llvm::BasicBlock *> ArmBlocks);

  /// Removes the blocks split() made, restoring the edges.
  void undo();

  bool empty() const { return Blocks.empty(); }
  unsigned size() const { return Blocks.size(); }

private:
  llvm::SmallVector<llvm::BasicBlock *, 8> Blocks;
  /// Each split edge's target with its uses in their original order: the
  /// order of a block's predecessors, which later passes iterate.
  llvm::SmallVector<
      std::pair<llvm::BasicBlock *, llvm::SmallVector<const llvm::Use *, 8>>, 4>
      UseOrders;
};

} // namespace divopt

#endif // DIVOPT_PASSES_ARMEDGES_H
