//===- Pipeline.h - DivOpt's automatic pipeline -----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The module pass clang runs at the optimizer-last extension point (and
// `opt -passes=divopt` runs by hand). On NVPTX modules it runs the passes
// `-divopt-pipeline` names, in opt's pipeline syntax. On the host side of
// a CUDA compile it runs host-launch (HostLaunch.h), which changes only
// the launches of kernels the device side split (`-divopt-host-launch`);
// any other module is left as it came.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_PIPELINE_H
#define DIVOPT_PASSES_PIPELINE_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace divopt {

/// The passes DivOpt runs when nobody says otherwise, in opt's syntax.
llvm::StringRef getDefaultPipeline();

class DivOptPipelinePass : public llvm::PassInfoMixin<DivOptPipelinePass> {
public:
  /// Parses the pipeline text; an unknown pass, a bad parameter or a
  /// pipeline that runs no DivOpt pass is an error that names it.
  static llvm::Expected<DivOptPipelinePass> create(llvm::PassBuilder &PB,
                                                   llvm::StringRef Text);

  llvm::PreservedAnalyses run(llvm::Module &M,
                              llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  explicit DivOptPipelinePass(llvm::ModulePassManager MPM)
      : Inner(std::move(MPM)) {}
  llvm::ModulePassManager Inner;
};

/// Called by the plugin's parsing callbacks for each DivOpt pipeline
/// element they add: a -divopt-pipeline that adds none is refused.
void noteDivOptPassParsed();

/// Adds DivOpt to clang's and opt's default pipelines at the
/// optimizer-last extension point, as the -divopt-* options say.
void registerAutomaticPipeline(llvm::PassBuilder &PB);

} // namespace divopt

#endif // DIVOPT_PASSES_PIPELINE_H
