//===- DecidedSet.h - Values a pass has already decided ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The branches (or loop headers) a transform has already decided, by
// identity. An entry goes away when its value is deleted, so a value
// created later at the same address, which the allocator readily reuses
// while a pass melds or rewrites code, is not taken for a decided one. A
// SmallPtrSet of raw pointers did exactly that: branch distribution skipped
// branches it had never decided, depending on where the allocator put
// them, and clang's output for one kernel changed with the source file's
// name (fuzz seeds 440, 545, 649, 678, 765, 882 and 904 of run 11's pack).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_DECIDEDSET_H
#define DIVOPT_PASSES_DECIDEDSET_H

#include "llvm/IR/ValueMap.h"

namespace divopt {

template <typename T> class DecidedSet {
  /// A value replaced by another (RAUW) stays decided itself; the new one
  /// is not.
  struct Config : llvm::ValueMapConfig<const T *> {
    enum { FollowRAUW = false };
  };
  llvm::ValueMap<const T *, char, Config> Map;

public:
  bool contains(const T *V) const { return Map.count(V); }
  /// True when V was not decided before.
  bool insert(const T *V) { return Map.insert({V, 1}).second; }
  unsigned size() const { return Map.size(); }
};

} // namespace divopt

#endif // DIVOPT_PASSES_DECIDEDSET_H
