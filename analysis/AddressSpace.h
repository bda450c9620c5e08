//===- AddressSpace.h - The address space NVPTX gives a pointer -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// clang's CUDA IR reaches a __shared__ array through a generic pointer (an
// addrspacecast of the variable, and addresses computed from it); NVPTX's
// back end infers the space and emits shared accesses. The cost model
// needs the space the back end will use, not the IR's.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_ADDRESSSPACE_H
#define DIVOPT_ANALYSIS_ADDRESSSPACE_H

namespace llvm {
class Value;
} // namespace llvm

namespace divopt {

/// The address space of the pointer Ptr as NVPTX will access it: its own,
/// or for a generic pointer, that of the object it is computed from.
unsigned getInferredAddressSpace(const llvm::Value *Ptr);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_ADDRESSSPACE_H
