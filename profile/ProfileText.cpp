//===- ProfileText.cpp - The divergence profile's text format -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "profile/ProfileText.h"

#include "profile/ProfileFormat.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <sstream>

#include <unistd.h>

namespace divopt::profile {

namespace {

constexpr const char *HexDigits = "0123456789ABCDEF";

int hexValue(char C) {
  if (C >= '0' && C <= '9')
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

bool isBlank(char C) { return C == ' ' || C == '\t'; }

std::vector<std::string_view> splitWords(std::string_view Line) {
  std::vector<std::string_view> Words;
  size_t I = 0;
  while (I < Line.size()) {
    while (I < Line.size() && isBlank(Line[I]))
      ++I;
    size_t Start = I;
    while (I < Line.size() && !isBlank(Line[I]))
      ++I;
    if (I > Start)
      Words.push_back(Line.substr(Start, I - Start));
  }
  return Words;
}

std::string quoted(std::string_view S) {
  // Long garbage is cut: the message names the line anyway.
  constexpr size_t Max = 60;
  std::string Q = "'" + std::string(S.substr(0, Max));
  return Q + (S.size() > Max ? "...'" : "'");
}

/// The fields of one record line, "key=value" each, once each.
class Fields {
public:
  /// Splits Words; false with Why on a word that is not key=value or a
  /// key given twice.
  bool parse(const std::vector<std::string_view> &Words, size_t First,
             std::string &Why) {
    for (size_t I = First; I < Words.size(); ++I) {
      std::string_view W = Words[I];
      size_t Eq = W.find('=');
      if (Eq == std::string_view::npos || Eq == 0) {
        Why = "expected key=value, got " + quoted(W);
        return false;
      }
      std::string Key(W.substr(0, Eq));
      if (!Values.emplace(Key, W.substr(Eq + 1)).second) {
        Why = "field '" + Key + "' given twice";
        return false;
      }
    }
    return true;
  }

  /// The value of Key, removed from the fields; none when absent.
  std::optional<std::string_view> take(const std::string &Key) {
    auto It = Values.find(Key);
    if (It == Values.end())
      return std::nullopt;
    std::string_view V = It->second;
    Values.erase(It);
    return V;
  }

  /// After every known key was taken: the first one left is unknown.
  bool checkNoneLeft(const char *Record, const char *Known, std::string &Why) {
    if (Values.empty())
      return true;
    Why = "unknown field '" + Values.begin()->first + "' in a " + Record +
          " record (fields: " + Known + ")";
    return false;
  }

private:
  std::map<std::string, std::string_view> Values;
};

bool parseUnsigned(std::string_view Text, Count &Value) {
  if (Text.empty() || Text.front() < '0' || Text.front() > '9')
    return false;
  auto [End, Err] =
      std::from_chars(Text.data(), Text.data() + Text.size(), Value, 10);
  return Err == std::errc() && End == Text.data() + Text.size();
}

bool parseHash(std::string_view Text, std::uint64_t &Value) {
  if (Text.size() < 3 || Text.size() > 18 || Text.substr(0, 2) != "0x")
    return false;
  Text.remove_prefix(2);
  // from_chars would take a sign or a second prefix: check every digit.
  for (char C : Text)
    if (hexValue(C) < 0)
      return false;
  auto [End, Err] =
      std::from_chars(Text.data(), Text.data() + Text.size(), Value, 16);
  return Err == std::errc() && End == Text.data() + Text.size();
}

/// Reads one profile's lines; holds the line being read for its errors.
class Reader {
public:
  Reader(const std::string &Origin, Profile &P) : Origin(Origin), P(P) {}

  bool read(std::string_view Text, std::string &Why);

private:
  bool error(const std::string &Message) {
    Why = Origin + ":" + std::to_string(LineNumber) + ": " + Message;
    return false;
  }
  bool readHeader(const std::vector<std::string_view> &Words);
  bool readLine(const std::vector<std::string_view> &Words);
  bool readRuns(const std::vector<std::string_view> &Words);
  bool readLaunch(const std::vector<std::string_view> &Words);
  bool readFunction(const std::vector<std::string_view> &Words);
  bool readBranch(const std::vector<std::string_view> &Words);
  bool readLoop(const std::vector<std::string_view> &Words);

  bool name(std::string_view Text, const char *What, std::string &Out);
  bool count(Fields &F, const char *Key, Count &Out);
  bool counts(Fields &F, const char *Key, std::vector<Count> &Out);
  bool dim3(Fields &F, const char *Key, Dim3 &Out);
  bool multiprocessors(Fields &F, std::uint32_t &Out);
  bool location(Fields &F, SourceLocation &Out);
  bool index(std::string_view Text, const char *Record, unsigned &Out);

  const std::string &Origin;
  Profile &P;
  unsigned LineNumber = 0;
  std::string Why;
  bool SawRuns = false;
  FunctionRecord *Current = nullptr;
  std::string CurrentName;
};

bool Reader::read(std::string_view Text, std::string &WhyOut) {
  size_t Pos = 0;
  bool SawHeader = false;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string_view::npos)
      End = Text.size();
    std::string_view Line = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    ++LineNumber;
    if (!Line.empty() && Line.back() == '\r')
      Line.remove_suffix(1);
    std::vector<std::string_view> Words = splitWords(Line);
    bool Ok = true;
    if (Line.find('\0') != std::string_view::npos) {
      Ok = error("a NUL byte: not a text profile");
    } else if (!SawHeader) {
      Ok = readHeader(Words);
      SawHeader = true;
    } else if (!Words.empty() && Words.front().front() != '#') {
      Ok = readLine(Words);
    }
    if (!Ok) {
      WhyOut = Why;
      return false;
    }
  }
  if (!SawHeader) {
    LineNumber = 1;
    error(std::string("empty file: expected '") + ProfileMagic + " " +
          std::to_string(ProfileVersion) + "'");
    WhyOut = Why;
    return false;
  }
  if (!SawRuns) {
    error("no 'runs' line: a profile says how many runs it holds");
    WhyOut = Why;
    return false;
  }
  return true;
}

bool Reader::readHeader(const std::vector<std::string_view> &Words) {
  std::string Expected =
      std::string(ProfileMagic) + " " + std::to_string(ProfileVersion);
  if (Words.empty() || Words[0] != ProfileMagic)
    return error("not a DivOpt divergence profile: the first line must be '" +
                 Expected + "'");
  Count Version = 0;
  if (Words.size() != 2 || !parseUnsigned(Words[1], Version))
    return error("malformed header: expected '" + Expected + "'");
  if (Version != ProfileVersion)
    return error("profile format version " + std::string(Words[1]) +
                 "; this DivOpt reads version " +
                 std::to_string(ProfileVersion) +
                 " (write the profile again with this DivOpt)");
  return true;
}

bool Reader::readLine(const std::vector<std::string_view> &Words) {
  std::string_view Kind = Words.front();
  if (Kind == "runs")
    return readRuns(Words);
  if (Kind == "launch")
    return readLaunch(Words);
  if (Kind == "function")
    return readFunction(Words);
  if (Kind == "branch")
    return readBranch(Words);
  if (Kind == "loop")
    return readLoop(Words);
  if (Kind == ProfileMagic)
    return error("a second header line");
  return error("unknown record " + quoted(Kind) +
               " (records: runs, launch, function, branch, loop)");
}

bool Reader::readRuns(const std::vector<std::string_view> &Words) {
  if (SawRuns)
    return error("a second 'runs' line");
  if (Words.size() != 2 || !parseUnsigned(Words[1], P.Runs))
    return error("expected 'runs <count>'");
  SawRuns = true;
  return true;
}

bool Reader::name(std::string_view Text, const char *What, std::string &Out) {
  if (!unescapeField(Text, Out))
    return error(std::string("malformed ") + What + " " + quoted(Text) +
                 ": '%' must be followed by two hex digits");
  if (Out.empty())
    return error(std::string("empty ") + What);
  return true;
}

bool Reader::count(Fields &F, const char *Key, Count &Out) {
  std::optional<std::string_view> V = F.take(Key);
  if (!V)
    return error(std::string("missing field '") + Key + "'");
  if (!parseUnsigned(*V, Out))
    return error(std::string("field '") + Key + "': " + quoted(*V) +
                 " is not a count (0 to 18446744073709551615)");
  return true;
}

bool Reader::counts(Fields &F, const char *Key, std::vector<Count> &Out) {
  std::optional<std::string_view> V = F.take(Key);
  if (!V)
    return error(std::string("missing field '") + Key + "'");
  Out.clear();
  std::string_view Rest = *V;
  while (true) {
    size_t Comma = Rest.find(',');
    std::string_view Item = Rest.substr(0, Comma);
    Count C = 0;
    if (!parseUnsigned(Item, C))
      return error(std::string("field '") + Key + "': " + quoted(*V) +
                   " is not a comma-separated list of counts");
    Out.push_back(C);
    if (Comma == std::string_view::npos)
      return true;
    Rest.remove_prefix(Comma + 1);
  }
}

bool Reader::dim3(Fields &F, const char *Key, Dim3 &Out) {
  std::vector<Count> C;
  if (!counts(F, Key, C))
    return false;
  auto Fits = [](Count N) {
    return N >= 1 && N <= std::numeric_limits<std::uint32_t>::max();
  };
  if (C.size() != 3 || !Fits(C[0]) || !Fits(C[1]) || !Fits(C[2]))
    return error(std::string("field '") + Key +
                 "': expected x,y,z, each 1 to 4294967295");
  Out = {std::uint32_t(C[0]), std::uint32_t(C[1]), std::uint32_t(C[2])};
  return true;
}

bool Reader::multiprocessors(Fields &F, std::uint32_t &Out) {
  std::optional<std::string_view> V = F.take("sms");
  if (!V)
    return true; // Unknown: a profile from before the field.
  Count N = 0;
  // 0 is how memory says "unknown"; the text says it by omission only, so
  // that each configuration has one spelling.
  if (!parseUnsigned(*V, N) || N == 0 ||
      N > std::numeric_limits<std::uint32_t>::max())
    return error("field 'sms': " + quoted(*V) +
                 " is not a multiprocessor count (1 to 4294967295; leave "
                 "the field out when unknown)");
  Out = std::uint32_t(N);
  return true;
}

bool Reader::location(Fields &F, SourceLocation &Out) {
  std::optional<std::string_view> V = F.take("at");
  if (!V)
    return true;
  // file:line:column, the file escaped (it may hold ':' itself).
  size_t ColSep = V->rfind(':');
  size_t LineSep = ColSep == std::string_view::npos || ColSep == 0
                       ? std::string_view::npos
                       : V->rfind(':', ColSep - 1);
  Count Line = 0, Column = 0;
  auto Small = [](Count N) {
    return N <= std::numeric_limits<unsigned>::max();
  };
  if (LineSep == std::string_view::npos || LineSep == 0 ||
      !parseUnsigned(V->substr(LineSep + 1, ColSep - LineSep - 1), Line) ||
      !parseUnsigned(V->substr(ColSep + 1), Column) || !Small(Line) ||
      !Small(Column))
    return error("field 'at': " + quoted(*V) + " is not file:line:column");
  if (!name(V->substr(0, LineSep), "file name", Out.File))
    return false;
  Out.Line = unsigned(Line);
  Out.Column = unsigned(Column);
  return true;
}

bool Reader::index(std::string_view Text, const char *Record, unsigned &Out) {
  Count N = 0;
  if (!parseUnsigned(Text, N) || N > std::numeric_limits<unsigned>::max())
    return error(std::string("expected '") + Record + " <index> ...', got " +
                 quoted(Text));
  Out = unsigned(N);
  return true;
}

bool Reader::readLaunch(const std::vector<std::string_view> &Words) {
  if (Words.size() < 2)
    return error("expected 'launch <kernel> grid=x,y,z block=x,y,z "
                 "shared=<bytes> count=<launches> [sms=<n>]'");
  std::string Kernel;
  Fields F;
  LaunchConfig C;
  Count N = 0;
  if (!name(Words[1], "kernel name", Kernel))
    return false;
  std::string Problem;
  if (!F.parse(Words, 2, Problem))
    return error(Problem);
  if (!dim3(F, "grid", C.Grid) || !dim3(F, "block", C.Block) ||
      !count(F, "shared", C.SharedBytes) || !count(F, "count", N) ||
      !multiprocessors(F, C.SMs))
    return false;
  if (!F.checkNoneLeft("launch", "grid, block, shared, count, sms", Problem) ||
      !checkLaunch(C, Problem))
    return error(Problem);
  if (!P.Launches[Kernel].Configs.emplace(C, N).second)
    return error("a second launch record of kernel '" + Kernel +
                 "' with this grid, block, shared memory and SM count");
  return true;
}

bool Reader::readFunction(const std::vector<std::string_view> &Words) {
  FunctionKey Key;
  if (Words.size() < 3 || Words.size() > 4 || Words[2].substr(0, 4) != "cfg=")
    return error("expected 'function <name> cfg=0x<hash> [sample=<n>]'");
  if (!name(Words[1], "function name", Key.Name))
    return false;
  if (!parseHash(Words[2].substr(4), Key.CfgHash))
    return error("field 'cfg': " + quoted(Words[2].substr(4)) +
                 " is not a hash (0x and 1 to 16 hex digits)");
  FunctionRecord Record;
  if (Words.size() == 4 &&
      (Words[3].substr(0, 7) != "sample=" ||
       !parseUnsigned(Words[3].substr(7), Record.Sample) || Record.Sample == 0))
    return error("field 'sample': " + quoted(Words[3]) +
                 " is not 'sample=<n>' with n >= 1");
  auto [It, New] = P.Functions.emplace(Key, Record);
  if (!New)
    return error("a second record of function '" + Key.Name +
                 "' with this cfg hash");
  Current = &It->second;
  CurrentName = Key.Name;
  return true;
}

bool Reader::readBranch(const std::vector<std::string_view> &Words) {
  if (!Current)
    return error("a branch record before any 'function' line");
  unsigned Index = 0;
  if (!index(Words.size() < 2 ? std::string_view() : Words[1], "branch", Index))
    return false;
  Fields F;
  std::string Problem;
  if (!F.parse(Words, 2, Problem))
    return error(Problem);
  BranchRecord B;
  std::vector<Count> Lanes, Warps, Uniform;
  if (!location(F, B.Loc) || !count(F, "execs", B.Executions) ||
      !count(F, "divergent", B.Divergent) || !counts(F, "lanes", Lanes) ||
      !counts(F, "warps", Warps) || !counts(F, "uniform", Uniform) ||
      !count(F, "pairs", B.DirectionPairs) ||
      !count(F, "changes", B.DirectionChanges))
    return false;
  if (!F.checkNoneLeft("branch",
                       "at, execs, divergent, lanes, warps, uniform, pairs, "
                       "changes",
                       Problem))
    return error(Problem);
  if (Warps.size() != Lanes.size() || Uniform.size() != Lanes.size())
    return error(
        "lanes, warps and uniform list " + std::to_string(Lanes.size()) + ", " +
        std::to_string(Warps.size()) + " and " +
        std::to_string(Uniform.size()) + " ways: one count per way each");
  for (size_t W = 0; W < Lanes.size(); ++W)
    B.Ways.push_back({Lanes[W], Warps[W], Uniform[W]});
  if (!checkBranch(B, Problem))
    return error("branch " + std::to_string(Index) + " of '" + CurrentName +
                 "': " + Problem);
  if (!Current->Branches.emplace(Index, std::move(B)).second)
    return error("a second record of branch " + std::to_string(Index) +
                 " of '" + CurrentName + "'");
  return true;
}

bool Reader::readLoop(const std::vector<std::string_view> &Words) {
  if (!Current)
    return error("a loop record before any 'function' line");
  unsigned Index = 0;
  if (!index(Words.size() < 2 ? std::string_view() : Words[1], "loop", Index))
    return false;
  Fields F;
  std::string Problem;
  if (!F.parse(Words, 2, Problem))
    return error(Problem);
  LoopRecord L;
  std::vector<Count> Spread;
  if (!location(F, L.Loc) || !count(F, "entries", L.Entries) ||
      !count(F, "lanes", L.Lanes) || !count(F, "trips", L.Trips) ||
      !count(F, "iterations", L.Iterations) || !counts(F, "spread", Spread))
    return false;
  if (!F.checkNoneLeft("loop", "at, entries, lanes, trips, iterations, spread",
                       Problem))
    return error(Problem);
  if (Spread.size() != 3)
    return error("field 'spread': expected sum,min,max");
  L.SpreadSum = Spread[0];
  L.SpreadMin = Spread[1];
  L.SpreadMax = Spread[2];
  if (!checkLoop(L, Problem))
    return error("loop " + std::to_string(Index) + " of '" + CurrentName +
                 "': " + Problem);
  if (!Current->Loops.emplace(Index, std::move(L)).second)
    return error("a second record of loop " + std::to_string(Index) + " of '" +
                 CurrentName + "'");
  return true;
}

void writeCounts(std::ostream &OS, const std::vector<WayCounts> &Ways,
                 Count WayCounts::*Field) {
  for (size_t W = 0; W < Ways.size(); ++W)
    OS << (W ? "," : "") << Ways[W].*Field;
}

void writeLocation(std::ostream &OS, const SourceLocation &Loc) {
  if (!Loc.empty())
    OS << " at=" << escapeField(Loc.File) << ":" << Loc.Line << ":"
       << Loc.Column;
}

void writeDim3(std::ostream &OS, const Dim3 &D) {
  OS << D.X << "," << D.Y << "," << D.Z;
}

} // namespace

std::string escapeField(std::string_view Raw) {
  std::string Out;
  for (char C : Raw) {
    auto U = static_cast<unsigned char>(C);
    if (U > ' ' && U < 0x7f && C != '%') {
      Out += C;
      continue;
    }
    Out += '%';
    Out += HexDigits[U >> 4];
    Out += HexDigits[U & 15];
  }
  return Out;
}

bool unescapeField(std::string_view Text, std::string &Raw) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '%') {
      Out += Text[I];
      continue;
    }
    if (I + 2 >= Text.size())
      return false;
    int Hi = hexValue(Text[I + 1]), Lo = hexValue(Text[I + 2]);
    if (Hi < 0 || Lo < 0)
      return false;
    Out += char(Hi * 16 + Lo);
    I += 2;
  }
  Raw = std::move(Out);
  return true;
}

bool readProfile(std::string_view Text, const std::string &Origin, Profile &P,
                 std::string &Why) {
  // Read into a fresh profile: a malformed file leaves P as it was.
  Profile Read;
  Reader R(Origin, Read);
  if (!R.read(Text, Why))
    return false;
  P = std::move(Read);
  return true;
}

bool readProfileFile(const std::string &Path, Profile &P, std::string &Why) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Why = Path + ": cannot open the profile: " + std::strerror(errno);
    return false;
  }
  std::string Text((std::istreambuf_iterator<char>(In)),
                   std::istreambuf_iterator<char>());
  if (In.bad()) {
    Why = Path + ": cannot read the profile";
    return false;
  }
  return readProfile(Text, Path, P, Why);
}

std::string writeProfile(const Profile &P) {
  std::ostringstream OS;
  OS << ProfileMagic << " " << ProfileVersion << "\n";
  OS << "# DivOpt divergence profile: docs/PROFILE-FORMAT.md; "
        "divopt-profdata show prints it as tables\n";
  OS << "runs " << P.Runs << "\n";
  for (const auto &[Kernel, L] : P.Launches)
    for (const auto &[Config, N] : L.Configs) {
      OS << "launch " << escapeField(Kernel) << " grid=";
      writeDim3(OS, Config.Grid);
      OS << " block=";
      writeDim3(OS, Config.Block);
      OS << " shared=" << Config.SharedBytes << " count=" << N;
      if (Config.SMs != 0)
        OS << " sms=" << Config.SMs;
      OS << "\n";
    }
  for (const auto &[Key, F] : P.Functions) {
    char Hash[19];
    std::snprintf(Hash, sizeof(Hash), "0x%016llx",
                  static_cast<unsigned long long>(Key.CfgHash));
    OS << "function " << escapeField(Key.Name) << " cfg=" << Hash;
    if (F.Sample != 1)
      OS << " sample=" << F.Sample;
    OS << "\n";
    for (const auto &[Index, B] : F.Branches) {
      OS << "branch " << Index;
      writeLocation(OS, B.Loc);
      OS << " execs=" << B.Executions << " divergent=" << B.Divergent
         << " lanes=";
      writeCounts(OS, B.Ways, &WayCounts::Lanes);
      OS << " warps=";
      writeCounts(OS, B.Ways, &WayCounts::Warps);
      OS << " uniform=";
      writeCounts(OS, B.Ways, &WayCounts::Uniform);
      OS << " pairs=" << B.DirectionPairs << " changes=" << B.DirectionChanges
         << "\n";
    }
    for (const auto &[Index, L] : F.Loops) {
      OS << "loop " << Index;
      writeLocation(OS, L.Loc);
      OS << " entries=" << L.Entries << " lanes=" << L.Lanes
         << " trips=" << L.Trips << " iterations=" << L.Iterations
         << " spread=" << L.SpreadSum << "," << L.SpreadMin << ","
         << L.SpreadMax << "\n";
    }
  }
  return OS.str();
}

bool writeProfileFile(const std::string &Path, const Profile &P,
                      std::string &Why) {
  std::string Temporary = Path + ".tmp." + std::to_string(::getpid());
  std::string Text = writeProfile(P);
  {
    std::ofstream Out(Temporary, std::ios::binary | std::ios::trunc);
    if (!Out) {
      Why = Path + ": cannot write the profile: " + std::strerror(errno);
      return false;
    }
    Out.write(Text.data(), std::streamsize(Text.size()));
    Out.close();
    if (!Out) {
      Why = Path + ": cannot write the profile (disk full?)";
      std::remove(Temporary.c_str());
      return false;
    }
  }
  if (std::rename(Temporary.c_str(), Path.c_str()) != 0) {
    Why = Path + ": cannot write the profile: " + std::strerror(errno);
    std::remove(Temporary.c_str());
    return false;
  }
  return true;
}

} // namespace divopt::profile
