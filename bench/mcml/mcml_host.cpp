//===- mcml_host.cpp - The MCML benchmark on the GPU ----------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs the MCML kernel, compiled several ways, on each input, and checks
// and times every variant:
//   - every variant runs on the same seeds; its tallies must equal the
//     first variant's (clang -O3) bit for bit, and repeat from run to run;
//   - the totals per photon (Rd, Tt, absorbed) must agree with the CPU
//     reference, run here on its own seeds, within AgreementSigmas standard
//     errors;
//   - inputs that name published values (the validation slab) must
//     reproduce them within the same bound;
//   - the time is the median of --runs event-timed launches after one
//     untimed run.
// It prints one table at the end and exits 0 only when every check passed.
//
//   mcml_host --ptx clang-O3=mcml.clang.ptx --ptx clang-O3+DivOpt=...
//             --ptx nvcc-O3=... [--count-ptx mcml.count.ptx] [--runs 10]
//             [--photon-scale 1] [--cpu-fraction 0.125] [--csv FILE]
//             [--out DIR] [--commit TEXT] INPUT.mci...
//
// A --ptx FILE holding {input} is a variant built per input (a
// profile-guided build): {input} becomes the input's name.
//
//   mcml_host --profile-collect DIR --profile-ptx mcml.gen.ptx
//             [--photon-scale F] INPUT.mci...
// runs the instrumented kernel (-divopt-profile-generate) once per input,
// on other seeds than the timed runs, and writes DIR/<input>.profile.
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "GpuRun.h"
#include "KernelInterface.h"
#include "Reference.h"
#include "Report.h"
#include "Seeds.h"
#include "Streams.h"
#include "Tissue.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Driver.h"
#include "runtime/Module.h"
#include "runtime/ModuleProfile.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace divopt;
using namespace divopt::mcml;

namespace {

struct Options {
  std::vector<std::pair<std::string, std::string>> Ptx; ///< Name, path.
  std::string CountPtx;
  unsigned Runs = 10;
  unsigned Blocks = DefaultBlocks;
  unsigned ThreadsPerBlock = DefaultThreadsPerBlock;
  double CpuFraction = 0.125;
  double PhotonScale = 1.0;
  std::string Csv, OutDir, Commit = "unknown";
  std::string ProfileDir, ProfilePtx;
  std::vector<std::string> Inputs;
};

/// The placeholder of a per-input variant's file name.
constexpr const char *InputPlaceholder = "{input}";

[[noreturn]] void usage(const std::string &Why) {
  std::fprintf(
      stderr,
      "mcml_host: %s\nusage: mcml_host --ptx NAME=FILE... [--count-ptx FILE] "
      "[--runs N] [--blocks N] [--threads-per-block N] [--photon-scale F] "
      "[--cpu-fraction F] "
      "[--csv FILE] [--out DIR] [--commit TEXT] INPUT.mci...\n"
      "       mcml_host --profile-collect DIR --profile-ptx FILE "
      "[--photon-scale F] INPUT.mci...\n",
      Why.c_str());
  std::exit(2);
}

double parseNumber(const char *Text, const std::string &Option, double Min,
                   double Max) {
  char *End = nullptr;
  double V = std::strtod(Text, &End);
  if (End == Text || *End || !(V >= Min && V <= Max))
    usage(Option + " takes a number in [" + std::to_string(Min) + ", " +
          std::to_string(Max) + "], not '" + Text + "'");
  return V;
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string Arg = Argv[I];
    auto Value = [&]() -> const char * {
      if (I + 1 >= Argc)
        usage(Arg + " needs a value");
      return Argv[++I];
    };
    if (Arg == "--ptx") {
      std::string V = Value();
      std::size_t Eq = V.find('=');
      if (Eq == std::string::npos || Eq == 0 || Eq + 1 == V.size())
        usage("--ptx takes NAME=FILE, not '" + V + "'");
      O.Ptx.emplace_back(V.substr(0, Eq), V.substr(Eq + 1));
    } else if (Arg == "--count-ptx") {
      O.CountPtx = Value();
    } else if (Arg == "--runs") {
      O.Runs = static_cast<unsigned>(parseNumber(Value(), Arg, 1, 1000));
    } else if (Arg == "--blocks") {
      O.Blocks = static_cast<unsigned>(parseNumber(Value(), Arg, 1, 1 << 20));
    } else if (Arg == "--threads-per-block") {
      O.ThreadsPerBlock =
          static_cast<unsigned>(parseNumber(Value(), Arg, 32, 1024));
    } else if (Arg == "--photon-scale") {
      O.PhotonScale = parseNumber(Value(), Arg, 1e-6, 1e3);
    } else if (Arg == "--cpu-fraction") {
      O.CpuFraction = parseNumber(Value(), Arg, 1e-6, 1);
    } else if (Arg == "--csv") {
      O.Csv = Value();
    } else if (Arg == "--out") {
      O.OutDir = Value();
    } else if (Arg == "--commit") {
      O.Commit = Value();
    } else if (Arg == "--profile-collect") {
      O.ProfileDir = Value();
    } else if (Arg == "--profile-ptx") {
      O.ProfilePtx = Value();
    } else if (!Arg.empty() && Arg[0] == '-') {
      usage("unknown option " + Arg);
    } else {
      O.Inputs.push_back(Arg);
    }
  }
  if (O.ProfileDir.empty() != O.ProfilePtx.empty())
    usage("--profile-collect and --profile-ptx go together");
  if (O.Ptx.empty() && O.ProfileDir.empty())
    usage("no --ptx variant");
  if (O.Inputs.empty())
    usage("no input");
  return O;
}

/// A compiled variant, loaded; Error says why it could not be.
struct LoadedVariant {
  std::string Name;
  /// The file, as --ptx gave it: a per-input build's holds {input}, and
  /// the variant is loaded for each input (runInput).
  std::string Path;
  std::unique_ptr<runtime::Module> Module;
  std::optional<runtime::Kernel> Kernel;
  int Registers = 0;
  std::string Error;
};

LoadedVariant loadVariant(const runtime::Context &Ctx, const std::string &Name,
                          const std::string &Path) {
  LoadedVariant V;
  V.Name = Name;
  V.Path = Path;
  try {
    V.Module =
        std::make_unique<runtime::Module>(runtime::Module::loadFile(Ctx, Path));
    V.Kernel = V.Module->kernel(MCML_KERNEL_NAME);
    runtime::KernelAttributes A = V.Kernel->getAttributes();
    V.Registers = A.Registers;
    std::printf("loaded %-16s %s: %d registers, %d bytes local, sm_%d\n",
                Name.c_str(), Path.c_str(), A.Registers, A.LocalBytes,
                A.BinaryVersion);
  } catch (const std::exception &E) {
    V.Error = E.what();
    std::printf("could not load %s (%s): %s\n", Name.c_str(), Path.c_str(),
                E.what());
  }
  return V;
}

double getMedian(std::vector<float> Ms) {
  std::sort(Ms.begin(), Ms.end());
  std::size_t N = Ms.size();
  return N % 2 ? Ms[N / 2] : 0.5 * (Ms[N / 2 - 1] + Ms[N / 2]);
}

/// The statistical checks of one variant's totals; each printed in full,
/// summed up in the row.
void checkStatistics(ResultRow &Row, const Tissue &T,
                     const ReferenceResult &Ref) {
  const unsigned long long N = T.Photons;
  const Totals &G = Row.PerPhoton;
  // The GPU's standard errors come from the reference's per-photon spread:
  // both sample the same distribution.
  std::vector<CheckResult> Cpu = {
      checkAgreement("Rd", {G.Rd, Ref.Rd.standardError(N)},
                     {Ref.Rd.Mean, Ref.Rd.standardError(Ref.Photons)}),
      checkAgreement("Tt", {G.Tt, Ref.Tt.standardError(N)},
                     {Ref.Tt.Mean, Ref.Tt.standardError(Ref.Photons)}),
      checkAgreement("A", {G.A, Ref.A.standardError(N)},
                     {Ref.A.Mean, Ref.A.standardError(Ref.Photons)})};
  Row.ChecksOk = true;
  char Buf[160];
  std::snprintf(Buf, sizeof Buf, "cpu %.1f/%.1f/%.1f", Cpu[0].Sigmas,
                Cpu[1].Sigmas, Cpu[2].Sigmas);
  Row.Checks = Buf;
  for (const CheckResult &C : Cpu) {
    std::printf("    %-16s vs CPU reference: %s\n", Row.Variant.c_str(),
                C.Text.c_str());
    Row.ChecksOk &= C.Pass;
  }
  if (T.Published) {
    const PublishedValues &P = *T.Published;
    CheckResult Rd = checkAgreement("Rd", {G.Rd, Ref.Rd.standardError(N)},
                                    {P.Rd, 0}, P.RdRounding);
    CheckResult Tt = checkAgreement("Tt", {G.Tt, Ref.Tt.standardError(N)},
                                    {P.Tt, 0}, P.TtRounding);
    std::printf("    %-16s vs published: %s; %s\n", Row.Variant.c_str(),
                Rd.Text.c_str(), Tt.Text.c_str());
    std::snprintf(Buf, sizeof Buf, " pub %.1f/%.1f", Rd.Sigmas, Tt.Sigmas);
    Row.Checks += Buf;
    Row.ChecksOk &= Rd.Pass && Tt.Pass;
  }
  Row.Checks += Row.ChecksOk ? " sigma ok" : " sigma FAIL";
}

void writeTallyFile(const Options &O, const Tissue &T, const Tally &Bins) {
  if (O.OutDir.empty())
    return;
  std::string Path = O.OutDir + "/" + T.Name + ".tally.txt";
  std::ofstream F(Path);
  if (!F)
    throw runtime::Error("cannot write " + Path);
  F << "# MCML tallies of " << T.Name << ", " << T.Photons << " photons, Rsp "
    << getSpecularReflectance(T) << "\n";
  writeTallyText(F, Bins, T.Photons, T.Dz, T.Dr);
}

/// Path with the input's name for its placeholder; empty when Path has
/// none (the variant is the same for every input).
std::string getInputPath(const std::string &Path, const std::string &Input) {
  std::size_t At = Path.find(InputPlaceholder);
  if (At == std::string::npos)
    return "";
  return Path.substr(0, At) + Input +
         Path.substr(At + std::strlen(InputPlaceholder));
}

/// An input, its photon count scaled: scaling it scales the GPU time, for
/// a device much faster or slower than the counts in the inputs were
/// sized for (an H100).
Tissue readScaledInput(const Options &O, const std::string &Path) {
  Tissue T = readTissueFile(Path);
  T.Photons =
      std::max(1ull, static_cast<unsigned long long>(std::llround(
                         static_cast<double>(T.Photons) * O.PhotonScale)));
  return T;
}

/// Runs the instrumented kernel once on each input and writes its
/// profile; a fresh module per input, so its counters start at zero.
void collectProfiles(const Options &O, const runtime::Context &Ctx) {
  for (const std::string &Path : O.Inputs) {
    Tissue T = readScaledInput(O, Path);
    const unsigned Streams = O.Blocks * O.ThreadsPerBlock;
    LoadedVariant V = loadVariant(Ctx, "instrumented", O.ProfilePtx);
    if (!V.Error.empty())
      throw runtime::Error("cannot load " + O.ProfilePtx + ": " + V.Error);
    runtime::ModuleProfile Profile;
    GpuInput In(Ctx, T, makeSeeds(ProfileMasterSeed, Streams), O.Blocks,
                O.ThreadsPerBlock);
    In.zeroTallies();
    In.launch(*V.Kernel);
    In.download(*V.Kernel);
    std::vector<std::string> Warnings;
    const std::string File = O.ProfileDir + "/" + T.Name + ".profile";
    Profile.writeProfile(File, Warnings);
    for (const std::string &W : Warnings)
      std::printf("warning: %s: %s\n", T.Name.c_str(), W.c_str());
    std::printf("profile %s (%llu photons)\n", File.c_str(), T.Photons);
  }
}

/// Runs every variant on one input and appends their rows.
void runInput(const Options &O, const runtime::Context &Ctx,
              std::vector<LoadedVariant> &Variants, LoadedVariant *Counting,
              const std::string &Path, std::vector<ResultRow> &Rows) {
  Tissue T = readScaledInput(O, Path);
  const unsigned Streams = O.Blocks * O.ThreadsPerBlock;
  std::printf("\n== %s: %zu layers, %llu photons, %u threads\n", T.Name.c_str(),
              T.Layers.size(), T.Photons, Streams);

  auto CpuPhotons = static_cast<unsigned long long>(std::max(
      1.0, std::round(static_cast<double>(T.Photons) * O.CpuFraction)));
  unsigned Workers = std::max(1u, std::thread::hardware_concurrency());
  ReferenceResult Ref = runReference(
      T, CpuPhotons, makeSeeds(CpuMasterSeed, Streams), Streams, Workers);
  std::printf("  CPU reference: %llu photons in %.1f s on %u threads: Rd %.6f "
              "Tt %.6f A %.6f, boundary branch %.2f%% of %.1f steps/photon\n",
              CpuPhotons, Ref.Seconds, Workers, Ref.Rd.Mean, Ref.Tt.Mean,
              Ref.A.Mean, 100.0 * Ref.boundaryShare(),
              static_cast<double>(Ref.Steps) / CpuPhotons);

  GpuInput In(Ctx, T, makeSeeds(GpuMasterSeed, Streams), O.Blocks,
              O.ThreadsPerBlock);
  std::optional<Tally> First;
  double FirstMedian = 0;
  for (LoadedVariant &Shared : Variants) {
    // A per-input build is loaded for its input alone.
    LoadedVariant PerInput;
    std::string Own = getInputPath(Shared.Path, T.Name);
    if (!Own.empty())
      PerInput = loadVariant(Ctx, Shared.Name, Own);
    LoadedVariant &V = Own.empty() ? Shared : PerInput;
    ResultRow Row;
    Row.Input = T.Name;
    Row.Variant = V.Name;
    Row.Registers = V.Registers;
    if (!V.Error.empty()) {
      Row.Error = "load failed";
      Rows.push_back(Row);
      continue;
    }
    GpuRunResult R = runTimed(In, *V.Kernel, O.Runs);
    Row.Runs = O.Runs;
    Row.MedianMs = getMedian(R.Ms);
    Row.MinMs = *std::min_element(R.Ms.begin(), R.Ms.end());
    Row.MaxMs = *std::max_element(R.Ms.begin(), R.Ms.end());
    Totals Sum = getTotals(R.Result);
    const double N = static_cast<double>(T.Photons);
    Row.PerPhoton = {Sum.Rd / N, Sum.Tt / N, Sum.A / N};

    std::string Diff;
    if (!First) {
      First = R.Result;
      FirstMedian = Row.MedianMs;
      Row.BitIdentical = "ref";
    } else {
      Diff = describeDifference(*First, R.Result);
      Row.BitIdentical = Diff.empty() ? "yes" : "NO";
    }
    if (!R.RepeatDifference.empty())
      Row.BitIdentical += ", not repeatable";
    Row.BitIdenticalOk = Diff.empty() && R.RepeatDifference.empty();
    if (FirstMedian > 0 && Row.MedianMs > 0)
      Row.Speedup = FirstMedian / Row.MedianMs;
    std::printf("  %-16s median %.3f ms (min %.3f, max %.3f, %u runs)\n",
                V.Name.c_str(), Row.MedianMs, Row.MinMs, Row.MaxMs, Row.Runs);
    if (!Diff.empty())
      std::printf("    %-16s differs from %s: %s\n", V.Name.c_str(),
                  Variants.front().Name.c_str(), Diff.c_str());
    if (!R.RepeatDifference.empty())
      std::printf("    %-16s differs between its runs: %s\n", V.Name.c_str(),
                  R.RepeatDifference.c_str());
    checkStatistics(Row, T, Ref);
    Rows.push_back(Row);
  }
  if (First)
    writeTallyFile(O, T, *First);

  if (Counting && Counting->Error.empty()) {
    BoundaryCount C = countBoundaryHits(In, *Counting->Kernel);
    std::printf("  GPU boundary branch: %.2f%% of %.1f steps/photon (CPU "
                "reference %.2f%%)\n",
                C.Steps ? 100.0 * C.Hits / C.Steps : 0.0,
                static_cast<double>(C.Steps) / T.Photons,
                100.0 * Ref.boundaryShare());
  }
}

} // namespace

int main(int Argc, char **Argv) {
  // Progress shows as it happens when the output goes through tee.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  Options O = parseOptions(Argc, Argv);
  runtime::DriverStatus Status = runtime::probeDriver();
  if (!Status.Usable) {
    std::fprintf(stderr, "mcml_host: no usable GPU: %s\n",
                 Status.Reason.c_str());
    return 2;
  }
  std::vector<ResultRow> Rows;
  std::string DeviceName;
  try {
    runtime::Device Dev = runtime::Device::get(0);
    runtime::DeviceProperties P = Dev.properties();
    DeviceName = P.Name;
    std::printf("device %s: sm_%u, %d SMs, driver %d; commit %s\n",
                P.Name.c_str(), P.computeCapability(), P.MultiprocessorCount,
                runtime::getDriverVersion(), O.Commit.c_str());
    runtime::Context Ctx(Dev);
    if (!O.ProfileDir.empty()) {
      collectProfiles(O, Ctx);
      return 0;
    }
    std::vector<LoadedVariant> Variants;
    for (const auto &[Name, Path] : O.Ptx) {
      if (Path.find(InputPlaceholder) == std::string::npos) {
        Variants.push_back(loadVariant(Ctx, Name, Path));
        continue;
      }
      LoadedVariant PerInput; // Loaded for each input (runInput).
      PerInput.Name = Name;
      PerInput.Path = Path;
      Variants.push_back(std::move(PerInput));
    }
    std::optional<LoadedVariant> Counting;
    if (!O.CountPtx.empty())
      Counting = loadVariant(Ctx, "counting", O.CountPtx);
    for (const std::string &Input : O.Inputs)
      runInput(O, Ctx, Variants, Counting ? &*Counting : nullptr, Input, Rows);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "mcml_host: %s\n", E.what());
    if (!Rows.empty())
      printTable(std::cout, Rows);
    return 2;
  }

  if (!O.Csv.empty()) {
    std::ofstream F(O.Csv);
    writeCsv(F, Rows, DeviceName, O.Commit);
    if (!F)
      std::fprintf(stderr, "mcml_host: could not write %s\n", O.Csv.c_str());
  }
  bool AllOk = std::all_of(Rows.begin(), Rows.end(),
                           [](const ResultRow &R) { return R.ok(); });
  std::printf("\n");
  std::fflush(stdout);
  printTable(std::cout, Rows);
  std::cout << (AllOk ? "all checks passed" : "SOME CHECKS FAILED")
            << std::endl;
  return AllOk ? 0 : 1;
}
