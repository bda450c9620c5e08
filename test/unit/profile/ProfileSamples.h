//===- ProfileSamples.h - Profiles the profile tests share ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TEST_UNIT_PROFILE_PROFILESAMPLES_H
#define DIVOPT_TEST_UNIT_PROFILE_PROFILESAMPLES_H

#include "profile/ProfileData.h"

namespace divopt::profile::test {

/// A two-way branch outside loops: Execs warp executions of full warps,
/// ThenOnly all-then, ElseOnly all-else, the rest divergent with Split
/// lanes on way 0.
inline BranchRecord makeBranch(Count ThenOnly, Count ElseOnly, Count Divergent,
                               Count Split) {
  BranchRecord B;
  B.Executions = ThenOnly + ElseOnly + Divergent;
  B.Divergent = Divergent;
  B.Ways = {{ThenOnly * 32 + Divergent * Split, ThenOnly + Divergent, ThenOnly},
            {ElseOnly * 32 + Divergent * (32 - Split), ElseOnly + Divergent,
             ElseOnly}};
  return B;
}

/// A loop of Entries full-warp entries, each lane running Low..High
/// iterations (half the lanes each), so each entry spreads High - Low.
inline LoopRecord makeLoop(Count Entries, Count Low, Count High) {
  LoopRecord L;
  L.Entries = Entries;
  L.Lanes = Entries * 32;
  L.Trips = Entries * High;
  L.Iterations = Entries * 16 * (Low + High);
  L.SpreadSum = Entries * (High - Low);
  L.SpreadMin = L.SpreadMax = High - Low;
  return L;
}

/// Launches, a kernel with a branch, a switch and a loop, a device
/// function, and a name and file name that need escaping.
inline Profile makeSample() {
  Profile P;
  P.Runs = 1;
  P.Launches["k"].Configs[{{64, 1, 1}, {256, 1, 1}, 0}] = 10;
  P.Launches["k"].Configs[{{8, 2, 1}, {32, 4, 2}, 4096}] = 3;
  P.Launches["weird name%"].Configs[{{1, 1, 1}, {1024, 1, 1}, 0}] = 1;
  FunctionRecord &K = P.Functions[{"k", 0x9f3a2c1b00e4d7a5ULL}];
  K.Branches[0] = makeBranch(5, 3, 8, 12);
  K.Branches[0].Loc = {"dir with space/k.cu", 12, 7};
  BranchRecord Switch;
  Switch.Executions = 10;
  Switch.Divergent = 4;
  Switch.Ways = {{100, 8, 4}, {50, 5, 1}, {30, 4, 1}};
  Switch.DirectionPairs = 150;
  Switch.DirectionChanges = 40;
  K.Branches[3] = Switch;
  K.Loops[0] = makeLoop(4, 3, 9);
  K.Loops[0].Loc = {"k.cu", 10, 3};
  P.Functions[{"_Z6helperf", 1}].Branches[0] = makeBranch(2, 0, 0, 0);
  P.Functions[{"weird name%", 0}].Loops[2] = LoopRecord();
  return P;
}

} // namespace divopt::profile::test

#endif // DIVOPT_TEST_UNIT_PROFILE_PROFILESAMPLES_H
