//===- Tally.cpp - The fixed-point results of an MCML run -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Tally.h"

#include "KernelInterface.h"

#include <cstdio>
#include <sstream>

namespace divopt::mcml {

namespace {

double toWeight(std::uint64_t Fixed) {
  return static_cast<double>(Fixed) / static_cast<double>(TallyScale);
}

double sumWeight(const std::vector<std::uint64_t> &Bins) {
  // Summing the integers first keeps the total exact.
  std::uint64_t Sum = 0;
  for (std::uint64_t B : Bins)
    Sum += B;
  return toWeight(Sum);
}

void addBins(std::vector<std::uint64_t> &To,
             const std::vector<std::uint64_t> &From) {
  for (std::size_t I = 0; I < To.size(); ++I)
    To[I] += From[I];
}

} // namespace

void Tally::add(const Tally &Other) {
  addBins(A, Other.A);
  addBins(Rd, Other.Rd);
  addBins(Tt, Other.Tt);
}

Totals getTotals(const Tally &T) {
  return {sumWeight(T.Rd), sumWeight(T.Tt), sumWeight(T.A)};
}

std::string describeDifference(const Tally &Expected, const Tally &Actual) {
  if (Expected.Nz != Actual.Nz || Expected.Nr != Actual.Nr)
    return "grids differ";
  std::ostringstream OS;
  auto Find = [&](const char *Name, const std::vector<std::uint64_t> &E,
                  const std::vector<std::uint64_t> &A, bool Grid) {
    std::size_t Count = 0, First = E.size();
    for (std::size_t I = 0; I < E.size(); ++I)
      if (E[I] != A[I] && Count++ == 0)
        First = I;
    if (!Count)
      return false;
    OS << Name;
    if (Grid)
      OS << "[" << First / Expected.Nz << "][" << First % Expected.Nz << "]";
    else
      OS << "[" << First << "]";
    OS << ": " << E[First] << " vs " << A[First] << " (" << Count
       << " bins differ)";
    return true;
  };
  if (Find("Rd", Expected.Rd, Actual.Rd, false) ||
      Find("Tt", Expected.Tt, Actual.Tt, false) ||
      Find("A", Expected.A, Actual.A, true))
    return OS.str();
  return "";
}

void writeTallyText(std::ostream &OS, const Tally &T,
                    unsigned long long Photons, double Dz, double Dr) {
  const double PerPhoton = 1.0 / static_cast<double>(Photons);
  char Line[160];
  Totals Tot = getTotals(T);
  std::snprintf(Line, sizeof Line,
                "# totals per photon\nRd %.8g\nTt %.8g\nA %.8g\n",
                Tot.Rd * PerPhoton, Tot.Tt * PerPhoton, Tot.A * PerPhoton);
  OS << Line;
  OS << "# r_cm Rd_per_photon Tt_per_photon (bin centres; the last bin "
        "collects everything beyond)\n";
  for (int Ir = 0; Ir < T.Nr; ++Ir) {
    std::snprintf(Line, sizeof Line, "%.6g %.8g %.8g\n", (Ir + 0.5) * Dr,
                  toWeight(T.Rd[Ir]) * PerPhoton,
                  toWeight(T.Tt[Ir]) * PerPhoton);
    OS << Line;
  }
  OS << "# z_cm A_per_photon (summed over r)\n";
  for (int Iz = 0; Iz < T.Nz; ++Iz) {
    std::uint64_t Sum = 0;
    for (int Ir = 0; Ir < T.Nr; ++Ir)
      Sum += T.A[static_cast<std::size_t>(Ir) * T.Nz + Iz];
    std::snprintf(Line, sizeof Line, "%.6g %.8g\n", (Iz + 0.5) * Dz,
                  toWeight(Sum) * PerPhoton);
    OS << Line;
  }
  OS << "# A(r, z) per photon: one line per r bin, nz values\n";
  for (int Ir = 0; Ir < T.Nr; ++Ir) {
    for (int Iz = 0; Iz < T.Nz; ++Iz) {
      std::snprintf(Line, sizeof Line, Iz ? " %.6g" : "%.6g",
                    toWeight(T.A[static_cast<std::size_t>(Ir) * T.Nz + Iz]) *
                        PerPhoton);
      OS << Line;
    }
    OS << "\n";
  }
}

} // namespace divopt::mcml
