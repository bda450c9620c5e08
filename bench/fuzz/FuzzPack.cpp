//===- FuzzPack.cpp - The PTX pairs of a fuzzing campaign -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "FuzzPack.h"

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace divopt::fuzz {

namespace {

[[noreturn]] void fail(const std::string &Path, unsigned Line,
                       const std::string &Why) {
  throw std::runtime_error(Path + ":" + std::to_string(Line) + ": " + Why);
}

unsigned getField(const std::map<std::string, std::string> &Fields,
                  const std::string &Key, const std::string &Path,
                  unsigned Line) {
  auto It = Fields.find(Key);
  if (It == Fields.end())
    fail(Path, Line, "abi has no " + Key);
  try {
    unsigned long V = std::stoul(It->second);
    if (V == 0 || V > (1ul << 24))
      fail(Path, Line, "abi " + Key + " is out of range");
    return static_cast<unsigned>(V);
  } catch (const std::logic_error &) {
    fail(Path, Line, "abi " + Key + " is not a number");
  }
}

FuzzAbi parseAbi(std::istringstream &In, const std::string &Path,
                 unsigned Line) {
  std::map<std::string, std::string> Fields;
  std::string Item;
  while (In >> Item) {
    auto Eq = Item.find('=');
    if (Eq == std::string::npos)
      fail(Path, Line, "abi field '" + Item + "' is not key=value");
    Fields[Item.substr(0, Eq)] = Item.substr(Eq + 1);
  }
  FuzzAbi Abi;
  Abi.Kernel = Fields.count("kernel") ? Fields["kernel"] : "";
  if (Abi.Kernel.empty())
    fail(Path, Line, "abi has no kernel name");
  Abi.InWords = getField(Fields, "in_words", Path, Line);
  Abi.OutPerThread = getField(Fields, "out_per_thread", Path, Line);
  Abi.FoutPerThread = getField(Fields, "fout_per_thread", Path, Line);
  Abi.Counters = getField(Fields, "counters", Path, Line);
  Abi.MaxBlock = getField(Fields, "max_block", Path, Line);
  return Abi;
}

} // namespace

FuzzPack readFuzzPack(const std::string &Dir) {
  const std::string Path = Dir + "/manifest.txt";
  std::ifstream File(Path);
  if (!File)
    throw std::runtime_error("cannot read " + Path +
                             " (unpack the pack built by "
                             "scripts/fuzz/build_pack.py there)");
  FuzzPack Pack;
  bool SawHeader = false, SawAbi = false;
  std::string Text;
  for (unsigned Line = 1; std::getline(File, Text); ++Line) {
    std::istringstream In(Text);
    std::string Key;
    if (!(In >> Key))
      continue;
    if (Key == "divopt-fuzz-pack") {
      int Format = 0;
      In >> Format;
      // A newer pack may mean fields this reader does not know.
      if (Format != 1)
        fail(Path, Line, "pack format " + std::to_string(Format) +
                             " is not 1; rebuild the runner");
      SawHeader = true;
    } else if (Key == "commit") {
      In >> Pack.Commit;
    } else if (Key == "abi") {
      Pack.Abi = parseAbi(In, Path, Line);
      SawAbi = true;
    } else if (Key == "kernel") {
      FuzzKernel K;
      std::string Base, DivOpt;
      if (!(In >> K.Name >> K.Seed >> K.Edits >> Base >> DivOpt))
        fail(Path, Line, "kernel line needs name, seed, edits and two PTX "
                         "paths");
      K.BasePtx = Dir + "/" + Base;
      K.DivOptPtx = Dir + "/" + DivOpt;
      std::getline(In, K.Transforms);
      if (!K.Transforms.empty() && K.Transforms.front() == ' ')
        K.Transforms.erase(0, 1);
      Pack.Kernels.push_back(std::move(K));
    } else if (Key == "failure") {
      ++Pack.CompileFailures;
    } else if (Key != "generator" && Key != "pipeline" && Key != "plugin" &&
               Key != "options") {
      // "options": the LLVM options every DivOpt variant was built with
      // (DIVOPT_FUZZ_OPTIONS), for people and the summary.
      fail(Path, Line, "unknown line '" + Key + "'");
    }
  }
  if (!SawHeader || !SawAbi)
    fail(Path, 1, "not a DivOpt fuzz manifest (no header or no abi line)");
  return Pack;
}

} // namespace divopt::fuzz
