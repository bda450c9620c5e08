//===- ProfileUsePass.h - Reads the profile, stamps the functions -*- C++ -*-=//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `divopt-profile-use` (run first by the automatic pipeline when
// -divopt-profile-use=FILE is given): reads the profile once for the
// module (analysis/ProfileUse.h) and stamps every function's profile
// identity into the IR, so that the transforms find each branch's and
// loop's record after the control flow changes. An unreadable or malformed
// file is an error diagnostic naming the file and line, and the module is
// left as it came; a function whose records are stale (its control flow
// changed since it was profiled) gets a warning naming it, and its records
// are ignored.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_PROFILEUSEPASS_H
#define DIVOPT_PASSES_PROFILEUSEPASS_H

#include "llvm/IR/PassManager.h"

namespace divopt {

class ProfileUsePass : public llvm::PassInfoMixin<ProfileUsePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

  /// Reads and stamps; false (after the error diagnostic) when the file
  /// cannot be used, and M is unchanged.
  static bool apply(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
};

/// Removes the stamps apply() wrote, so that functions no transform changed
/// come out as they went in.
void clearProfileStamps(llvm::Module &M);

} // namespace divopt

#endif // DIVOPT_PASSES_PROFILEUSEPASS_H
