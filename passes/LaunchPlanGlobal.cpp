//===- LaunchPlanGlobal.cpp - The launch plan global of a kernel ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LaunchPlanGlobal.h"
#include "runtime/LaunchPlanFormat.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace divopt {

/// NVPTX's global address space: cuModuleGetGlobal finds .global data.
static constexpr unsigned GlobalAddressSpace = 1;

Error checkLaunchPlanFree(const Function &Kernel) {
  std::string Symbol = getLaunchPlanSymbol(Kernel.getName());
  if (!Kernel.getParent()->getNamedValue(Symbol))
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "the module already defines @" + Symbol +
                               ", the name of the kernel's launch plan");
}

/// The plan's linkage: visible to the runtimes and to the device linker
/// (-fgpu-rdc), and merged like the kernel when the kernel may be defined
/// by several translation units (templates, inline kernels).
static GlobalValue::LinkageTypes getPlanLinkage(const Function &Kernel) {
  if (Kernel.hasLinkOnceLinkage() || Kernel.hasWeakLinkage())
    return GlobalValue::WeakODRLinkage;
  return GlobalValue::ExternalLinkage;
}

void createLaunchPlan(Function &Kernel, ArrayRef<std::string> Steps) {
  Module &M = *Kernel.getParent();
  std::string Text =
      std::string(LaunchPlanHeader) + "\n" + Kernel.getName().str();
  for (const std::string &S : Steps)
    Text += " " + S;
  Text += "\n";
  auto *GV = new GlobalVariable(
      M, ArrayType::get(Type::getInt8Ty(M.getContext()), Text.size() + 1),
      /*isConstant=*/true, getPlanLinkage(Kernel),
      ConstantDataArray::getString(M.getContext(), Text),
      getLaunchPlanSymbol(Kernel.getName()), nullptr,
      GlobalValue::NotThreadLocal, GlobalAddressSpace);
  GV->setAlignment(Align(1));
}

} // namespace divopt
