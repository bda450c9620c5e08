//===- BbvMap.cpp - Counter index to basic block, as text -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/BbvMap.h"

#include <sstream>
#include <stdexcept>

namespace divopt::runtime {

namespace {

[[noreturn]] void fail(unsigned Line, const std::string &What) {
  throw std::invalid_argument("BBV map line " + std::to_string(Line) + ": " +
                              What);
}

std::vector<std::string> splitWords(const std::string &Line) {
  std::istringstream In(Line);
  std::vector<std::string> Words;
  for (std::string W; In >> W;)
    Words.push_back(W);
  return Words;
}

unsigned parseCount(const std::string &Word, unsigned Line) {
  if (Word.empty() ||
      Word.find_first_not_of("0123456789") != std::string::npos ||
      Word.size() > 9)
    fail(Line, "'" + Word + "' is not a count");
  return static_cast<unsigned>(std::stoul(Word));
}

void parseBlock(const std::vector<std::string> &Words, unsigned Line,
                BbvMap &Map) {
  if (Map.Classes.empty())
    fail(Line, "block before the classes line");
  if (Words.size() != 3 + Map.Classes.size())
    fail(Line, "a block needs an index, a name and " +
                   std::to_string(Map.Classes.size()) + " class counts");
  if (parseCount(Words[1], Line) != Map.Blocks.size())
    fail(Line, "block index " + Words[1] + " out of order (expected " +
                   std::to_string(Map.Blocks.size()) + ")");
  BbvBlock B;
  B.Name = Words[2];
  for (std::size_t I = 3; I < Words.size(); ++I)
    B.ClassCounts.push_back(parseCount(Words[I], Line));
  Map.Blocks.push_back(std::move(B));
}

void parseAccess(const std::vector<std::string> &Words, unsigned Line,
                 BbvMap &Map) {
  if (Words.size() != 5 || (Words[4] != "load" && Words[4] != "store"))
    fail(Line, "an access needs an index, a block, a size and load|store");
  if (parseCount(Words[1], Line) != Map.Accesses.size())
    fail(Line, "access index " + Words[1] + " out of order (expected " +
                   std::to_string(Map.Accesses.size()) + ")");
  BbvAccess A;
  A.Block = parseCount(Words[2], Line);
  if (A.Block >= Map.Blocks.size())
    fail(Line, "access in block " + Words[2] + ", before that block's line");
  A.Bytes = parseCount(Words[3], Line);
  A.IsStore = Words[4] == "store";
  Map.Accesses.push_back(A);
}

} // namespace

BbvMap parseBbvMap(std::string_view Text) {
  std::istringstream In{std::string(Text)};
  BbvMap Map;
  unsigned LineNo = 0;
  bool SawHeader = false;
  for (std::string Line; std::getline(In, Line);) {
    ++LineNo;
    std::vector<std::string> Words = splitWords(Line);
    if (Words.empty())
      continue;
    if (!SawHeader) {
      if (Words.size() != 2 || Words[0] != "divopt-bbv" ||
          (Words[1] != "1" && Words[1] != "2"))
        fail(LineNo, "expected 'divopt-bbv 1' or 'divopt-bbv 2' (not a DivOpt "
                     "BBV map, or a newer version)");
      SawHeader = true;
    } else if (Words[0] == "kernel" && Words.size() == 2) {
      Map.Kernel = Words[1];
    } else if (Words[0] == "classes" && Words.size() > 1) {
      Map.Classes.assign(Words.begin() + 1, Words.end());
    } else if (Words[0] == "block") {
      parseBlock(Words, LineNo, Map);
    } else if (Words[0] == "access") {
      parseAccess(Words, LineNo, Map);
    } else {
      fail(LineNo, "unknown entry '" + Words[0] + "'");
    }
  }
  if (!SawHeader)
    fail(LineNo, "empty map");
  if (Map.Kernel.empty())
    fail(LineNo, "no kernel line");
  return Map;
}

std::vector<double> getBlockLatencies(const BbvMap &Map,
                                      const LatencyTable &Table) {
  std::vector<std::size_t> Index;
  for (const std::string &C : Map.Classes) {
    std::optional<std::size_t> I = findLatencyClass(C);
    if (!I)
      throw std::invalid_argument("BBV map of " + Map.Kernel +
                                  ": unknown operation class '" + C + "'");
    Index.push_back(*I);
  }
  std::vector<double> Lat;
  for (const BbvBlock &B : Map.Blocks) {
    double Sum = 0;
    for (std::size_t C = 0; C < Index.size(); ++C)
      Sum += B.ClassCounts[C] * Table.Cycles[Index[C]];
    Lat.push_back(Sum);
  }
  return Lat;
}

MemorySystem getMemorySystem(const BbvMap &Map, const TransactionCost &Cost) {
  MemorySystem M;
  for (const BbvAccess &A : Map.Accesses)
    M.Sites.push_back({A.Block, A.Bytes});
  M.Cost = Cost;
  return M;
}

} // namespace divopt::runtime
