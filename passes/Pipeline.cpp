//===- Pipeline.cpp - DivOpt's automatic pipeline -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"
#include "HostLaunch.h"
#include "ProfileUsePass.h"
#include "analysis/KernelInfo.h"
#include "analysis/model/Occupancy.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace divopt {

namespace {
/// Stands for a -divopt-pipeline that cannot run: fails the compile with
/// its reason, as a module error, where a pipeline can only be built.
struct PipelineErrorPass : PassInfoMixin<PipelineErrorPass> {
  explicit PipelineErrorPass(std::string Message)
      : Message(std::move(Message)) {}
  std::string Message;
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    M.getContext().emitError(Message);
    return PreservedAnalyses::all();
  }
  static bool isRequired() { return true; }
};
} // namespace

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

static cl::opt<bool> ProfileGenerate(
    "divopt-profile-generate", cl::init(false),
    cl::desc("Instrument the device code to count how branches and loops "
             "diverge (divergence-profile) instead of transforming it; the "
             "program writes the profile at exit (docs/PROFILE-FORMAT.md)"));

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
  // leave behind (single-entry PHIs, selects of equal values), in the
  // functions they changed only (passes/Cleanup.h); the
  // remarks report what is still divergent. Kernel splitting comes first,
  // so that the parts are distributed too; it leaves the original kernel
  // as it was, so a launch that does not follow the module's launch plan
  // (the CUDA runtime's) still works. Loop splitting comes after the
  // passes that may leave a loop's body one block (a meld of its arms):
  // it splits only where fewer registers pay at every block size, and its
  // decisions are right at every K of LOOP-SPLIT (calibration run 5).
  // The divergent switches the passes leave are dispatched by compares
  // where that pays (passes/SwitchDispatch.h says where); after the
  // cleanup, whose simplifycfg makes a switch again of what is left of a
  // lowered one.
  return "kernel-split,function(branch-dist,iter-delay,loop-split,"
         "divopt-cleanup,switch-dispatch,divopt-remarks)";
}

/// DivOpt pipeline elements parsed so far (Plugin.cpp counts them).
static thread_local unsigned NumDivOptPassesParsed = 0;

void noteDivOptPassParsed() { ++NumDivOptPassesParsed; }

Expected<DivOptPipelinePass> DivOptPipelinePass::create(PassBuilder &PB,
                                                        StringRef Text) {
  ModulePassManager MPM;
  unsigned Before = NumDivOptPassesParsed;
  if (Error E = PB.parsePassPipeline(MPM, Text))
    return createStringError(inconvertibleErrorCode(),
                             "invalid -divopt-pipeline '" + Text +
                                 "': " + toString(std::move(E)));
  // default<O0>, lto<O2> or a pipeline of LLVM passes alone parse, and the
  // compile would then silently go without DivOpt.
  if (NumDivOptPassesParsed == Before)
    return createStringError(
        inconvertibleErrorCode(),
        "invalid -divopt-pipeline '" + Text +
            "': it runs no DivOpt pass (kernel-split, branch-dist, "
            "iter-delay, loop-split, switch-dispatch, bbv-profile, "
            "thread-remap, divopt-remarks, ...); to compile without DivOpt, "
            "pass -divopt-auto=false");
  return DivOptPipelinePass(std::move(MPM));
}

/// The target of M's first function whose compute capability DivOpt has no
/// occupancy limits for (sm_88: NVIDIA publishes none); empty when every
/// target is modelled. A function that names no target is modelled as
/// sm_90.
static std::string findUnmodelledTarget(const Module &M) {
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    KernelInfo KI = getKernelInfo(F);
    if (std::optional<unsigned> CC = KI.computeCapability();
        CC && !getGpuArch(*CC))
      return KI.Target;
  }
  return "";
}

PreservedAnalyses DivOptPipelinePass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    // The host side: only launches of split kernels change.
    return HostLaunch ? HostLaunchPass().run(M, MAM) : PreservedAnalyses::all();
  // Deciding for a GPU whose limits are unknown would be guessing: say so
  // (a warning, as a remark would go unseen) and compile as clang would.
  if (std::string Target = findUnmodelledTarget(M); !Target.empty()) {
    M.getContext().diagnose(DiagnosticInfoGeneric(
        "DivOpt has no occupancy model for " + Target +
            " (its per-SM limits are not published); DivOpt leaves module '" +
            M.getModuleIdentifier() + "' as it is",
        DS_Warning));
    return PreservedAnalyses::all();
  }
  // The profile's identities are computed on the module as it came, before
  // any transform; its stamps go again once every transform has read them.
  if (!ProfileUsePass::apply(M, MAM))
    return PreservedAnalyses::all();
  PreservedAnalyses PA = Inner.run(M, MAM);
  clearProfileStamps(M);
  return PA;
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
    // An instrumented build counts the code as clang made it: the
    // transforms would change what the profile describes.
    StringRef Text = ProfileGenerate        ? StringRef("divergence-profile")
                     : PipelineText.empty() ? getDefaultPipeline()
                                            : StringRef(PipelineText);
    Building = true;
    Reentered = false;
    Expected<DivOptPipelinePass> P = DivOptPipelinePass::create(PB, Text);
    Building = false;
    if (P && Reentered)
      P = createStringError(inconvertibleErrorCode(),
                            "invalid -divopt-pipeline '" + Text +
                                "': it may not hold a default pipeline");
    if (!P) {
      // A mistyped option must not silently compile without DivOpt. Inside
      // clang's compile job (run under crash recovery) any exit dumps the
      // stack as if clang had crashed: there the compile fails with the
      // reason as a module error, and clang removes the output. Elsewhere
      // (opt) the error ends the run before any output is written.
      if (CrashRecoveryContext::GetCurrent()) {
        MPM.addPass(PipelineErrorPass(toString(P.takeError())));
        return;
      }
      report_fatal_error(P.takeError(), /*gen_crash_diag=*/false);
    }
    MPM.addPass(std::move(*P));
  });
}

} // namespace divopt
