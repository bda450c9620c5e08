//===- GlobalThreadIndex.h - Where a kernel reads its thread index -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Thread regrouping by reference redirection (`thread-remap`) replaces the
// global thread index blockIdx.x * blockDim.x + threadIdx.x with
// redirect[index]. That is sound only when the kernel sees its thread
// through that index alone: a thread that also reads threadIdx or blockIdx
// on their own (shared memory slots, barriers, lane arithmetic), or that
// cooperates with its block or warp, would be moved away from its partners.
// This analysis finds the index computations and the first reason, if any,
// that the kernel cannot be remapped.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_GLOBALTHREADINDEX_H
#define DIVOPT_ANALYSIS_GLOBALTHREADINDEX_H

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace divopt {

struct GlobalThreadIndex {
  /// The `add (mul ctaid.x, ntid.x), tid.x` instructions (operands in
  /// either order).
  llvm::SmallVector<llvm::Instruction *, 2> Indices;
  /// Why the kernel cannot be remapped; empty when it can.
  std::string Blocker;
  /// The instruction the blocker is about (null when none or global).
  const llvm::Instruction *BlockerAt = nullptr;

  bool isRemappable() const { return Blocker.empty() && !Indices.empty(); }
};

GlobalThreadIndex findGlobalThreadIndex(llvm::Function &F);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_GLOBALTHREADINDEX_H
