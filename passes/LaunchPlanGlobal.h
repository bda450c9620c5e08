//===- LaunchPlanGlobal.h - The launch plan global of a module --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Reads and extends the text global kernel splitting leaves for the runtime
// (format: runtime/LaunchPlanFormat.h).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_LAUNCHPLANGLOBAL_H
#define DIVOPT_PASSES_LAUNCHPLANGLOBAL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace divopt {

/// Checks that M's launch plan global, if any, is one DivOpt can extend.
llvm::Error checkLaunchPlanGlobal(const llvm::Module &M);

/// Adds the line "Kernel Steps..." to M's plan, creating the global.
void addToLaunchPlan(llvm::Module &M, llvm::StringRef Kernel,
                     llvm::ArrayRef<std::string> Steps);

} // namespace divopt

#endif // DIVOPT_PASSES_LAUNCHPLANGLOBAL_H
