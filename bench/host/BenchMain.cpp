//===- BenchMain.cpp - divopt-bench: run every GPU benchmark --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loads the PTX variants bench-build.sh produced, runs each benchmark's
// configurations on identical inputs, checks outputs bit for bit against
// clang -O3, times them, and prints one table (rows as they complete),
// then the summary. Exit status: 0 when every output check passed, 1 when
// one failed or a benchmark could not run, 2 on a bad command line.
//
//===----------------------------------------------------------------------===//

#include "BenchEnvironment.h"
#include "Inputs.h"
#include "BenchOptions.h"
#include "Benchmark.h"
#include "ResultTable.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Driver.h"
#include "runtime/Error.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

using namespace divopt::bench;
using namespace divopt::runtime;

namespace {

void printBanner(const BenchEnvironment &Env) {
  const DeviceProperties &D = Env.device();
  const BenchOptions &O = Env.options();
  std::cout << "device: " << D.Name << ", sm_" << D.computeCapability() << ", "
            << D.MultiprocessorCount << " SMs, " << D.ClockRateKHz / 1000
            << " MHz, L2 " << (D.L2CacheBytes >> 20) << " MiB; driver CUDA "
            << getDriverVersion() / 1000 << "."
            << getDriverVersion() % 1000 / 10 << "\n"
            << "threads per launch: " << Env.getThreadCount() << " (" << O.Waves
            << " waves); warm-up " << O.WarmupRuns << ", timed runs "
            << O.TimedRuns << " (median)\n"
            << "PTX from: " << O.PtxDir << "\n\n";
}

/// Rewrites the whole CSV; called after each benchmark, so a run cut short
/// (a timeout on the GPU machine) keeps what it measured.
void writeCsv(const BenchEnvironment &Env, const ResultTable &Table) {
  const BenchOptions &O = Env.options();
  if (O.CsvPath.empty())
    return;
  std::ofstream Csv(O.CsvPath);
  Table.writeCsv(Csv, Env.device().Name, O.Commit);
  if (!Csv)
    std::cerr << "error: cannot write " << O.CsvPath << '\n';
}

std::string formatDuration(double Seconds) {
  long S = static_cast<long>(Seconds);
  if (S >= 60)
    return std::to_string(S / 60) + "m" + (S % 60 < 10 ? "0" : "") +
           std::to_string(S % 60) + "s";
  return std::to_string(S) + "s";
}

/// "[2/5 benchmarks] brdis done: 1m10s elapsed, about 2m55s left" on
/// stderr, the time left assuming the others take as long on average.
void printProgress(size_t Done, size_t Total, const std::string &Name,
                   std::chrono::steady_clock::time_point Start) {
  double Elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  std::cerr << "[" << Done << "/" << Total << " benchmarks] " << Name
            << " done: " << formatDuration(Elapsed) << " elapsed, about "
            << formatDuration(Elapsed * (Total - Done) / Done) << " left\n";
}

/// Runs each selected benchmark; one that throws is reported and the
/// others still run. Returns false if any threw.
bool runBenchmarks(BenchEnvironment &Env, ResultTable &Table) {
  bool AllRan = true;
  ResultTable::printHeader(std::cout);
  std::vector<std::unique_ptr<Benchmark>> Selected;
  for (auto &B : createAllBenchmarks())
    if (isSelected(Env.options(), B->getName()))
      Selected.push_back(std::move(B));
  auto Start = std::chrono::steady_clock::now();
  for (size_t I = 0; I < Selected.size(); ++I) {
    Benchmark &B = *Selected[I];
    try {
      B.run(Env, Table);
    } catch (const Error &E) {
      std::cerr << "error: benchmark " << B.getName()
                << " stopped: " << E.what() << '\n';
      AllRan = false;
    }
    writeCsv(Env, Table);
    printProgress(I + 1, Selected.size(), B.getName(), Start);
  }
  return AllRan;
}

void printSummary(const BenchEnvironment &Env, const ResultTable &Table) {
  std::cout << "\nsummary (speedups over clang -O3):\n";
  Table.printSummary(std::cout);
  const std::string &Path = Env.options().SummaryPath;
  if (!Path.empty()) {
    std::ofstream Summary(Path);
    Table.printSummary(Summary);
  }
}

int runAll(const BenchOptions &O) {
  Device Dev = Device::get(0);
  Context Ctx(Dev);
  BenchEnvironment Env(O, Ctx);
  setInputSeedSalt(O.SeedSalt);
  printBanner(Env);
  ResultTable Table;
  bool AllRan = runBenchmarks(Env, Table);
  printSummary(Env, Table);
  bool AllOk = AllRan && Table.allChecksOk();
  std::cout << (AllOk ? "\nall output checks passed\n"
                      : "\nSOME OUTPUT CHECKS FAILED (see the table)\n");
  return AllOk ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  BenchOptions O;
  try {
    O = parseBenchOptions(Argc, Argv);
  } catch (const std::invalid_argument &E) {
    std::cerr << "divopt-bench: " << E.what() << '\n' << getBenchUsage();
    return 2;
  }
  if (O.Help) {
    std::cout << getBenchUsage();
    return 0;
  }
  try {
    return runAll(O);
  } catch (const Error &E) {
    std::cerr << "divopt-bench: " << E.what() << '\n';
    return 1;
  }
}
