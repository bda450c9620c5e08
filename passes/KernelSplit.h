//===- KernelSplit.h - One kernel per arm of a divergent branch -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `kernel-split`: kernel (branch) splitting (Carrillo et al.). A kernel
// runs at the occupancy its heaviest arm's registers allow; when a
// divergent branch outside any loop has arms of very different register
// demand, the kernel is split into one kernel per way of the branch
// (<name>_$_divopt_$_then, _else, or _arm<N> for a switch), each running
// the shared prologue, the branch, and only its own arm and the code after
// the join. The original kernel stays, for launches that bypass the plan
// (its large ways compiled once, SharedWay.h); the module's launch plan
// (runtime/LaunchPlanFormat.h) tells DivOpt's runtime to launch the parts,
// in order, for a launch of the original name. Legality: SplitLegality.h.
// Decided by the shared cost model, every decision a remark.
//
//   kernel-split<threshold=1.1;launch-overhead=3;force>
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_KERNELSPLIT_H
#define DIVOPT_PASSES_KERNELSPLIT_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace divopt {

/// Ways of a branch split at most: a kernel per way.
constexpr unsigned KernelSplitMaxWays = 8;

/// Marks a kernel kernel-split created, naming the kernel it came from;
/// parts are not split again.
constexpr const char *SplitPartAttribute = "divopt-split-part";

struct KernelSplitOptions {
  /// Minimum predicted speedup of the kernel.
  double Threshold = 1.1;
  /// What each extra kernel costs, in percent of the original kernel's
  /// time: its launch, its tail, the prologue run again.
  double LaunchOverheadPercent = 3;
  /// Split whatever is legal, whatever the cost model says (for testing).
  bool Force = false;
};

llvm::Expected<KernelSplitOptions> parseKernelSplitOptions(llvm::StringRef);

class KernelSplitPass : public llvm::PassInfoMixin<KernelSplitPass> {
public:
  explicit KernelSplitPass(KernelSplitOptions Opts = {}) : Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  KernelSplitOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_KERNELSPLIT_H
