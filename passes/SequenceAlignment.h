//===- SequenceAlignment.h - Global alignment of two sequences --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Needleman-Wunsch global alignment with free gaps: the order-preserving
// pairing of two sequences that maximizes the summed score of the pairs.
// Branch distribution aligns the instructions of two arms with it; any pair
// the scorer gives a score <= 0 is never matched, so a pairing is only made
// where it pays.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SEQUENCEALIGNMENT_H
#define DIVOPT_PASSES_SEQUENCEALIGNMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace divopt {

/// One column of an alignment: an element of the first sequence, of the
/// second, or of both (a match).
struct AlignedPair {
  std::optional<unsigned> First, Second;
  bool isMatch() const { return First && Second; }
};

/// Aligns sequences of lengths N and M; Score(I, J) is the gain of pairing
/// element I of the first with element J of the second. Columns come out in
/// sequence order: every element of each sequence appears once, in order.
llvm::SmallVector<AlignedPair>
alignSequences(unsigned N, unsigned M,
               llvm::function_ref<double(unsigned, unsigned)> Score);

} // namespace divopt

#endif // DIVOPT_PASSES_SEQUENCEALIGNMENT_H
