//===- KernelClone.h - A kernel copied with one more parameter --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `bbv-profile` and `thread-remap` leave the kernel as it is and add a new
// kernel beside it, `<name>_$_divopt_$_<what>`, whose last parameter is a
// pointer to a buffer the runtime passes (counters, the redirection table).
// The name is spelled for PTX: LLVM 22's NVPTX printer keeps '.' in the
// names of external symbols and ptxas rejects it; '$' is a PTX identifier
// character that C++ names do not use.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_KERNELCLONE_H
#define DIVOPT_PASSES_KERNELCLONE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace divopt {

constexpr const char *DerivedKernelInfix = "_$_divopt_$_";

/// `<kernel>_$_divopt_$_<Suffix>`.
std::string getDerivedKernelName(llvm::StringRef Kernel,
                                 llvm::StringRef Suffix);

/// A kernel made by a DivOpt pass (its name holds DerivedKernelInfix).
bool isDerivedKernel(const llvm::Function &F);

/// The kernels a cloning pass works on: those the module defines that no
/// DivOpt pass made, or only the one named Only when it is not empty. False,
/// with an error emitted for PassName through the module's context, when
/// Only names no such kernel.
bool collectKernelsToClone(llvm::Module &M, llvm::StringRef Only,
                           llvm::StringRef PassName,
                           llvm::SmallVectorImpl<llvm::Function *> &Kernels);

/// Copies kernel F into its module as Name, with a generic pointer
/// parameter called ParamName appended; its calling convention, attributes
/// and linkage are F's.
llvm::Function *cloneKernelWithPointer(llvm::Function &F, llvm::StringRef Name,
                                       llvm::StringRef ParamName);

} // namespace divopt

#endif // DIVOPT_PASSES_KERNELCLONE_H
