//===- HalvedAdvance.cpp - Loop advance, one half per arm -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "HalvedAdvance.h"
#include "AdvanceCarried.h"
#include "DelayedLoop.h"
#include "UnreadValue.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <functional>

using namespace llvm;

#define DEBUG_TYPE "divopt-iter-delay"

STATISTIC(NumHalved, "Loops advanced in the two-halves form");
STATISTIC(NumRecomputedExits,
          "Two-halves loops whose latch recomputes the exit test");

namespace {
/// Code generation variants of the two-halves form, kept to time against
/// each other on the GPU (scripts/advance-variants-*.sh). SpeculatePre, the
/// default, was the fastest in every configuration timed (H100,
/// bench/results/2026-11-26-h100-advance-variants.md): LOOP-ADVANCE N=8
/// 1.106 of the hand advance where the exit flag gave 0.966.
enum class HalvesVariant {
  ExitFlag,
  RecomputeExit,
  SpeculateFlag,
  SpeculatePre
};
} // namespace

static cl::opt<HalvesVariant> Variant(
    "divopt-advance-variant", cl::init(HalvesVariant::SpeculatePre), cl::Hidden,
    cl::desc("How the two-halves loop advance tells the trip's end which "
             "lanes left (for timing its variants)"),
    cl::values(
        clEnumValN(HalvesVariant::ExitFlag, "exit-flag",
                   "each half sets a flag that the trip's end tests"),
        clEnumValN(HalvesVariant::RecomputeExit, "recompute-exit",
                   "the trip's end recomputes the exit test from the "
                   "next-iteration state both halves carry; the flag where "
                   "the test reads anything else"),
        clEnumValN(HalvesVariant::SpeculateFlag, "speculate-flag",
                   "each half runs the next iteration's pre whether or not "
                   "the lane leaves (where pre is one block of "
                   "side-effect-free code) and the exit flag takes the "
                   "half's exit test: no exit branch inside the halves"),
        clEnumValN(HalvesVariant::SpeculatePre, "speculate-pre",
                   "speculate-flag with recompute-exit's test at the "
                   "trip's end instead of the flag (default)")));

/// Most instructions of the exit test that recompute-exit copies.
constexpr unsigned MaxRecomputedInsts = 4;

static cl::opt<unsigned> MaxCopyInsts(
    "divopt-advance-halves-max-insts", cl::init(divopt::MaxHalvedCopyInsts),
    cl::Hidden,
    cl::desc("Most instructions before and after the branch together that "
             "loop advance copies into one half per arm; larger loops take "
             "the rotated form"));

namespace divopt {

bool canHalveAdvance(const DelayShape &S) {
  if (!isLeanAdvanceBranch(S) || S.PreHasInnerLoop || S.PostHasInnerLoop ||
      S.PostBlocks.empty())
    return false;
  return countInstructions(S.PreBlocks) + countInstructions(S.PostBlocks) <=
         MaxCopyInsts;
}

namespace {

/// The two halves of a trip. Half 1 runs the then-arm with the original
/// post blocks, half 2 the else-arm with a copy of them.
enum Half { H1, H2 };

class AdvanceHalver {
public:
  explicit AdvanceHalver(const DelayShape &S)
      : S(S), Ctx(S.Header->getContext()), F(S.Header->getParent()),
        I1(Type::getInt1Ty(Ctx)) {}

  void run();

private:
  void collectValues();
  void createBlocks();
  void clonePost();
  void clonePre(Half H);
  void rewriteArmUses();
  void buildHeader();
  void buildHalf2();
  void buildLatch();
  void replaceLiveOuts();
  bool planRecomputedExit();
  bool readAfterLoop(Value *V) const;
  bool carriesOut(size_t I) const;
  void endHalf(Half H, BasicBlock *Latch, BasicBlock *Next);
  void addSpeculatedEntries(Half H, BasicBlock *Skip, BasicBlock *PreEnd,
                            Value *ExitNow);
  Value *recomputeExit(IRBuilder<> &B);
  SmallVector<BasicBlock *, 8> armBlocks(BasicBlock *Entry) const;
  Value *in(Half H, Value *V) const;
  PHINode *createPhi(BasicBlock *BB, Type *Ty, const Twine &Name);
  void addEntries(Half H, BasicBlock *Skip, BasicBlock *Latch,
                  BasicBlock *PreEnd);

  const DelayShape &S;
  LLVMContext &Ctx;
  Function *F;
  Type *I1;

  BasicBlock *BranchBB = nullptr, *NewHeader = nullptr, *Half2 = nullptr,
             *NewLatch = nullptr, *NewExit = nullptr;
  SmallVector<BasicBlock *, 8> ThenArm, ElseArm;
  SmallPtrSet<BasicBlock *, 16> InPre, InPost, InLoop;
  /// The copies of post for half 2, and the next iteration's pre of each
  /// half: their blocks, their maps and the block that ends each pre.
  SmallVector<BasicBlock *, 8> Post2, Pre1, Pre2;
  ValueToValueMapTy PostMap, PreMap1, PreMap2;
  BasicBlock *Latch2 = nullptr, *PreEnd1 = nullptr, *PreEnd2 = nullptr;
  /// Original header phis and their values from the latch.
  SmallVector<PHINode *, 8> HeaderPhis;
  SmallVector<Value *, 8> LatchValues;
  /// Pre values read outside pre (the condition and the latch values among
  /// them): read in the half after the one that computed them.
  SetVector<Instruction *> PreValues;
  /// The lane's pending iteration's header phis and pre values at the top
  /// of each half (delay.header, delay.half2) and at the trip's end
  /// (delay.latch).
  DenseMap<Value *, PHINode *> Top[2], End;
  PHINode *Exited1 = nullptr, *Exited = nullptr;
  /// Post values read after the loop, and for those that are the next
  /// iteration's state, the header phi whose state carries them out.
  SetVector<Instruction *> LiveOut;
  DenseMap<Value *, PHINode *> CarriedOut;
  Value *Cond = nullptr;
  /// recompute-exit: the exit test's instructions, operands first, and
  /// the header phis whose next values it reads (a leaving lane carries
  /// those out, so the test holds for it at the trip's end).
  SmallVector<Instruction *, 4> ExitTest;
  DenseMap<Value *, PHINode *> ExitReads;
  SmallPtrSet<PHINode *, 4> NextOnExit;
  Value *ExitCond = nullptr;
  bool ExitsOnTrue = false;
  /// speculate-pre: each half's next pre runs for a leaving lane too; the
  /// half's exit test, true for a leaving lane, picks what it carries.
  bool Speculate = false;
  Value *ExitNow[2] = {nullptr, nullptr};
  /// Header phis and pre values read after the loop (before the rewrite).
  SmallPtrSet<Value *, 8> ReadAfterLoop;
};

} // namespace

/// The blocks of the arm entered at Entry, up to the join (none for an
/// arm that is the join).
SmallVector<BasicBlock *, 8> AdvanceHalver::armBlocks(BasicBlock *Entry) const {
  SmallVector<BasicBlock *, 8> Blocks;
  if (Entry == S.Join)
    return Blocks;
  SmallPtrSet<BasicBlock *, 8> Seen{Entry};
  Blocks.push_back(Entry);
  for (unsigned I = 0; I < Blocks.size(); ++I)
    for (BasicBlock *Succ : successors(Blocks[I]))
      if (Succ != S.Join && InLoop.contains(Succ) && Seen.insert(Succ).second)
        Blocks.push_back(Succ);
  return Blocks;
}

/// The value that stands for V in half H: the pending iteration's header
/// phi or pre value, half 2's copy of a post value.
Value *AdvanceHalver::in(Half H, Value *V) const {
  if (auto It = Top[H].find(V); It != Top[H].end())
    return It->second;
  if (H == H2)
    if (Value *C = PostMap.lookup(V))
      return C;
  return V;
}

PHINode *AdvanceHalver::createPhi(BasicBlock *BB, Type *Ty, const Twine &Name) {
  return PHINode::Create(Ty, 3, Name, BB->getFirstNonPHIIt());
}

void AdvanceHalver::collectValues() {
  BranchBB = S.Branch->getParent();
  Cond = cast<BranchInst>(S.Branch)->getCondition();
  AdvanceCarried C = collectAdvanceCarried(S);
  InPre = std::move(C.InPre);
  InLoop = std::move(C.InLoop);
  HeaderPhis = std::move(C.HeaderPhis);
  LatchValues = std::move(C.LatchValues);
  PreValues = std::move(C.PreValues);
  InPost.insert(S.PostBlocks.begin(), S.PostBlocks.end());
  ThenArm = armBlocks(S.Then);
  ElseArm = armBlocks(S.Else);
  collectReadAfterLoop(S.PostBlocks, InLoop, LiveOut);
  auto ReadOutside = [&](Value *V) {
    return any_of(V->users(), [&](User *U) {
      return !InLoop.contains(cast<Instruction>(U)->getParent());
    });
  };
  for (PHINode *P : HeaderPhis)
    if (ReadOutside(P))
      ReadAfterLoop.insert(P);
  for (Instruction *I : PreValues)
    if (ReadOutside(I))
      ReadAfterLoop.insert(I);
  // A leaving lane keeps its state (on its edge the next iteration's
  // would be a copy, or a value code generation knows equal, for nothing),
  // but carries out a post value read after the loop that is the next
  // iteration's state; not in a header phi read after the loop too, nor in
  // the condition's, which must keep a leaving lane out of half 2.
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *P = HeaderPhis[I];
    auto *Next = dyn_cast<Instruction>(LatchValues[I]);
    if (Next && LiveOut.contains(Next) && P != Cond &&
        all_of(P->users(), [&](User *U) {
          return InLoop.contains(cast<Instruction>(U)->getParent());
        }))
      CarriedOut.try_emplace(Next, P);
  }
}

void AdvanceHalver::createBlocks() {
  NewHeader =
      BasicBlock::Create(Ctx, "delay.header", F, BranchBB->getNextNode());
  Half2 = BasicBlock::Create(Ctx, "delay.half2", F, S.Latch->getNextNode());
  NewLatch = BasicBlock::Create(Ctx, "delay.latch", F, Half2->getNextNode());
  NewExit = BasicBlock::Create(Ctx, "delay.exit", F, NewLatch->getNextNode());
  // The pending iteration's values, at the top of each half and at the
  // trip's end; their incoming values come once every block is built.
  auto AddTops = [&](Value *V) {
    Top[H1][V] = createPhi(NewHeader, V->getType(), V->getName() + ".h1");
    Top[H2][V] = createPhi(Half2, V->getType(), V->getName() + ".h2");
    End[V] = createPhi(NewLatch, V->getType(), V->getName() + ".end");
  };
  for (PHINode *P : HeaderPhis)
    AddTops(P);
  for (Instruction *I : PreValues)
    AddTops(I);
  if (ExitTest.empty()) {
    Exited1 = createPhi(Half2, I1, "delay.exited.h1");
    Exited = createPhi(NewLatch, I1, "delay.exited");
  }
}

/// Half 2's post: a copy reading the pending iteration's values at the
/// top of half 2.
void AdvanceHalver::clonePost() {
  for (BasicBlock *BB : S.PostBlocks) {
    BasicBlock *C = CloneBasicBlock(BB, PostMap, ".h2", F);
    C->moveBefore(NewLatch);
    PostMap[BB] = C;
    Post2.push_back(C);
  }
  for (auto &[V, P] : Top[H2])
    PostMap[V] = P;
  remapInstructionsInBlocks(Post2, PostMap);
  for (auto &[V, P] : Top[H2])
    PostMap.erase(V);
  Latch2 = cast<BasicBlock>(PostMap[S.Latch]);
}

/// Half H's copy of pre, for the lane's next iteration: its header phis
/// read what half H's iteration leaves for the next.
void AdvanceHalver::clonePre(Half H) {
  (H == H1 ? PreEnd1 : PreEnd2) = cloneNextPre(
      S, HeaderPhis, LatchValues, [&](Value *V) { return in(H, V); },
      H == H1 ? Half2 : NewLatch, H == H1 ? ".pre.h1" : ".pre.h2",
      H == H1 ? PreMap1 : PreMap2, H == H1 ? Pre1 : Pre2);
}

/// The arms and half 1's post read the pending iteration's values of their
/// half (half 2's post is a remapped copy).
void AdvanceHalver::rewriteArmUses() {
  SmallPtrSet<BasicBlock *, 16> InHalf1(ThenArm.begin(), ThenArm.end());
  InHalf1.insert(S.PostBlocks.begin(), S.PostBlocks.end());
  SmallPtrSet<BasicBlock *, 16> InHalf2(ElseArm.begin(), ElseArm.end());
  for (auto &[V, P] : Top[H1]) {
    PHINode *P2 = Top[H2][V];
    V->replaceUsesWithIf(P, [&](Use &U) {
      return InHalf1.contains(cast<Instruction>(U.getUser())->getParent());
    });
    V->replaceUsesWithIf(P2, [&](Use &U) {
      return InHalf2.contains(cast<Instruction>(U.getUser())->getParent());
    });
  }
}

/// The first iteration's pre runs once, before the loop; a trip starts in
/// delay.header, whose lanes that want the then-way run half 1.
void AdvanceHalver::buildHeader() {
  for (PHINode *P : HeaderPhis)
    P->removeIncomingValue(S.Latch, /*DeletePHIIfEmpty=*/false);
  for (auto &[V, P] : Top[H1])
    P->addIncoming(V, BranchBB);
  S.Branch->eraseFromParent();
  BranchInst::Create(NewHeader, BranchBB);
  BranchInst *Br = BranchInst::Create(S.Then, Half2, in(H1, Cond), NewHeader);
  // Marks the loop as delayed: its gates are not candidates again.
  Br->setMetadata("divopt.delayed", MDNode::get(Ctx, {}));

  // Half 1 is the then-arm and the original post: the join takes only the
  // then-way's edges, the else-arm goes to half 2's join.
  auto *Join2 = cast<BasicBlock>(PostMap[S.Join]);
  SmallPtrSet<BasicBlock *, 8> Then(ThenArm.begin(), ThenArm.end()),
      Else(ElseArm.begin(), ElseArm.end());
  auto KeepOnly = [&](BasicBlock *Join, const SmallPtrSet<BasicBlock *, 8> &Arm,
                      bool DirectWay, BasicBlock *Gate) {
    for (PHINode &P : Join->phis())
      P.removeIncomingValueIf([&](unsigned I) {
        BasicBlock *From = P.getIncomingBlock(I);
        return From == BranchBB ? !DirectWay : !Arm.contains(From);
      });
    Join->replacePhiUsesWith(BranchBB, Gate);
  };
  KeepOnly(S.Join, Then, S.Then == S.Join, NewHeader);
  KeepOnly(Join2, Else, S.Else == S.Join, Half2);
  for (BasicBlock *BB : ElseArm)
    BB->getTerminator()->replaceSuccessorWith(S.Join, Join2);
  if (S.Then != S.Join)
    S.Then->replacePhiUsesWith(BranchBB, NewHeader);
  if (S.Else != S.Join)
    S.Else->replacePhiUsesWith(BranchBB, Half2);
}

/// The incoming values of the phis that end half H (delay.half2 for half
/// 1, delay.latch for half 2): from Skip the lanes that did not run it,
/// from Latch those that ran their last iteration, from PreEnd those that
/// go on.
void AdvanceHalver::addEntries(Half H, BasicBlock *Skip, BasicBlock *Latch,
                               BasicBlock *PreEnd) {
  ValueToValueMapTy &PreMap = H == H1 ? PreMap1 : PreMap2;
  DenseMap<Value *, PHINode *> &Out = H == H1 ? Top[H2] : End;
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *P = HeaderPhis[I];
    Value *Cur = Top[H][P], *Next = in(H, LatchValues[I]);
    Out[P]->addIncoming(Cur, Skip);
    Out[P]->addIncoming(carriesOut(I) ? Next : Cur, Latch);
    Out[P]->addIncoming(Next, PreEnd);
  }
  for (Instruction *V : PreValues) {
    Value *Cur = Top[H][V];
    Out[V]->addIncoming(Cur, Skip);
    Out[V]->addIncoming(Cur, Latch);
    Out[V]->addIncoming(PreMap[V], PreEnd);
  }
}

/// Lanes that ran half 1 and go on with an else-iteration run half 2; a
/// lane that left in half 1 keeps the condition it ran with, true.
void AdvanceHalver::buildHalf2() {
  endHalf(H1, S.Latch, Half2);
  if (Speculate) {
    addSpeculatedEntries(H1, NewHeader, PreEnd1, ExitNow[H1]);
    if (Exited1) {
      Exited1->addIncoming(ConstantInt::getFalse(Ctx), NewHeader);
      Exited1->addIncoming(ExitNow[H1], PreEnd1);
    }
  } else {
    addEntries(H1, NewHeader, S.Latch, PreEnd1);
    if (Exited1) {
      Exited1->addIncoming(ConstantInt::getFalse(Ctx), NewHeader);
      Exited1->addIncoming(ConstantInt::getTrue(Ctx), S.Latch);
      Exited1->addIncoming(ConstantInt::getFalse(Ctx), PreEnd1);
    }
  }
  BranchInst::Create(
      NewLatch, S.Else == S.Join ? cast<BasicBlock>(PostMap[S.Join]) : S.Else,
      in(H2, Cond), Half2);
}

void AdvanceHalver::buildLatch() {
  endHalf(H2, Latch2, NewLatch);
  if (Speculate)
    addSpeculatedEntries(H2, Half2, PreEnd2, ExitNow[H2]);
  else
    addEntries(H2, Half2, Latch2, PreEnd2);
  for (auto &[V, P] : Top[H1])
    P->addIncoming(End[V], NewLatch);
  if (Exited) {
    Exited->addIncoming(Exited1, Half2);
    if (Speculate) {
      Exited->addIncoming(ExitNow[H2], PreEnd2);
    } else {
      Exited->addIncoming(ConstantInt::getTrue(Ctx), Latch2);
      Exited->addIncoming(ConstantInt::getFalse(Ctx), PreEnd2);
    }
    BranchInst::Create(NewExit, NewHeader, Exited, NewLatch);
  } else {
    IRBuilder<> B(NewLatch);
    Value *Test = recomputeExit(B);
    BranchInst::Create(ExitsOnTrue ? NewExit : NewHeader,
                       ExitsOnTrue ? NewHeader : NewExit, Test, NewLatch);
  }
  BranchInst::Create(S.Exit, NewExit);
  S.Exit->replacePhiUsesWith(S.Latch, NewExit);
}

/// Values used after the loop are the lane's last iteration's.
void AdvanceHalver::replaceLiveOuts() {
  SmallPtrSet<BasicBlock *, 32> NewLoop(InLoop.begin(), InLoop.end());
  for (auto *Blocks : {&Post2, &Pre1, &Pre2})
    NewLoop.insert(Blocks->begin(), Blocks->end());
  NewLoop.insert({NewHeader, Half2, NewLatch});
  auto After = [&](Use &U) {
    auto *BB = cast<Instruction>(U.getUser())->getParent();
    return !NewLoop.contains(BB) && BB != NewExit;
  };
  auto AfterLoop = [&](Use &U) {
    auto *BB = cast<Instruction>(U.getUser())->getParent();
    return !NewLoop.contains(BB) && !InPre.contains(BB);
  };
  // Header phis and pre values: the pending iteration's at the trip's end,
  // which a leaving lane keeps.
  for (auto &[V, P] : End)
    V->replaceUsesWithIf(P, AfterLoop);
  for (Instruction *Out : LiveOut) {
    Value *Last = nullptr;
    if (PHINode *Carrier = CarriedOut.lookup(Out)) {
      Last = End[Carrier];
    } else {
      Constant *Unread = getUnreadValue(Out->getType());
      PHINode *L1 = createPhi(Half2, Out->getType(), Out->getName() + ".last");
      L1->addIncoming(Unread, NewHeader);
      // Speculated: the half's value, which only a leaving lane reads.
      if (!Speculate)
        L1->addIncoming(Out, S.Latch);
      L1->addIncoming(Speculate ? static_cast<Value *>(Out) : Unread, PreEnd1);
      PHINode *L2 =
          createPhi(NewLatch, Out->getType(), Out->getName() + ".last");
      L2->addIncoming(L1, Half2);
      if (!Speculate)
        L2->addIncoming(in(H2, Out), Latch2);
      L2->addIncoming(Speculate ? in(H2, Out) : static_cast<Value *>(Unread),
                      PreEnd2);
      Last = L2;
    }
    Out->replaceUsesWithIf(Last, After);
  }
}

/// Ends half H's post (Latch, its copy of the original latch): to the
/// next pre, or, where the lane leaves, to Next (not speculated); to the
/// next pre alone, with the exit test kept for what it picks (speculated).
void AdvanceHalver::endHalf(Half H, BasicBlock *Latch, BasicBlock *Next) {
  BasicBlock *Pre = (H == H1 ? Pre1 : Pre2).front();
  auto *LatchBr = cast<BranchInst>(Latch->getTerminator());
  bool ExitFirst = LatchBr->getSuccessor(0) == S.Exit;
  Value *Test = LatchBr->getCondition();
  LatchBr->eraseFromParent();
  if (!Speculate) {
    BranchInst::Create(ExitFirst ? Next : Pre, ExitFirst ? Pre : Next, Test,
                       Latch);
    return;
  }
  IRBuilder<> B(Latch);
  ExitNow[H] = ExitFirst ? Test : B.CreateNot(Test, "delay.leaves");
  B.CreateBr(Pre);
}

/// speculate-pre: pre is the header alone (no branch inside it to run on
/// a leaving lane's values) and runs nothing that may trap or touch
/// memory.
static bool canSpeculatePre(const DelayShape &S) {
  if (S.PreBlocks.size() != 1)
    return false;
  return all_of(*S.PreBlocks.front(), [&](Instruction &I) {
    return I.isTerminator() || isa<PHINode>(I) ||
           (!I.mayReadOrWriteMemory() && isSafeToSpeculativelyExecute(&I));
  });
}

static bool speculates(HalvesVariant V) {
  return V == HalvesVariant::SpeculateFlag || V == HalvesVariant::SpeculatePre;
}

bool speculatesHalvedPre(const DelayShape &S) {
  return speculates(Variant) && canSpeculatePre(S);
}

bool AdvanceHalver::readAfterLoop(Value *V) const {
  return ReadAfterLoop.contains(V);
}

/// Whether a lane leaving the loop carries header phi I's next value out:
/// the phi carries a post value read after the loop (CarriedOut), or the
/// recomputed exit test reads its next value (NextOnExit).
bool AdvanceHalver::carriesOut(size_t I) const {
  PHINode *P = HeaderPhis[I];
  return CarriedOut.lookup(LatchValues[I]) == P || NextOnExit.contains(P);
}

/// The incoming values of the phis that end half H when its next pre ran
/// for every lane that ran the half: a leaving lane keeps its state where
/// someone reads it (after the loop, or the condition that keeps it out
/// of half 2), and takes the next otherwise.
void AdvanceHalver::addSpeculatedEntries(Half H, BasicBlock *Skip,
                                         BasicBlock *PreEnd, Value *ExitNow) {
  ValueToValueMapTy &PreMap = H == H1 ? PreMap1 : PreMap2;
  for (BasicBlock *BB : H == H1 ? Pre1 : Pre2)
    for (Instruction &I : *BB)
      I.dropPoisonGeneratingAnnotations();
  DenseMap<Value *, PHINode *> &Out = H == H1 ? Top[H2] : End;
  IRBuilder<> B(PreEnd->getTerminator());
  auto Pick = [&](Value *V, Value *Cur, Value *Next, bool CarriesOut) {
    if (CarriesOut || (!readAfterLoop(V) && !(H == H1 && V == Cond)))
      return Next;
    return B.CreateSelect(ExitNow, Cur, Next, V->getName() + ".kept");
  };
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *P = HeaderPhis[I];
    Value *Cur = Top[H][P], *Next = in(H, LatchValues[I]);
    Out[P]->addIncoming(Cur, Skip);
    Out[P]->addIncoming(Pick(P, Cur, Next, carriesOut(I)), PreEnd);
  }
  for (Instruction *V : PreValues) {
    Out[V]->addIncoming(Top[H][V], Skip);
    Out[V]->addIncoming(Pick(V, Top[H][V], PreMap[V], false), PreEnd);
  }
}

/// recompute-exit: whether the exit test reads only loop-invariant values
/// and next values of header phis that nothing after the loop reads (nor
/// the branch, whose condition keeps a leaving lane out of half 2). Then
/// at the trip's end every lane holds the next values its last iteration
/// tested, a leaving lane's included, and the test gives the same answer
/// again: no flag to carry through the halves.
bool AdvanceHalver::planRecomputedExit() {
  DenseMap<Value *, PHINode *> NextOf;
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *P = HeaderPhis[I];
    if (P != Cond && all_of(P->users(), [&](User *U) {
          return InLoop.contains(cast<Instruction>(U)->getParent());
        }))
      NextOf.try_emplace(LatchValues[I], P);
  }
  std::function<bool(Value *)> Visit = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || !InLoop.contains(I->getParent()))
      return true;
    if (PHINode *P = NextOf.lookup(I)) {
      ExitReads[I] = P;
      return true;
    }
    if (is_contained(ExitTest, I))
      return true;
    if (!InPost.contains(I->getParent()) || isa<PHINode>(I) ||
        I->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(I) ||
        ExitTest.size() == MaxRecomputedInsts)
      return false;
    if (!all_of(I->operands(), Visit))
      return false;
    ExitTest.push_back(I);
    return true;
  };
  auto *LatchBr = cast<BranchInst>(S.Latch->getTerminator());
  auto *Test = dyn_cast<Instruction>(LatchBr->getCondition());
  if (!Test || !InPost.contains(Test->getParent()) || !Visit(Test)) {
    ExitTest.clear();
    ExitReads.clear();
    return false;
  }
  for (auto &[V, P] : ExitReads)
    NextOnExit.insert(P);
  ExitCond = Test;
  ExitsOnTrue = LatchBr->getSuccessor(0) == S.Exit;
  return true;
}

/// The exit test again, at the trip's end, on the values the lanes carry
/// there: the original test's value for a lane's last iteration.
Value *AdvanceHalver::recomputeExit(IRBuilder<> &B) {
  ValueToValueMapTy Map;
  for (auto &[V, P] : ExitReads) {
    // The test sits in half 1's post, which reads a pre value as the
    // pending iteration's copy (rewriteArmUses): at the trip's end a lane
    // holds the value its last iteration computed, in either half.
    Map[V] = End[P];
    Map[in(H1, V)] = End[P];
  }
  for (Instruction *I : ExitTest) {
    Instruction *C = I->clone();
    B.Insert(C, I->getName() + ".end");
    RemapInstruction(C, Map, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    Map[I] = C;
  }
  ++NumRecomputedExits;
  return Map[ExitCond];
}

void AdvanceHalver::run() {
  collectValues();
  Speculate = speculatesHalvedPre(S);
  if ((Variant == HalvesVariant::RecomputeExit ||
       Variant == HalvesVariant::SpeculatePre) &&
      !planRecomputedExit())
    LLVM_DEBUG(dbgs() << "recompute-exit: the exit test reads more than "
                         "carried next values; the exit flag instead\n");
  createBlocks();
  clonePost();
  clonePre(H1);
  clonePre(H2);
  rewriteArmUses();
  buildHeader();
  buildHalf2();
  buildLatch();
  replaceLiveOuts();
  ++NumHalved;
}

void halveAdvance(const DelayShape &S) {
  assert(canHalveAdvance(S) && "the loop cannot take the two-halves form");
  AdvanceHalver(S).run();
}

} // namespace divopt
