//===- ProfileText.h - The divergence profile's text format -----*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Reads and writes the text of docs/PROFILE-FORMAT.md. The reader never
// trusts its input: every malformed line (an unknown record, a missing or
// repeated field, a number out of range, a record whose counters break
// the format's invariants, another version) is an error naming the file
// and line, and nothing is half read. Plain C++17: no LLVM, no CUDA, no
// exceptions (the collector runs inside a CUDA program at exit).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PROFILE_PROFILETEXT_H
#define DIVOPT_PROFILE_PROFILETEXT_H

#include "profile/ProfileData.h"

#include <string>
#include <string_view>

namespace divopt::profile {

/// Parses Text into P. On malformed text returns false, leaves P as it was
/// and sets Why to "<Origin>:<line>: <what is wrong>".
bool readProfile(std::string_view Text, const std::string &Origin, Profile &P,
                 std::string &Why);

/// Reads the file at Path (readProfile with Origin = Path); a file that
/// cannot be read is an error too.
bool readProfileFile(const std::string &Path, Profile &P, std::string &Why);

/// The text of P: the header, then runs, launches, functions, each sorted,
/// so that equal profiles have equal text.
std::string writeProfile(const Profile &P);

/// Writes P to Path through a temporary file in the same directory,
/// renamed over Path: a reader never sees half a profile, and of two
/// processes writing one path, one profile wins whole.
bool writeProfileFile(const std::string &Path, const Profile &P,
                      std::string &Why);

/// How names and file names appear in the text: bytes outside '!'..'~',
/// and '%', as %XX (two upper-case hex digits), so that a field never
/// holds a blank.
std::string escapeField(std::string_view Raw);
/// The inverse; false on a '%' not followed by two hex digits.
bool unescapeField(std::string_view Text, std::string &Raw);

} // namespace divopt::profile

#endif // DIVOPT_PROFILE_PROFILETEXT_H
