//===- ProfileTable.cpp - A divergence profile as tables ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileTable.h"

#include "profile/ProfileFormat.h"
#include "profile/ProfileText.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <vector>

namespace divopt::profile {

namespace {

using Row = std::vector<std::string>;

/// Left-aligned columns two blanks apart, indented, no trailing blanks.
void printTable(std::ostream &OS, const std::vector<Row> &Rows) {
  std::vector<size_t> Widths;
  for (const Row &R : Rows)
    for (size_t C = 0; C < R.size(); ++C) {
      Widths.resize(std::max(Widths.size(), R.size()));
      Widths[C] = std::max(Widths[C], R[C].size());
    }
  for (const Row &R : Rows) {
    std::string Line = "  ";
    for (size_t C = 0; C < R.size(); ++C) {
      Line += R[C];
      if (C + 1 < R.size())
        Line += std::string(Widths[C] - R[C].size() + 2, ' ');
    }
    while (!Line.empty() && Line.back() == ' ')
      Line.pop_back();
    OS << Line << "\n";
  }
}

std::string format(const char *Spec, double V) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), Spec, V);
  return Buffer;
}

std::string percent(std::optional<double> F) {
  return F ? format("%.1f%%", *F * 100) : "-";
}

std::string decimal(std::optional<double> V) {
  return V ? format("%.1f", *V) : "-";
}

std::string dim3(const Dim3 &D) {
  return std::to_string(D.X) + "x" + std::to_string(D.Y) + "x" +
         std::to_string(D.Z);
}

std::string location(const SourceLocation &L) {
  return L.empty() ? "-"
                   : escapeField(L.File) + ":" + std::to_string(L.Line) + ":" +
                         std::to_string(L.Column);
}

/// A C++ name as its source spells it, with the symbol (what --kernel and
/// the other tools take) after it in brackets; any other name as it is.
std::string named(const std::string &Symbol) {
  // Only mangled names: the demangler also reads "i" as the type int.
  if (Symbol.rfind("_Z", 0) != 0)
    return escapeField(Symbol);
  int Status = 0;
  std::unique_ptr<char, decltype(&std::free)> Readable(
      abi::__cxa_demangle(Symbol.c_str(), nullptr, nullptr, &Status),
      &std::free);
  if (Status != 0 || !Readable || Symbol == Readable.get())
    return escapeField(Symbol);
  return std::string(Readable.get()) + " [" + escapeField(Symbol) + "]";
}

std::string plural(Count N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

void printLaunches(std::ostream &OS, const std::string &Kernel,
                   const KernelLaunches &L) {
  Count Total = L.getTotal();
  OS << "kernel " << named(Kernel) << ": "
     << plural(Total, "launch", "launches") << "\n";
  // The device's columns only where a collector recorded one: tables of
  // profiles from before stay as they were.
  bool AnyDevice = std::any_of(L.Configs.begin(), L.Configs.end(),
                               [](const auto &C) { return C.first.SMs != 0; });
  Row Header = {"grid", "block", "threads/block", "shared"};
  if (AnyDevice)
    Header.insert(Header.end(), {"SMs", "blocks/SM"});
  Header.insert(Header.end(), {"launches", "share"});
  std::vector<Row> Rows = {Header};
  for (const auto &[Config, N] : L.Configs) {
    Row R = {dim3(Config.Grid), dim3(Config.Block),
             std::to_string(Config.Block.size()),
             std::to_string(Config.SharedBytes)};
    if (AnyDevice && Config.SMs) {
      R.push_back(std::to_string(Config.SMs));
      R.push_back(format("%.2f", double(Config.Grid.size()) / Config.SMs));
    } else if (AnyDevice) {
      R.insert(R.end(), {"-", "-"});
    }
    R.push_back(std::to_string(N));
    R.push_back(percent(Total ? std::optional<double>(double(N) / Total)
                              : std::nullopt));
    Rows.push_back(std::move(R));
  }
  printTable(OS, Rows);
}

std::string hash(std::uint64_t H) {
  char Buffer[19];
  std::snprintf(Buffer, sizeof(Buffer), "0x%016llx",
                static_cast<unsigned long long>(H));
  return Buffer;
}

void printBranches(std::ostream &OS, const FunctionRecord &F) {
  std::vector<Row> Rows = {{"branch", "at", "warp execs", "divergent",
                            "lanes/exec", "way", "lanes", "warps", "uniform",
                            "way changes"}};
  for (const auto &[Index, B] : F.Branches)
    for (unsigned W = 0; W < B.Ways.size(); ++W) {
      bool First = W == 0;
      std::string Changes = !First ? ""
                            : B.DirectionPairs
                                ? percent(B.getDirectionChangeRate()) + " of " +
                                      std::to_string(B.DirectionPairs)
                                : "-";
      Rows.push_back(
          {First ? std::to_string(Index) : "", First ? location(B.Loc) : "",
           First ? std::to_string(B.Executions) : "",
           First ? percent(B.getDivergentFraction()) : "",
           First ? decimal(B.getMeanActiveLanes()) : "", std::to_string(W),
           percent(B.getLaneShare(W)), percent(B.getWarpShare(W)),
           percent(B.getUniformFraction(W)), Changes});
    }
  printTable(OS, Rows);
}

void printLoops(std::ostream &OS, const FunctionRecord &F) {
  std::vector<Row> Rows = {{"loop", "at", "entries", "lanes/entry",
                            "trips/entry", "iterations/lane", "spread mean",
                            "min", "max"}};
  for (const auto &[Index, L] : F.Loops)
    Rows.push_back(
        {std::to_string(Index), location(L.Loc), std::to_string(L.Entries),
         decimal(L.getLanesPerEntry()), decimal(L.getTripsPerEntry()),
         decimal(L.getIterationsPerLane()), decimal(L.getMeanSpread()),
         std::to_string(L.SpreadMin), std::to_string(L.SpreadMax)});
  printTable(OS, Rows);
}

void printFunction(std::ostream &OS, const FunctionKey &Key,
                   const FunctionRecord &F) {
  OS << "function " << named(Key.Name) << " (cfg " << hash(Key.CfgHash)
     << "): " << plural(F.Branches.size(), "branch", "branches") << ", "
     << plural(F.Loops.size(), "loop", "loops");
  // The counts are of the sampled blocks only; their fractions stand for all.
  if (F.Sample != 1)
    OS << ", 1 block in " << F.Sample << " counted";
  OS << "\n";
  if (!F.Branches.empty())
    printBranches(OS, F);
  if (!F.Loops.empty())
    printLoops(OS, F);
}

} // namespace

bool printProfileTables(std::ostream &OS, const Profile &P,
                        const std::string &Origin, const std::string &Only) {
  size_t Kernels = 0, Functions = 0;
  for (const auto &[Kernel, L] : P.Launches)
    Kernels += Only.empty() || Kernel == Only;
  for (const auto &[Key, F] : P.Functions)
    Functions += Only.empty() || Key.Name == Only;
  if (!Only.empty() && !Kernels && !Functions)
    return false;
  OS << "profile " << Origin << ": format " << ProfileVersion << ", "
     << plural(P.Runs, "run", "runs") << ", "
     << plural(Kernels, "kernel launched", "kernels launched") << ", "
     << plural(Functions, "function", "functions")
     << (Only.empty() ? "" : " named " + escapeField(Only)) << "\n";
  for (const auto &[Kernel, L] : P.Launches)
    if (Only.empty() || Kernel == Only) {
      OS << "\n";
      printLaunches(OS, Kernel, L);
    }
  for (const auto &[Key, F] : P.Functions)
    if (Only.empty() || Key.Name == Only) {
      OS << "\n";
      printFunction(OS, Key, F);
    }
  return true;
}

} // namespace divopt::profile
