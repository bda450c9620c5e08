//===- LaunchPlanText.h - Parsing a launch plan's text ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The text of a plan global (LaunchPlanFormat.h) as a table. Plain C++: no
// CUDA, no exceptions, so that both runtimes (the driver-API one, which
// throws, and the <<<>>> hook, which must never throw into a CUDA program)
// share it, and it is tested without a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHPLANTEXT_H
#define DIVOPT_RUNTIME_LAUNCHPLANTEXT_H

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace divopt {

/// Launched name -> the names of its steps, in order.
using LaunchPlanTable = std::map<std::string, std::vector<std::string>>;

/// Parses Text into Plans; on a malformed plan returns false and says in
/// Why which line of Origin's plan is wrong and how.
bool parseLaunchPlanText(std::string_view Text, const std::string &Origin,
                         LaunchPlanTable &Plans, std::string &Why);

/// The text of a plan global read back from the device: the C string
/// before its NUL (what follows is padding).
std::string_view trimAtNul(std::string_view Bytes);

} // namespace divopt

#endif // DIVOPT_RUNTIME_LAUNCHPLANTEXT_H
