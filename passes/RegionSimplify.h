//===- RegionSimplify.h - Bring a branch's arms to SESE form ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// clang -O3 leaves many divergent branches whose arms are not single-entry,
// single-exit regions, which the arm melder needs (DARM, CGO 2022, simplifies
// them first). Two shapes are common:
//
//   Shared blocks. SimplifyCFG tail-merges the same code at the end of both
//   arms: `if (up) { if (a > b) swap } else { if (a < b) swap }` keeps one
//   swap block that both inner branches reach, and early exits of both arms
//   to one block look the same. Duplicating the shared blocks for the second
//   arm gives each arm its own copy; the melder then melds the copies back
//   into one, under a selected condition.
//
//   Condition chains. `if (i < mid && (j >= end || a[i] < a[j])) A else B`
//   evaluates its condition in several blocks whose exits reach A or B from
//   different places. Routing every exit through one new block, which
//   branches on a PHI of the outcome, leaves A and B as the arms of one
//   branch. The chain itself runs as before (no load is speculated).
//
// Both rewrites keep every thread's instructions, in order. BranchDistribution
// tries them on a copy of the function and applies one only where the melded
// result is profitable, so a refused branch leaves the function unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_REGIONSIMPLIFY_H
#define DIVOPT_PASSES_REGIONSIMPLIFY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class BasicBlock;
class BranchInst;
} // namespace llvm

namespace divopt {

/// ArmShapes: arms that are single-entry, single-exit regions of different
/// control flow, given the same shape by RegionAlignment.h.
enum class RegionSimplification { SharedBlocks, ConditionChain, ArmShapes };

/// "duplicating shared blocks", for remarks.
llvm::StringRef describe(RegionSimplification S);

/// The branch whose arms the rewrite made single-entry, single-exit.
struct SimplifiedRegion {
  llvm::BranchInst *Branch = nullptr;
  llvm::BasicBlock *Join = nullptr;
  /// Blocks duplicated, or blocks of the condition chain.
  unsigned NumBlocks = 0;
};

/// Whether S applies to Branch, whose arms rejoin at Join (its immediate
/// post-dominator); the error says why not. Changes nothing.
llvm::Error checkSimplification(RegionSimplification S,
                                llvm::BranchInst &Branch,
                                llvm::BasicBlock *Join);

/// Applies S, which checkSimplification accepted for the same IR. Shared
/// blocks and condition chains always succeed; ArmShapes may fail after
/// changing the function (on a copy, that is discarded), with why.
llvm::Expected<SimplifiedRegion> simplifyRegion(RegionSimplification S,
                                                llvm::BranchInst &Branch,
                                                llvm::BasicBlock *Join,
                                                unsigned CC);

} // namespace divopt

#endif // DIVOPT_PASSES_REGIONSIMPLIFY_H
