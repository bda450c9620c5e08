//===- RotatedAdvance.cpp - Loop advance with the pre-code rotated --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RotatedAdvance.h"
#include "AdvanceCarried.h"
#include "DelayedLoop.h"
#include "UnreadValue.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace divopt {

bool canRotateAdvance(const DelayShape &S) {
  return isLeanAdvanceBranch(S) && !S.PreHasInnerLoop &&
         countInstructions(S.PreBlocks) <= MaxRotatedPreInsts;
}

namespace {

class AdvanceRotator {
public:
  explicit AdvanceRotator(const DelayShape &S)
      : S(S), Ctx(S.Header->getContext()), F(S.Header->getParent()),
        I1(Type::getInt1Ty(Ctx)) {}

  void run();

private:
  void collectValues();
  void createBlocks();
  void buildHeader();
  void clonePre();
  void rewriteUses();
  void buildGates();
  void buildLatch();
  void replaceLiveOuts();
  Value *inLoop(Value *V) const;

  const DelayShape &S;
  LLVMContext &Ctx;
  Function *F;
  Type *I1;

  BasicBlock *BranchBB = nullptr, *NewHeader = nullptr, *Dispatch = nullptr,
             *Wait = nullptr, *NewLatch = nullptr, *NewExit = nullptr;
  /// The copy of the pre blocks that runs the next iteration's pre, its
  /// entry and the block that ends it (the copy of the branch's block).
  SmallVector<BasicBlock *, 8> Rotated;
  BasicBlock *RotatedEntry = nullptr, *RotatedEnd = nullptr;
  SmallPtrSet<BasicBlock *, 16> InPre, InLoop;
  /// Original header phis, their values from the latch, their state phis.
  SmallVector<PHINode *, 8> HeaderPhis;
  SmallVector<Value *, 8> LatchValues;
  DenseMap<Value *, PHINode *> State;
  /// Pre values read outside pre (the branch condition among them) and
  /// their phis in delay.header: this trip's iteration's values.
  SetVector<Instruction *> PreValues;
  DenseMap<Value *, PHINode *> Carried;
  SetVector<Instruction *> LiveOut;
  /// The state phis of delay.latch, by the latch value they take on the
  /// edges of lanes that ran: a value used after the loop that is one of
  /// them needs no phi of its own.
  DenseMap<Value *, PHINode *> NextOf;
  ValueToValueMapTy VMap;
  Value *ExitTaken = nullptr;
  PHINode *Turn = nullptr;
};

} // namespace

/// The value that stands for Val in this trip's iteration, once the header
/// phis and pre values have their phis in delay.header.
Value *AdvanceRotator::inLoop(Value *Val) const {
  if (auto It = State.find(Val); It != State.end())
    return It->second;
  if (auto It = Carried.find(Val); It != Carried.end())
    return It->second;
  return Val;
}

void AdvanceRotator::collectValues() {
  BranchBB = S.Branch->getParent();
  AdvanceCarried C = collectAdvanceCarried(S);
  InPre = std::move(C.InPre);
  InLoop = std::move(C.InLoop);
  HeaderPhis = std::move(C.HeaderPhis);
  LatchValues = std::move(C.LatchValues);
  PreValues = std::move(C.PreValues);
  collectReadAfterLoop(S.LoopBlocks, InLoop, LiveOut);
}

void AdvanceRotator::createBlocks() {
  NewHeader =
      BasicBlock::Create(Ctx, "delay.header", F, BranchBB->getNextNode());
  Dispatch =
      BasicBlock::Create(Ctx, "delay.dispatch", F, NewHeader->getNextNode());
  Wait = BasicBlock::Create(Ctx, "delay.wait", F, S.Latch->getNextNode());
  NewLatch = BasicBlock::Create(Ctx, "delay.latch", F, Wait->getNextNode());
  NewExit = BasicBlock::Create(Ctx, "delay.exit", F, NewLatch->getNextNode());
}

/// delay.header's phis take the first iteration's values from the original
/// pre blocks, which now run once, before the loop.
void AdvanceRotator::buildHeader() {
  IRBuilder<> B(NewHeader);
  for (PHINode *P : HeaderPhis) {
    P->removeIncomingValue(S.Latch, /*DeletePHIIfEmpty=*/false);
    PHINode *St = B.CreatePHI(P->getType(), 2, P->getName() + ".state");
    St->addIncoming(P, BranchBB);
    State[P] = St;
  }
  for (Instruction *I : PreValues) {
    PHINode *C = B.CreatePHI(I->getType(), 2, I->getName() + ".carried");
    C->addIncoming(I, BranchBB);
    Carried[I] = C;
  }
  Turn = B.CreatePHI(I1, 2, "delay.turn");
  Turn->addIncoming(B.getTrue(), BranchBB);
}

/// The next iteration's pre: a copy of the pre blocks whose header phis
/// read what this iteration leaves for the next.
void AdvanceRotator::clonePre() {
  RotatedEnd = cloneNextPre(
      S, HeaderPhis, LatchValues, [&](Value *V) { return inLoop(V); }, NewLatch,
      ".rot", VMap, Rotated);
  RotatedEntry = cast<BasicBlock>(VMap[S.Header]);
}

/// Past the first iteration's pre, a header phi is its state and a pre
/// value its carried phi: in the arms, the post, and after the loop.
void AdvanceRotator::rewriteUses() {
  auto OutsidePre = [&](Use &U) {
    auto *User = cast<Instruction>(U.getUser());
    return !InPre.contains(User->getParent()) &&
           !is_contained(Rotated, User->getParent()) &&
           User->getParent() != NewHeader;
  };
  for (PHINode *P : HeaderPhis)
    P->replaceUsesWithIf(State[P], OutsidePre);
  for (Instruction *I : PreValues)
    I->replaceUsesWithIf(Carried[I], OutsidePre);
}

void AdvanceRotator::buildGates() {
  Value *Cond = inLoop(cast<BranchInst>(S.Branch)->getCondition());
  S.Branch->eraseFromParent();
  BranchInst::Create(NewHeader, BranchBB);
  IRBuilder<> B(NewHeader);
  Turn->addIncoming(B.CreateNot(Turn, "delay.turn.next"), NewLatch);
  // The trip runs the lanes whose way is its turn's. Comparing the two
  // (rather than a gate per turn that branches on the condition) keeps the
  // condition unknown on the waiting lanes' edges, so code generation
  // cannot rewrite the carried condition there into a constant, which
  // costs a predicate move per trip and a copy of the condition.
  Value *Run = B.CreateICmpEQ(Cond, Turn, "delay.run");
  BranchInst *Br = B.CreateCondBr(Run, Dispatch, Wait);
  // Marks the loop as delayed: its gates are not candidates again.
  Br->setMetadata("divopt.delayed", MDNode::get(Ctx, {}));
  // Every lane that reaches the dispatch takes the turn's way.
  BranchInst::Create(S.Then, S.Else, Cond, Dispatch);
  S.Then->replacePhiUsesWith(BranchBB, Dispatch);
  S.Else->replacePhiUsesWith(BranchBB, Dispatch);
  BranchInst::Create(NewLatch, Wait);
}

void AdvanceRotator::buildLatch() {
  // A lane that ran its last iteration goes straight to delay.latch and
  // leaves from there; one that goes on runs its next iteration's pre.
  auto *LatchBr = cast<BranchInst>(S.Latch->getTerminator());
  Value *ExitCond = LatchBr->getCondition();
  bool ExitFirst = LatchBr->getSuccessor(0) == S.Exit;
  LatchBr->eraseFromParent();
  BranchInst::Create(ExitFirst ? NewLatch : RotatedEntry,
                     ExitFirst ? RotatedEntry : NewLatch, ExitCond, S.Latch);

  IRBuilder<> B(NewLatch);
  // The state advances where the lane ran and goes on. A leaving lane
  // keeps it, as a waiting one does (on that edge the copy would be a
  // move per trip for a value no one reads), but where the loop's users
  // read what the last iteration left for the next: then this phi is what
  // they read.
  SmallPtrSet<Value *, 8> ReadAfter(LiveOut.begin(), LiveOut.end());
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *St = State[HeaderPhis[I]];
    Value *Next = inLoop(LatchValues[I]);
    bool Read = ReadAfter.contains(Next) && !NextOf.count(Next);
    PHINode *P = B.CreatePHI(St->getType(), 3, St->getName() + ".next");
    P->addIncoming(Read ? Next : St, S.Latch);
    P->addIncoming(Next, RotatedEnd);
    P->addIncoming(St, Wait);
    St->addIncoming(P, NewLatch);
    if (Read)
      NextOf[Next] = P;
  }
  // Pre values: the next iteration's where the lane goes on; a leaving or
  // waiting lane keeps this trip's.
  for (Instruction *I : PreValues) {
    PHINode *C = Carried[I];
    PHINode *P = B.CreatePHI(C->getType(), 3, C->getName() + ".next");
    P->addIncoming(C, S.Latch);
    P->addIncoming(VMap[I], RotatedEnd);
    P->addIncoming(C, Wait);
    C->addIncoming(P, NewLatch);
  }
  PHINode *Exits = B.CreatePHI(I1, 3, "delay.exits.now");
  Exits->addIncoming(B.getTrue(), S.Latch);
  Exits->addIncoming(B.getFalse(), RotatedEnd);
  Exits->addIncoming(B.getFalse(), Wait);
  B.CreateCondBr(Exits, NewExit, NewHeader);
  BranchInst::Create(S.Exit, NewExit);
  S.Exit->replacePhiUsesWith(S.Latch, NewExit);
}

/// Values used after the loop are the lane's last iteration's.
void AdvanceRotator::replaceLiveOuts() {
  SmallPtrSet<BasicBlock *, 32> NewLoop(InLoop.begin(), InLoop.end());
  NewLoop.insert(Rotated.begin(), Rotated.end());
  NewLoop.insert({NewHeader, Dispatch, Wait, NewLatch});
  auto Outside = [&](Use &U) {
    return !NewLoop.contains(cast<Instruction>(U.getUser())->getParent());
  };
  for (Instruction *Out : LiveOut) {
    // Header phis and pre values were replaced by theirs (rewriteUses),
    // which delay.header makes available after the loop.
    if (State.count(Out) || Carried.count(Out))
      continue;
    Value *Last = NextOf.lookup(Out);
    if (!Last) {
      IRBuilder<> B(NewLatch, NewLatch->getFirstNonPHIIt());
      PHINode *P = B.CreatePHI(Out->getType(), 3, Out->getName() + ".last");
      P->addIncoming(Out, S.Latch);
      P->addIncoming(getUnreadValue(Out->getType()), RotatedEnd);
      P->addIncoming(getUnreadValue(Out->getType()), Wait);
      Last = P;
    }
    Out->replaceUsesWithIf(Last, Outside);
  }
}

void AdvanceRotator::run() {
  collectValues();
  createBlocks();
  buildHeader();
  clonePre();
  rewriteUses();
  buildGates();
  buildLatch();
  replaceLiveOuts();
}

void rotateAdvance(const DelayShape &S) {
  assert(canRotateAdvance(S) && "the loop cannot take the rotated form");
  AdvanceRotator(S).run();
}

} // namespace divopt
