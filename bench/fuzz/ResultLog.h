//===- ResultLog.h - The campaign's results, one line per kernel -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel fault leaves the CUDA context unusable and a hung kernel cannot
// be stopped: the runner must exit, and a new runner goes on where it left
// off. So every verdict is appended to a file and flushed to disk at once,
// the hang verdict included (written from the watchdog, just before the
// exit), and a runner skips the kernels the file already has.
//
// One tab-separated line per kernel: name, seed, edits, status, detail.
// Statuses: ok; mismatch, divopt-fault, hang (DivOpt's bugs); base-fault,
// base-hang, nondeterministic (the generator's); jit-failure. Lines starting
// with '#' describe the run.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_RESULTLOG_H
#define DIVOPT_BENCH_FUZZ_RESULTLOG_H

#include "FuzzPack.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <string>

namespace divopt::fuzz {

class ResultLog {
public:
  /// Opens Path for appending; reads the kernels it already has. Throws
  /// std::runtime_error when it cannot.
  explicit ResultLog(const std::string &Path);
  ~ResultLog();

  ResultLog(const ResultLog &) = delete;
  ResultLog &operator=(const ResultLog &) = delete;

  bool has(const std::string &Name) const { return Done.count(Name) != 0; }

  /// Appends the verdict and syncs it to disk. Safe from any thread.
  void record(const FuzzKernel &K, const std::string &Status,
              const std::string &Detail);
  void comment(const std::string &Text);

private:
  void writeLine(const std::string &Line);

  std::FILE *File = nullptr;
  std::mutex Lock;
  std::set<std::string> Done;
};

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_RESULTLOG_H
