//===- LoopSplit.h - Fission of loops into independent groups ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `loop-split`: loop splitting (Carrillo et al., their Figure 5). A loop
// whose body holds statement groups that share no values and no memory
// (disjoint pointers, by alias analysis) runs as one loop per group, one
// after the other, each with the same trip count. Each loop keeps fewer
// values live, which can raise occupancy; it pays the loop control once
// per group. Decided by the shared cost model; every loop gets a remark.
//
//   loop-split<threshold=1.05;force>
//
// Handled: innermost loops of one block (as -O3 leaves simple loops) with
// a dedicated exit, whose trip count depends on no memory, no value of
// which is used after the loop, without calls, atomics, volatile or
// convergent operations.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_LOOPSPLIT_H
#define DIVOPT_PASSES_LOOPSPLIT_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace divopt {

struct LoopSplitOptions {
  /// Minimum predicted speedup of the loop.
  double Threshold = 1.05;
  /// Split whatever is legal, whatever the cost model says (for testing).
  bool Force = false;
};

llvm::Expected<LoopSplitOptions> parseLoopSplitOptions(llvm::StringRef);

class LoopSplitPass : public llvm::PassInfoMixin<LoopSplitPass> {
public:
  explicit LoopSplitPass(LoopSplitOptions Opts = {}) : Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  LoopSplitOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_LOOPSPLIT_H
