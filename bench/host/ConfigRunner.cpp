//===- ConfigRunner.cpp - Check and time the variants of a config ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ConfigRunner.h"

#include "BenchEnvironment.h"
#include "OutputCheck.h"
#include "Statistics.h"

#include "runtime/Error.h"
#include "runtime/Module.h"
#include "runtime/ModuleProfile.h"
#include "runtime/OccupancyQuery.h"

#include <algorithm>
#include <iostream>

namespace divopt::bench {

using namespace divopt::runtime;

namespace {

std::string getFirstLine(const std::string &Text) {
  return Text.substr(0, Text.find('\n'));
}

} // namespace

ConfigRunner::ConfigRunner(BenchEnvironment &Env, ConfigSpec Spec,
                           DeviceBuffer<std::uint32_t> &Output,
                           std::vector<Variant> &Variants)
    : Env(Env), Spec(std::move(Spec)), Output(Output), Variants(Variants),
      States(Variants.size()), Start(Env.context()), Stop(Env.context()) {}

void ConfigRunner::run(ResultTable &Table) {
  const std::vector<std::string> &Only = Env.options().Configs;
  if (!Only.empty() &&
      std::none_of(Only.begin(), Only.end(), [&](const std::string &Text) {
        return Spec.Config.find(Text) != std::string::npos;
      }))
    return;
  if (!Env.options().ProfileDir.empty())
    return collectProfile();
  if (Env.options().ProfileGuided)
    addProfileGuidedVariant();
  for (std::size_t I = 0; I < Variants.size(); ++I)
    checkVariant(I);
  timeVariants();
  finishRows(Table);
}

void ConfigRunner::collectProfile() {
  const BenchOptions &O = Env.options();
  const std::string Stem = getProfileStem(Spec.Benchmark, Spec.Config);
  if (Variants.empty() || !Variants[0].SetupError.empty()) {
    std::cerr << "warning: " << Stem << ": no reference kernels, no profile\n";
    return;
  }
  // A fresh load: the counters start at zero for every configuration.
  const std::string File = getPtxFileName(Spec.Benchmark, DivOptVariant);
  Module M = Module::loadFile(Env.context(), O.PtxDir + "/" + File);
  std::vector<Kernel> Kernels;
  for (const Kernel &K : Variants[0].Kernels)
    Kernels.push_back(M.kernel(K.name()));
  ModuleProfile Profile;
  Variants[0].Launch(Kernels);
  Env.context().synchronize(Kernels.front().name());
  std::vector<std::string> Warnings;
  const std::string Path = O.ProfileDir + "/" + Stem + ".profile";
  Profile.writeProfile(Path, Warnings);
  for (const std::string &W : Warnings)
    std::cerr << "warning: " << Stem << ": " << W << '\n';
  std::cout << "profile " << Path << '\n';
}

void ConfigRunner::addProfileGuidedVariant() {
  if (Variants.empty())
    return;
  std::vector<std::string> Names;
  for (const Kernel &K : Variants[0].Kernels)
    Names.push_back(K.name());
  const std::string File =
      getProfileStem(Spec.Benchmark, Spec.Config) + ".clang-O3-pgo.ptx";
  Variants.push_back(
      makeVariant(Env, ProfileGuidedVariant, File, Names, Variants[0].Launch));
  States.resize(Variants.size());
}

void ConfigRunner::describeResources(const Variant &V, ResultRow &Row) const {
  for (const Kernel &K : V.Kernels) {
    std::string Sep = Row.Registers.empty() ? "" : "+";
    try {
      Row.Registers += Sep + std::to_string(K.getAttributes().Registers);
      Row.BlocksPerSM +=
          Sep +
          std::to_string(queryMaxActiveBlocksPerSM(K, Spec.ThreadsPerBlock));
    } catch (const Error &E) {
      std::cerr << "warning: " << E.what() << '\n';
      Row.Registers += Sep + "?";
      Row.BlocksPerSM += Sep + "?";
    }
  }
}

void ConfigRunner::markFailed(std::size_t I, const std::string &What) {
  VariantState &S = States[I];
  S.Runnable = false;
  S.Row.CheckOk = false;
  S.Row.Check = "ERROR " + getFirstLine(What);
  std::cerr << "error: " << Spec.Benchmark << " " << Spec.Config << " "
            << Variants[I].Name << ": " << What << '\n';
}

std::vector<std::uint32_t> ConfigRunner::runOnce(const Variant &V,
                                                 std::uint32_t Poison) {
  Output.fillWords(Poison);
  V.launch();
  Env.context().synchronize(V.getKernelNames());
  return Output.download();
}

void ConfigRunner::checkVariant(std::size_t I) {
  const Variant &V = Variants[I];
  VariantState &S = States[I];
  S.Row = ResultRow();
  S.Row.Benchmark = Spec.Benchmark;
  S.Row.Config = Spec.Config;
  S.Row.Params = Spec.Params;
  S.Row.Variant = V.Name;
  if (!V.SetupError.empty())
    return markFailed(I, V.SetupError);
  S.Row.Kernels = V.getKernelNames();
  describeResources(V, S.Row);
  std::vector<std::uint32_t> Second;
  try {
    S.Checked = runOnce(V, FirstPoison);
    Second = runOnce(V, SecondPoison);
  } catch (const Error &E) {
    return markFailed(I, E.what());
  }
  S.Runnable = true;
  OutputCheck C;
  if (I == 0)
    C = checkOutputs(S.Checked, Second, nullptr);
  else if (HaveReference)
    C = checkOutputs(S.Checked, Second, &Reference);
  else
    C = {false, "NO REFERENCE (the clang-O3 run failed its check)"};
  S.Row.CheckOk = C.Ok;
  S.Row.Check = C.Text;
  if (I == 0 && C.Ok) {
    Reference = S.Checked;
    HaveReference = true;
  }
}

float ConfigRunner::timeOnce(const Variant &V) {
  Output.fillWords(FirstPoison);
  Start.record();
  V.launch();
  Stop.record();
  Stop.synchronize(V.getKernelNames());
  return getElapsedMs(Start, Stop);
}

void ConfigRunner::checkLastTimedRun(std::size_t I) {
  VariantState &S = States[I];
  OutputCheck C = checkRepeatRun(S.Checked, Output.download());
  if (!C.Ok && S.Row.CheckOk) {
    S.Row.CheckOk = false;
    S.Row.Check = C.Text;
  }
}

void ConfigRunner::timeVariants() {
  const BenchOptions &O = Env.options();
  for (int Round = -O.WarmupRuns; Round < O.TimedRuns; ++Round) {
    for (std::size_t I = 0; I < Variants.size(); ++I) {
      if (!States[I].Runnable)
        continue;
      try {
        float Ms = timeOnce(Variants[I]);
        if (Round >= 0)
          States[I].TimesMs.push_back(Ms);
        if (Round == O.TimedRuns - 1)
          checkLastTimedRun(I);
      } catch (const Error &E) {
        markFailed(I, E.what());
      }
    }
  }
}

void ConfigRunner::finishRows(ResultTable &Table) {
  const VariantState &Ref = States.front();
  const double RefMs = summarizeTimings(Ref.TimesMs).MedianMs;
  for (VariantState &S : States) {
    TimingSummary T = summarizeTimings(S.TimesMs);
    S.Row.Timed = T.Runs > 0;
    S.Row.MedianMs = T.MedianMs;
    S.Row.MinMs = T.MinMs;
    S.Row.MaxMs = T.MaxMs;
    S.Row.Runs = T.Runs;
    S.Row.Speedup = S.Row.Timed && RefMs > 0 ? RefMs / T.MedianMs : 0.0;
    ResultTable::printRow(std::cout, S.Row);
    Table.add(S.Row);
  }
  std::cout.flush();
}

} // namespace divopt::bench
