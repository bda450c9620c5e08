//===- SwitchCompareTree.h - One switch dispatched by compares --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A switch lowered in IR to a balanced tree of compares on its value, as
// SelectionDAG lowers a switch in a function marked no-jump-tables: runs
// of consecutive case values that go to one way are one range, tested by
// one unsigned compare of the value less the range's start; the tree
// splits the ranges in halves by signed compares, and each leaf tests its
// range and branches to its way or to the default. Where the default is
// unreachable, a leaf goes to its way without a test. switch-dispatch
// uses it where the function keeps a jump table for another switch, which
// the function-wide attribute would take away (passes/SwitchDispatch.h).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SWITCHCOMPARETREE_H
#define DIVOPT_PASSES_SWITCHCOMPARETREE_H

namespace llvm {
class SwitchInst;
} // namespace llvm

namespace divopt {

/// Replaces Sw by a tree of compares and two-way branches with the same
/// destinations for every value; the PHIs of the destinations take their
/// values from the tree's blocks. Sw's branch weights are summed into the
/// tree's branches. Returns the number of compares.
unsigned lowerToCompareTree(llvm::SwitchInst &Sw);

} // namespace divopt

#endif // DIVOPT_PASSES_SWITCHCOMPARETREE_H
