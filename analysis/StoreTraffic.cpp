//===- StoreTraffic.cpp - Bytes a warp's global stores write --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "StoreTraffic.h"
#include "AddressSpace.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;

namespace divopt {

namespace {
constexpr unsigned WarpLanes = 32;
} // namespace

// Generic pointers (clang's CUDA IR before the back end infers address
// spaces) reach global memory unless they come from the stack or from a
// variable of another space.
bool mayPointToGlobal(const Value *Ptr) {
  unsigned AS = getInferredAddressSpace(Ptr);
  if (AS != NVPTXAS::ADDRESS_SPACE_GENERIC)
    return AS == NVPTXAS::ADDRESS_SPACE_GLOBAL;
  return !isa<AllocaInst>(getUnderlyingObject(Ptr));
}

bool isGlobalStore(const Instruction &I) {
  const auto *SI = dyn_cast<StoreInst>(&I);
  return SI && mayPointToGlobal(SI->getPointerOperand());
}

double getWarpStoreBytes(ArrayRef<Instruction *> Insts) {
  double Bytes = 0;
  for (const Instruction *I : Insts)
    if (isGlobalStore(*I)) {
      const DataLayout &DL = I->getModule()->getDataLayout();
      Type *Ty = cast<StoreInst>(I)->getValueOperand()->getType();
      Bytes += WarpLanes * double(DL.getTypeStoreSize(Ty).getKnownMinValue());
    }
  return Bytes;
}

} // namespace divopt
