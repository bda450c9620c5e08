//===- ProfileTable.h - A divergence profile as tables ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What `divopt-profdata show` prints: per kernel its launch
// configurations, per function a row per branch way (the shares of lanes
// and of warp executions, how often warps diverged, how often a lane's
// way changed between iterations) and a row per loop (trips per warp,
// iterations per lane, the spread of trip counts within a warp).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TOOLS_PROFILETABLE_H
#define DIVOPT_TOOLS_PROFILETABLE_H

#include "profile/ProfileData.h"

#include <ostream>
#include <string>

namespace divopt::profile {

/// Prints P's launches and functions; with Only non-empty, those of the
/// kernel or function of that name alone. Returns false when Only names
/// nothing in P.
bool printProfileTables(std::ostream &OS, const Profile &P,
                        const std::string &Origin, const std::string &Only);

} // namespace divopt::profile

#endif // DIVOPT_TOOLS_PROFILETABLE_H
