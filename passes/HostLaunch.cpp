//===- HostLaunch.cpp - <<<>>> launches of split kernels ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "HostLaunch.h"
#include "analysis/KernelInfo.h"
#include "profile/ProfileCounters.h"
#include "runtime/HostLaunchAbi.h"
#include "runtime/LaunchPlanFormat.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-host-launch"

STATISTIC(NumHooked, "Kernel launches sent through DivOpt's launch hook");

namespace divopt {

namespace {

/// The CUDA runtime's registration call of a whole-program compile:
/// __cudaRegisterFunction(Handle, Stub, DeviceName, DeviceName, ...).
constexpr const char *RegisterFunction = "__cudaRegisterFunction";
/// The wrapper of a whole-program compile's fatbinary: {magic, version,
/// ptr to the fatbinary, ptr}.
constexpr const char *FatbinWrapper = "__cuda_fatbin_wrapper";
/// Where clang's new offload driver puts the offload entries (stub, device
/// name) and the device objects of a -fgpu-rdc compile.
constexpr const char *OffloadEntrySection = "llvm_offload_entries";
constexpr const char *OffloadObjectSection = ".llvm.offloading";

/// The bytes of GV's initializer when it is an array of bytes.
std::optional<StringRef> getBytes(const Value *V) {
  const auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->getElementType()->isIntegerTy(8))
    return std::nullopt;
  return Data->getRawDataValues();
}

/// The device code the host module embeds.
SmallVector<StringRef, 2> getDeviceImages(const Module &M) {
  SmallVector<StringRef, 2> Images;
  if (const GlobalVariable *W = M.getNamedGlobal(FatbinWrapper))
    if (W->hasInitializer())
      if (const auto *S = dyn_cast<ConstantStruct>(W->getInitializer()))
        for (const Use &Op : S->operands())
          if (std::optional<StringRef> B = getBytes(Op.get()))
            Images.push_back(*B);
  for (const GlobalVariable &GV : M.globals())
    if (GV.getSection() == OffloadObjectSection)
      if (std::optional<StringRef> B = getBytes(&GV))
        Images.push_back(*B);
  return Images;
}

/// The C string a registration or an offload entry names a kernel by.
std::optional<StringRef> getCString(const Value *V) {
  std::optional<StringRef> B = getBytes(V);
  if (!B || B->empty() || B->back() != '\0')
    return std::nullopt;
  return B->drop_back();
}

/// Kernel stub -> the kernel's device name, as the module registers them.
DenseMap<const Function *, StringRef> getDeviceNames(const Module &M) {
  DenseMap<const Function *, StringRef> Names;
  if (const Function *Register = M.getFunction(RegisterFunction))
    for (const User *U : Register->users())
      if (const auto *CB = dyn_cast<CallBase>(U))
        if (CB->getCalledOperand() == Register && CB->arg_size() > 2)
          if (auto *Stub =
                  dyn_cast<Function>(CB->getArgOperand(1)->stripPointerCasts()))
            if (std::optional<StringRef> Name =
                    getCString(CB->getArgOperand(2)))
              Names[Stub] = *Name;
  // An offload entry is a struct holding the stub and its name (and flags,
  // sizes): take the function and the C string, whatever the layout's
  // version.
  for (const GlobalVariable &GV : M.globals()) {
    if (GV.getSection() != OffloadEntrySection || !GV.hasInitializer())
      continue;
    const auto *S = dyn_cast<ConstantStruct>(GV.getInitializer());
    if (!S)
      continue;
    const Function *Stub = nullptr;
    std::optional<StringRef> Name;
    for (const Use &Op : S->operands()) {
      if (auto *F = dyn_cast<Function>(Op->stripPointerCasts()))
        Stub = F;
      else if (!Name)
        Name = getCString(Op.get());
    }
    if (Stub && Name)
      Names[Stub] = *Name;
  }
  return Names;
}

bool isIdentifierByte(char C) { return isAlnum(C) || C == '_' || C == '$'; }

/// Whether an image holds Symbol as a whole name: in a cubin's string table
/// (NUL after it) or in PTX text ('[' after it).
bool holdsSymbol(StringRef Image, StringRef Symbol) {
  for (size_t At = Image.find(Symbol); At != StringRef::npos;
       At = Image.find(Symbol, At + 1)) {
    size_t End = At + Symbol.size();
    bool WholeBefore = At == 0 || !isIdentifierByte(Image[At - 1]);
    bool WholeAfter = End == Image.size() || !isIdentifierByte(Image[End]);
    if (WholeBefore && WholeAfter)
      return true;
  }
  return false;
}

/// The hook standing for Launch (cudaLaunchKernel or its _ptsz form):
/// the same parameters after the kernel's device name, extern_weak.
Function *getHook(Module &M, Function &Launch) {
  StringRef Name = Launch.getName() == CudaLaunchKernelPerThread
                       ? HostLaunchHookPerThread
                       : HostLaunchHook;
  FunctionType *LaunchTy = Launch.getFunctionType();
  SmallVector<Type *, 8> Params{PointerType::getUnqual(M.getContext())};
  append_range(Params, LaunchTy->params());
  auto *Ty = FunctionType::get(Type::getInt32Ty(M.getContext()), Params,
                               /*isVarArg=*/false);
  if (Function *F = M.getFunction(Name))
    return F->getFunctionType() == Ty ? F : nullptr;
  return Function::Create(Ty, GlobalValue::ExternalWeakLinkage, Name, M);
}

/// Launch through Hook when it is linked and takes the launch; else as
/// before:
///   r = Hook ? Hook(Name, args) : NotHandled
///   if (r == NotHandled) r = cudaLaunchKernel(args)
/// The block a launch continues in: the one after a call (split off), or
/// the normal destination of an invoke (a block of its own, so that the
/// hooked way can join there).
BasicBlock *splitAfter(CallBase &Launch) {
  if (auto *Invoke = dyn_cast<InvokeInst>(&Launch))
    return SplitEdge(Invoke->getParent(), Invoke->getNormalDest());
  return Launch.getParent()->splitBasicBlock(std::next(Launch.getIterator()),
                                             "divopt.launched");
}

/// Launch becomes `hook ? hook(name, args) : NotHandled`, then Launch where
/// the hook is not linked or declined. The hook is a C function that does
/// not unwind, so it is called even where Launch is an invoke (a `<<<>>>`
/// in a function with cleanups), whose unwind edge stays as it was.
void sendThroughHook(CallBase &Launch, Function &Hook, Constant &Name) {
  LLVMContext &C = Launch.getContext();
  BasicBlock *After = splitAfter(Launch);
  BasicBlock *Before = Launch.getParent();
  BasicBlock *Original =
      Before->splitBasicBlock(Launch.getIterator(), "divopt.cuda.launch");
  auto *Try = BasicBlock::Create(C, "divopt.hook.launch", Before->getParent(),
                                 Original);
  IRBuilder<> B(Before->getTerminator());
  Value *Linked = B.CreateIsNotNull(&Hook, "divopt.hook.linked");
  B.CreateCondBr(Linked, Try, Original);
  Before->getTerminator()->eraseFromParent();

  B.SetInsertPoint(Try);
  SmallVector<Value *, 8> Args{&Name};
  append_range(Args, Launch.args());
  CallInst *Hooked = B.CreateCall(&Hook, Args, "divopt.hook.result");
  Hooked->setDebugLoc(Launch.getDebugLoc());
  Value *Declined = B.CreateICmpEQ(Hooked, B.getInt32(HostLaunchNotHandled),
                                   "divopt.hook.declined");
  B.CreateCondBr(Declined, Original, After);

  if (Launch.use_empty())
    return;
  B.SetInsertPoint(After, After->begin());
  PHINode *Result = B.CreatePHI(Launch.getType(), 2, "divopt.launch.result");
  Launch.replaceAllUsesWith(Result);
  Result->addIncoming(&Launch, Original);
  Result->addIncoming(Hooked, Try);
}

Constant *getNameString(Module &M, StringRef Name) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), Name);
  auto *GV = new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init,
                                "divopt.kernel.name");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  GV->setAlignment(Align(1));
  return GV;
}

} // namespace

PreservedAnalyses HostLaunchPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (isNVPTXModule(M))
    return PreservedAnalyses::all();
  SmallVector<Function *, 2> Launches;
  for (const char *Name : {CudaLaunchKernel, CudaLaunchKernelPerThread})
    if (Function *F = M.getFunction(Name))
      Launches.push_back(F);
  if (Launches.empty())
    return PreservedAnalyses::all();
  SmallVector<StringRef, 2> Images = getDeviceImages(M);
  if (Images.empty())
    return PreservedAnalyses::all();
  DenseMap<const Function *, StringRef> DeviceNames = getDeviceNames(M);

  // The launches of kernels whose device code holds a plan, with the name,
  // in program order.
  SmallVector<std::pair<CallBase *, StringRef>, 8> Planned;
  DenseMap<const Function *, bool> HasPlan;
  StringSet<> Counted;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      // A call, or an invoke where the launch sits in a function with
      // cleanups (main with a std::vector, once the stub is inlined).
      auto *CI = dyn_cast<CallBase>(&I);
      if (!CI || isa<CallBrInst>(CI) ||
          !is_contained(Launches, CI->getCalledOperand()) ||
          CI->arg_size() == 0 || CI->isMustTailCall())
        continue;
      auto *Stub =
          dyn_cast<Function>(CI->getArgOperand(0)->stripPointerCasts());
      auto Name = Stub ? DeviceNames.find(Stub) : DeviceNames.end();
      if (Name == DeviceNames.end())
        continue;
      auto [It, New] = HasPlan.try_emplace(Stub, false);
      // A kernel with a launch plan, or an instrumented one whose
      // launches the collector records (-divopt-profile-generate).
      if (New)
        It->second = any_of(Images, [&](StringRef Image) {
          if (holdsSymbol(Image, getLaunchPlanSymbol(Name->second)))
            return true;
          if (!holdsSymbol(Image, profile::CounterDescriptorPrefix +
                                      Name->second.str()))
            return false;
          Counted.insert(Name->second);
          return true;
        });
      if (It->second)
        Planned.emplace_back(CI, Name->second);
    }
  if (Planned.empty())
    return PreservedAnalyses::all();

  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  StringMap<Constant *> NameStrings;
  bool Changed = false;
  for (auto &Launch : Planned) {
    // Named, not structured bindings: the remarks' lambdas capture them.
    CallBase *CI = Launch.first;
    StringRef Name = Launch.second;
    Function *Hook = getHook(M, *CI->getCalledFunction());
    Function &Caller = *CI->getFunction();
    OptimizationRemarkEmitter &ORE =
        FAM.getResult<OptimizationRemarkEmitterAnalysis>(Caller);
    if (!Hook) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "HookType", CI)
               << "launch of split kernel " << demangle(Name)
               << " left to the CUDA runtime: the module declares "
               << HostLaunchHook << " with another type";
      });
      continue;
    }
    Constant *&NameString = NameStrings[Name];
    if (!NameString)
      NameString = getNameString(M, Name);
    sendThroughHook(*CI, *Hook, *NameString);
    Changed = true;
    ++NumHooked;
    ORE.emit([&] {
      return OptimizationRemark(DEBUG_TYPE, "Hooked", CI)
             << "launch of kernel " << demangle(Name)
             << " goes through DivOpt's launch hook: its device code carries "
             << (Counted.contains(Name)
                     ? "divergence counters (the CUDA runtime launches it "
                       "uncounted when libdivopt-launch is not linked)"
                     : "a launch plan (the CUDA runtime launches it unsplit "
                       "when libdivopt-launch is not linked)");
    });
    FAM.invalidate(Caller, PreservedAnalyses::none());
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace divopt
