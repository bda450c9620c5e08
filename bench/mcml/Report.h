//===- Report.h - The MCML benchmark's table and CSV ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One row per (input, variant): the median time, the speedup over the
// first variant (clang -O3), whether the tallies are bit-identical to its
// and repeat from run to run, the totals per photon, and the outcome of the
// statistical checks. The table is for people, the CSV for plots and the
// results files.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_REPORT_H
#define DIVOPT_BENCH_MCML_REPORT_H

#include "Tally.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace divopt::mcml {

struct ResultRow {
  std::string Input;
  std::string Variant;
  std::string Error; ///< Why it did not run; empty when it ran.
  int Registers = 0;
  unsigned Runs = 0;
  double MedianMs = 0, MinMs = 0, MaxMs = 0;
  double Speedup = 0; ///< First variant's median / this one's; 0: none.
  /// "yes", or why not: "ref" marks the variant the others are compared
  /// with (its own runs did repeat).
  std::string BitIdentical;
  bool BitIdenticalOk = false;
  Totals PerPhoton; ///< Rd, Tt, A per photon.
  /// The statistical checks (CPU reference, published values), each
  /// "<what> <sigmas>" and "ok" or "FAIL".
  std::string Checks;
  bool ChecksOk = false;

  bool ok() const { return Error.empty() && BitIdenticalOk && ChecksOk; }
};

void printTable(std::ostream &OS, const std::vector<ResultRow> &Rows);
void writeCsv(std::ostream &OS, const std::vector<ResultRow> &Rows,
              const std::string &Device, const std::string &Commit);

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_REPORT_H
