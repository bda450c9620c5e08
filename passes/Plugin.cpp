//===- Plugin.cpp - libDivOpt.so registration -----------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Registers DivOpt's analysis and passes with the new pass manager, for
// `opt -load-pass-plugin libDivOpt.so -passes=...`, and hooks the automatic
// pipeline into clang's (`-fpass-plugin=libDivOpt.so`).
//
//===----------------------------------------------------------------------===//

#include "BbvProfile.h"
#include "BranchDistribution.h"
#include "Cleanup.h"
#include "ContractionPinning.h"
#include "DivergenceProfile.h"
#include "DivergenceRemarks.h"
#include "HostLaunch.h"
#include "IterationDelay.h"
#include "KernelSplit.h"
#include "LoopSplit.h"
#include "Pipeline.h"
#include "ProfileUsePass.h"
#include "SwitchDispatch.h"
#include "ThreadRemap.h"
#include "analysis/CostPrinter.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/ProfileIdentity.h"
#include "analysis/ProfileUse.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace divopt;

#ifndef DIVOPT_VERSION
#error "DIVOPT_VERSION is set by passes/CMakeLists.txt (the project version)"
#endif

/// `opt -load-pass-plugin libDivOpt.so --version` and clang's
/// `-fpass-plugin=libDivOpt.so -mllvm --version` print the plugin's version
/// after LLVM's. Registered when the library is loaded, which both tools do
/// while parsing the command line, before --version.
static const bool VersionPrinterAdded = [] {
  cl::AddExtraVersionPrinter(
      [](raw_ostream &OS) { OS << "  DivOpt version " DIVOPT_VERSION "\n"; });
  return true;
}();

/// Splits "name<params>" into its parameters when the name matches.
static std::optional<StringRef> matchParams(StringRef Name, StringRef Pass) {
  if (Name == Pass)
    return StringRef();
  if (!Name.consume_front(Pass) || !Name.consume_front("<") ||
      !Name.consume_back(">"))
    return std::nullopt;
  return Name;
}

/// Adds the pass PassT built from Params, or prints why it cannot.
template <typename PassT, typename PassManagerT, typename ParseT>
static bool addParsed(PassManagerT &PM, StringRef Params, ParseT Parse) {
  auto Opts = Parse(Params);
  if (!Opts) {
    // opt and clang report a pipeline that fails to parse; the reason is
    // ours to print.
    errs() << "error: " << toString(Opts.takeError()) << "\n";
    return false;
  }
  PM.addPass(PassT(*Opts));
  return true;
}

static bool parseModulePass(PassBuilder &PB, StringRef Name,
                            ModulePassManager &MPM) {
  if (Name == "divopt") {
    Expected<DivOptPipelinePass> P =
        DivOptPipelinePass::create(PB, getDefaultPipeline());
    if (!P) {
      errs() << toString(P.takeError()) << "\n";
      return false;
    }
    MPM.addPass(std::move(*P));
    return true;
  }
  if (Name == "divopt-profile-use") {
    MPM.addPass(ProfileUsePass());
    return true;
  }
  if (Name == "divergence-profile") {
    MPM.addPass(DivergenceProfilePass());
    return true;
  }
  if (Name == "host-launch") {
    MPM.addPass(HostLaunchPass());
    return true;
  }
  if (auto P = matchParams(Name, "kernel-split"))
    return addParsed<KernelSplitPass>(MPM, *P, parseKernelSplitOptions);
  if (auto P = matchParams(Name, "bbv-profile"))
    return addParsed<BbvProfilePass>(MPM, *P, parseBbvProfileOptions);
  if (auto P = matchParams(Name, "thread-remap"))
    return addParsed<ThreadRemapPass>(MPM, *P, parseThreadRemapOptions);
  return false;
}

static bool parseFunctionPass(StringRef Name, FunctionPassManager &FPM) {
  if (auto P = matchParams(Name, "branch-dist"))
    return addParsed<BranchDistributionPass>(FPM, *P,
                                             parseBranchDistributionOptions);
  if (auto P = matchParams(Name, "iter-delay"))
    return addParsed<IterationDelayPass>(FPM, *P, parseIterationDelayOptions);
  if (auto P = matchParams(Name, "loop-split"))
    return addParsed<LoopSplitPass>(FPM, *P, parseLoopSplitOptions);
  if (Name == "print<divopt-divergence>") {
    FPM.addPass(DivergencePrinterPass(outs()));
    return true;
  }
  if (Name == "print<divopt-profile-id>") {
    FPM.addPass(ProfileIdentityPrinterPass(outs()));
    return true;
  }
  if (Name == "print<divopt-cost>") {
    FPM.addPass(CostPrinterPass(outs()));
    return true;
  }
  if (Name == "divopt-remarks") {
    FPM.addPass(DivergenceRemarksPass());
    return true;
  }
  if (Name == "switch-dispatch") {
    FPM.addPass(SwitchDispatchPass());
    return true;
  }
  if (Name == "divopt-cleanup") {
    FPM.addPass(CleanupPass());
    return true;
  }
  if (Name == "pin-contraction") {
    FPM.addPass(ContractionPinningPass());
    return true;
  }
  return parseAnalysisUtilityPasses<DivergenceAnalysis, Function>(
      "divopt-divergence", Name, FPM);
}

/// Parsed tells whether a DivOpt pass was added; -divopt-pipeline counts
/// them.
static bool counted(bool Parsed) {
  if (Parsed)
    noteDivOptPassParsed();
  return Parsed;
}

static void registerCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    FAM.registerPass([] { return DivergenceAnalysis(); });
    FAM.registerPass([] { return ProfileIdentityAnalysis(); });
  });
  PB.registerAnalysisRegistrationCallback([](ModuleAnalysisManager &MAM) {
    MAM.registerPass([] { return DivergenceProfileAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, ModulePassManager &MPM,
            ArrayRef<PassBuilder::PipelineElement>) {
        return counted(parseModulePass(PB, Name, MPM));
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return counted(parseFunctionPass(Name, FPM));
      });
  registerAutomaticPipeline(PB);
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  (void)VersionPrinterAdded;
  return {LLVM_PLUGIN_API_VERSION, "DivOpt", DIVOPT_VERSION, registerCallbacks};
}
