//===- RegionTrial.cpp - Meld a copy of one region to measure it ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RegionTrial.h"
#include "analysis/RegisterPressure.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

namespace {

/// The blocks from Head to Join (included), in reverse post order: the
/// melded copy. Join's successors are the function's own blocks.
SmallVector<BasicBlock *, 16> getRegionBlocks(BasicBlock *Head,
                                              BasicBlock *Join) {
  SmallVector<BasicBlock *, 16> PostOrder;
  SmallPtrSet<BasicBlock *, 16> Seen{Head};
  // Iterative DFS: a stack of (block, next successor index).
  SmallVector<std::pair<BasicBlock *, unsigned>, 16> Stack{{Head, 0}};
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    if (BB != Join && Next < succ_size(BB)) {
      BasicBlock *S = BB->getTerminator()->getSuccessor(Next++);
      if (Seen.insert(S).second)
        Stack.push_back({S, 0});
      continue;
    }
    PostOrder.push_back(BB);
    Stack.pop_back();
  }
  std::reverse(PostOrder.begin(), PostOrder.end());
  return PostOrder;
}

void eraseBlocks(ArrayRef<BasicBlock *> Blocks) {
  for (BasicBlock *BB : Blocks)
    BB->dropAllReferences();
  for (BasicBlock *BB : Blocks)
    BB->eraseFromParent();
}

} // namespace

std::optional<RegionTrialResult> meldRegionCopy(
    const MeldRegion &R, const MeldPlan &Plan, const FunctionPressure &FP,
    function_ref<Phase(const MeldRegion &, const MeldResult &)> Measure) {
  BasicBlock *Head = R.Branch->getParent();
  Function &F = *Head->getParent();
  SmallVector<BasicBlock *, 16> Originals{Head};
  for (const BlockPair &P : R.Pairs)
    Originals.append({P.Then, P.Else});
  Originals.push_back(R.Join);
  // The arms must be exactly the pairs' blocks, and the join entered from
  // them (or the branch) alone: then the copy is the whole region.
  if (R.ThenBlocks.size() + R.ElseBlocks.size() != 2 * R.Pairs.size())
    return std::nullopt;
  for (BasicBlock *P : predecessors(R.Join))
    if (P != Head && !R.ThenBlocks.contains(P) && !R.ElseBlocks.contains(P))
      return std::nullopt;

  // Copies and the melder's new blocks go to the end of the function: all
  // that follows Last is the trial's, to erase.
  BasicBlock *Last = &F.back();
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Copies;
  for (BasicBlock *BB : Originals) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, ".trial", &F);
    VMap[BB] = C;
    Copies.push_back(C);
  }
  remapInstructionsInBlocks(Copies, VMap);
  auto *Join = cast<BasicBlock>(VMap[R.Join]);
  Expected<MeldRegion> CR =
      getMeldRegion(*cast<BranchInst>(VMap[R.Branch]), Join, ~0u);
  if (!CR) {
    consumeError(CR.takeError());
    eraseBlocks(Copies);
    return std::nullopt;
  }
  MeldResult M = meldRegion(*CR, Plan);
  RegionTrialResult Result;
  Result.NumSelects = M.NumSelects;
  Result.NumDivergentBlocks = M.ThenOnly.size() + M.ElseOnly.size();
  Result.Measured = Measure(*CR, M);

  // What the rest of the function reads after the join, in the copy's
  // values where the copy defines them.
  LiveOutMap Exit;
  auto &Out = Exit[Join];
  for (const Value *V : FP.getLiveOut(R.Join)) {
    auto It = VMap.find(V);
    Out.push_back(It == VMap.end() ? V : It->second);
  }
  SmallVector<BasicBlock *, 16> Melded =
      getRegionBlocks(cast<BasicBlock>(VMap[Head]), Join);
  SmallVector<const BasicBlock *, 16> ConstMelded(Melded.begin(), Melded.end());
  SmallPtrSet<const BasicBlock *, 16> Region(Originals.begin(),
                                             Originals.end());
  SmallVector<BasicBlock *, 16> Trial;
  for (BasicBlock *BB = Last->getNextNode(); BB; BB = BB->getNextNode())
    Trial.push_back(BB);
  SmallVector<const BasicBlock *, 16> ConstTrial(Trial.begin(), Trial.end());
  Result.MaxLive =
      std::max(FP.getMaxLiveOutside(Region),
               FP.getAddedRegionMaxLive(ConstMelded, Exit, ConstTrial));
  eraseBlocks(Trial);
  for (GlobalVariable *GV : M.Tables)
    GV->eraseFromParent(); // Only the copy read them.
  return Result;
}

} // namespace divopt
