//===- ThreadRemap.cpp - Reference redirection of the thread index --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ThreadRemap.h"
#include "KernelClone.h"
#include "PassOptions.h"
#include "analysis/GlobalThreadIndex.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-thread-remap"

STATISTIC(NumRemapped, "Kernels given a remapped copy");
STATISTIC(NumRedirected, "Global thread indices redirected");
STATISTIC(NumRefused, "Kernels left without a remapped copy");

namespace divopt {

Expected<ThreadRemapOptions> parseThreadRemapOptions(StringRef Params) {
  ThreadRemapOptions Opts;
  PassOptionParser P("thread-remap", Params);
  Error E = P.forEach([&](StringRef Key, std::optional<StringRef> V) -> Error {
    if (Key != "kernel")
      return P.unknown(Key, "kernel=<name>");
    return P.setName(Opts.Kernel, Key, V, "a kernel name", "k");
  });
  if (E)
    return E;
  return Opts;
}

void ThreadRemapPass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "thread-remap";
  if (!Opts.Kernel.empty())
    OS << "<kernel=" << Opts.Kernel << ">";
}

namespace {

/// Replaces each index i in NF with redirect[i] (an unsigned 32-bit
/// table; a 64-bit index gets the entry zero-extended).
unsigned redirectIndices(Function &NF, Argument &Redirect) {
  GlobalThreadIndex G = findGlobalThreadIndex(NF);
  for (Instruction *I : G.Indices) {
    IRBuilder<> B(I->getNextNode());
    Value *Wide = B.CreateZExtOrBitCast(I, B.getInt64Ty());
    Value *Slot = B.CreateInBoundsGEP(B.getInt32Ty(), &Redirect, Wide);
    LoadInst *Thread =
        B.CreateAlignedLoad(B.getInt32Ty(), Slot, Align(4), "divopt.thread");
    // The table is not written while the kernel runs.
    Thread->setMetadata(LLVMContext::MD_invariant_load,
                        MDNode::get(NF.getContext(), {}));
    Value *New = B.CreateZExtOrBitCast(Thread, I->getType());
    I->replaceUsesWithIf(New, [&](Use &U) {
      return U.getUser() != Wide && U.getUser() != Slot;
    });
  }
  return G.Indices.size();
}

void remarkRefused(OptimizationRemarkEmitter &ORE, Function &F,
                   const GlobalThreadIndex &G) {
  ++NumRefused;
  auto Remark = [&] {
    if (G.BlockerAt)
      return OptimizationRemarkMissed(DEBUG_TYPE, "NotRemapped", G.BlockerAt);
    return OptimizationRemarkMissed(DEBUG_TYPE, "NotRemapped", &F);
  };
  ORE.emit([&] {
    return Remark() << "kernel " << demangle(F.getName())
                    << " not remapped: " << G.Blocker;
  });
}

} // namespace

PreservedAnalyses ThreadRemapPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Kernels;
  if (!collectKernelsToClone(M, Opts.Kernel, "thread-remap", Kernels))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function *F : Kernels) {
    OptimizationRemarkEmitter ORE(F);
    std::string Name = getDerivedKernelName(F->getName(), "remap");
    GlobalThreadIndex G = findGlobalThreadIndex(*F);
    if (G.isRemappable() && M.getFunction(Name))
      G.Blocker = "the module already holds " + Name;
    if (!G.isRemappable()) {
      remarkRefused(ORE, *F, G);
      continue;
    }
    Function *NF = cloneKernelWithPointer(*F, Name, "divopt.redirect");
    unsigned N = redirectIndices(*NF, *NF->getArg(NF->arg_size() - 1));
    ++NumRemapped;
    NumRedirected += N;
    Changed = true;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Remapped", F)
             << "kernel " << demangle(F->getName()) << " remapped as " << Name
             << ": " << ore::NV("Indices", N)
             << " global thread index(es) read through the redirection table "
                "(last parameter)";
    });
  }
  if (!Changed)
    return PreservedAnalyses::all();
  // The existing functions are untouched; a new one was added.
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  return PA;
}

} // namespace divopt
