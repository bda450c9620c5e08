//===- LaunchPlan.cpp - What a launch by name runs ------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchPlan.h"

#include "runtime/Error.h"
#include "runtime/LaunchPlanFormat.h"
#include "runtime/Module.h"

#include <cctype>
#include <optional>
#include <sstream>

namespace divopt::runtime {

namespace {

[[noreturn]] void malformed(const std::string &Origin, unsigned Line,
                            std::string_view Text, const std::string &Why) {
  throw Error("malformed DivOpt launch plan in " + Origin + ": line " +
              std::to_string(Line) + " '" + std::string(Text) + "': " + Why);
}

bool isPtxIdentifier(const std::string &Name) {
  for (char C : Name)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$'))
      return false;
  return !Name.empty() && !std::isdigit(static_cast<unsigned char>(Name[0]));
}

/// The plan text embedded in M, or nullopt when M carries none.
std::optional<std::string> readEmbeddedPlan(const Module &M) {
  CUdeviceptr Address = 0;
  std::size_t Bytes = 0;
  CUresult R =
      cuModuleGetGlobal(&Address, &Bytes, M.handle(), LaunchPlanSymbol);
  if (R == CUDA_ERROR_NOT_FOUND)
    return std::nullopt;
  checkDriver(R, "cuModuleGetGlobal", LaunchPlanSymbol);
  std::string Text(Bytes, '\0');
  if (Bytes)
    checkDriver(cuMemcpyDtoH(Text.data(), Address, Bytes), "cuMemcpyDtoH",
                LaunchPlanSymbol);
  // The global is a C string: what follows its NUL is padding.
  Text.resize(Text.find('\0') == std::string::npos ? Text.size()
                                                   : Text.find('\0'));
  return Text;
}

} // namespace

LaunchPlanTable parseLaunchPlan(std::string_view Text,
                                const std::string &Origin) {
  LaunchPlanTable Plans;
  std::istringstream In{std::string(Text)};
  std::string Line;
  unsigned Number = 0;
  while (std::getline(In, Line)) {
    ++Number;
    if (Number == 1) {
      if (Line != LaunchPlanHeader)
        malformed(Origin, Number, Line,
                  std::string("expected the header '") + LaunchPlanHeader +
                      "'");
      continue;
    }
    std::istringstream Words(Line);
    std::vector<std::string> Names;
    for (std::string W; Words >> W;)
      Names.push_back(W);
    if (Names.empty())
      continue;
    for (const std::string &N : Names)
      if (!isPtxIdentifier(N))
        malformed(Origin, Number, Line, "'" + N + "' is not a kernel name");
    if (Names.size() < 2)
      malformed(Origin, Number, Line,
                "kernel '" + Names[0] + "' has no steps to launch");
    std::string Launched = Names.front();
    Names.erase(Names.begin());
    if (!Plans.emplace(Launched, std::move(Names)).second)
      malformed(Origin, Number, Line,
                "a second plan for kernel '" + Launched + "'");
  }
  if (Number == 0)
    malformed(Origin, 1, "", "the plan is empty");
  return Plans;
}

LaunchPlan resolveLaunchPlan(const Module &M, const std::string &Name) {
  if (std::optional<std::string> Text = readEmbeddedPlan(M)) {
    LaunchPlanTable Plans = parseLaunchPlan(*Text, M.origin());
    if (auto It = Plans.find(Name); It != Plans.end()) {
      std::vector<Kernel> Steps;
      for (const std::string &Step : It->second)
        Steps.push_back(M.kernel(Step));
      return LaunchPlan(Name, std::move(Steps));
    }
  }
  return LaunchPlan(Name, {M.kernel(Name)});
}

} // namespace divopt::runtime
