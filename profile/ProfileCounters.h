//===- ProfileCounters.h - The instrumented kernels' counters ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the instrumentation (passes/DivergenceProfile.cpp, device side) and
// the collector (runtime/ProfileCollector.cpp, host side, at exit) agree on.
// Every kernel K of an instrumented device module has a descriptor, the
// NUL-terminated text global __divopt_prof_d_<K>, which lists the module's
// instrumented functions; each function's counters are the i64 array
// __divopt_prof_c_<function>, one run of words per branch and loop in the
// descriptor's order:
//
//   divopt-counters 2
//   function <counter symbol> <cfg hash, hex> <sample> <escaped name>
//   branch <index> <ways> <escaped file or -> <line> <column>
//   loop <index> <escaped file or -> <line> <column>
//
// A branch of n ways has 4 + 3n words: executions, divergent, pairs,
// changes, lanes[n], warps[n], uniform[n]. A loop has 7: entries, lanes,
// trips, iterations, spread sum, spread minimum (2^64-1 until an entry
// lowers it) and spread maximum. Plain C++17, no LLVM, no CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILECOUNTERS_H
#define DIVOPT_PROFILE_PROFILECOUNTERS_H

#include "profile/ProfileData.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace divopt::profile {

inline constexpr const char *CounterDescriptorPrefix = "__divopt_prof_d_";
inline constexpr const char *CounterArrayPrefix = "__divopt_prof_c_";
inline constexpr const char *CounterDescriptorHeader = "divopt-counters 2";

/// Word offsets inside a branch's run of words.
enum BranchWord : unsigned {
  BranchExecs = 0,
  BranchDivergent = 1,
  BranchPairs = 2,
  BranchChanges = 3,
  BranchWays = 4, ///< lanes[n], then warps[n], then uniform[n].
};
inline unsigned getBranchLanesWord(unsigned Way, unsigned) {
  return BranchWays + Way;
}
inline unsigned getBranchWarpsWord(unsigned Way, unsigned Ways) {
  return BranchWays + Ways + Way;
}
inline unsigned getBranchUniformWord(unsigned Way, unsigned Ways) {
  return BranchWays + 2 * Ways + Way;
}
inline unsigned getBranchWords(unsigned Ways) { return BranchWays + 3 * Ways; }

/// Word offsets inside a loop's run of words.
enum LoopWord : unsigned {
  LoopEntries = 0,
  LoopLanes = 1,
  LoopTrips = 2,
  LoopIterations = 3,
  LoopSpreadSum = 4,
  LoopSpreadMin = 5,
  LoopSpreadMax = 6,
  LoopWords = 7,
};
/// The spread minimum's initial value: no entry yet.
inline constexpr std::uint64_t NoSpreadMin = ~std::uint64_t(0);

/// One counted branch or loop of a function, in the descriptor's order.
struct CounterSite {
  bool IsLoop = false;
  unsigned Index = 0;
  /// Ways of a branch; 0 for a loop.
  unsigned Ways = 0;
  SourceLocation Loc;

  unsigned getWords() const {
    return IsLoop ? unsigned(LoopWords) : getBranchWords(Ways);
  }
};

/// One instrumented function: its counter array and what the words mean.
struct CounterFunction {
  std::string Symbol;
  FunctionKey Key;
  /// One block in Sample counts (FunctionRecord::Sample).
  unsigned Sample = 1;
  std::vector<CounterSite> Sites;

  unsigned getWords() const;
};

/// The descriptor's text for Functions.
std::string
writeCounterDescriptor(const std::vector<CounterFunction> &Functions);
/// Parses a descriptor (a trailing NUL and what follows it are ignored);
/// false with Why on malformed text.
bool readCounterDescriptor(std::string_view Text,
                           std::vector<CounterFunction> &Functions,
                           std::string &Why);

/// Adds the records that F's counter words (Words, F.getWords() of them)
/// hold to P: a branch or loop that never ran gives no record. False with
/// Why, P unchanged, when the words are too few or a record breaks the
/// format's invariants (counters of another build, or a lost update).
bool addCounterRecords(Profile &P, const CounterFunction &F,
                       const std::vector<std::uint64_t> &Words,
                       std::string &Why);

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILECOUNTERS_H
