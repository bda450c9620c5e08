//===- BranchDistribution.h - Factor common code out of arms ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `branch-dist`: branch distribution (Han & Abdelrahman, GPGPU-4 2011). For
// each divergent if/else, code that both arms compute with different
// operands is melded into one copy all lanes run, the operands chosen by
// `select` on the condition; what does not match stays divergent. Decided
// by the shared cost model; every branch gets a remark, taken or refused.
//
//   branch-dist<threshold=1.05;max-arm-insts=1024;force>
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_BRANCHDISTRIBUTION_H
#define DIVOPT_PASSES_BRANCHDISTRIBUTION_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace divopt {

/// The largest max-arm-insts: aligning two arms of N instructions keeps
/// N*N/4 bytes of traceback (passes/SequenceAlignment.cpp), 64 MiB here,
/// and takes N*N scorings. A larger value is a parameter error, not an
/// out-of-memory crash at run time.
constexpr unsigned MaxArmInstsLimit = 16384;

struct BranchDistributionOptions {
  /// Minimum predicted speedup of the region.
  double Threshold = 1.05;
  /// Arms longer than this are not aligned (alignment is quadratic).
  unsigned MaxArmInsts = 1024;
  /// Meld whatever is legal, whatever the cost model says (for testing).
  bool Force = false;
};

llvm::Expected<BranchDistributionOptions>
parseBranchDistributionOptions(llvm::StringRef Params);

class BranchDistributionPass
    : public llvm::PassInfoMixin<BranchDistributionPass> {
public:
  explicit BranchDistributionPass(BranchDistributionOptions Opts = {})
      : Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  BranchDistributionOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_BRANCHDISTRIBUTION_H
