//===- ProfileMerge.h - Adding divergence profiles together -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Several runs of a program (another input, parallel processes writing
// %p-named files) give one profile: counters add, spreads keep the
// smallest and largest, launches add per configuration. Records of one
// function name and different control-flow hashes stay apart (two
// versions of a function, or two translation units' static functions of
// one name); profile use picks the one whose hash matches the code it
// compiles. Plain C++17, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILEMERGE_H
#define DIVOPT_PROFILE_PROFILEMERGE_H

#include "profile/ProfileData.h"

#include <string>

namespace divopt::profile {

/// Adds From into Into. Fails, with Into unchanged and Why naming the
/// record, only where the two cannot be one function's records: a branch
/// with another number of ways under the same name and hash. A record's
/// source location is Into's, or From's where Into has none.
bool mergeProfile(Profile &Into, const Profile &From, std::string &Why);

/// The parts, for the collector (which merges what one run counted into
/// records it already has) and for tests.
bool mergeBranch(BranchRecord &Into, const BranchRecord &From,
                 std::string &Why);
void mergeLoop(LoopRecord &Into, const LoopRecord &From);

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILEMERGE_H
