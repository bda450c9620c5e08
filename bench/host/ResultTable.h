//===- ResultTable.h - The bench's results: table, CSV, summary -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One row per (benchmark, configuration, variant). Rows are printed as
// they come, under one header, so a log cut short still reads; the CSV has
// every column for bench-report.py; the summary gives one line per
// configuration, short enough to read at the end of a run.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_RESULTTABLE_H
#define DIVOPT_BENCH_HOST_RESULTTABLE_H

#include <iosfwd>
#include <string>
#include <vector>

namespace divopt::bench {

struct ResultRow {
  std::string Benchmark;
  std::string Config; ///< Readable, e.g. "N=32 f=0.50".
  std::string Params; ///< Machine-readable, e.g. "N=32;f=0.5".
  std::string Variant;
  std::string Kernels;     ///< '+'-joined, in launch order.
  std::string Registers;   ///< Per kernel, '+'-joined.
  std::string BlocksPerSM; ///< Driver's occupancy per kernel, '+'-joined.
  bool Timed = false;
  double MedianMs = 0.0;
  double MinMs = 0.0;
  double MaxMs = 0.0;
  int Runs = 0;
  double Speedup = 0.0; ///< Reference median / this median; 0: unknown.
  bool CheckOk = false;
  std::string Check;
};

class ResultTable {
public:
  void add(ResultRow Row) { Rows.push_back(std::move(Row)); }
  const std::vector<ResultRow> &rows() const { return Rows; }
  bool allChecksOk() const;

  static void printHeader(std::ostream &OS);
  static void printRow(std::ostream &OS, const ResultRow &Row);
  void writeCsv(std::ostream &OS, const std::string &Device,
                const std::string &Commit) const;
  /// One line per configuration: the reference's time, the speedups of
  /// nvcc, of DivOpt and of the best hand-transformed variant, and whether
  /// every output check passed.
  void printSummary(std::ostream &OS) const;

private:
  std::vector<ResultRow> Rows;
};

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_RESULTTABLE_H
