//===- WarpIndexTest.h - Tests of a thread's warp ---------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Code that gives warps roles branches on the thread's warp, not on the
// thread: `if (threadIdx.x / 32 == 0)`, `if (threadIdx.x < 128)` in a
// block whose first four warps load while the others compute, `if (warp <
// warpsA)` in a launch that fuses two kernels a warp apart. A warp's lanes
// hold 32 consecutive threadIdx.x from a multiple of 32 wherever blocks
// are one row of threads, or rows a whole number of warps wide (or at most
// one warp wide, so that threadIdx.x / 32 is 0), and consecutive grid
// indices from a multiple of 32 where blockDim.x is a multiple of 32: the
// lanes of every warp then agree on such a test. The divergence analysis
// rightly calls the branch divergent, as a launch of other rows could
// split it; a transform that pays only where warps split would cost every
// warp and pay in none.
//
// The test is made on the bits of each value that may differ between the
// lanes of a warp, as known-bits analysis tracks the bits that are known:
// threadIdx.x varies in its low 5 bits, a shift right by 5 or more leaves
// none, an add of a multiple of 32 keeps them where they are, an add of
// anything else may carry into every bit above them. A pointer or a float
// is alike in every lane or not. Lanes that load one address of memory the
// warp has one copy of load one value (a warp's own record, the
// instruction of a program a warp interprets). A PHI holds one of its
// incoming values in every lane where every divergent branch whose lanes
// can reach its block by different ways before they reconverge is itself
// a test the lanes agree on (a grid-stride loop over warps); its bits are
// found by iteration from none. A value that leaves a loop is alike only
// where the lanes leave it together.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_WARPINDEXTEST_H
#define DIVOPT_ANALYSIS_WARPINDEXTEST_H

#include <memory>

namespace llvm {
class DataLayout;
class Value;
} // namespace llvm

namespace divopt {

class DivergenceInfo;
struct DivergentBranch;
struct KernelInfo;
class LaneBits;
class VoteAwareUniformity;

/// The walk of one function's values over the bits that may differ
/// between the lanes of a warp, kept between the tests of its branches:
/// what it finds of a value holds until the function changes, as VU's
/// answers do (DivergenceInfo keeps one).
class WarpLanes {
public:
  WarpLanes(const VoteAwareUniformity &VU, const KernelInfo &KI,
            const llvm::DataLayout &DL);
  ~WarpLanes();

  /// Whether Cond, a branch's or switch's condition that VU calls
  /// divergent (false for none), reads the thread's index only through
  /// its warp, so that the lanes of a warp agree on it wherever warps hold
  /// 32 consecutive threadIdx.x from a multiple of 32 and blockDim.x is a
  /// multiple of 32 (a thread's grid index taken as not negative). Where
  /// KI states the block's dimensions (reqntid), they decide instead: rows
  /// of threads wider than a warp but not by whole warps split warps
  /// between rows, and a blockDim.x that is no multiple of 32 puts the
  /// grid index's warps off their multiples of 32.
  bool isWarpIndexTest(const llvm::Value *Cond);

private:
  const VoteAwareUniformity &VU;
  std::unique_ptr<LaneBits> Bits;
};

/// WarpLanes::isWarpIndexTest of Cond, with DI's walk.
bool isWarpIndexTest(const llvm::Value *Cond, const DivergenceInfo &DI);

/// The same of a divergent branch the divergence analysis found.
bool isWarpIndexTest(const DivergentBranch &DB, const DivergenceInfo &DI);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_WARPINDEXTEST_H
