//===- mcml_cpu.cpp - Run the CPU reference of MCML on inputs -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Needs no GPU. Runs the CPU reference on each input and prints the totals
// with their standard errors, the energy balance, the share of steps that
// end on a layer boundary (the kernel's boundary branch) and, for inputs
// that name published values, whether the result reproduces them. Exits 1
// when a published check fails.
//
//   mcml_cpu [--photons N] [--streams N] [--workers N] INPUT.mci...
//
//===----------------------------------------------------------------------===//

#include "Checks.h"
#include "Reference.h"
#include "Seeds.h"
#include "Streams.h"
#include "Tissue.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <thread>
#include <vector>

using namespace divopt::mcml;

namespace {

[[noreturn]] void usage(const char *Why) {
  std::fprintf(stderr,
               "mcml_cpu: %s\nusage: mcml_cpu [--photons N] [--streams N] "
               "[--workers N] INPUT.mci...\n",
               Why);
  std::exit(2);
}

unsigned long long parseCount(const char *Text, const char *Option) {
  char *End = nullptr;
  double V = std::strtod(Text, &End);
  if (End == Text || *End || V < 1 || V > 9e15 ||
      V != static_cast<double>(static_cast<unsigned long long>(V)))
    usage((std::string(Option) + " takes a whole number >= 1").c_str());
  return static_cast<unsigned long long>(V);
}

} // namespace

int main(int Argc, char **Argv) {
  unsigned long long Photons = 0;
  unsigned Streams = DefaultStreams;
  unsigned Workers = std::thread::hardware_concurrency();
  std::vector<std::string> Inputs;
  for (int I = 1; I < Argc; ++I) {
    auto Value = [&]() -> const char * {
      if (I + 1 >= Argc)
        usage((std::string(Argv[I]) + " needs a value").c_str());
      return Argv[++I];
    };
    if (!std::strcmp(Argv[I], "--photons"))
      Photons = parseCount(Value(), "--photons");
    else if (!std::strcmp(Argv[I], "--streams"))
      Streams = static_cast<unsigned>(parseCount(Value(), "--streams"));
    else if (!std::strcmp(Argv[I], "--workers"))
      Workers = static_cast<unsigned>(parseCount(Value(), "--workers"));
    else if (Argv[I][0] == '-')
      usage((std::string("unknown option ") + Argv[I]).c_str());
    else
      Inputs.push_back(Argv[I]);
  }
  if (Inputs.empty())
    usage("no input");

  bool AllPass = true;
  try {
    const std::vector<unsigned> Seeds = makeSeeds(CpuMasterSeed, Streams);
    for (const std::string &Path : Inputs) {
      Tissue T = readTissueFile(Path);
      unsigned long long N = Photons ? Photons : T.Photons;
      ReferenceResult R = runReference(T, N, Seeds, Streams, Workers);
      double Rsp = getSpecularReflectance(T);
      std::printf("%s: %llu photons, %zu layers, %.2f s on %u threads\n",
                  T.Name.c_str(), N, T.Layers.size(), R.Seconds, Workers);
      std::printf("  Rsp %.6f  Rd %.6f +- %.6f  Tt %.6f +- %.6f  "
                  "A %.6f +- %.6f  (sum %.6f)\n",
                  Rsp, R.Rd.Mean, R.Rd.standardError(N), R.Tt.Mean,
                  R.Tt.standardError(N), R.A.Mean, R.A.standardError(N),
                  Rsp + R.Rd.Mean + R.Tt.Mean + R.A.Mean);
      std::printf("  steps %.1f per photon, boundary branch %.2f%% of steps\n",
                  static_cast<double>(R.Steps) / N, 100.0 * R.boundaryShare());
      if (T.Published) {
        const PublishedValues &P = *T.Published;
        for (const CheckResult &C :
             {checkAgreement("Rd", {R.Rd.Mean, R.Rd.standardError(N)},
                             {P.Rd, 0}, P.RdRounding),
              checkAgreement("Tt", {R.Tt.Mean, R.Tt.standardError(N)},
                             {P.Tt, 0}, P.TtRounding)}) {
          std::printf("  published %s\n", C.Text.c_str());
          AllPass &= C.Pass;
        }
      }
    }
  } catch (const std::exception &E) {
    std::fprintf(stderr, "mcml_cpu: %s\n", E.what());
    return 2;
  }
  return AllPass ? 0 : 1;
}
