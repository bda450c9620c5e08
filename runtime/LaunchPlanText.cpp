//===- LaunchPlanText.cpp - Parsing a launch plan's text ------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchPlanText.h"

#include "runtime/LaunchPlanFormat.h"

#include <cctype>
#include <sstream>

namespace divopt {

namespace {

std::string malformed(const std::string &Origin, unsigned Line,
                      std::string_view Text, const std::string &Why) {
  return "malformed DivOpt launch plan in " + Origin + ": line " +
         std::to_string(Line) + " '" + std::string(Text) + "': " + Why;
}

bool isPtxIdentifier(const std::string &Name) {
  for (char C : Name)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$'))
      return false;
  return !Name.empty() && !std::isdigit(static_cast<unsigned char>(Name[0]));
}

} // namespace

bool parseLaunchPlanText(std::string_view Text, const std::string &Origin,
                         LaunchPlanTable &Plans, std::string &Why) {
  std::istringstream In{std::string(Text)};
  std::string Line;
  unsigned Number = 0;
  while (std::getline(In, Line)) {
    ++Number;
    if (Number == 1) {
      if (Line != LaunchPlanHeader) {
        Why = malformed(Origin, Number, Line,
                        std::string("expected the header '") +
                            LaunchPlanHeader + "'");
        return false;
      }
      continue;
    }
    std::istringstream Words(Line);
    std::vector<std::string> Names;
    for (std::string W; Words >> W;)
      Names.push_back(W);
    if (Names.empty())
      continue;
    for (const std::string &N : Names)
      if (!isPtxIdentifier(N)) {
        Why =
            malformed(Origin, Number, Line, "'" + N + "' is not a kernel name");
        return false;
      }
    if (Names.size() < 2) {
      Why = malformed(Origin, Number, Line,
                      "kernel '" + Names[0] + "' has no steps to launch");
      return false;
    }
    std::string Launched = Names.front();
    Names.erase(Names.begin());
    if (!Plans.emplace(Launched, std::move(Names)).second) {
      Why = malformed(Origin, Number, Line,
                      "a second plan for kernel '" + Launched + "'");
      return false;
    }
  }
  if (Number == 0) {
    Why = malformed(Origin, 1, "", "the plan is empty");
    return false;
  }
  return true;
}

std::string_view trimAtNul(std::string_view Bytes) {
  return Bytes.substr(0, Bytes.find('\0'));
}

} // namespace divopt
