//===- ProfileUsePass.cpp - Reads the profile, stamps the functions -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileUsePass.h"
#include "analysis/ProfileIdentity.h"
#include "analysis/ProfileUse.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-profile-use"

STATISTIC(NumFound, "Functions with profile records");
STATISTIC(NumStale, "Functions whose profile records are stale");

namespace divopt {

static std::string hashes(ArrayRef<std::uint64_t> Hs) {
  std::string S;
  ListSeparator LS(", ");
  for (std::uint64_t H : Hs)
    S += (StringRef(LS) + "0x" + utohexstr(H, /*LowerCase=*/true, 16)).str();
  return S;
}

bool ProfileUsePass::apply(Module &M, ModuleAnalysisManager &MAM) {
  const DivergenceProfile &DP = MAM.getResult<DivergenceProfileAnalysis>(M);
  if (DP.Path.empty())
    return true;
  if (!DP.Data) {
    M.getContext().diagnose(DiagnosticInfoGeneric(
        "cannot use the divergence profile (-divopt-profile-use): " + DP.Error,
        DS_Error));
    return false;
  }
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    const ProfileIdentity &PI = FAM.getResult<ProfileIdentityAnalysis>(F);
    stampProfileIdentity(F, PI);
    std::optional<profile::FunctionKey> Key = getStampedFunction(F);
    profile::FunctionLookup L = DP.Data->lookup(Key->Name, Key->CfgHash);
    if (L.Match == profile::RecordMatch::Found)
      ++NumFound;
    if (L.Match != profile::RecordMatch::Stale)
      continue;
    ++NumStale;
    // A warning, not an error: the code changed since the profiled run,
    // and this function is compiled by today's rules until it is profiled
    // again.
    DiagnosticInfoOptimizationFailure W(DEBUG_TYPE, "Stale",
                                        DiagnosticLocation(F.getSubprogram()),
                                        &F.getEntryBlock());
    W << "divergence profile '" << DP.Path << "': the records of '"
      << F.getName()
      << "' are stale (its control flow changed since it was profiled: "
         "profiled "
      << hashes(L.ProfiledHashes) << ", now 0x"
      << utohexstr(Key->CfgHash, /*LowerCase=*/true, 16)
      << "); they are ignored";
    F.getContext().diagnose(W);
  }
  return true;
}

PreservedAnalyses ProfileUsePass::run(Module &M, ModuleAnalysisManager &MAM) {
  apply(M, MAM);
  // Only metadata no analysis reads.
  return PreservedAnalyses::all();
}

void clearProfileStamps(Module &M) {
  for (Function &F : M)
    if (!F.isDeclaration())
      clearProfileStamps(F);
}

} // namespace divopt
