//===- KernelInfo.cpp - What DivOpt knows of a kernel's launch ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "KernelInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace divopt {

/// Parses a decimal attribute value; a malformed value reads as absent
/// rather than as a guess.
static std::optional<unsigned> parseUnsigned(StringRef S) {
  unsigned V;
  if (S.trim().getAsInteger(10, V))
    return std::nullopt;
  return V;
}

static std::optional<unsigned> getUnsignedAttr(const Function &F,
                                               StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isStringAttribute())
    return std::nullopt;
  return parseUnsigned(A.getValueAsString());
}

/// "nvvm.maxntid" and "nvvm.reqntid" are "x" or "x,y,z" (missing
/// dimensions are 1).
static std::optional<std::array<unsigned, 3>> getDims(const Function &F,
                                                      StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isStringAttribute())
    return std::nullopt;
  SmallVector<StringRef, 3> Parts;
  A.getValueAsString().split(Parts, ',');
  if (Parts.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> Dims = {1, 1, 1};
  for (auto [I, Part] : enumerate(Parts)) {
    std::optional<unsigned> V = parseUnsigned(Part);
    if (!V || *V == 0)
      return std::nullopt;
    Dims[I] = *V;
  }
  return Dims;
}

/// The block size those dimensions give: their product.
static std::optional<unsigned>
getThreads(std::optional<std::array<unsigned, 3>> Dims) {
  if (!Dims)
    return std::nullopt;
  uint64_t Product = 1;
  for (unsigned D : *Dims) {
    Product *= D;
    if (Product > (1u << 20))
      return std::nullopt;
  }
  return static_cast<unsigned>(Product);
}

KernelInfo getKernelInfo(const Function &F) {
  KernelInfo KI;
  KI.IsKernel = F.hasKernelCallingConv();
  Attribute CPU = F.getFnAttribute("target-cpu");
  if (CPU.isStringAttribute())
    KI.Target = CPU.getValueAsString().str();
  KI.MaxThreadsPerBlock = getThreads(getDims(F, "nvvm.maxntid"));
  KI.ReqBlockDims = getDims(F, "nvvm.reqntid");
  KI.ReqThreadsPerBlock = getThreads(KI.ReqBlockDims);
  if (!KI.ReqThreadsPerBlock)
    KI.ReqBlockDims.reset();
  KI.MinBlocksPerSM = getUnsignedAttr(F, "nvvm.minctasm");
  KI.MaxRegisters = getUnsignedAttr(F, "nvvm.maxnreg");
  return KI;
}

std::optional<unsigned> KernelInfo::computeCapability() const {
  StringRef T(Target);
  if (!T.consume_front("sm_"))
    return std::nullopt;
  // sm_90a and sm_100f name the same base capability for our purposes.
  T = T.take_while([](char C) { return C >= '0' && C <= '9'; });
  return parseUnsigned(T);
}

void KernelInfo::print(raw_ostream &OS) const {
  OS << (IsKernel ? "kernel" : "device function");
  OS << " target=" << (Target.empty() ? "unknown" : Target);
  if (MaxThreadsPerBlock)
    OS << " maxntid=" << *MaxThreadsPerBlock;
  if (ReqThreadsPerBlock)
    OS << " reqntid=" << *ReqThreadsPerBlock;
  if (MinBlocksPerSM)
    OS << " minctasm=" << *MinBlocksPerSM;
  if (MaxRegisters)
    OS << " maxnreg=" << *MaxRegisters;
}

bool isNVPTXModule(const Module &M) { return M.getTargetTriple().isNVPTX(); }

} // namespace divopt
