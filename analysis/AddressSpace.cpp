//===- AddressSpace.cpp - The address space NVPTX gives a pointer ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "AddressSpace.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Value.h"
#include "llvm/Support/NVPTXAddrSpace.h"

using namespace llvm;

namespace divopt {

unsigned getInferredAddressSpace(const Value *Ptr) {
  unsigned AS = Ptr->getType()->getPointerAddressSpace();
  if (AS != NVPTXAS::ADDRESS_SPACE_GENERIC)
    return AS;
  return getUnderlyingObject(Ptr)->getType()->getPointerAddressSpace();
}

} // namespace divopt
