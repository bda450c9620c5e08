//===- ProfileUse.cpp - The measured facts the cost model reads -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileUse.h"
#include "ProfileIdentity.h"

#include "profile/ProfileText.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

static cl::opt<std::string> ProfileUseFile(
    "divopt-profile-use", cl::init(""), cl::value_desc("file"),
    cl::desc("Decide DivOpt's transforms from the divergence profile in "
             "this file (docs/PROFILE-FORMAT.md) where it has records, "
             "instead of the cost model's assumptions (device side)"));

const std::string &getProfileUsePath() { return ProfileUseFile; }

AnalysisKey DivergenceProfileAnalysis::Key;

DivergenceProfile DivergenceProfileAnalysis::run(Module &,
                                                 ModuleAnalysisManager &) {
  DivergenceProfile DP;
  DP.Path = ProfileUseFile;
  if (DP.Path.empty())
    return DP;
  auto P = std::make_shared<profile::Profile>();
  if (profile::readProfileFile(DP.Path, *P, DP.Error))
    DP.Data = std::move(P);
  return DP;
}

/// The metadata that names a derived record (FunctionProfile::derive).
static constexpr const char *DerivedRecordKind = "divopt.derived-record";

FunctionProfile::FunctionProfile(const Function &F,
                                 const DivergenceProfile *DP) {
  if (!DP || !DP->Data)
    return;
  std::optional<profile::FunctionKey> Key = getStampedFunction(F);
  if (!Key)
    return;
  profile::FunctionLookup L = DP->Data->lookup(Key->Name, Key->CfgHash);
  if (L.Match == profile::RecordMatch::Found)
    Record = L.Record;
  // Launches do not depend on the code's version (a split kernel's parts
  // carry the original's stamp, hence its name).
  Launches = DP->Data->getLaunches(Key->Name);
}

const profile::BranchRecord *
FunctionProfile::getBranch(const Instruction &Term) const {
  if (!Record)
    return nullptr;
  if (const MDNode *MD = Term.getMetadata(DerivedRecordKind)) {
    uint64_t I =
        mdconst::extract<ConstantInt>(MD->getOperand(0))->getZExtValue();
    if (I < Derived.size() && Derived[I].Executions > 0)
      return &Derived[I];
    return nullptr;
  }
  std::optional<unsigned> I = getStampedBranch(Term);
  if (!I)
    return nullptr;
  auto It = Record->Branches.find(*I);
  if (It == Record->Branches.end() || It->second.Executions == 0 ||
      It->second.Ways.size() != getProfileWays(Term).size())
    return nullptr;
  return &It->second;
}

void FunctionProfile::derive(Instruction &Term, profile::BranchRecord R) {
  LLVMContext &Ctx = Term.getContext();
  Term.setMetadata(
      DerivedRecordKind,
      MDNode::get(Ctx, ConstantAsMetadata::get(ConstantInt::get(
                           Type::getInt64Ty(Ctx), Derived.size()))));
  Derived.push_back(std::move(R));
}

void FunctionProfile::clearDerived(Function &F) {
  if (Derived.empty())
    return;
  Derived.clear();
  for (Instruction &I : instructions(F))
    I.setMetadata(DerivedRecordKind, nullptr);
}

profile::BranchRecord getSwitchWayRecord(const profile::BranchRecord &Sw,
                                         unsigned Then,
                                         ArrayRef<unsigned> Later,
                                         ArrayRef<unsigned> Earlier) {
  const profile::WayCounts &T = Sw.Ways[Then];
  profile::Count Skipped = 0;
  for (unsigned W : Earlier)
    Skipped += Sw.Ways[W].Uniform;
  profile::BranchRecord R;
  R.Loc = Sw.Loc;
  R.Executions = Sw.Executions > Skipped ? Sw.Executions - Skipped : 0;
  R.Divergent = std::min(
      {T.Warps - std::min(T.Warps, T.Uniform), Sw.Divergent, R.Executions});
  profile::WayCounts Else;
  for (unsigned W : Later)
    Else.Lanes += Sw.Ways[W].Lanes;
  profile::Count ThenOnly = std::min(T.Uniform, R.Executions);
  Else.Uniform = R.Executions - std::min(R.Executions, ThenOnly + R.Divergent);
  Else.Warps = Else.Uniform + R.Divergent;
  R.Ways = {{T.Lanes, ThenOnly + R.Divergent, ThenOnly}, Else};
  return R;
}

const profile::LoopRecord *FunctionProfile::getLoop(const Loop &L) const {
  if (!Record)
    return nullptr;
  std::optional<unsigned> I = getStampedLoop(L);
  if (!I)
    return nullptr;
  auto It = Record->Loops.find(*I);
  if (It == Record->Loops.end() || It->second.Entries == 0)
    return nullptr;
  return &It->second;
}

std::optional<double> FunctionProfile::getTripsPerEntry(const Loop &L) const {
  if (const profile::LoopRecord *R = getLoop(L))
    return R->getTripsPerEntry();
  return std::nullopt;
}

std::optional<unsigned> FunctionProfile::getBlockSize() const {
  if (!Launches)
    return std::nullopt;
  std::optional<std::uint64_t> N = Launches->getMostFrequentBlockSize();
  if (!N || *N > UINT32_MAX)
    return std::nullopt;
  return unsigned(*N);
}

std::optional<double>
FunctionProfile::getGridBlocksPerSM(unsigned BlockThreads) const {
  if (!Launches)
    return std::nullopt;
  return Launches->getGridBlocksPerSM(BlockThreads);
}

static const DivergenceProfile *getCached(Module &M,
                                          ModuleAnalysisManager &MAM) {
  return MAM.getCachedResult<DivergenceProfileAnalysis>(M);
}

FunctionProfile getFunctionProfile(Function &F, FunctionAnalysisManager &FAM) {
  const auto &Proxy = FAM.getResult<ModuleAnalysisManagerFunctionProxy>(F);
  return FunctionProfile(
      F, Proxy.getCachedResult<DivergenceProfileAnalysis>(*F.getParent()));
}

FunctionProfile getFunctionProfile(Function &F, ModuleAnalysisManager &MAM) {
  return FunctionProfile(F, getCached(*F.getParent(), MAM));
}

Target getProfiledTarget(const KernelInfo &KI, const FunctionProfile &FP) {
  Target T = Target::get(KI, FP.getBlockSize());
  // The grid matters at the block size the model takes: one the code or
  // the profile fixes.
  if (T.Shape.isExact())
    if (std::optional<double> Blocks = FP.getGridBlocksPerSM(T.BlockSize)) {
      T.GridBlocksPerSM = Blocks;
      T.GridFromProfile = true;
    }
  return T;
}

WarpOutcomes getMeasuredOutcomes(const profile::BranchRecord &B) {
  double Execs = double(B.Executions);
  double Then = B.Ways.size() > 0 ? B.Ways[0].Uniform / Execs : 0;
  double Else = B.Ways.size() > 1 ? B.Ways[1].Uniform / Execs : 0;
  return {B.Divergent / Execs, Then, Else};
}

WarpOutcomes getWarpOutcomes(const BranchInst &Br, const FunctionProfile &FP) {
  if (const profile::BranchRecord *B = FP.getBranch(Br))
    return getMeasuredOutcomes(*B);
  return WarpOutcomes::get(getTakenProbability(Br));
}

double getProfiledReach(const BasicBlock &BB, const BasicBlock &Head,
                        const DominatorTree &DT, const FunctionProfile &FP) {
  if (!FP.hasRecords())
    return 1;
  double Reach = 1;
  const DomTreeNode *Node = DT.getNode(&BB);
  for (; Node && Node->getIDom() && Node->getBlock() != &Head;
       Node = Node->getIDom()) {
    const BasicBlock *Child = Node->getBlock();
    const BasicBlock *Parent = Node->getIDom()->getBlock();
    if (Parent == &Head || Child->getSinglePredecessor() != Parent)
      continue;
    const auto *Br = dyn_cast<BranchInst>(Parent->getTerminator());
    if (!Br || !Br->isConditional() ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    if (const profile::BranchRecord *R = FP.getBranch(*Br))
      if (std::optional<double> Share =
              R->getWarpShare(Br->getSuccessor(0) == Child ? 0 : 1))
        Reach *= *Share;
  }
  return Reach;
}

std::string describeMeasured(const profile::BranchRecord &B) {
  std::string S;
  raw_string_ostream OS(S);
  auto Pct = [](std::optional<double> F) {
    return format("%.0f%%", 100 * F.value_or(0));
  };
  OS << "diverged in " << Pct(B.getDivergentFraction()) << " of "
     << B.Executions << " warp executions";
  if (B.Ways.size() == 2)
    OS << ", all-then " << Pct(B.getUniformFraction(0)) << ", all-else "
       << Pct(B.getUniformFraction(1)) << ", then-lanes "
       << Pct(B.getLaneShare(0));
  else
    for (unsigned W = 0; W < B.Ways.size(); ++W)
      OS << ", way " << W << " lanes " << Pct(B.getLaneShare(W));
  if (std::optional<double> C = B.getDirectionChangeRate())
    OS << ", a lane's way changed in " << Pct(C)
       << " of consecutive iterations";
  return S;
}

std::string describeMeasured(const profile::LoopRecord &L) {
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.1f", L.getTripsPerEntry().value_or(0))
     << " trips per warp entry, "
     << format("%.1f", L.getIterationsPerLane().value_or(0))
     << " iterations per lane, trip spread within a warp "
     << format("%.1f", L.getMeanSpread().value_or(0));
  return S;
}

} // namespace divopt
