//===- BlockSpread.h - Counted blocks that stand for the grid ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A divergence profile counts one thread block in Sample, and draws them
// from the first 1/Front of the grid, which the GPU dispatches first: a
// counted block runs longer, and one in the last wave would end after all
// the others (DivergenceProfile.cpp). But a kernel whose data change along
// the grid (a book sorted by option kind, particles sorted by type) is then
// seen through its first quarter alone: the sorted book's profile saw calls
// and nothing else (bench/results/2026-11-28-h200-app-kernels.md).
//
// Spreading keeps the counted blocks first in dispatch order and gives
// them other blocks' work: the instrumented program reads every block
// index through a permutation of the grid's blocks, which trades each of
// (F - 1) in F counted blocks for one in the last (F - 1) / F of the grid,
// so that the blocks counted are spread evenly over the whole grid. A
// program's results cannot depend on which hardware block runs which
// index: CUDA promises no order. Only a program that waits for other
// blocks (a loop on a volatile or atomic load, or a cluster's
// registers and barriers, or code that cannot be seen) could notice, and
// could hang where the block it waits for is dispatched after it; such a
// module is counted as before, at its first blocks. So is one whose
// device functions another translation unit may call while they read the
// block index (-fgpu-rdc): that unit decides for itself.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_BLOCKSPREAD_H
#define DIVOPT_PASSES_BLOCKSPREAD_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace divopt {

/// One block in Sample counts, drawn from the first 1/Front of the grid.
struct BlockSampling {
  unsigned Sample = 64;
  unsigned Front = 4;
  /// Whether the counted blocks stand for blocks spread over the grid.
  bool Spread = false;
};

/// Why the blocks of M may not be permuted, naming the function and what
/// it does; empty where they may. Unspread gets the functions that keep
/// reading the hardware's index even so: device functions another
/// translation unit may call (-fgpu-rdc), which nothing here calls.
std::string
whyBlocksStay(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
              llvm::SmallPtrSetImpl<const llvm::Function *> &Unspread);

/// The function of M that gives a block its place: from the hardware's
/// block index and grid shape (six i32: x, y, z, nx, ny, nz), the index
/// the program reads ({i32, i32, i32}, permuted where S.Spread) and whether
/// the block counts (i1). Made on first use; internal, its calls inlined
/// by spreadBlockIndices.
llvm::Function *getBlockPlaceFunction(llvm::Module &M, const BlockSampling &S);

/// Calls the place function at B's insertion point: {x, y, z, counted}.
llvm::Value *placeBlock(llvm::IRBuilder<> &B, llvm::Function &Place);

/// Replaces every read of the block index in F (%ctaid.x/y/z) by the
/// place function's, computed once at F's entry. Returns how many.
unsigned spreadBlockIndices(llvm::Function &F, llvm::Function &Place);

/// Inlines every call of Place and erases it, unless Keep (for tests that
/// run it on the host).
void finishBlockPlaces(llvm::Function &Place, bool Keep);

} // namespace divopt

#endif // DIVOPT_PASSES_BLOCKSPREAD_H
