//===- OccupancySweep.cpp - Driver occupancy against DivOpt's model -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// divopt-occupancy-sweep: for kernels JIT-compiled with register caps from
// 16 to 255 (PressurePtx.h), block sizes from 32 to 1024 and dynamic shared
// memory from none to the device's opt-in maximum, with and without the
// opt-in, compares cuOccupancyMaxActiveBlocksPerMultiprocessor with
// divopt::computeOccupancy (analysis/model/Occupancy.h), fed the
// registers the JIT actually used (CU_FUNC_ATTRIBUTE_NUM_REGS). Prints the
// mismatches and a summary, writes every point to the CSV. Exit status 0
// when every point matches.
//
//   divopt-occupancy-sweep [--csv FILE]
//   divopt-occupancy-sweep --dump-ptx FILE   (no GPU needed)
//
//===----------------------------------------------------------------------===//

#include "PressurePtx.h"

#include "analysis/model/Occupancy.h"
#include "runtime/Context.h"
#include "runtime/Device.h"
#include "runtime/Error.h"
#include "runtime/Module.h"
#include "runtime/OccupancyQuery.h"

#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace divopt;
using namespace divopt::bench;
using namespace divopt::runtime;

namespace {

/// More than the 255 registers a thread can have.
constexpr int LiveValues = 300;

struct SweepPoint {
  int MaxRegisters = 0;
  KernelAttributes Attributes;
  int ThreadsPerBlock = 0;
  int DynamicShared = 0;
  bool OptIn = false;
  int DriverBlocks = 0;
  std::string DriverError; ///< The query failed: counts as 0 blocks.
  Occupancy Model;
  bool Match = false;
};

std::vector<int> getRegisterCaps() {
  std::vector<int> Caps;
  for (int R = 16; R <= 248; R += 8)
    Caps.push_back(R);
  // Caps off the allocation granularity, and the maximum.
  for (int R : {20, 37, 65, 127, 129, 200, 255})
    Caps.push_back(R);
  return Caps;
}

std::vector<int> getBlockSizes() {
  return {32,  64,  96,  128, 160, 192, 224, 256,
          320, 384, 448, 512, 640, 768, 896, 1024};
}

std::vector<int> getSharedSizes(const DeviceProperties &D) {
  return {0,
          1024,
          3000,
          8192,
          16384,
          32768,
          49152,
          65536,
          102400,
          163840,
          D.SharedPerBlockOptin};
}

SweepPoint measurePoint(const Kernel &K, const GpuArch &Arch,
                        const KernelAttributes &A, int Threads, int Shared,
                        bool OptIn) {
  SweepPoint P;
  P.Attributes = A;
  P.ThreadsPerBlock = Threads;
  P.DynamicShared = Shared;
  P.OptIn = OptIn;
  try {
    P.DriverBlocks = queryMaxActiveBlocksPerSM(K, Threads, Shared);
  } catch (const DriverError &E) {
    P.DriverError = getResultName(E.code());
  }
  OccupancyQuery Q;
  Q.RegistersPerThread = static_cast<unsigned>(A.Registers);
  Q.ThreadsPerBlock = static_cast<unsigned>(Threads);
  Q.SharedPerBlock = static_cast<unsigned>(Shared + A.StaticSharedBytes);
  Q.SharedOptIn = OptIn;
  P.Model = computeOccupancy(Arch, Q);
  P.Match = P.Model.BlocksPerSM == static_cast<unsigned>(P.DriverBlocks);
  return P;
}

/// Every block size and shared size for one register cap, without the
/// opt-in first (the kernel's default dynamic shared limit), then with it.
void sweepKernel(Context &Ctx, const DeviceProperties &D, const GpuArch &Arch,
                 const std::string &Ptx, int Cap,
                 std::vector<SweepPoint> &Points) {
  JitOptions J;
  J.MaxRegisters = static_cast<unsigned>(Cap);
  Module M = Module::load(
      Ctx, Ptx, "pressure PTX at " + std::to_string(Cap) + " registers", J);
  Kernel K = M.kernel(PressureKernelName);
  KernelAttributes A = K.getAttributes();
  std::cout << "cap " << Cap << ": " << A.Registers << " registers, "
            << A.LocalBytes << " local bytes, at most " << A.MaxThreadsPerBlock
            << " threads a block\n";
  for (bool OptIn : {false, true}) {
    if (OptIn)
      K.setMaxDynamicSharedBytes(D.SharedPerBlockOptin - A.StaticSharedBytes);
    for (int Threads : getBlockSizes())
      for (int Shared : getSharedSizes(D)) {
        Points.push_back(measurePoint(K, Arch, A, Threads, Shared, OptIn));
        Points.back().MaxRegisters = Cap;
      }
  }
}

void writeCsv(const std::string &Path, const std::vector<SweepPoint> &Points) {
  std::ofstream OS(Path);
  OS << "max_registers,registers,local_bytes,threads_per_block,"
        "dynamic_shared,static_shared,opt_in,driver_blocks,driver_error,"
        "model_blocks,model_warps,model_limiter,match\n";
  for (const SweepPoint &P : Points)
    OS << P.MaxRegisters << ',' << P.Attributes.Registers << ','
       << P.Attributes.LocalBytes << ',' << P.ThreadsPerBlock << ','
       << P.DynamicShared << ',' << P.Attributes.StaticSharedBytes << ','
       << P.OptIn << ',' << P.DriverBlocks << ',' << P.DriverError << ','
       << P.Model.BlocksPerSM << ',' << P.Model.WarpsPerSM << ','
       << getLimiterName(P.Model.Limiter) << ',' << P.Match << '\n';
  if (!OS)
    std::cerr << "error: cannot write " << Path << '\n';
}

void printMismatch(const SweepPoint &P) {
  std::cout << "  regs " << P.Attributes.Registers << " threads "
            << P.ThreadsPerBlock << " shared " << P.DynamicShared
            << (P.OptIn ? " opt-in" : " default") << ": driver "
            << P.DriverBlocks
            << (P.DriverError.empty() ? "" : " (" + P.DriverError + ")")
            << ", model " << P.Model.BlocksPerSM << " ("
            << getLimiterName(P.Model.Limiter) << ")\n";
}

/// Returns the number of mismatches.
int printSummary(const std::vector<SweepPoint> &Points) {
  const int MaxShown = 40;
  int Mismatches = 0, Resident = 0;
  std::map<std::string, int> ByLimiter;
  std::cout << "\nmismatches (first " << MaxShown << "):\n";
  for (const SweepPoint &P : Points) {
    Resident += P.DriverBlocks > 0;
    ByLimiter[getLimiterName(P.Model.Limiter)] += 1;
    if (P.Match)
      continue;
    if (Mismatches++ < MaxShown)
      printMismatch(P);
  }
  std::cout << "occupancy sweep: " << Points.size() - Mismatches << " of "
            << Points.size() << " points match (" << Resident
            << " with resident blocks); model limiters:";
  for (const auto &[Limiter, N] : ByLimiter)
    std::cout << ' ' << Limiter << '=' << N;
  std::cout << '\n';
  return Mismatches;
}

int runSweep(const std::string &CsvPath) {
  Device Dev = Device::get(0);
  Context Ctx(Dev);
  DeviceProperties D = Dev.properties();
  std::optional<GpuArch> Arch = getGpuArch(D.computeCapability());
  if (!Arch) {
    std::cerr << "divopt-occupancy-sweep: the model has no entry for sm_"
              << D.computeCapability() << '\n';
    return 1;
  }
  std::cout << "device: " << D.Name << ", sm_" << D.computeCapability()
            << ", opt-in shared per block " << D.SharedPerBlockOptin << "\n";
  const std::string Ptx = makePressurePtx(LiveValues);
  std::vector<SweepPoint> Points;
  for (int Cap : getRegisterCaps())
    sweepKernel(Ctx, D, *Arch, Ptx, Cap, Points);
  if (!CsvPath.empty())
    writeCsv(CsvPath, Points);
  return printSummary(Points) == 0 ? 0 : 1;
}

} // namespace

int main(int Argc, char **Argv) {
  std::string CsvPath, DumpPath;
  for (int I = 1; I < Argc; ++I) {
    std::string Flag = Argv[I];
    if ((Flag == "--csv" || Flag == "--dump-ptx") && I + 1 < Argc) {
      (Flag == "--csv" ? CsvPath : DumpPath) = Argv[++I];
      continue;
    }
    std::cerr << "usage: divopt-occupancy-sweep [--csv FILE] "
                 "[--dump-ptx FILE]\n";
    return 2;
  }
  if (!DumpPath.empty()) {
    std::ofstream(DumpPath) << makePressurePtx(LiveValues);
    return 0;
  }
  try {
    return runSweep(CsvPath);
  } catch (const Error &E) {
    std::cerr << "divopt-occupancy-sweep: " << E.what() << '\n';
    return 1;
  }
}
