//===- SequenceAlignment.cpp - Global alignment of two sequences ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SequenceAlignment.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace llvm;

namespace divopt {

namespace {
enum class Step : unsigned char { Match, SkipFirst, SkipSecond };

/// The traceback steps of an N+1 by M+1 table, two bits a cell: the only
/// table kept whole, a quarter of a byte per pair of elements.
class StepTable {
public:
  StepTable(unsigned N, unsigned M)
      : W(uint64_t(M) + 1), Bits(((uint64_t(N) + 1) * W + 3) / 4, 0) {}
  Step get(unsigned I, unsigned J) const {
    uint64_t C = I * W + J;
    return Step((Bits[C / 4] >> (2 * (C % 4))) & 3);
  }
  void set(unsigned I, unsigned J, Step S) {
    uint64_t C = I * W + J;
    Bits[C / 4] |= uint8_t(unsigned(S) << (2 * (C % 4)));
  }

private:
  uint64_t W;
  std::vector<uint8_t> Bits;
};
} // namespace

SmallVector<AlignedPair>
alignSequences(unsigned N, unsigned M,
               function_ref<double(unsigned, unsigned)> Score) {
  // Best[J] of row I: best score aligning the first I and J elements; only
  // the previous row is needed to fill the next. Gaps are free: an
  // unmatched element costs nothing beyond the gain it forgoes. Memory is
  // (N+1)(M+1)/4 bytes plus two rows: 64 MiB at branch-dist's largest
  // max-arm-insts.
  std::vector<double> Prev(M + 1, 0.0), Cur(M + 1, 0.0);
  StepTable From(N, M);
  for (unsigned J = 1; J <= M; ++J)
    From.set(0, J, Step::SkipSecond);
  for (unsigned I = 1; I <= N; ++I) {
    From.set(I, 0, Step::SkipFirst);
    Cur[0] = 0.0;
    for (unsigned J = 1; J <= M; ++J) {
      double Skip1 = Prev[J];
      double Skip2 = Cur[J - 1];
      double S = Score(I - 1, J - 1);
      double Pair = S > 0 ? Prev[J - 1] + S : -1.0;
      // Ties prefer matching, then keeping the first sequence's element
      // first, so the result is deterministic.
      Step F;
      if (S > 0 && Pair >= Skip1 && Pair >= Skip2) {
        Cur[J] = Pair;
        F = Step::Match;
      } else if (Skip1 >= Skip2) {
        Cur[J] = Skip1;
        F = Step::SkipFirst;
      } else {
        Cur[J] = Skip2;
        F = Step::SkipSecond;
      }
      From.set(I, J, F);
    }
    std::swap(Prev, Cur);
  }

  SmallVector<AlignedPair> Columns;
  unsigned I = N, J = M;
  while (I > 0 || J > 0) {
    Step S = I == 0 ? Step::SkipSecond : From.get(I, J);
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
