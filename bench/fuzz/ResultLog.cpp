//===- ResultLog.cpp - The campaign's results, one line per kernel --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ResultLog.h"

#include <fstream>
#include <stdexcept>

#include <unistd.h>

namespace divopt::fuzz {

namespace {

/// Tabs and newlines would break the line format.
std::string clean(std::string S) {
  for (char &C : S)
    if (C == '\t' || C == '\n' || C == '\r')
      C = ' ';
  return S;
}

} // namespace

ResultLog::ResultLog(const std::string &Path) {
  {
    std::ifstream In(Path);
    std::string Line;
    while (std::getline(In, Line))
      if (!Line.empty() && Line[0] != '#')
        Done.insert(Line.substr(0, Line.find('\t')));
  }
  File = std::fopen(Path.c_str(), "a");
  if (!File)
    throw std::runtime_error("cannot append to " + Path);
}

ResultLog::~ResultLog() {
  if (File)
    std::fclose(File);
}

void ResultLog::writeLine(const std::string &Line) {
  std::lock_guard<std::mutex> G(Lock);
  std::fputs((Line + "\n").c_str(), File);
  std::fflush(File);
  // The next thing the process does may be _Exit or a driver call that
  // never returns.
  ::fsync(::fileno(File));
}

void ResultLog::record(const FuzzKernel &K, const std::string &Status,
                       const std::string &Detail) {
  writeLine(clean(K.Name) + "\t" + std::to_string(K.Seed) + "\t" +
            clean(K.Edits) + "\t" + Status + "\t" + clean(Detail));
  std::lock_guard<std::mutex> G(Lock);
  Done.insert(K.Name);
}

void ResultLog::comment(const std::string &Text) {
  writeLine("# " + clean(Text));
}

} // namespace divopt::fuzz
