//===- BranchLocations.h - Source locations for the branches a rewrite adds =//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A rewrite that builds control flow (a delayed loop's vote and gates, a
// fissioned loop's halves) makes branches of its own. Without a location a
// later remark on one of them (the divergence report, another transform's
// refusal) has none, and clang puts it on the kernel's signature. They take
// the location of the source branch the rewrite was made for.
//
// LLVM itself leaves a branch it merged from two (a loop's exits folded
// into one) at line 0, which clang shows at the signature too: a remark on
// such a branch points at its condition instead (getRemarkLocation).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_BRANCHLOCATIONS_H
#define DIVOPT_PASSES_BRANCHLOCATIONS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/ValueHandle.h"

#include <string>

namespace llvm {
class DILocation;
class Function;
} // namespace llvm

namespace divopt {

/// The terminators of a function before a rewrite, to locate those it adds.
class BranchLocations {
public:
  explicit BranchLocations(llvm::Function &F);

  /// Gives Loc to every terminator of F without a location that was not
  /// there when this was made. Returns how many.
  unsigned locateNew(llvm::Function &F, const llvm::DebugLoc &Loc) const;

private:
  /// Weak handles: a rewrite erases terminators, and a new one may take an
  /// erased one's address.
  llvm::SmallVector<llvm::WeakVH, 32> Before;
};

/// How a remark names I for its programmer: its kind and its source
/// position, "the store at k.cu:12:5" (the file without its directory);
/// empty where I has no line.
std::string describeAtLine(const llvm::Instruction &I);

/// describeAtLine, or for an instruction of code with debug locations
/// that has no line (LLVM merged it from several) its kind and the nearest
/// line above it in its block, else an operand's (or theirs): "the store
/// without a source line (after k.cu:14:3)"; empty where the code has no
/// locations, whose IR is then the programmer's only name for I.
std::string describeInstruction(const llvm::Instruction &I);

/// Where a remark on I points: its own line, else its condition's (a
/// branch or a switch), else its loop's first line (a latch), else that of
/// the nearest instruction above it in its block that has one. The
/// DebugLoc keeps its inlining chain (describeInlinedAt).
llvm::DebugLoc getRemarkDebugLoc(const llvm::Instruction &I);

/// getRemarkDebugLoc(I) as a remark's location.
inline llvm::DiagnosticLocation getRemarkLocation(const llvm::Instruction &I) {
  return getRemarkDebugLoc(I);
}

/// Where the code at L was inlined, for a remark's end: " (in enterBox
/// inlined at rt.cu:91:9, in ...)", from the innermost function out; empty
/// where L is not inlined. A helper inlined at three call sites gives three
/// branches at one line: only this tells their remarks apart.
std::string describeInlinedAt(const llvm::DILocation *L);

/// A remark that carries where its code was inlined, which
/// appendInlinedAt adds after the message the pass streams into it.
/// LLVM's operator<< returns a remark's own type, so the context survives
/// the message.
template <typename RemarkT> class LocatedRemark : public RemarkT {
public:
  LocatedRemark(RemarkT R, std::string InlinedAt)
      : RemarkT(std::move(R)), InlinedAt(std::move(InlinedAt)) {}

  std::string InlinedAt;
};

/// Ends R's message with where its code was inlined (once).
template <typename RemarkT> void appendInlinedAt(LocatedRemark<RemarkT> &R) {
  if (!R.InlinedAt.empty())
    R << R.InlinedAt;
  R.InlinedAt.clear();
}
inline void appendInlinedAt(llvm::DiagnosticInfoOptimizationBase &) {}

/// Emits the remark Build returns through ORE, ended by where its code was
/// inlined: for a pass that emits without UniqueRemarks.
template <typename BuildT>
void emitLocated(llvm::OptimizationRemarkEmitter &ORE, BuildT Build) {
  ORE.emit([&] {
    auto R = Build();
    appendInlinedAt(R);
    return R;
  });
}

/// A remark of kind RemarkT (OptimizationRemark, ...Missed, ...Analysis)
/// on I, at getRemarkLocation(I); emitted through UniqueRemarks or
/// emitLocated, it ends by naming the call sites its code was inlined at.
template <typename RemarkT>
LocatedRemark<RemarkT> remarkAt(const char *PassName, llvm::StringRef Name,
                                const llvm::Instruction &I) {
  llvm::DebugLoc At = getRemarkDebugLoc(I);
  return {RemarkT(PassName, Name, At, I.getParent()),
          describeInlinedAt(At.get())};
}

} // namespace divopt

#endif // DIVOPT_PASSES_BRANCHLOCATIONS_H
