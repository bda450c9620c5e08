//===- ResultTable.cpp - The bench's results: table, CSV, summary ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ResultTable.h"

#include "Variant.h"

#include <cstdio>
#include <ostream>

namespace divopt::bench {

namespace {

std::string format(const char *Fmt, double V) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), Fmt, V);
  return Buffer;
}

std::string formatSpeedup(double S) { return S > 0 ? format("%.3fx", S) : "-"; }

std::string quoteCsv(const std::string &Field) {
  if (Field.find_first_of(",\"\n") == std::string::npos)
    return Field;
  std::string Quoted = "\"";
  for (char C : Field)
    Quoted += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Quoted + "\"";
}

struct Column {
  int Width; ///< 0: as wide as its text (the last column).
  bool Left;
};

const std::vector<Column> RowColumns = {{8, true},  {18, true}, {17, true},
                                        {8, true},  {7, true},  {10, false},
                                        {9, false}, {0, true}};
const std::vector<Column> SummaryColumns = {{8, true},  {18, true}, {10, false},
                                            {9, false}, {9, false}, {26, true},
                                            {0, true}};

void printColumns(std::ostream &OS, const std::vector<Column> &Layout,
                  const std::vector<std::string> &Texts) {
  std::string Line;
  for (std::size_t I = 0; I < Texts.size() && I < Layout.size(); ++I) {
    const std::string &T = Texts[I];
    std::size_t Pad = T.size() < std::size_t(Layout[I].Width)
                          ? Layout[I].Width - T.size()
                          : 0;
    if (I)
      Line += ' ';
    Line +=
        Layout[I].Left ? T + std::string(Pad, ' ') : std::string(Pad, ' ') + T;
  }
  while (!Line.empty() && Line.back() == ' ')
    Line.pop_back();
  OS << Line << '\n';
}

struct SummaryLine {
  std::string Benchmark, Config, ReferenceMs, Nvcc, DivOpt, BestHand;
  int Failed = 0;
};

void addToSummary(SummaryLine &L, const ResultRow &R, double &BestHand) {
  if (!R.CheckOk)
    ++L.Failed;
  if (R.Variant == ReferenceVariant && R.Timed)
    L.ReferenceMs = format("%.3f", R.MedianMs);
  else if (R.Variant == NvccVariant)
    L.Nvcc = formatSpeedup(R.Speedup);
  else if (R.Variant == DivOptVariant)
    L.DivOpt = formatSpeedup(R.Speedup);
  else if (R.Variant.rfind("hand-", 0) == 0 && R.Speedup > BestHand) {
    BestHand = R.Speedup;
    L.BestHand = R.Variant + " " + formatSpeedup(R.Speedup);
  }
}

void printSummaryLine(std::ostream &OS, const SummaryLine &L) {
  printColumns(OS, SummaryColumns,
               {L.Benchmark, L.Config, L.ReferenceMs, L.Nvcc, L.DivOpt,
                L.BestHand.empty() ? "-" : L.BestHand,
                L.Failed ? std::to_string(L.Failed) + " FAILED" : "ok"});
}

} // namespace

bool ResultTable::allChecksOk() const {
  for (const ResultRow &R : Rows)
    if (!R.CheckOk)
      return false;
  return true;
}

void ResultTable::printHeader(std::ostream &OS) {
  printColumns(OS, RowColumns,
               {"bench", "config", "variant", "regs", "blk/SM", "median ms",
                "speedup", "output check"});
}

void ResultTable::printRow(std::ostream &OS, const ResultRow &R) {
  printColumns(OS, RowColumns,
               {R.Benchmark, R.Config, R.Variant, R.Registers, R.BlocksPerSM,
                R.Timed ? format("%.4f", R.MedianMs) : "-",
                formatSpeedup(R.Speedup), R.Check});
}

void ResultTable::writeCsv(std::ostream &OS, const std::string &Device,
                           const std::string &Commit) const {
  OS << "benchmark,config,params,variant,kernels,registers,blocks_per_sm,"
        "median_ms,min_ms,max_ms,runs,speedup,check_ok,check,device,"
        "commit\n";
  for (const ResultRow &R : Rows) {
    OS << quoteCsv(R.Benchmark) << ',' << quoteCsv(R.Config) << ','
       << quoteCsv(R.Params) << ',' << quoteCsv(R.Variant) << ','
       << quoteCsv(R.Kernels) << ',' << quoteCsv(R.Registers) << ','
       << quoteCsv(R.BlocksPerSM) << ',';
    if (R.Timed)
      OS << format("%.6f", R.MedianMs) << ',' << format("%.6f", R.MinMs) << ','
         << format("%.6f", R.MaxMs) << ',' << R.Runs << ',';
    else
      OS << ",,,0,";
    OS << (R.Speedup > 0 ? format("%.6f", R.Speedup) : "") << ','
       << (R.CheckOk ? 1 : 0) << ',' << quoteCsv(R.Check) << ','
       << quoteCsv(Device) << ',' << quoteCsv(Commit) << '\n';
  }
}

void ResultTable::printSummary(std::ostream &OS) const {
  printColumns(OS, SummaryColumns,
               {"bench", "config", "clang ms", "nvcc", "DivOpt",
                "best hand-transformed", "checks"});
  SummaryLine Line;
  double BestHand = 0.0;
  for (const ResultRow &R : Rows) {
    if (R.Benchmark != Line.Benchmark || R.Config != Line.Config) {
      if (!Line.Benchmark.empty())
        printSummaryLine(OS, Line);
      Line = SummaryLine{R.Benchmark, R.Config, "-", "-", "-", "", 0};
      BestHand = 0.0;
    }
    addToSummary(Line, R, BestHand);
  }
  if (!Line.Benchmark.empty())
    printSummaryLine(OS, Line);
}

} // namespace divopt::bench
