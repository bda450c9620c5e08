//===- Reference.h - MCML on the CPU, for checking the kernel ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The same algorithm as mcml.cu, written again in plain C++: the same
// generator (Mwc.h), the same split of photons over streams, the same
// float operations in the same order, the same fixed-point tallies. It is a
// separate implementation on purpose, so that comparing the two checks the
// kernel and its compilers rather than one source against itself. The C
// library's logf/cosf are not libdevice's, so histories agree statistically,
// not bit for bit.
//
// Unlike the kernel it also keeps what a check needs: each photon's
// contribution to Rd, Tt and A (for standard errors), and how many steps
// ended on a layer boundary (the share of the kernel's boundary branch).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_REFERENCE_H
#define DIVOPT_BENCH_MCML_REFERENCE_H

#include "Tally.h"
#include "Tissue.h"

#include <vector>

namespace divopt::mcml {

/// A per-photon quantity: its mean and the standard deviation of one
/// photon's contribution.
struct Moments {
  double Mean = 0;
  double StdDev = 0;
  /// Standard error of a mean over N photons.
  double standardError(unsigned long long N) const;
};

struct ReferenceResult {
  Tally Bins;
  unsigned long long Photons = 0;
  Moments Rd, Tt, A;
  unsigned long long Steps = 0;        ///< Hops, every kind.
  unsigned long long BoundaryHits = 0; ///< Hops that ended on a boundary.
  double Seconds = 0;                  ///< Wall time.

  double boundaryShare() const {
    return Steps ? static_cast<double>(BoundaryHits) / Steps : 0.0;
  }
};

/// Runs Photons photons over Streams streams (stream s draws from
/// Seeds[2s], Seeds[2s+1] and runs Photons / Streams photons, one more when
/// s < Photons % Streams), on Workers threads. The result does not depend on
/// Workers.
ReferenceResult runReference(const Tissue &T, unsigned long long Photons,
                             const std::vector<unsigned> &Seeds,
                             unsigned Streams, unsigned Workers);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_REFERENCE_H
