//===- Tally.h - The fixed-point results of an MCML run ---------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a run produces: absorbed weight on the radius x depth grid, and the
// diffuse reflectance and the transmittance by radius, as the kernel's
// 64-bit fixed-point sums (KernelInterface.h). Two runs that computed the
// same photon histories have equal tallies, bit for bit; totals per photon
// are what the statistical checks compare.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_TALLY_H
#define DIVOPT_BENCH_MCML_TALLY_H

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace divopt::mcml {

struct Tally {
  Tally() = default;
  Tally(int Nz, int Nr)
      : Nz(Nz), Nr(Nr), A(static_cast<std::size_t>(Nz) * Nr), Rd(Nr), Tt(Nr) {}

  int Nz = 0, Nr = 0;
  std::vector<std::uint64_t> A; ///< [Ir * Nz + Iz]
  std::vector<std::uint64_t> Rd;
  std::vector<std::uint64_t> Tt;

  /// Adds Other's bins to these (same grid).
  void add(const Tally &Other);
  bool operator==(const Tally &Other) const {
    return Nz == Other.Nz && Nr == Other.Nr && A == Other.A && Rd == Other.Rd &&
           Tt == Other.Tt;
  }
};

/// Total weights, in units of the launched weight of one photon (1), summed
/// over the bins.
struct Totals {
  double Rd = 0, Tt = 0, A = 0;
};

Totals getTotals(const Tally &T);

/// Empty when equal; else where they first differ, e.g. "A[3][17]:
/// 123 vs 124", for a report.
std::string describeDifference(const Tally &Expected, const Tally &Actual);

/// Writes MCML's main outputs as text: totals per photon, Rd(r), Tt(r) and
/// A(z) per photon, and A(r, z) per photon.
void writeTallyText(std::ostream &OS, const Tally &T,
                    unsigned long long Photons, double Dz, double Dr);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_TALLY_H
