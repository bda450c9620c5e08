//===- KernelInfo.h - What DivOpt knows of a kernel's launch ----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel's launch facts as clang hands them to NVPTX: the calling
// convention, launch bounds ("nvvm.maxntid", "nvvm.minctasm",
// "nvvm.maxnreg"), a required block size ("nvvm.reqntid") and the target
// ("target-cpu" = "sm_XX").
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_KERNELINFO_H
#define DIVOPT_ANALYSIS_KERNELINFO_H

#include "llvm/ADT/StringRef.h"
#include <array>
#include <optional>
#include <string>

namespace llvm {
class Function;
class Module;
class raw_ostream;
} // namespace llvm

namespace divopt {

struct KernelInfo {
  bool IsKernel = false;
  /// "sm_90" style target; empty when the function names none.
  std::string Target;
  /// Product of the "nvvm.maxntid" dimensions, when given.
  std::optional<unsigned> MaxThreadsPerBlock;
  /// Product of the "nvvm.reqntid" dimensions, when given.
  std::optional<unsigned> ReqThreadsPerBlock;
  /// The "nvvm.reqntid" dimensions themselves (x, y, z), when given.
  std::optional<std::array<unsigned, 3>> ReqBlockDims;
  std::optional<unsigned> MinBlocksPerSM;
  std::optional<unsigned> MaxRegisters;

  /// Compute capability as major*10+minor (90 for sm_90), if the target
  /// names one.
  std::optional<unsigned> computeCapability() const;

  void print(llvm::raw_ostream &OS) const;
};

KernelInfo getKernelInfo(const llvm::Function &F);

/// True for modules DivOpt may touch: NVPTX triples only.
bool isNVPTXModule(const llvm::Module &M);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_KERNELINFO_H
