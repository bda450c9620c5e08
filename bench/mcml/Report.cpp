//===- Report.cpp - The MCML benchmark's table and CSV --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include <cstdio>
#include <ostream>

namespace divopt::mcml {

namespace {

std::string format(const char *Fmt, double V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, Fmt, V);
  return Buf;
}

/// CSV fields are quoted when they could hold a comma or a quote.
std::string quote(const std::string &S) {
  std::string Q = "\"";
  for (char C : S)
    Q += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Q + "\"";
}

} // namespace

void printTable(std::ostream &OS, const std::vector<ResultRow> &Rows) {
  char Line[512];
  std::snprintf(Line, sizeof Line,
                "%-9s %-16s %10s %8s %-13s %9s %9s %9s %5s  %s\n", "input",
                "variant", "median ms", "speedup", "bit-identical", "Rd", "Tt",
                "A", "regs", "checks");
  OS << Line;
  for (const ResultRow &R : Rows) {
    if (!R.Error.empty()) {
      std::snprintf(Line, sizeof Line, "%-9s %-16s did not run: %s\n",
                    R.Input.c_str(), R.Variant.c_str(), R.Error.c_str());
      OS << Line;
      continue;
    }
    std::string Speedup = R.Speedup > 0 ? format("%.3fx", R.Speedup) : "-";
    std::snprintf(Line, sizeof Line,
                  "%-9s %-16s %10.3f %8s %-13s %9.6f %9.6f %9.6f %5d  %s\n",
                  R.Input.c_str(), R.Variant.c_str(), R.MedianMs,
                  Speedup.c_str(), R.BitIdentical.c_str(), R.PerPhoton.Rd,
                  R.PerPhoton.Tt, R.PerPhoton.A, R.Registers, R.Checks.c_str());
    OS << Line;
  }
}

void writeCsv(std::ostream &OS, const std::vector<ResultRow> &Rows,
              const std::string &Device, const std::string &Commit) {
  OS << "benchmark,input,variant,device,commit,registers,runs,median_ms,"
        "min_ms,max_ms,speedup,bit_identical,rd,tt,a,checks,ok,error\n";
  for (const ResultRow &R : Rows) {
    OS << "mcml," << R.Input << "," << quote(R.Variant) << "," << quote(Device)
       << "," << quote(Commit) << "," << R.Registers << "," << R.Runs << ","
       << format("%.4f", R.MedianMs) << "," << format("%.4f", R.MinMs) << ","
       << format("%.4f", R.MaxMs) << "," << format("%.4f", R.Speedup) << ","
       << quote(R.BitIdentical) << "," << format("%.8f", R.PerPhoton.Rd) << ","
       << format("%.8f", R.PerPhoton.Tt) << "," << format("%.8f", R.PerPhoton.A)
       << "," << quote(R.Checks) << "," << (R.ok() ? "yes" : "no") << ","
       << quote(R.Error) << "\n";
  }
}

} // namespace divopt::mcml
