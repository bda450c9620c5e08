//===- SwitchCompareTree.cpp - One switch dispatched by compares ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SwitchCompareTree.h"
#include "SwitchChain.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ProfDataUtils.h"

using namespace llvm;

namespace divopt {

namespace {

/// Consecutive case values (in signed order) that go to one way.
struct CaseRange {
  APInt Lo, Hi;
  BasicBlock *Dest;
  uint64_t Weight;
};

/// The switch's cases as ranges, in signed order; cases that go to a
/// reachable default are the default's values already and are left out.
SmallVector<CaseRange, 8> getRanges(SwitchInst &Sw, ArrayRef<uint64_t> Weights,
                                    bool DefaultReachable) {
  SmallVector<CaseRange, 8> Cases;
  for (auto [I, Case] : enumerate(Sw.cases())) {
    BasicBlock *Dest = Sw.getSuccessor(Case.getSuccessorIndex());
    if (DefaultReachable && Dest == Sw.getDefaultDest())
      continue;
    const APInt &V = Case.getCaseValue()->getValue();
    Cases.push_back({V, V, Dest, Weights.empty() ? 0 : Weights[I + 1]});
  }
  sort(Cases,
       [](const CaseRange &A, const CaseRange &B) { return A.Lo.slt(B.Lo); });
  SmallVector<CaseRange, 8> Ranges;
  for (CaseRange &C : Cases) {
    if (!Ranges.empty() && Ranges.back().Dest == C.Dest &&
        Ranges.back().Hi + 1 == C.Lo) {
      Ranges.back().Hi = C.Lo;
      Ranges.back().Weight += C.Weight;
      continue;
    }
    Ranges.push_back(C);
  }
  return Ranges;
}

class TreeBuilder {
public:
  TreeBuilder(SwitchInst &Sw, ArrayRef<CaseRange> Ranges, bool DefaultReachable,
              bool HasWeights, uint64_t DefaultWeight)
      : Sw(Sw), Cond(Sw.getCondition()), Default(Sw.getDefaultDest()),
        DefaultReachable(DefaultReachable), HasWeights(HasWeights),
        DefaultShare(Ranges.empty() ? 0 : DefaultWeight / Ranges.size()) {}

  /// The block that dispatches the values of Ranges, which are all the
  /// values in [Low, High] but the default's: a tree's node or leaf, or a
  /// way where no value left needs a test.
  BasicBlock *build(ArrayRef<CaseRange> Ranges, const APInt &Low,
                    const APInt &High, uint64_t &Weight) {
    if (Ranges.size() == 1)
      return leaf(Ranges.front(), Low, High, Weight);
    size_t Mid = Ranges.size() / 2;
    const APInt &Pivot = Ranges[Mid].Lo;
    BasicBlock *Node = newBlock("switch.node");
    uint64_t Below, Above;
    BasicBlock *Left = build(Ranges.take_front(Mid), Low, Pivot - 1, Below);
    BasicBlock *Right = build(Ranges.drop_front(Mid), Pivot, High, Above);
    IRBuilder<> B(Node);
    B.SetCurrentDebugLocation(Sw.getDebugLoc());
    branch(B, B.CreateICmpSLT(Cond, B.getInt(Pivot)), Left, Right, Below,
           Above);
    Weight = Below + Above;
    return Node;
  }

  ArrayRef<BasicBlock *> blocks() const { return Blocks; }
  unsigned compares() const { return Compares; }

private:
  /// R's way where the value can only be one of R's (the tests above have
  /// left no other, or the default is unreachable), else a test of the
  /// bounds of R that those tests have not settled.
  BasicBlock *leaf(const CaseRange &R, const APInt &Low, const APInt &High,
                   uint64_t &Weight) {
    bool LowKnown = Low == R.Lo, HighKnown = High == R.Hi;
    if (!DefaultReachable || (LowKnown && HighKnown)) {
      Weight = R.Weight;
      return R.Dest;
    }
    Weight = R.Weight + DefaultShare;
    BasicBlock *Leaf = newBlock("switch.leaf");
    IRBuilder<> B(Leaf);
    B.SetCurrentDebugLocation(Sw.getDebugLoc());
    Value *In;
    if (R.Lo == R.Hi)
      In = B.CreateICmpEQ(Cond, B.getInt(R.Lo));
    else if (LowKnown)
      In = B.CreateICmpSLE(Cond, B.getInt(R.Hi));
    else if (HighKnown)
      In = B.CreateICmpSGE(Cond, B.getInt(R.Lo));
    else
      In = B.CreateICmpULE(B.CreateSub(Cond, B.getInt(R.Lo)),
                           B.getInt(R.Hi - R.Lo));
    branch(B, In, R.Dest, Default, R.Weight, DefaultShare);
    return Leaf;
  }

  void branch(IRBuilder<> &B, Value *Test, BasicBlock *IfTrue,
              BasicBlock *IfFalse, uint64_t TrueWeight, uint64_t FalseWeight) {
    BranchInst *Br = B.CreateCondBr(Test, IfTrue, IfFalse);
    if (HasWeights)
      setFittedBranchWeights(*Br, {TrueWeight, FalseWeight},
                             /*IsExpected=*/false);
    ++Compares;
  }

  BasicBlock *newBlock(const Twine &Name) {
    BasicBlock *Head = Sw.getParent();
    BasicBlock *BB = BasicBlock::Create(Head->getContext(), Name,
                                        Head->getParent(), Head->getNextNode());
    // After the blocks made before it, in the order they were made.
    if (!Blocks.empty())
      BB->moveAfter(Blocks.back());
    Blocks.push_back(BB);
    return BB;
  }

  SwitchInst &Sw;
  Value *Cond;
  BasicBlock *Default;
  bool DefaultReachable, HasWeights;
  uint64_t DefaultShare;
  SmallVector<BasicBlock *, 8> Blocks;
  unsigned Compares = 0;
};

} // namespace

unsigned lowerToCompareTree(SwitchInst &Sw) {
  BasicBlock *Head = Sw.getParent();
  SmallVector<uint32_t, 8> Weights32;
  bool HasWeights = extractBranchWeights(Sw, Weights32);
  SmallVector<uint64_t, 8> Weights(Weights32.begin(), Weights32.end());
  bool DefaultReachable = !isUnreachableDefault(Sw);
  SmallVector<CaseRange, 8> Ranges = getRanges(Sw, Weights, DefaultReachable);

  // What each PHI of a way took from the switch's block: the tree's blocks
  // that branch there take the same.
  SmallSetVector<BasicBlock *, 8> Ways(succ_begin(Head), succ_end(Head));
  DenseMap<PHINode *, Value *> Incoming;
  for (BasicBlock *Way : Ways)
    for (PHINode &P : Way->phis())
      Incoming[&P] = P.getIncomingValueForBlock(Head);

  TreeBuilder Tree(Sw, Ranges, DefaultReachable, HasWeights,
                   HasWeights ? Weights[0] : 0);
  uint64_t Weight = 0;
  unsigned Bits = Sw.getCondition()->getType()->getIntegerBitWidth();
  BasicBlock *Root = Ranges.empty()
                         ? Sw.getDefaultDest()
                         : Tree.build(Ranges, APInt::getSignedMinValue(Bits),
                                      APInt::getSignedMaxValue(Bits), Weight);
  IRBuilder<>(&Sw).CreateBr(Root)->setDebugLoc(Sw.getDebugLoc());
  Sw.eraseFromParent();

  for (PHINode *P : make_first_range(Incoming))
    P->removeIncomingValueIf(
        [&](unsigned I) { return P->getIncomingBlock(I) == Head; },
        /*DeletePHIIfEmpty=*/false);
  SmallVector<BasicBlock *, 8> From{Head};
  append_range(From, Tree.blocks());
  for (BasicBlock *BB : From)
    for (BasicBlock *Succ : successors(BB))
      for (PHINode &P : Succ->phis())
        if (auto It = Incoming.find(&P); It != Incoming.end())
          P.addIncoming(It->second, BB);
  return Tree.compares();
}

} // namespace divopt
