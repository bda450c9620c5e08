//===- BenchOptions.cpp - Command line of the bench programs --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BenchOptions.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace divopt::bench {

namespace {

int parsePositive(const std::string &Flag, const std::string &Value) {
  std::size_t End = 0;
  int N = 0;
  try {
    N = std::stoi(Value, &End);
  } catch (const std::exception &) {
    End = 0;
  }
  if (End != Value.size() || N < 1)
    throw std::invalid_argument(Flag + " needs a positive integer, not '" +
                                Value + "'");
  return N;
}

std::vector<std::string> splitList(const std::string &List) {
  std::vector<std::string> Items;
  std::stringstream In(List);
  for (std::string Item; std::getline(In, Item, ',');)
    if (!Item.empty())
      Items.push_back(Item);
  return Items;
}

} // namespace

const char *getBenchUsage() {
  return "usage: divopt-bench --ptx-dir DIR [--csv FILE] [--summary FILE]\n"
         "                    [--only itdelay,brdis,split,loopadv]\n"
         "                    [--configs TEXT,...]\n"
         "                    [--runs N] [--warmup N] [--waves N]\n"
         "                    [--commit SHA] [--quick] [--pgo]\n"
         "                    [--profile-collect DIR] [--seed-salt N]\n";
}

BenchOptions parseBenchOptions(int Argc, char **Argv) {
  BenchOptions O;
  for (int I = 1; I < Argc; ++I) {
    std::string Flag = Argv[I];
    if (Flag == "--help" || Flag == "-h") {
      O.Help = true;
      continue;
    }
    if (Flag == "--quick") {
      O.Quick = true;
      continue;
    }
    if (Flag == "--pgo") {
      O.ProfileGuided = true;
      continue;
    }
    if (I + 1 >= Argc)
      throw std::invalid_argument(Flag + " needs a value");
    std::string Value = Argv[++I];
    if (Flag == "--ptx-dir")
      O.PtxDir = Value;
    else if (Flag == "--csv")
      O.CsvPath = Value;
    else if (Flag == "--summary")
      O.SummaryPath = Value;
    else if (Flag == "--commit")
      O.Commit = Value;
    else if (Flag == "--only")
      O.Only = splitList(Value);
    else if (Flag == "--configs")
      O.Configs = splitList(Value);
    else if (Flag == "--runs")
      O.TimedRuns = parsePositive(Flag, Value);
    else if (Flag == "--warmup")
      O.WarmupRuns = parsePositive(Flag, Value);
    else if (Flag == "--waves")
      O.Waves = parsePositive(Flag, Value);
    else if (Flag == "--profile-collect")
      O.ProfileDir = Value;
    else if (Flag == "--seed-salt")
      O.SeedSalt = parsePositive(Flag, Value);
    else
      throw std::invalid_argument("unknown option " + Flag);
  }
  if (!O.Help && O.PtxDir.empty())
    throw std::invalid_argument("--ptx-dir is required");
  if (O.Quick)
    O.TimedRuns = std::min(O.TimedRuns, 10);
  return O;
}

bool isSelected(const BenchOptions &O, const std::string &Benchmark) {
  return O.Only.empty() ||
         std::find(O.Only.begin(), O.Only.end(), Benchmark) != O.Only.end();
}

} // namespace divopt::bench
