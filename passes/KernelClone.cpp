//===- KernelClone.cpp - A kernel copied with one more parameter ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelClone.h"
#include "Cleanup.h"
#include "ContractionPinning.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace divopt {

std::string getDerivedKernelName(StringRef Kernel, StringRef Suffix) {
  return (Kernel + DerivedKernelInfix + Suffix).str();
}

bool isDerivedKernel(const Function &F) {
  return F.getName().contains(DerivedKernelInfix);
}

bool collectKernelsToClone(Module &M, StringRef Only, StringRef PassName,
                           SmallVectorImpl<Function *> &Kernels) {
  for (Function &F : M)
    if (F.hasKernelCallingConv() && !F.isDeclaration() && !isDerivedKernel(F) &&
        (Only.empty() || F.getName() == Only))
      Kernels.push_back(&F);
  if (Only.empty() || !Kernels.empty())
    return true;
  M.getContext().emitError(PassName + ": the module has no kernel named '" +
                           Only + "'");
  return false;
}

Function *cloneKernelWithPointer(Function &F, StringRef Name,
                                 StringRef ParamName) {
  SmallVector<Type *, 8> Params(F.getFunctionType()->params());
  Params.push_back(PointerType::get(F.getContext(), 0));
  FunctionType *Ty = FunctionType::get(F.getReturnType(), Params, F.isVarArg());
  Function *NF = Function::Create(Ty, F.getLinkage(), F.getAddressSpace(), Name,
                                  F.getParent());
  ValueToValueMapTy VMap;
  auto NewArg = NF->arg_begin();
  for (Argument &A : F.args()) {
    NewArg->setName(A.getName());
    VMap[&A] = &*NewArg++;
  }
  NewArg->setName(ParamName);
  SmallVector<ReturnInst *, 4> Returns;
  // Local changes only: the copy gets its own debug subprogram.
  CloneFunctionInto(NF, &F, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  NF->setCallingConv(F.getCallingConv());
  // F's memory effects do not cover what the new parameter is for.
  NF->removeFnAttr(Attribute::Memory);
  // What the copy adds (counters, index redirection) must not change what
  // code generation fuses into fmas.
  ContractionPins::pin(*NF).keep();
  markTransformed(*NF);
  return NF;
}

} // namespace divopt
