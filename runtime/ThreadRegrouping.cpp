//===- ThreadRegrouping.cpp - Profile, regroup, launch remapped -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/ThreadRegrouping.h"

#include "analysis/model/Occupancy.h"
#include "runtime/Device.h"
#include "runtime/Error.h"

#include <cstring>
#include <stdexcept>
#include <vector>

namespace divopt::runtime {

namespace {
/// What the passes put between a kernel's name and the copy's role
/// (passes/KernelClone.h), spelled for PTX.
const char *const Infix = "_$_divopt_$_";
} // namespace

std::string getBbvKernelName(const std::string &Kernel) {
  return Kernel + Infix + "bbv";
}

std::string getBbvMapName(const std::string &Kernel) {
  return getBbvKernelName(Kernel) + "_$_map";
}

std::string getRemapKernelName(const std::string &Kernel) {
  return Kernel + Infix + "remap";
}

BbvMap readBbvMap(const Module &M, const std::string &Kernel) {
  std::string Name = getBbvMapName(Kernel);
  CUdeviceptr Address = 0;
  std::size_t Bytes = 0;
  CUresult R = cuModuleGetGlobal(&Address, &Bytes, M.handle(), Name.c_str());
  if (R == CUDA_ERROR_NOT_FOUND)
    throw Error("module " + M.origin() + " holds no BBV map for kernel '" +
                Kernel + "' (" + Name +
                "): compile it with the bbv-profile pass");
  checkDriver(R, "cuModuleGetGlobal", Kernel, Name);
  std::vector<char> Text(Bytes);
  checkDriver(cuMemcpyDtoH(Text.data(), Address, Bytes), "cuMemcpyDtoH", Kernel,
              Name);
  try {
    BbvMap Map =
        parseBbvMap(std::string(Text.data(), strnlen(Text.data(), Bytes)));
    if (Map.Kernel != Kernel)
      throw std::invalid_argument("it describes kernel '" + Map.Kernel + "'");
    return Map;
  } catch (const std::invalid_argument &E) {
    throw Error("BBV map " + Name + " in " + M.origin() + ": " + E.what());
  }
}

std::size_t getLaunchedThreads(const LaunchConfig &Config) {
  return static_cast<std::size_t>(Config.Grid.X) * Config.Grid.Y *
         Config.Grid.Z * Config.Block.X * Config.Block.Y * Config.Block.Z;
}

LaunchShape getLaunchShape(const Kernel &K, const LaunchConfig &Config,
                           const DeviceProperties &Props) {
  std::optional<GpuArch> Arch = getGpuArch(Props.computeCapability());
  if (!Arch)
    throw Error("no occupancy model for compute capability " +
                std::to_string(Props.computeCapability()));
  KernelAttributes A = K.getAttributes();
  OccupancyQuery Q;
  Q.RegistersPerThread = static_cast<unsigned>(A.Registers);
  Q.ThreadsPerBlock = Config.Block.X * Config.Block.Y * Config.Block.Z;
  Q.SharedPerBlock =
      static_cast<unsigned>(A.StaticSharedBytes) + Config.DynamicSharedBytes;
  Occupancy O = computeOccupancy(*Arch, Q);
  if (O.BlocksPerSM == 0)
    throw Error("kernel '" + K.name() + "' cannot run " +
                std::to_string(Q.ThreadsPerBlock) + " threads per block");
  LaunchShape S;
  S.ThreadsPerBlock = Q.ThreadsPerBlock;
  S.WarpSize = static_cast<unsigned>(Props.WarpSize);
  S.SMs = static_cast<unsigned>(Props.MultiprocessorCount);
  S.BlocksPerSM = O.BlocksPerSM;
  return S;
}

BbvSet splitProfileRows(const std::vector<std::uint32_t> &Words,
                        std::size_t Threads, std::size_t Blocks,
                        std::size_t Sites) {
  const std::size_t Width = Blocks + 2 * Sites;
  if (Words.size() != Threads * Width)
    throw Error("BBV profile of " + std::to_string(Words.size()) +
                " words is not " + std::to_string(Threads) + " rows of " +
                std::to_string(Width));
  BbvSet Set;
  Set.Threads = Threads;
  Set.Blocks = Blocks;
  Set.Sites = Sites;
  Set.Counts.reserve(Threads * Blocks);
  Set.Addresses.reserve(Threads * Sites);
  for (std::size_t T = 0; T < Threads; ++T) {
    const std::uint32_t *Row = Words.data() + T * Width;
    Set.Counts.insert(Set.Counts.end(), Row, Row + Blocks);
    for (std::size_t S = 0; S < Sites; ++S) // Little-endian words.
      Set.Addresses.push_back(std::uint64_t(Row[Blocks + 2 * S + 1]) << 32 |
                              Row[Blocks + 2 * S]);
  }
  return Set;
}

void checkRedirectTable(const DeviceBuffer<std::uint32_t> &Redirect,
                        const LaunchConfig &Config, const std::string &Kernel) {
  std::size_t Threads = getLaunchedThreads(Config);
  if (Redirect.size() != Threads)
    throw Error("kernel '" + Kernel + "': the redirection table holds " +
                std::to_string(Redirect.size()) + " entries for " +
                std::to_string(Threads) + " launched threads");
}

} // namespace divopt::runtime
