//===- UniqueRemarks.h - Each distinct remark on a function once -*- C++ -*-=//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loop unrolling copies a branch together with its source location, and a
// pass that refuses each copy for the same reason would repeat the remark
// word for word: five identical lines per remark on the README's example.
// A pass emits through UniqueRemarks, which drops a remark that repeats one
// it already emitted on the function (same pass, name, source position and
// message). Remarks without a source position (IR without debug locations)
// are all emitted: there, two branches cannot be told apart by their text.
// A remark made by remarkAt ends with the call sites its code was inlined
// at, so copies of one helper inlined at different places stay apart.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_UNIQUEREMARKS_H
#define DIVOPT_PASSES_UNIQUEREMARKS_H

#include "BranchLocations.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"

namespace divopt {

class UniqueRemarks {
public:
  /// Emits the remark Build returns through ORE, unless this object has
  /// already emitted one it repeats. Builds nothing where ORE emits nothing.
  template <typename BuildT>
  void emit(llvm::OptimizationRemarkEmitter &ORE, BuildT Build) {
    if (!ORE.enabled())
      return;
    auto R = Build();
    appendInlinedAt(R);
    if (isNew(R))
      ORE.emit(R);
  }

private:
  /// Whether R repeats none of the remarks seen so far; records it.
  bool isNew(const llvm::DiagnosticInfoOptimizationBase &R);

  llvm::StringSet<> Seen;
};

} // namespace divopt

#endif // DIVOPT_PASSES_UNIQUEREMARKS_H
