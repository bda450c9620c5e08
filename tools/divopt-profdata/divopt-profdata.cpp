//===- divopt-profdata.cpp - Merge and show divergence profiles -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The divergence profile's command line tool, after llvm-profdata:
//
//   divopt-profdata merge -o <output> <input>...   add runs together
//   divopt-profdata show [--kernel <name>] <file>  print a profile as tables
//
// Every error names the file and line at fault and exits 1; a merge that
// fails writes nothing.
//
//===----------------------------------------------------------------------===//

#include "ProfileTable.h"

#include "profile/ProfileFormat.h"
#include "profile/ProfileMerge.h"
#include "profile/ProfileText.h"

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using namespace divopt::profile;

namespace {

const char *Usage =
    "usage: divopt-profdata merge -o <output> <input>...\n"
    "       divopt-profdata show [--kernel <name>] <file>\n"
    "\n"
    "  merge  adds the runs of the input profiles into one profile\n"
    "  show   prints a profile's launches, branches and loops as tables;\n"
    "         --kernel: only the kernel or function of that (mangled) name\n"
    "\n"
    "The format is docs/PROFILE-FORMAT.md (divopt-profile version ";

int fail(const std::string &Message) {
  std::cerr << "divopt-profdata: error: " << Message << "\n";
  return 1;
}

int usageError(const std::string &Message) {
  std::cerr << "divopt-profdata: error: " << Message << "\n"
            << "run 'divopt-profdata --help' for usage\n";
  return 1;
}

/// "-o X", "-oX", "--output X", "--output=X" and the like for Option's
/// spellings; Args[I] is the option, I moves past its value.
bool takeValue(const std::vector<std::string> &Args, size_t &I,
               const std::vector<std::string> &Spellings, std::string &Value,
               bool &Missing) {
  const std::string &A = Args[I];
  for (const std::string &S : Spellings) {
    if (A == S) {
      if (I + 1 == Args.size()) {
        Missing = true;
        return true;
      }
      Value = Args[++I];
      return true;
    }
    if (A.compare(0, S.size() + 1, S + "=") == 0) {
      Value = A.substr(S.size() + 1);
      return true;
    }
  }
  return false;
}

int merge(const std::vector<std::string> &Args) {
  std::string Output;
  std::vector<std::string> Inputs;
  for (size_t I = 0; I < Args.size(); ++I) {
    bool Missing = false;
    if (takeValue(Args, I, {"-o", "--output"}, Output, Missing)) {
      if (Missing)
        return usageError("'" + Args[I] + "' needs a file name");
      continue;
    }
    if (Args[I].size() > 1 && Args[I][0] == '-')
      return usageError("merge: unknown option '" + Args[I] + "'");
    Inputs.push_back(Args[I]);
  }
  if (Output.empty())
    return usageError("merge: no output file (-o <output>)");
  if (Inputs.empty())
    return usageError("merge: no input profiles");
  Profile Merged;
  for (const std::string &In : Inputs) {
    Profile P;
    std::string Why;
    if (!readProfileFile(In, P, Why))
      return fail(Why);
    if (!mergeProfile(Merged, P, Why))
      return fail(In + ": cannot merge: " + Why);
  }
  std::string Why;
  if (!writeProfileFile(Output, Merged, Why))
    return fail(Why);
  return 0;
}

int show(const std::vector<std::string> &Args) {
  std::string Kernel;
  std::vector<std::string> Files;
  for (size_t I = 0; I < Args.size(); ++I) {
    bool Missing = false;
    if (takeValue(Args, I, {"--kernel", "-kernel"}, Kernel, Missing)) {
      if (Missing)
        return usageError("'" + Args[I] + "' needs a kernel name");
      continue;
    }
    if (Args[I].size() > 1 && Args[I][0] == '-')
      return usageError("show: unknown option '" + Args[I] + "'");
    Files.push_back(Args[I]);
  }
  if (Files.size() != 1)
    return usageError("show: expected one profile, got " +
                      std::to_string(Files.size()));
  Profile P;
  std::string Why;
  if (!readProfileFile(Files[0], P, Why))
    return fail(Why);
  if (!printProfileTables(std::cout, P, Files[0], Kernel))
    return fail(Files[0] + ": no kernel or function named '" + Kernel + "'");
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  if (Args.empty())
    return usageError("no command (merge or show)");
  std::string Command = Args.front();
  Args.erase(Args.begin());
  if (Command == "-h" || Command == "--help" || Command == "help") {
    std::cout << Usage << ProfileVersion << ")\n";
    return 0;
  }
  if (Command == "merge")
    return merge(Args);
  if (Command == "show")
    return show(Args);
  return usageError("unknown command '" + Command + "' (merge or show)");
}
