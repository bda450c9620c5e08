//===- GridEdgeTest.h - Tests of a thread's place in the grid -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Stencil codes branch on a thread's place in the domain: `if (i == 0)`
// takes a boundary condition, `if (x > 0 && x < w - 1)` reads neighbours
// only inside the image, i and x being the thread's index in the grid along
// one dimension (blockIdx * blockDim + threadIdx). A warp's lanes hold
// consecutive threadIdx.x (or consecutive rows of them), so such a test
// splits only the warps at the bound, at the grid's edges; every other warp
// takes one way. The divergence analysis rightly calls the branch
// divergent, but a transform that pays only where warps split would pay in
// a handful of warps and cost all the others.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_GRIDEDGETEST_H
#define DIVOPT_ANALYSIS_GRIDEDGETEST_H

namespace llvm {
class Value;
} // namespace llvm

namespace divopt {

class VoteAwareUniformity;

/// Whether Cond, an i1, compares a thread's grid index along one dimension
/// (blockIdx.d * blockDim.d + threadIdx.d, then moved by warp-uniform
/// amounts and scaled by positive constants, or cast) with warp-uniform
/// bounds, or is a conjunction, disjunction or negation of such tests.
/// The local index alone (threadIdx.x == 15) is not one: every block, and
/// where rows are narrower than a warp every warp, holds its bound.
bool isGridEdgeTest(const llvm::Value *Cond, const VoteAwareUniformity &VU);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_GRIDEDGETEST_H
