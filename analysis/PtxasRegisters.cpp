//===- PtxasRegisters.cpp - Register counts from ptxas itself -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PtxasRegisters.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>

using namespace llvm;

namespace divopt {

namespace {
enum class RegisterSource { Estimate, Ptxas };

cl::opt<RegisterSource> RegisterCounts(
    "divopt-registers", cl::init(RegisterSource::Estimate),
    cl::desc("Where the cost model's register counts come from"),
    cl::values(clEnumValN(RegisterSource::Estimate, "estimate",
                          "the static estimate (fast; the default)"),
               clEnumValN(RegisterSource::Ptxas, "ptxas",
                          "NVPTX code generation and ptxas -v on each "
                          "kernel a decision measures (exact, slow)")));

cl::opt<std::string>
    PtxasPath("divopt-ptxas", cl::init(""), cl::value_desc("path"),
              cl::desc("The ptxas of -divopt-registers=ptxas (default: "
                       "$CUDA_PATH/bin, /usr/local/cuda/bin, then PATH)"));

/// Seconds one ptxas run may take before its count is given up.
constexpr unsigned PtxasTimeout = 120;

std::optional<std::string> findPtxas() {
  if (!PtxasPath.empty())
    return sys::fs::can_execute(PtxasPath) ? std::optional(PtxasPath.getValue())
                                           : std::nullopt;
  for (const char *Var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> Dir = sys::Process::GetEnv(Var)) {
      SmallString<128> P(*Dir);
      sys::path::append(P, "bin", "ptxas");
      if (sys::fs::can_execute(P))
        return std::string(P);
    }
  if (sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return std::string("/usr/local/cuda/bin/ptxas");
  if (ErrorOr<std::string> P = sys::findProgramByName("ptxas"))
    return *P;
  return std::nullopt;
}

/// The functions F calls, directly or not, that have bodies here.
SmallPtrSet<const Function *, 8> getCallTree(const Function &F) {
  SmallPtrSet<const Function *, 8> Tree{&F};
  SmallVector<const Function *, 8> Work{&F};
  while (!Work.empty()) {
    const Function *G = Work.pop_back_val();
    for (const Instruction &I : instructions(*G))
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Tree.insert(Callee).second)
          Work.push_back(Callee);
  }
  return Tree;
}

/// The global variables the functions of Tree refer to, through constant
/// expressions too.
SmallPtrSet<const GlobalVariable *, 8>
getReferencedGlobals(const SmallPtrSetImpl<const Function *> &Tree) {
  SmallPtrSet<const GlobalVariable *, 8> Globals;
  SmallPtrSet<const Constant *, 16> Seen;
  SmallVector<const Constant *, 16> Work;
  for (const Function *G : Tree)
    for (const Instruction &I : instructions(*G))
      for (const Value *Op : I.operands())
        if (const auto *C = dyn_cast<Constant>(Op); C && Seen.insert(C).second)
          Work.push_back(C);
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (const auto *GV = dyn_cast<GlobalVariable>(C)) {
      if (Globals.insert(GV).second && GV->hasInitializer() &&
          Seen.insert(GV->getInitializer()).second)
        Work.push_back(GV->getInitializer());
      continue;
    }
    for (const Value *Op : C->operands())
      if (const auto *D = dyn_cast<Constant>(Op); D && Seen.insert(D).second)
        Work.push_back(D);
  }
  return Globals;
}

/// Name with the characters PTX identifiers do not allow replaced, as
/// NVPTX does for globals.
std::string getPtxName(StringRef Name) {
  std::string Out;
  for (char C : Name) {
    if (isAlnum(C) || C == '_' || C == '$')
      Out += C;
    else
      Out += "_$_";
  }
  return Out;
}

/// A module of F, the functions it calls and the globals they use; the
/// rest of F's module is left out (declarations no one uses are erased).
std::unique_ptr<Module> extractCallTree(const Function &F, Function *&Copy) {
  SmallPtrSet<const Function *, 8> Tree = getCallTree(F);
  SmallPtrSet<const GlobalVariable *, 8> Globals = getReferencedGlobals(Tree);
  ValueToValueMapTy VMap;
  std::unique_ptr<Module> M =
      CloneModule(*F.getParent(), VMap, [&](const GlobalValue *GV) {
        if (const auto *G = dyn_cast<Function>(GV))
          return Tree.contains(G);
        if (const auto *V = dyn_cast<GlobalVariable>(GV))
          return Globals.contains(V);
        return false;
      });
  Copy = cast<Function>(VMap[&F]);
  // Other kernels and the launch plans are not F's: drop what F does not
  // reach, so that code generation and ptxas see F's call tree alone.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (GlobalValue &GV : make_early_inc_range(M->global_values())) {
      GV.removeDeadConstantUsers();
      if (GV.use_empty() && (GV.isDeclaration() || isa<GlobalVariable>(GV)) &&
          &GV != Copy && !GV.getName().starts_with("llvm.")) {
        GV.eraseFromParent();
        Changed = true;
      }
    }
  }
  if (GlobalVariable *Used = M->getNamedGlobal("llvm.used"))
    Used->eraseFromParent();
  if (GlobalVariable *Used = M->getNamedGlobal("llvm.compiler.used"))
    Used->eraseFromParent();
  // The copies transforms measure have names PTX does not allow
  // ("k.candidate"); ptxas would reject them.
  for (GlobalValue &GV : M->global_values())
    if (!GV.isDeclaration() || !GV.getName().starts_with("llvm."))
      GV.setName(getPtxName(GV.getName()));
  return M;
}

/// Target machines by (triple, CPU, features): building one costs more
/// than a small kernel's code generation.
TargetMachine *getTargetMachine(const Triple &TT, StringRef CPU,
                                StringRef Features) {
  static std::map<std::tuple<std::string, std::string, std::string>,
                  std::unique_ptr<TargetMachine>>
      Machines;
  auto Key = std::make_tuple(TT.str(), CPU.str(), Features.str());
  auto It = Machines.find(Key);
  if (It != Machines.end())
    return It->second.get();
  std::string Error;
  const Target *T = TargetRegistry::lookupTarget(TT, Error);
  if (!T) {
    // clang and opt register every target; a tool that registered none
    // still has the NVPTX back end in libLLVM.
    InitializeAllTargetInfos();
    InitializeAllTargets();
    InitializeAllTargetMCs();
    InitializeAllAsmPrinters();
    T = TargetRegistry::lookupTarget(TT, Error);
  }
  TargetMachine *TM = T ? T->createTargetMachine(
                              TT, CPU, Features, TargetOptions(), std::nullopt,
                              std::nullopt, CodeGenOptLevel::Aggressive)
                        : nullptr;
  Machines[Key].reset(TM);
  return TM;
}

/// The PTX NVPTX code generation makes of M, as clang -O3 would.
std::optional<std::string> emitPtx(Module &M, StringRef CPU,
                                   StringRef Features) {
  TargetMachine *TM = getTargetMachine(M.getTargetTriple(), CPU, Features);
  if (!TM)
    return std::nullopt;
  SmallString<0> Ptx;
  raw_svector_ostream OS(Ptx);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return std::nullopt;
  PM.run(M);
  return std::string(Ptx);
}

/// The counts of the entry ptxas -v reports in Log: "N bytes spill
/// stores" and "Used N registers" follow "Compiling entry function".
std::optional<PtxasCount> parseCounts(StringRef Log) {
  size_t Entry = Log.find("Compiling entry function");
  if (Entry == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Log.drop_front(Entry);
  auto NumberBefore = [&](StringRef Text) -> std::optional<unsigned> {
    size_t At = Rest.find(Text);
    if (At == StringRef::npos)
      return std::nullopt;
    StringRef Head = Rest.take_front(At).rtrim();
    size_t Start = Head.find_last_not_of("0123456789");
    unsigned N;
    if (Head.drop_front(Start == StringRef::npos ? 0 : Start + 1)
            .getAsInteger(10, N))
      return std::nullopt;
    return N;
  };
  size_t Used = Rest.find("Used ");
  if (Used == StringRef::npos)
    return std::nullopt;
  PtxasCount C;
  if (Rest.drop_front(Used + 5).consumeInteger(10, C.Registers))
    return std::nullopt;
  C.Spilled = NumberBefore("bytes spill stores").value_or(0) / 4;
  return C;
}

/// Runs ptxas -v on Ptx for Arch; a file per run, removed afterwards.
std::optional<PtxasCount> runPtxas(StringRef Ptxas, StringRef Ptx,
                                   StringRef Arch) {
  SmallString<128> In, Out, Log;
  if (sys::fs::createTemporaryFile("divopt-ptxas", "ptx", In) ||
      sys::fs::createTemporaryFile("divopt-ptxas", "cubin", Out) ||
      sys::fs::createTemporaryFile("divopt-ptxas", "log", Log))
    return std::nullopt;
  std::optional<PtxasCount> Count;
  std::error_code EC;
  {
    raw_fd_ostream OS(In, EC);
    OS << Ptx;
  }
  if (!EC) {
    std::string ArchArg = ("-arch=" + Arch).str();
    StringRef Args[] = {Ptxas, ArchArg, "-v", In, "-o", Out};
    std::optional<StringRef> Redirects[] = {StringRef(), StringRef(),
                                            StringRef(Log)};
    if (sys::ExecuteAndWait(Ptxas, Args, std::nullopt, Redirects,
                            PtxasTimeout) == 0)
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
              MemoryBuffer::getFile(Log))
        Count = parseCounts((*Buf)->getBuffer());
  }
  for (StringRef P : {StringRef(In), StringRef(Out), StringRef(Log)})
    sys::fs::remove(P);
  return Count;
}
} // namespace

bool useExactRegisterCounts() {
  return RegisterCounts == RegisterSource::Ptxas;
}

std::optional<PtxasCount> countRegistersWithPtxas(const Function &F) {
  // ptxas reports registers for entries only (a .func's belong to the
  // kernels that call it).
  if (F.isDeclaration() || !F.hasKernelCallingConv())
    return std::nullopt;
  static std::optional<std::string> Ptxas = findPtxas();
  if (!Ptxas)
    return std::nullopt;
  std::string CPU = F.getFnAttribute("target-cpu").getValueAsString().str();
  if (CPU.empty())
    CPU = "sm_90";
  std::string Features =
      F.getFnAttribute("target-features").getValueAsString().str();
  Function *Copy = nullptr;
  std::unique_ptr<Module> M = extractCallTree(F, Copy);
  std::optional<std::string> Ptx = emitPtx(*M, CPU, Features);
  if (!Ptx)
    return std::nullopt;
  // The same PTX (a function measured again, unchanged) gets the same count.
  static std::mutex Lock;
  static DenseMap<size_t, PtxasCount> Counts;
  size_t Key = hash_combine(hash_value(*Ptx), hash_value(CPU));
  {
    std::lock_guard<std::mutex> Guard(Lock);
    if (auto It = Counts.find(Key); It != Counts.end())
      return It->second;
  }
  std::optional<PtxasCount> Count = runPtxas(*Ptxas, *Ptx, CPU);
  if (Count) {
    std::lock_guard<std::mutex> Guard(Lock);
    Counts[Key] = *Count;
  }
  return Count;
}

} // namespace divopt
