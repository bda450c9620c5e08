//===- SequenceAlignment.cpp - Global alignment of two sequences ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SequenceAlignment.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace divopt {

namespace {
enum class Step : unsigned char { Match, SkipFirst, SkipSecond };
} // namespace

SmallVector<AlignedPair>
alignSequences(unsigned N, unsigned M,
               function_ref<double(unsigned, unsigned)> Score) {
  // Best[I][J]: best score aligning the first I and J elements. Gaps are
  // free: an unmatched element costs nothing beyond the gain it forgoes.
  const unsigned W = M + 1;
  std::vector<double> Best((N + 1) * W, 0.0);
  std::vector<Step> From((N + 1) * W, Step::SkipFirst);
  for (unsigned J = 1; J <= M; ++J)
    From[J] = Step::SkipSecond;
  for (unsigned I = 1; I <= N; ++I) {
    for (unsigned J = 1; J <= M; ++J) {
      double Skip1 = Best[(I - 1) * W + J];
      double Skip2 = Best[I * W + J - 1];
      double S = Score(I - 1, J - 1);
      double Pair = S > 0 ? Best[(I - 1) * W + J - 1] + S : -1.0;
      double &B = Best[I * W + J];
      Step &F = From[I * W + J];
      // Ties prefer matching, then keeping the first sequence's element
      // first, so the result is deterministic.
      if (S > 0 && Pair >= Skip1 && Pair >= Skip2) {
        B = Pair;
        F = Step::Match;
      } else if (Skip1 >= Skip2) {
        B = Skip1;
        F = Step::SkipFirst;
      } else {
        B = Skip2;
        F = Step::SkipSecond;
      }
    }
  }

  SmallVector<AlignedPair> Columns;
  unsigned I = N, J = M;
  while (I > 0 || J > 0) {
    Step S = I == 0 ? Step::SkipSecond : From[I * W + J];
    AlignedPair P;
    if (S == Step::Match) {
      P.First = --I;
      P.Second = --J;
    } else if (S == Step::SkipFirst) {
      P.First = --I;
    } else {
      P.Second = --J;
    }
    Columns.push_back(P);
  }
  std::reverse(Columns.begin(), Columns.end());
  return Columns;
}

} // namespace divopt
