//===- ProfileCounters.cpp - The instrumented kernels' counters -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileCounters.h"
#include "profile/ProfileMerge.h"
#include "profile/ProfileText.h"

#include <cerrno>
#include <cstdlib>
#include <sstream>

namespace divopt::profile {

unsigned CounterFunction::getWords() const {
  unsigned N = 0;
  for (const CounterSite &S : Sites)
    N += S.getWords();
  return N;
}

static void writeLocation(std::ostringstream &OS, const SourceLocation &L) {
  OS << ' ' << (L.File.empty() ? std::string("-") : escapeField(L.File)) << ' '
     << L.Line << ' ' << L.Column;
}

std::string
writeCounterDescriptor(const std::vector<CounterFunction> &Functions) {
  std::ostringstream OS;
  OS << CounterDescriptorHeader << '\n';
  for (const CounterFunction &F : Functions) {
    OS << "function " << F.Symbol << ' ' << std::hex << F.Key.CfgHash
       << std::dec << ' ' << F.Sample << ' ' << escapeField(F.Key.Name)
       << '\n';
    for (const CounterSite &S : F.Sites) {
      if (S.IsLoop)
        OS << "loop " << S.Index;
      else
        OS << "branch " << S.Index << ' ' << S.Ways;
      writeLocation(OS, S.Loc);
      OS << '\n';
    }
  }
  return OS.str();
}

namespace {

bool parseNumber(const std::string &Word, int Base, std::uint64_t &Value) {
  if (Word.empty() || Word[0] == '-' || Word[0] == '+')
    return false;
  errno = 0;
  char *End = nullptr;
  unsigned long long V = std::strtoull(Word.c_str(), &End, Base);
  if (errno || *End)
    return false;
  Value = V;
  return true;
}

bool parseSmall(const std::string &Word, unsigned &Value) {
  std::uint64_t V = 0;
  if (!parseNumber(Word, 10, V) || V > 0xffffffffu)
    return false;
  Value = unsigned(V);
  return true;
}

bool parseLocation(std::istringstream &In, SourceLocation &L) {
  std::string File, Line, Column;
  if (!(In >> File >> Line >> Column))
    return false;
  if (File != "-" && !unescapeField(File, L.File))
    return false;
  return parseSmall(Line, L.Line) && parseSmall(Column, L.Column);
}

} // namespace

bool readCounterDescriptor(std::string_view Text,
                           std::vector<CounterFunction> &Functions,
                           std::string &Why) {
  Text = Text.substr(0, Text.find('\0'));
  std::istringstream Lines{std::string(Text)};
  std::string Line;
  std::vector<CounterFunction> Read;
  unsigned Number = 0;
  auto Fail = [&](const std::string &What) {
    Why = "counter descriptor line " + std::to_string(Number) + ": " + What;
    return false;
  };
  while (std::getline(Lines, Line)) {
    ++Number;
    if (Number == 1) {
      if (Line != CounterDescriptorHeader)
        return Fail("expected '" + std::string(CounterDescriptorHeader) +
                    "' (instrumented by another DivOpt version?)");
      continue;
    }
    std::istringstream In(Line);
    std::string Kind, Extra;
    In >> Kind;
    if (Kind == "function") {
      CounterFunction F;
      std::string Hash, Sample, Name;
      if (!(In >> F.Symbol >> Hash >> Sample >> Name) ||
          !parseNumber(Hash, 16, F.Key.CfgHash) ||
          !parseSmall(Sample, F.Sample) || F.Sample == 0 ||
          !unescapeField(Name, F.Key.Name))
        return Fail("malformed function line");
      Read.push_back(std::move(F));
    } else if (Kind == "branch" || Kind == "loop") {
      if (Read.empty())
        return Fail(Kind + " before any function");
      CounterSite S;
      S.IsLoop = Kind == "loop";
      std::string Index, Ways;
      if (!(In >> Index) || !parseSmall(Index, S.Index))
        return Fail("malformed " + Kind + " index");
      if (!S.IsLoop && (!(In >> Ways) || !parseSmall(Ways, S.Ways) ||
                        S.Ways < 2 || S.Ways > 1u << 16))
        return Fail("malformed number of ways");
      if (!parseLocation(In, S.Loc))
        return Fail("malformed location");
      Read.back().Sites.push_back(std::move(S));
    } else {
      return Fail("unknown record '" + Kind + "'");
    }
    if (In >> Extra)
      return Fail("unexpected '" + Extra + "'");
  }
  if (Number == 0)
    return Fail("empty descriptor");
  Functions = std::move(Read);
  return true;
}

static BranchRecord getBranch(const CounterSite &S, const std::uint64_t *W) {
  BranchRecord B;
  B.Loc = S.Loc;
  B.Executions = W[BranchExecs];
  B.Divergent = W[BranchDivergent];
  B.DirectionPairs = W[BranchPairs];
  B.DirectionChanges = W[BranchChanges];
  for (unsigned Way = 0; Way < S.Ways; ++Way) {
    WayCounts C;
    C.Lanes = W[getBranchLanesWord(Way, S.Ways)];
    C.Warps = W[getBranchWarpsWord(Way, S.Ways)];
    C.Uniform = W[getBranchUniformWord(Way, S.Ways)];
    B.Ways.push_back(C);
  }
  return B;
}

static LoopRecord getLoop(const CounterSite &S, const std::uint64_t *W) {
  LoopRecord L;
  L.Loc = S.Loc;
  L.Entries = W[LoopEntries];
  L.Lanes = W[LoopLanes];
  L.Trips = W[LoopTrips];
  L.Iterations = W[LoopIterations];
  L.SpreadSum = W[LoopSpreadSum];
  L.SpreadMin = W[LoopSpreadMin] == NoSpreadMin ? 0 : W[LoopSpreadMin];
  L.SpreadMax = W[LoopSpreadMax];
  return L;
}

bool addCounterRecords(Profile &P, const CounterFunction &F,
                       const std::vector<std::uint64_t> &Words,
                       std::string &Why) {
  if (Words.size() < F.getWords()) {
    Why = F.Symbol + " has " + std::to_string(Words.size()) +
          " counter words, its descriptor needs " +
          std::to_string(F.getWords());
    return false;
  }
  FunctionRecord Record;
  Record.Sample = F.Sample;
  const std::uint64_t *W = Words.data();
  for (const CounterSite &S : F.Sites) {
    std::string Bad;
    if (S.IsLoop) {
      LoopRecord L = getLoop(S, W);
      if (L.Entries && !checkLoop(L, Bad)) {
        Why = F.Key.Name + " loop " + std::to_string(S.Index) + ": " + Bad;
        return false;
      }
      if (L.Entries)
        Record.Loops[S.Index] = L;
    } else {
      BranchRecord B = getBranch(S, W);
      if (B.Executions && !checkBranch(B, Bad)) {
        Why = F.Key.Name + " branch " + std::to_string(S.Index) + ": " + Bad;
        return false;
      }
      if (B.Executions)
        Record.Branches[S.Index] = B;
    }
    W += S.getWords();
  }
  if (Record.Branches.empty() && Record.Loops.empty())
    return true;
  Profile One;
  One.Functions[F.Key] = std::move(Record);
  Profile Merged = P;
  if (!mergeProfile(Merged, One, Why))
    return false;
  P = std::move(Merged);
  return true;
}

} // namespace divopt::profile
