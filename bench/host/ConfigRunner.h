//===- ConfigRunner.h - Check and time the variants of a config -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// For one benchmark configuration (its inputs already on the device):
//  1. each variant runs twice, output poisoned differently each time, and
//     its output is checked: every element written, both runs equal, and
//     bit-identical to the reference's (the first variant, clang -O3);
//  2. the variants that ran are timed with events around each launch
//     (the poisoning memset is outside the events), after warm-up runs,
//     in rounds that visit every variant once, so clock drift and
//     thermal state affect them alike;
//  3. the last timed run's output is checked against the checked one;
//  4. one row per variant: median, min, max, speedup over the reference,
//     registers and the driver's blocks per SM for each kernel.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_CONFIGRUNNER_H
#define DIVOPT_BENCH_HOST_CONFIGRUNNER_H

#include "ResultTable.h"
#include "Variant.h"

#include "runtime/DeviceBuffer.h"
#include "runtime/Event.h"

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::bench {

class BenchEnvironment;

struct ConfigSpec {
  std::string Benchmark;
  std::string Config;
  std::string Params;
  int ThreadsPerBlock = 256;
};

class ConfigRunner {
public:
  ConfigRunner(BenchEnvironment &Env, ConfigSpec Spec,
               runtime::DeviceBuffer<std::uint32_t> &Output,
               std::vector<Variant> &Variants);

  /// Runs the four steps and appends (and prints) one row per variant.
  void run(ResultTable &Table);

private:
  struct VariantState {
    ResultRow Row;
    std::vector<std::uint32_t> Checked;
    bool Runnable = false;
    std::vector<float> TimesMs;
  };

  /// --profile-collect: one run of the instrumented kernels, its profile.
  void collectProfile();
  /// --pgo: the variant of the kernels rebuilt with this profile.
  void addProfileGuidedVariant();
  void describeResources(const Variant &V, ResultRow &Row) const;
  void checkVariant(std::size_t I);
  std::vector<std::uint32_t> runOnce(const Variant &V, std::uint32_t Poison);
  void timeVariants();
  float timeOnce(const Variant &V);
  void checkLastTimedRun(std::size_t I);
  void markFailed(std::size_t I, const std::string &What);
  void finishRows(ResultTable &Table);

  BenchEnvironment &Env;
  ConfigSpec Spec;
  runtime::DeviceBuffer<std::uint32_t> &Output;
  std::vector<Variant> &Variants;
  std::vector<VariantState> States;
  std::vector<std::uint32_t> Reference;
  bool HaveReference = false;
  runtime::Event Start;
  runtime::Event Stop;
};

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_CONFIGRUNNER_H
