//===- LaunchPlanGlobal.h - The launch plan global of a kernel --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Writes the text global kernel splitting leaves for the runtimes, one per
// split kernel (format and name: runtime/LaunchPlanFormat.h).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_LAUNCHPLANGLOBAL_H
#define DIVOPT_PASSES_LAUNCHPLANGLOBAL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace divopt {

/// Fails when Kernel's module already holds a global by the name of
/// Kernel's plan: a plan written before, or someone else's symbol.
llvm::Error checkLaunchPlanFree(const llvm::Function &Kernel);

/// Creates Kernel's plan: launch Steps, in order, for Kernel.
void createLaunchPlan(llvm::Function &Kernel,
                      llvm::ArrayRef<std::string> Steps);

} // namespace divopt

#endif // DIVOPT_PASSES_LAUNCHPLANGLOBAL_H
