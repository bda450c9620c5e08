//===- Pipeline.cpp - DivOpt's automatic pipeline -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"
#include "HostLaunch.h"
#include "analysis/KernelInfo.h"

#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

static cl::opt<bool> AutoPipeline(
    "divopt-auto", cl::init(true),
    cl::desc("Run DivOpt at the optimizer-last extension point of -O1 and "
             "higher pipelines (NVPTX modules; on the host side of a CUDA "
             "compile, host-launch only)"));

static cl::opt<bool> HostLaunch(
    "divopt-host-launch", cl::init(true),
    cl::desc("On the host side of a CUDA compile, send <<<>>> launches of "
             "kernels the device side split through DivOpt's launch hook "
             "(libdivopt-launch)"));

static cl::opt<std::string> PipelineText(
    "divopt-pipeline", cl::init(""), cl::value_desc("passes"),
    cl::desc("The DivOpt passes the automatic pipeline runs, in opt's "
             "-passes syntax (default: the built-in pipeline)"));

StringRef getDefaultPipeline() {
  // Branch distribution shrinks divergent code at no run-time cost. Then
  // iteration delaying, with the cost model choosing: without !prof it
  // delays only a loop that no branch probability in 5-95% makes slower,
  // so in practice it acts where profile data or
  // __builtin_expect_with_probability says it pays (SYN-ITDELAY,
  // bench/results/2026-11-22-h100-run11.md). The cleanup folds what they
  // leave behind (single-entry PHIs, selects of equal values); the
  // remarks report what is still divergent. Kernel splitting comes first,
  // so that the parts are distributed too; it leaves the original kernel
  // as it was, so a launch that does not follow the module's launch plan
  // (the CUDA runtime's) still works.
  return "kernel-split,function(branch-dist,iter-delay,instcombine<no-"
         "verify-fixpoint>,simplifycfg,divopt-remarks)";
}

Expected<DivOptPipelinePass> DivOptPipelinePass::create(PassBuilder &PB,
                                                        StringRef Text) {
  ModulePassManager MPM;
  if (Error E = PB.parsePassPipeline(MPM, Text))
    return createStringError(inconvertibleErrorCode(),
                             "invalid -divopt-pipeline '" + Text +
                                 "': " + toString(std::move(E)));
  return DivOptPipelinePass(std::move(MPM));
}

PreservedAnalyses DivOptPipelinePass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    // The host side: only launches of split kernels change.
    return HostLaunch ? HostLaunchPass().run(M, MAM) : PreservedAnalyses::all();
  return Inner.run(M, MAM);
}

/// Set when building the pipeline came back to the extension point.
static thread_local bool Reentered = false;

void registerAutomaticPipeline(PassBuilder &PB) {
  PB.registerOptimizerLastEPCallback([&PB](ModulePassManager &MPM,
                                           OptimizationLevel Level,
                                           ThinOrFullLTOPhase) {
    if (!AutoPipeline || Level == OptimizationLevel::O0)
      return;
    // A -divopt-pipeline holding a default pipeline (default<O3>) would
    // build this extension point again, forever.
    static thread_local bool Building = false;
    if (Building) {
      Reentered = true;
      return;
    }
    StringRef Text =
        PipelineText.empty() ? getDefaultPipeline() : StringRef(PipelineText);
    Building = true;
    Reentered = false;
    Expected<DivOptPipelinePass> P = DivOptPipelinePass::create(PB, Text);
    Building = false;
    if (P && Reentered)
      P = createStringError(inconvertibleErrorCode(),
                            "invalid -divopt-pipeline '" + Text +
                                "': it may not hold a default pipeline");
    if (!P)
      // A mistyped option must not silently compile without DivOpt.
      report_fatal_error(P.takeError(), /*gen_crash_diag=*/false);
    MPM.addPass(std::move(*P));
  });
}

} // namespace divopt
