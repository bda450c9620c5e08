//===- FuzzRunner.cpp - Runs PTX pairs and compares their outputs ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The GPU half of the differential fuzzing (scripts/fuzz builds the pack):
// for every kernel of the pack, at every launch shape, run the clang -O3
// variant twice and the DivOpt variant once on the same inputs and compare
// every output word. The two base runs must agree (otherwise the generator
// made a kernel whose result depends on timing: its bug, not DivOpt's); the
// DivOpt run must agree with them. Verdicts go to the results file as they
// are reached (ResultLog.h); bench/fuzz/summarize.py turns it into the
// summary.
//
// The DivOpt side runs what a launch of the kernel by name runs: where
// kernel splitting split it, the module's launch plan lists its parts, and
// each is launched in order with the same shape and arguments
// (runtime/LaunchPlan.h); its verdict then ends with "parts-run=N". The
// clang -O3 side runs the kernel alone.
//
//   divopt-fuzz-runner --pack DIR --results FILE [--only NAME,...]
//                      [--jobs N] [--timeout-s S] [--jit] [--check-pack]
//
// Each variant loads from the cubin packed next to its PTX (ptxas's output
// where the pack was built) unless --jit asks for the driver to compile
// the PTX; --check-pack only reads the pack, without a GPU.
// Exit status: 0 when every kernel has a verdict, 75 when a fault or hang
// left the context unusable (run again: it goes on from the next kernel),
// 2 when it cannot start.
//
//===----------------------------------------------------------------------===//

#include "FuzzInputs.h"
#include "FuzzPack.h"
#include "ModuleLoader.h"
#include "OutputDiff.h"
#include "ResultLog.h"
#include "Watchdog.h"

#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Driver.h"
#include "runtime/Error.h"
#include "runtime/Launch.h"
#include "runtime/LaunchPlan.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

using namespace divopt;
using namespace divopt::fuzz;

namespace {

struct Options {
  std::string PackDir;
  std::string Results;
  std::set<std::string> Only;
  unsigned Jobs = 0;
  unsigned TimeoutS = 20;
  bool CheckPack = false;
  bool Jit = false;
};

[[noreturn]] void usage(const std::string &Why) {
  std::cerr << "divopt-fuzz-runner: " << Why << "\n"
            << "usage: divopt-fuzz-runner --pack DIR --results FILE "
               "[--only NAME,...] [--jobs N] [--timeout-s S] [--jit] "
               "[--check-pack]\n";
  std::exit(2);
}

Options parseOptions(int Argc, char **Argv) {
  Options O;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Value = [&]() -> std::string {
      if (I + 1 >= Argc)
        usage(A + " needs a value");
      return Argv[++I];
    };
    if (A == "--pack") {
      O.PackDir = Value();
    } else if (A == "--results") {
      O.Results = Value();
    } else if (A == "--only") {
      std::stringstream S(Value());
      for (std::string N; std::getline(S, N, ',');)
        if (!N.empty())
          O.Only.insert(N);
    } else if (A == "--jobs") {
      O.Jobs = static_cast<unsigned>(std::stoul(Value()));
    } else if (A == "--timeout-s") {
      O.TimeoutS = static_cast<unsigned>(std::stoul(Value()));
    } else if (A == "--check-pack") {
      O.CheckPack = true;
    } else if (A == "--jit") {
      O.Jit = true;
    } else {
      usage("unknown argument " + A);
    }
  }
  if (O.PackDir.empty())
    usage("--pack is required");
  if (O.Results.empty() && !O.CheckPack)
    usage("--results is required");
  return O;
}

/// What the pack promises, checked before any GPU work.
void checkPack(const FuzzPack &Pack) {
  for (const LaunchShape &S : getLaunchShapes())
    if (S.Block > Pack.Abi.MaxBlock || S.N > S.Grid * S.Block)
      throw std::runtime_error("launch shape " + S.describe() +
                               " does not fit the pack's ABI");
  for (const FuzzKernel &K : Pack.Kernels)
    for (const std::string *P : {&K.BasePtx, &K.DivOptPtx}) {
      std::ifstream F(*P);
      std::string First;
      if (!F || !std::getline(F, First))
        throw std::runtime_error("kernel " + K.Name + ": cannot read " + *P);
    }
}

/// The device buffers of one launch shape, sized exactly.
struct ShapeBuffers {
  ShapeBuffers(const runtime::Context &Ctx, const FuzzBuffers &Like)
      : In(Ctx, Like.In.size()), Out(Ctx, Like.Out.size()),
        Fout(Ctx, Like.Fout.size()), Counters(Ctx, Like.Counters.size()) {}
  runtime::DeviceBuffer<std::uint32_t> In, Out, Fout, Counters;
};

/// A launch or synchronisation failed; Sticky when the context is lost.
struct LaunchFailure {
  std::string What;
  bool Sticky;
};

/// Launch configurations the driver refuses up front leave the context
/// usable; a fault during the kernel does not.
bool isSticky(CUresult Code) {
  return Code != CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES &&
         Code != CUDA_ERROR_INVALID_VALUE;
}

class Runner {
public:
  Runner(const runtime::Context &Ctx, const FuzzPack &Pack, ResultLog &Log,
         Watchdog &Dog)
      : Ctx(Ctx), Pack(Pack), Log(Log), Dog(Dog) {
    for (unsigned S = 0; S < getLaunchShapes().size(); ++S)
      Buffers.emplace_back(Ctx, makeInputs(Pack.Abi, 0, S));
  }

  /// Runs K's pair at every shape and records the verdict. Each side is
  /// the kernels one launch of K runs, in order.
  void run(const FuzzKernel &K, const std::vector<runtime::Kernel> &Base,
           const std::vector<runtime::Kernel> &DivOpt);

private:
  FuzzBuffers launchOnce(const std::vector<runtime::Kernel> &Steps,
                         const char *Variant, const FuzzKernel &K,
                         unsigned Shape, const FuzzBuffers &Inputs);

  const runtime::Context &Ctx;
  const FuzzPack &Pack;
  ResultLog &Log;
  Watchdog &Dog;
  std::vector<ShapeBuffers> Buffers;
};

/// "the divopt variant at SHAPE", naming the part where the kernel was
/// split: which one faulted or hung.
std::string describeLaunch(const char *Variant,
                           const std::vector<runtime::Kernel> &Steps,
                           std::size_t Step, const LaunchShape &S) {
  std::string What = std::string(Variant) + " variant";
  if (Steps.size() > 1)
    What += " (part " + std::to_string(Step + 1) + " of " +
            std::to_string(Steps.size()) + ", " + Steps[Step].name() + ")";
  return What + " at " + S.describe();
}

FuzzBuffers Runner::launchOnce(const std::vector<runtime::Kernel> &Steps,
                               const char *Variant, const FuzzKernel &K,
                               unsigned Shape, const FuzzBuffers &Inputs) {
  const LaunchShape &S = getLaunchShapes()[Shape];
  ShapeBuffers &B = Buffers[Shape];
  std::size_t Step = 0;
  // The part that failed (or the last, where the failure came after them).
  auto Failure = [&](const std::exception &E, bool Sticky) {
    Dog.disarm();
    return LaunchFailure{
        describeLaunch(Variant, Steps, std::min(Step, Steps.size() - 1), S) +
            ": " + E.what(),
        Sticky};
  };
  try {
    B.In.upload(Inputs.In);
    B.Out.upload(Inputs.Out);
    B.Fout.upload(Inputs.Fout);
    B.Counters.upload(Inputs.Counters);
    // One part at a time: a fault or hang names its part.
    for (; Step < Steps.size(); ++Step) {
      Dog.arm(describeLaunch(Variant, Steps, Step, S));
      runtime::launch(Steps[Step], runtime::makeLaunchConfig(S.Grid, S.Block),
                      B.In, B.Out, B.Fout, B.Counters, static_cast<int>(S.N));
      Ctx.synchronize(Steps[Step].name());
      Dog.disarm();
    }
    FuzzBuffers R;
    R.Out = B.Out.download();
    R.Fout = B.Fout.download();
    R.Counters = B.Counters.download();
    return R;
  } catch (const runtime::DriverError &E) {
    throw Failure(E, isSticky(E.code()));
  } catch (const runtime::Error &E) {
    // Arguments that do not fit the kernel: refused before any launch.
    throw Failure(E, false);
  }
}

/// What a verdict of K adds where its DivOpt side ran a split kernel's
/// parts (summarize.py counts them): " parts-run=N"; nothing otherwise, so
/// the verdicts of unsplit kernels read as before.
std::string describeParts(const std::vector<runtime::Kernel> &DivOpt) {
  return DivOpt.size() > 1 ? " parts-run=" + std::to_string(DivOpt.size()) : "";
}

void Runner::run(const FuzzKernel &K, const std::vector<runtime::Kernel> &Base,
                 const std::vector<runtime::Kernel> &DivOpt) {
  const std::string Parts = describeParts(DivOpt);
  std::string Mismatches;
  unsigned Mismatching = 0;
  const auto &Shapes = getLaunchShapes();
  for (unsigned S = 0; S < Shapes.size(); ++S) {
    FuzzBuffers Inputs = makeInputs(Pack.Abi, K.Seed, S);
    FuzzBuffers Expected, Again, Actual;
    try {
      Expected = launchOnce(Base, "base", K, S, Inputs);
      Again = launchOnce(Base, "base", K, S, Inputs);
    } catch (const LaunchFailure &F) {
      // The unmodified kernel faulted: the generator made a kernel with
      // undefined behaviour (or the hardware failed).
      Log.record(K, "base-fault", F.What);
      if (F.Sticky)
        std::_Exit(RestartExitCode);
      return;
    }
    std::string Unstable = describeDifference(Pack.Abi, Expected, Again);
    if (!Unstable.empty()) {
      Log.record(K, "nondeterministic",
                 "two base runs differ at " + Shapes[S].describe() + ": " +
                     Unstable);
      return;
    }
    try {
      Actual = launchOnce(DivOpt, "divopt", K, S, Inputs);
    } catch (const LaunchFailure &F) {
      Log.record(K, "divopt-fault", F.What + Parts);
      if (F.Sticky)
        std::_Exit(RestartExitCode);
      return;
    }
    std::string Diff = describeDifference(Pack.Abi, Expected, Actual);
    if (!Diff.empty()) {
      if (Mismatching++ == 0)
        Mismatches = "first at " + Shapes[S].describe() + " (shape " +
                     std::to_string(S) + "): " + Diff;
    }
  }
  if (Mismatching)
    Log.record(K, "mismatch",
               std::to_string(Mismatching) + " of " +
                   std::to_string(Shapes.size()) + " shapes differ; " +
                   Mismatches + Parts);
  else
    Log.record(K, "ok", K.Transforms + Parts);
}

int runCampaign(const Options &O, const FuzzPack &Pack) {
  runtime::DriverStatus Status = runtime::probeDriver();
  if (!Status.Usable) {
    std::cerr << "divopt-fuzz-runner: no usable GPU: " << Status.Reason
              << "\n";
    return 2;
  }
  runtime::Device Dev = runtime::Device::get(0);
  runtime::Context Ctx(Dev);
  ResultLog Log(O.Results);

  std::vector<const FuzzKernel *> Todo;
  for (const FuzzKernel &K : Pack.Kernels)
    if (!Log.has(K.Name) && (O.Only.empty() || O.Only.count(K.Name)))
      Todo.push_back(&K);
  runtime::DeviceProperties P = Dev.properties();
  Log.comment("runner: " + P.Name + " sm_" +
              std::to_string(P.computeCapability()) + ", driver " +
              std::to_string(runtime::getDriverVersion()) + ", pack commit " +
              Pack.Commit + ", " + std::to_string(Todo.size()) + " of " +
              std::to_string(Pack.Kernels.size()) + " kernels to run");

  // Read by the watchdog thread.
  std::atomic<const FuzzKernel *> Current{nullptr};
  Watchdog Dog(std::chrono::seconds(O.TimeoutS),
               [&](const std::string &Activity) {
                 // A hung clang -O3 kernel is the generator's bug.
                 bool Base = Activity.rfind("base", 0) == 0;
                 if (const FuzzKernel *K = Current.load())
                   Log.record(*K, Base ? "base-hang" : "hang",
                              Activity + " did not finish in " +
                                  std::to_string(O.TimeoutS) + " s");
               });
  Runner R(Ctx, Pack, Log, Dog);
  unsigned Jobs = O.Jobs ? O.Jobs
                         : std::max(1u, std::thread::hardware_concurrency());
  ModuleLoader Loader(Ctx, Todo, Jobs, 4 * std::size_t(Jobs), O.Jit);

  auto Start = std::chrono::steady_clock::now();
  for (std::size_t I = 0; I < Todo.size(); ++I) {
    const FuzzKernel &K = *Todo[I];
    LoadedPair Pair = Loader.take(I);
    if (!Pair.Error.empty()) {
      Log.record(K, "jit-failure", Pair.Error);
      continue;
    }
    Current = &K;
    try {
      std::vector<runtime::Kernel> Base = {Pair.Base->kernel(Pack.Abi.Kernel)};
      // Resolved once (reading the plan copies it from the device): the
      // parts where kernel splitting split the kernel, else it alone.
      runtime::LaunchPlan Plan =
          runtime::resolveLaunchPlan(*Pair.DivOpt, Pack.Abi.Kernel);
      R.run(K, Base, Plan.steps());
    } catch (const runtime::Error &E) {
      Log.record(K, "jit-failure", E.what());
    }
    Current = nullptr;
    if ((I + 1) % 100 == 0)
      std::cout << "  " << I + 1 << "/" << Todo.size() << " kernels run"
                << std::endl;
  }
  double Seconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  Log.comment("runner: " + std::to_string(Todo.size()) + " kernels in " +
              std::to_string(static_cast<int>(Seconds)) + " s with " +
              std::to_string(Jobs) + " loader threads (" +
              (O.Jit ? "PTX through the driver's JIT" : "packed cubins") +
              ")");
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  Options O = parseOptions(Argc, Argv);
  try {
    FuzzPack Pack = readFuzzPack(O.PackDir);
    checkPack(Pack);
    if (O.CheckPack) {
      std::cout << "pack ok: " << Pack.Kernels.size() << " kernel pairs, "
                << Pack.CompileFailures << " compile failures, commit "
                << Pack.Commit << "\n";
      return 0;
    }
    return runCampaign(O, Pack);
  } catch (const std::exception &E) {
    std::cerr << "divopt-fuzz-runner: " << E.what() << "\n";
    return 2;
  }
}
