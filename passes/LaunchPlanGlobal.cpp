//===- LaunchPlanGlobal.cpp - The launch plan global of a module ----------===//
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

/// The text of M's plan without its NUL; empty when M has none.
static Expected<std::string> readPlan(const Module &M) {
  const GlobalVariable *GV = M.getNamedGlobal(LaunchPlanSymbol);
  if (!GV)
    return std::string();
  const auto *Init = GV->hasInitializer()
                         ? dyn_cast<ConstantDataArray>(GV->getInitializer())
                         : nullptr;
  if (!Init || !Init->isCString() ||
      !Init->getAsCString().starts_with(LaunchPlanHeader))
    return createStringError(inconvertibleErrorCode(),
                             Twine("the module's @") + LaunchPlanSymbol +
                                 " is not a DivOpt launch plan");
  return Init->getAsCString().str();
}

Error checkLaunchPlanGlobal(const Module &M) { return readPlan(M).takeError(); }

void addToLaunchPlan(Module &M, StringRef Kernel, ArrayRef<std::string> Steps) {
  std::string Text = cantFail(readPlan(M));
  if (Text.empty())
    Text = std::string(LaunchPlanHeader) + "\n";
  Text += Kernel.str();
  for (const std::string &S : Steps)
    Text += " " + S;
  Text += "\n";
  if (GlobalVariable *Old = M.getNamedGlobal(LaunchPlanSymbol)) {
    Old->setName(""); // Frees the name; nothing else refers to it.
    Old->eraseFromParent();
  }
  auto *GV = new GlobalVariable(
      M, ArrayType::get(Type::getInt8Ty(M.getContext()), Text.size() + 1),
      /*isConstant=*/true, GlobalValue::ExternalLinkage,
      ConstantDataArray::getString(M.getContext(), Text), LaunchPlanSymbol,
      nullptr, GlobalValue::NotThreadLocal, GlobalAddressSpace);
  GV->setAlignment(Align(1));
}

} // namespace divopt
