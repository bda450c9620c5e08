//===- SwitchChain.cpp - A divergent switch as two-way branches -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SwitchChain.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <tuple>

using namespace llvm;

namespace divopt {

bool isUnreachableDefault(const SwitchInst &Sw) {
  const BasicBlock *D = Sw.getDefaultDest();
  return D->size() == 1 && isa<UnreachableInst>(D->front());
}

namespace {

/// Whether the blocks from Entry up to Join hold a cycle (at most 256 of
/// them are looked at; a larger way counts as holding one).
bool holdsLoop(BasicBlock *Entry, const BasicBlock *Join) {
  constexpr unsigned MaxBlocks = 256;
  // Depth first, a block on the path being a cycle's head when reached
  // again.
  SmallPtrSet<const BasicBlock *, 16> OnPath, Done;
  SmallVector<std::pair<BasicBlock *, succ_iterator>, 16> Stack;
  Stack.push_back({Entry, succ_begin(Entry)});
  OnPath.insert(Entry);
  while (!Stack.empty()) {
    auto &[BB, It] = Stack.back();
    if (It == succ_end(BB)) {
      OnPath.erase(BB);
      Done.insert(BB);
      Stack.pop_back();
      continue;
    }
    BasicBlock *S = *It++;
    if (S == Join || Done.contains(S))
      continue;
    if (OnPath.contains(S) || Done.size() + OnPath.size() > MaxBlocks)
      return true;
    OnPath.insert(S);
    Stack.push_back({S, succ_begin(S)});
  }
  return false;
}

/// A run of this many values or more is tested as a range.
constexpr unsigned MinRangeRun = 3;

/// Consecutive case values, [First, Last].
struct Run {
  APInt First, Last;
  uint64_t size() const { return (Last - First).getZExtValue() + 1; }
  /// Tested by one compare of the offset from First, else one a value.
  bool isRange() const { return size() >= MinRangeRun; }
};

/// Values sorted and cut into runs of consecutive integers.
SmallVector<Run, 4> getRuns(ArrayRef<ConstantInt *> Values) {
  SmallVector<APInt, 16> Sorted;
  for (const ConstantInt *V : Values)
    Sorted.push_back(V->getValue());
  sort(Sorted, [](const APInt &L, const APInt &R) { return L.slt(R); });
  SmallVector<Run, 4> Runs;
  for (const APInt &V : Sorted)
    if (!Runs.empty() && !Runs.back().Last.isMaxSignedValue() &&
        Runs.back().Last + 1 == V)
      Runs.back().Last = V;
    else
      Runs.push_back({V, V});
  return Runs;
}

/// The compares a test of Values takes: one a range, one a value.
unsigned countCompares(ArrayRef<ConstantInt *> Values) {
  unsigned N = 0;
  for (const Run &R : getRuns(Values))
    N += R.isRange() ? 1 : R.size();
  return N;
}

/// How many instructions of each kind (opcode and type) a way holds, and
/// in how many blocks: those from its entry up to the join, at most 256.
struct WayKinds {
  SmallDenseMap<std::pair<unsigned, Type *>, unsigned, 16> Counts;
  unsigned Blocks = 0;
};

WayKinds countKinds(BasicBlock *Entry, const BasicBlock *Join) {
  constexpr unsigned MaxBlocks = 256;
  WayKinds Kinds;
  SmallVector<BasicBlock *, 16> Work{Entry};
  SmallPtrSet<BasicBlock *, 16> Seen{Entry};
  while (!Work.empty() && Seen.size() <= MaxBlocks) {
    BasicBlock *BB = Work.pop_back_val();
    for (Instruction &I : *BB)
      if (!I.isTerminator() && !isa<PHINode>(I))
        ++Kinds.Counts[{I.getOpcode(), I.getType()}];
    for (BasicBlock *S : successors(BB))
      if (S != Join && Seen.insert(S).second)
        Work.push_back(S);
  }
  Kinds.Blocks = Seen.size();
  return Kinds;
}

/// Instructions of two ways that could pair: of each kind, the fewer.
unsigned countPairable(const WayKinds &A, const WayKinds &B) {
  unsigned N = 0;
  for (auto [Kind, Count] : A.Counts)
    N += std::min(Count, B.Counts.lookup(Kind));
  return N;
}

/// One destination of a switch and the case values that reach it.
struct Way {
  explicit Way(BasicBlock *Dest) : Dest(Dest) {}
  BasicBlock *Dest;
  SmallVector<ConstantInt *, 4> Values;
  bool IsDefault = false;
  /// Its share of the switch's branch weights, where it has them.
  uint64_t Weight = 0;
  /// What it holds (a way that holds code; the way to the join, nothing).
  WayKinds Kinds;
};

/// Arms reordered so that the ways most alike are the chain's inner
/// branches, which meld first. Ways of fewer blocks go inside: two
/// straight-line ways meld instruction by instruction, a way with branches
/// of its own only after its sub-regions are aligned, and aligns worse with
/// a straight line. Among ways of as many blocks, the innermost pair holds
/// the most instructions that could pair (or the default's way, where it is
/// the last else, and the way most like it), and each way further out is
/// the one most like what the ways inside it hold together. Ties keep the
/// cases' order, so ways all alike (one formula per material) stay as the
/// switch names them.
void orderByLikeness(MutableArrayRef<Way> Arms, bool LastIsFixed) {
  unsigned N = Arms.size();
  if (N < 3)
    return;
  auto Kinds = [&](unsigned I) -> const WayKinds & { return Arms[I].Kinds; };
  // Which of two candidates goes further in: fewer blocks, then more
  // instructions that could pair, then (a tie) the later case.
  auto Inner = [](unsigned Blocks, unsigned Pairable, unsigned BestBlocks,
                  unsigned BestPairable) {
    return Blocks != BestBlocks ? Blocks < BestBlocks
                                : Pairable >= BestPairable;
  };
  // Picked from the innermost out.
  SmallVector<unsigned, 8> Picked;
  if (LastIsFixed) {
    Picked.push_back(N - 1);
  } else {
    unsigned BestI = N, BestJ = N, BestBlocks = 0, Best = 0;
    for (unsigned I = 0; I < N; ++I)
      for (unsigned J = I + 1; J < N; ++J) {
        unsigned Blocks = std::max(Kinds(I).Blocks, Kinds(J).Blocks);
        unsigned P = countPairable(Kinds(I), Kinds(J));
        if (BestI == N || Inner(Blocks, P, BestBlocks, Best))
          std::tie(BestI, BestJ, BestBlocks, Best) =
              std::make_tuple(I, J, Blocks, P);
      }
    Picked = {BestJ, BestI};
  }
  // What the picked ways hold together: of each kind, the most any holds.
  WayKinds Inside;
  auto Take = [&](unsigned I) {
    for (auto [Kind, Count] : Kinds(I).Counts)
      Inside.Counts[Kind] = std::max(Inside.Counts.lookup(Kind), Count);
  };
  for (unsigned I : Picked)
    Take(I);
  while (Picked.size() < N) {
    unsigned Next = N, BestBlocks = 0, Best = 0;
    for (unsigned I = 0; I < N; ++I) {
      if (is_contained(Picked, I))
        continue;
      unsigned P = countPairable(Kinds(I), Inside);
      if (Next == N || Inner(Kinds(I).Blocks, P, BestBlocks, Best))
        std::tie(Next, BestBlocks, Best) =
            std::make_tuple(I, Kinds(I).Blocks, P);
    }
    Picked.push_back(Next);
    Take(Next);
  }
  SmallVector<Way, 8> Ordered;
  for (unsigned I : reverse(Picked))
    Ordered.push_back(Arms[I]);
  std::move(Ordered.begin(), Ordered.end(), Arms.begin());
}

/// The ways of Sw: those that hold code in the order the cases name them,
/// the default's last; and the way straight to Join, if any.
struct Ways {
  SmallVector<Way, 8> Arms;
  std::optional<Way> ToJoin;
  unsigned NumCompares = 0;
  /// Whether the switch has a branch weight for each of its successors.
  bool Weighted = false;

  Ways(SwitchInst &Sw, const BasicBlock *Join) {
    SmallVector<uint32_t, 8> W;
    Weighted = extractBranchWeights(Sw, W) && W.size() == Sw.getNumCases() + 1;
    auto WayOf = [&](BasicBlock *Dest) -> Way & {
      if (Dest == Join) {
        if (!ToJoin)
          ToJoin.emplace(Dest);
        return *ToJoin;
      }
      for (Way &A : Arms)
        if (A.Dest == Dest)
          return A;
      return Arms.emplace_back(Dest);
    };
    for (const auto &C : Sw.cases()) {
      Way &A = WayOf(C.getCaseSuccessor());
      A.Values.push_back(C.getCaseValue());
      if (Weighted)
        A.Weight += W[C.getSuccessorIndex()];
    }
    if (!isUnreachableDefault(Sw)) {
      Way &D = WayOf(Sw.getDefaultDest());
      D.IsDefault = true;
      if (Weighted)
        D.Weight += W[0];
    }
    for (Way &A : Arms)
      A.Kinds = countKinds(A.Dest, Join);
    // The default's way is the chain's last else: it needs no test.
    auto It = find_if(Arms, [](const Way &A) { return A.IsDefault; });
    bool DefaultLast = It != Arms.end();
    if (DefaultLast)
      std::rotate(It, It + 1, Arms.end());
    // A way that holds a loop melds with few others (a loop only with one
    // of its shape), and an inner branch that fails to meld leaves every
    // branch around it a way that holds it: such ways are tested first,
    // so that the ways without loops meld among themselves (an
    // interpreter's `sinf`, whose slow path loops, among its arithmetic).
    auto LoopFree = std::stable_partition(
        Arms.begin(), Arms.end() - DefaultLast,
        [&](const Way &A) { return holdsLoop(A.Dest, Join); });
    orderByLikeness(MutableArrayRef<Way>(LoopFree, Arms.end()), DefaultLast);
    if (ToJoin)
      NumCompares +=
          countCompares(ToJoin->IsDefault ? getArmValues() : ToJoin->Values);
    for (const Way &A : drop_end(Arms))
      NumCompares += countCompares(A.Values);
  }

  SmallVector<ConstantInt *, 16> getArmValues() const {
    SmallVector<ConstantInt *, 16> V;
    for (const Way &A : Arms)
      append_range(V, A.Values);
    return V;
  }
  unsigned size() const { return Arms.size() + (ToJoin ? 1 : 0); }
};

std::string describeWay(const Way &W) {
  if (W.IsDefault)
    return "default";
  std::string S;
  raw_string_ostream OS(S);
  OS << (W.Values.size() == 1 ? "case " : "cases ");
  interleaveComma(W.Values, OS, [&](const ConstantInt *V) {
    V->getValue().print(OS, /*isSigned=*/true);
  });
  return S;
}

/// "case 1 against case 2 and default"; "case 1 against the 12 ways after
/// it" where more than three follow.
std::string describeTest(ArrayRef<Way> Arms, unsigned I) {
  std::string S = describeWay(Arms[I]) + " against ";
  if (Arms.size() - I - 1 > 3)
    return S + "the " + std::to_string(Arms.size() - I - 1) + " ways after it";
  for (unsigned J = I + 1; J < Arms.size(); ++J) {
    if (J > I + 1)
      S += J + 1 == Arms.size() ? " and " : ", ";
    S += describeWay(Arms[J]);
  }
  return S;
}

/// Whether the condition equals one of Values: an or of compares, a run
/// of consecutive values one unsigned compare of its offset from the run's
/// first (`switch (op)` over an interpreter's opcodes 0-8 with the others
/// going straight to the join is one test, not nine).
Value *createTest(IRBuilder<> &B, Value *Cond, ArrayRef<ConstantInt *> Values) {
  Value *Test = nullptr;
  auto Or = [&](Value *T) {
    Test = Test ? B.CreateOr(Test, T, "switch.cases") : T;
  };
  for (const Run &R : getRuns(Values)) {
    if (R.isRange()) {
      Value *Offset = R.First.isZero() ? Cond
                                       : B.CreateSub(Cond, B.getInt(R.First),
                                                     "switch.offset");
      Or(B.CreateICmpULT(Offset, B.getInt(R.Last - R.First + 1),
                         "switch.range"));
      continue;
    }
    for (APInt V = R.First;; ++V) {
      Or(B.CreateICmpEQ(Cond, B.getInt(V), "switch.case"));
      if (V == R.Last)
        break;
    }
  }
  return Test;
}

/// Branch weights True:False scaled to 32 bits.
MDNode *createWeights(LLVMContext &Ctx, uint64_t True, uint64_t False) {
  uint64_t Max = std::max(True, False);
  unsigned Shift = 0;
  while ((Max >> Shift) > std::numeric_limits<uint32_t>::max())
    ++Shift;
  return MDBuilder(Ctx).createBranchWeights(uint32_t(True >> Shift),
                                            uint32_t(False >> Shift));
}

/// Whether two ways of W hold an instruction of the same kind: else no
/// branch of the chain could meld, and lowering it would only cost time.
bool haveCommonKinds(const Ways &W) {
  for (unsigned I = 0; I < W.Arms.size(); ++I)
    for (unsigned J = I + 1; J < W.Arms.size(); ++J)
      if (countPairable(W.Arms[I].Kinds, W.Arms[J].Kinds))
        return true;
  return false;
}

} // namespace

Error SwitchChain::check(SwitchInst &Sw, const BasicBlock *Join) {
  if (!Join)
    return createStringError("the switch's ways do not rejoin");
  // Its distinct successors first: a switch of thousands of cases is
  // refused in a time linear in them.
  SmallPtrSet<const BasicBlock *, 16> Dests;
  for (const BasicBlock *S : successors(&Sw)) {
    if (S == Sw.getParent())
      return createStringError("a way of the switch is its own block");
    Dests.insert(S);
  }
  unsigned NumWays = Dests.size() - (isUnreachableDefault(Sw) ? 1 : 0) -
                     (Dests.contains(Join) ? 1 : 0);
  if (NumWays > MaxLoweredWays)
    return createStringError(Twine("the switch has ") + Twine(NumWays) +
                             " ways that hold code (at most " +
                             Twine(MaxLoweredWays) +
                             " are lowered to two-way branches)");
  Ways W(Sw, Join);
  if (W.Arms.size() < 2)
    return createStringError(
        "the switch has one way that holds code: nothing to meld it with");
  if (W.NumCompares > MaxLoweredCompares)
    return createStringError(Twine("its ways need ") + Twine(W.NumCompares) +
                             " compares as two-way branches (at most " +
                             Twine(MaxLoweredCompares) + ")");
  if (!haveCommonKinds(W))
    return createStringError("no two of its ways hold an instruction of the "
                             "same kind: nothing would meld");
  return Error::success();
}

SwitchChain SwitchChain::lower(SwitchInst &Sw, BasicBlock *Join) {
  Ways W(Sw, Join);
  SwitchChain C;
  C.Head = Sw.getParent();
  C.Condition = Sw.getCondition();
  C.Default = Sw.getDefaultDest();
  for (const auto &Case : Sw.cases())
    C.Cases.push_back({Case.getCaseValue(), Case.getCaseSuccessor()});
  Sw.getAllMetadataOtherThanDebugLoc(C.Metadata);
  C.Loc = Sw.getDebugLoc();
  C.NumWays = W.size();
  if (W.ToJoin)
    C.WayBlocks.push_back(Join);
  for (const Way &A : W.Arms)
    C.WayBlocks.push_back(A.Dest);

  // What undo() restores: the ways' PHIs, the use lists of the condition
  // and of the ways (the switch stands as null: undo() makes a new one).
  SmallVector<BasicBlock *, 8> Dests;
  for (const Way &A : W.Arms)
    Dests.push_back(A.Dest);
  if (W.ToJoin)
    Dests.push_back(Join);
  // An unreachable default is no way: the chain never goes there.
  if (isUnreachableDefault(Sw)) {
    C.Unreachable = C.Default;
    Dests.push_back(C.Default);
  }
  for (BasicBlock *D : Dests)
    for (PHINode &Phi : D->phis()) {
      SavedPhi &S = C.Phis.emplace_back();
      S.Phi = &Phi;
      for (unsigned I = 0; I < Phi.getNumIncomingValues(); ++I)
        S.Incoming.push_back(
            {Phi.getIncomingValue(I), Phi.getIncomingBlock(I)});
    }
  SmallVector<Value *, 8> Used{C.Condition};
  append_range(Used, Dests);
  for (Value *V : Used) {
    UseOrder &O = C.UseOrders.emplace_back();
    O.V = V;
    for (const Use &U : V->uses())
      O.Users.push_back(
          {U.getUser() == &Sw ? nullptr : U.getUser(), U.getOperandNo()});
  }

  // Each test in its own block, the first in the switch's.
  LLVMContext &Ctx = Sw.getContext();
  Function *F = C.Head->getParent();
  BasicBlock *At = C.Head;
  Instruction *Before = Sw.getPrevNode();
  IRBuilder<> B(&Sw);
  B.SetCurrentDebugLocation(C.Loc);
  auto NextBlock = [&] {
    BasicBlock *BB =
        BasicBlock::Create(Ctx, "switch.next", F, At->getNextNode());
    C.Blocks.push_back(BB);
    return BB;
  };
  auto Emit = [&](Value *Test, BasicBlock *True, BasicBlock *False, uint64_t TW,
                  uint64_t FW) {
    BranchInst *Br = B.CreateCondBr(Test, True, False);
    C.Branches.push_back(Br);
    if (W.Weighted)
      Br->setMetadata(LLVMContext::MD_prof, createWeights(Ctx, TW, FW));
    return Br;
  };
  auto ArmWeight = [&](unsigned From) {
    uint64_t S = 0;
    for (unsigned I = From; I < W.Arms.size(); ++I)
      S += W.Arms[I].Weight;
    return S;
  };
  // A way's new predecessor, for its PHIs.
  DenseMap<BasicBlock *, BasicBlock *> PredOf;

  if (W.ToJoin) {
    SmallVector<ConstantInt *, 16> Values;
    if (W.ToJoin->IsDefault)
      Values = W.getArmValues();
    else
      Values.assign(W.ToJoin->Values.begin(), W.ToJoin->Values.end());
    Value *Test = createTest(B, C.Condition, Values);
    BasicBlock *Next = NextBlock();
    if (W.ToJoin->IsDefault)
      Emit(Test, Next, Join, ArmWeight(0), W.ToJoin->Weight);
    else
      Emit(Test, Join, Next, W.ToJoin->Weight, ArmWeight(0));
    PredOf[Join] = At;
    At = Next;
    B.SetInsertPoint(At);
  }
  for (unsigned I = 0; I + 1 < W.Arms.size(); ++I) {
    Value *Test = createTest(B, C.Condition, W.Arms[I].Values);
    bool Last = I + 2 == W.Arms.size();
    BasicBlock *Else = Last ? W.Arms[I + 1].Dest : NextBlock();
    BranchInst *Br =
        Emit(Test, W.Arms[I].Dest, Else, W.Arms[I].Weight, ArmWeight(I + 1));
    C.ArmBranches.push_back(Br);
    C.Descriptions.push_back(describeTest(W.Arms, I));
    C.TestedWays.push_back(C.WayBlocks.size() - W.Arms.size() + I);
    PredOf[W.Arms[I].Dest] = At;
    if (Last)
      PredOf[Else] = At;
    At = Else;
    if (!Last)
      B.SetInsertPoint(At);
  }
  // The instructions the lowering added to the switch's block, before it.
  for (Instruction *I = Before ? Before->getNextNode() : &C.Head->front();
       I != &Sw; I = I->getNextNode())
    C.HeadInsts.push_back(I);
  // Innermost first.
  std::reverse(C.ArmBranches.begin(), C.ArmBranches.end());
  std::reverse(C.Descriptions.begin(), C.Descriptions.end());
  std::reverse(C.TestedWays.begin(), C.TestedWays.end());

  for (BasicBlock *D : Dests)
    for (PHINode &Phi : D->phis()) {
      // One edge from the chain where the switch may have had several.
      bool Kept = false;
      for (unsigned I = 0; I < Phi.getNumIncomingValues();) {
        if (Phi.getIncomingBlock(I) != C.Head) {
          ++I;
          continue;
        }
        if (Kept || !PredOf.count(D)) {
          Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
          continue;
        }
        Phi.setIncomingBlock(I, PredOf.lookup(D));
        Kept = true;
        ++I;
      }
    }
  Sw.eraseFromParent();
  return C;
}

void SwitchChain::eraseUnreachableDefault() {
  // No way of the chain: the melds left it alone.
  if (Unreachable && pred_empty(Unreachable))
    Unreachable->eraseFromParent();
  Unreachable = nullptr;
}

SwitchInst *SwitchChain::undo() {
  // The chain's blocks and the instructions it added to the head go.
  for (BasicBlock *BB : Blocks)
    BB->dropAllReferences();
  for (Instruction *I : reverse(HeadInsts))
    I->eraseFromParent();
  for (BasicBlock *BB : Blocks)
    BB->eraseFromParent();
  Blocks.clear();
  HeadInsts.clear();

  auto *Sw = SwitchInst::Create(Condition, Default, Cases.size(), Head);
  for (auto [V, Dest] : Cases)
    Sw->addCase(V, Dest);
  for (auto [Kind, MD] : Metadata)
    Sw->setMetadata(Kind, MD);
  Sw->setDebugLoc(Loc);

  for (SavedPhi &S : Phis) {
    while (S.Phi->getNumIncomingValues())
      S.Phi->removeIncomingValue(S.Phi->getNumIncomingValues() - 1,
                                 /*DeletePHIIfEmpty=*/false);
    for (auto [V, BB] : S.Incoming)
      S.Phi->addIncoming(V, BB);
  }
  for (UseOrder &O : UseOrders) {
    DenseMap<std::pair<const User *, unsigned>, unsigned> Position;
    for (auto [Idx, Key] : enumerate(O.Users))
      Position[Key] = Idx;
    auto Key = [&](const Use &U) {
      const User *Who = U.getUser() == Sw ? nullptr : U.getUser();
      return Position.lookup({Who, U.getOperandNo()});
    };
    O.V->sortUseList(
        [&](const Use &L, const Use &R) { return Key(L) < Key(R); });
  }
  ArmBranches.clear();
  Branches.clear();
  return Sw;
}

} // namespace divopt
