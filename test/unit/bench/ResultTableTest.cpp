//===- ResultTableTest.cpp - Bench results as table, CSV and summary ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ResultTable.h"
#include "Variant.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace divopt::bench;

namespace {

ResultRow makeRow(const std::string &Variant, double Ms, double Speedup,
                  bool Ok) {
  ResultRow R;
  R.Benchmark = "brdis";
  R.Config = "R=8 M=4 N=40";
  R.Params = "R=8;M=4;N=40";
  R.Variant = Variant;
  R.Kernels = "brdis_m4_n40";
  R.Registers = "18";
  R.BlocksPerSM = "8";
  R.Timed = Ms > 0;
  R.MedianMs = R.MinMs = R.MaxMs = Ms;
  R.Runs = R.Timed ? 25 : 0;
  R.Speedup = Speedup;
  R.CheckOk = Ok;
  R.Check = Ok ? "ok" : "MISMATCH 1 of 2 (first at 0: 0x1 vs 0x2)";
  return R;
}

ResultTable makeTable() {
  ResultTable T;
  T.add(makeRow(ReferenceVariant, 2.0, 1.0, true));
  T.add(makeRow(DivOptVariant, 2.0, 1.0, true));
  T.add(makeRow(NvccVariant, 1.6, 1.25, true));
  T.add(makeRow("hand-dist", 1.25, 1.6, true));
  return T;
}

TEST(ResultTable, CsvHasOneQuotedRowPerVariant) {
  ResultTable T = makeTable();
  ResultRow Failed = makeRow("hand-other", 0, 0, false);
  Failed.Check = "ERROR cuLaunchKernel failed, \"x\"";
  T.add(Failed);
  std::ostringstream OS;
  T.writeCsv(OS, "NVIDIA H100 80GB HBM3", "abc123");
  std::string Csv = OS.str();
  EXPECT_EQ(std::count(Csv.begin(), Csv.end(), '\n'), 6);
  EXPECT_NE(Csv.find("brdis,R=8 M=4 N=40,R=8;M=4;N=40,hand-dist,"
                     "brdis_m4_n40,18,8,1.250000,1.250000,1.250000,25,"
                     "1.600000,1,ok,NVIDIA H100 80GB HBM3,abc123\n"),
            std::string::npos)
      << Csv;
  // Text with a comma is quoted, quotes doubled; no timing, no speedup.
  EXPECT_NE(Csv.find(",,,,0,,0,\"ERROR cuLaunchKernel failed, \"\"x\"\"\","),
            std::string::npos)
      << Csv;
}

TEST(ResultTable, SummaryPicksTheBestHandVariant) {
  ResultTable T = makeTable();
  T.add(makeRow("hand-worse", 1.9, 1.05, true));
  std::ostringstream OS;
  T.printSummary(OS);
  std::string S = OS.str();
  EXPECT_NE(S.find("hand-dist 1.600x"), std::string::npos) << S;
  EXPECT_NE(S.find("1.250x"), std::string::npos) << S;
  EXPECT_NE(S.find("2.000"), std::string::npos) << S;
  EXPECT_EQ(S.find("FAILED"), std::string::npos) << S;
}

TEST(ResultTable, AFailedCheckShowsInTheSummaryAndTheVerdict) {
  ResultTable T = makeTable();
  EXPECT_TRUE(T.allChecksOk());
  T.add(makeRow("hand-broken", 1.0, 2.0, false));
  EXPECT_FALSE(T.allChecksOk());
  std::ostringstream OS;
  T.printSummary(OS);
  EXPECT_NE(OS.str().find("1 FAILED"), std::string::npos) << OS.str();
}

TEST(ResultTable, RowsPrintUnderTheHeader) {
  std::ostringstream OS;
  ResultTable::printHeader(OS);
  ResultTable::printRow(OS, makeRow("hand-dist", 1.25, 1.6, true));
  std::string S = OS.str();
  EXPECT_NE(S.find("median ms"), std::string::npos);
  EXPECT_NE(S.find("1.2500"), std::string::npos) << S;
  EXPECT_NE(S.find("1.600x"), std::string::npos) << S;
}

} // namespace
