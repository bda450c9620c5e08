//===- DelayedLoop.cpp - Rewrite a loop to vote one arm per trip ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DelayedLoop.h"
#include "analysis/DivergentBranch.h"
#include "analysis/InstructionCost.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace divopt {

/// Trips assumed for an inner loop whose trip count is not a constant.
static constexpr unsigned DefaultInnerTrips = 8;

static Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// Issue cost of a region, inner loops weighted by their trip counts.
static double regionCost(ArrayRef<BasicBlock *> Blocks, const Loop &Outer,
                         const LoopInfo &LI, ScalarEvolution &SE, unsigned CC) {
  double Cost = 0;
  for (BasicBlock *BB : Blocks) {
    double Weight = 1;
    for (Loop *In = LI.getLoopFor(BB); In && In != &Outer;
         In = In->getParentLoop()) {
      unsigned Trips = SE.getSmallConstantTripCount(In);
      Weight *= Trips ? Trips : DefaultInnerTrips;
    }
    Cost += Weight * getBlockCost(*BB, CC);
  }
  return Cost;
}

/// Blocks reachable from From without passing Stop (Stop included when
/// reached), within the loop; Bad is set when the walk leaves the loop or
/// comes back to Avoid.
static SmallVector<BasicBlock *, 8> walkRegion(BasicBlock *From,
                                               BasicBlock *Stop,
                                               BasicBlock *Avoid, const Loop &L,
                                               bool &Bad) {
  SmallVector<BasicBlock *, 8> Blocks{From};
  SmallPtrSet<BasicBlock *, 8> Seen{From};
  for (unsigned I = 0; I < Blocks.size(); ++I) {
    if (Blocks[I] == Stop)
      continue;
    for (BasicBlock *S : successors(Blocks[I])) {
      if (!L.contains(S) || S == Avoid)
        Bad = true;
      else if (Seen.insert(S).second)
        Blocks.push_back(S);
    }
  }
  return Blocks;
}

Expected<DelayShape> getDelayShape(const DivergentBranch &DB,
                                   const LoopInfo &LI, ScalarEvolution &SE,
                                   unsigned CC) {
  const Loop *L = DB.L;
  if (!L)
    return refuse("the branch is not in a loop");
  if (DB.Blockers.any()) {
    std::string Why;
    raw_string_ostream OS(Why);
    OS << "the loop is not safe to restructure (";
    DB.Blockers.print(OS);
    OS << ")";
    return refuse(Why);
  }
  if (!DB.TopLevelInLoop)
    return refuse("the branch is not at the top level of its loop's body");
  if (DB.Kind == BranchKind::Switch)
    return refuse("switches are not delayed");
  DelayShape S;
  // Without a preheader the rewrite makes one.
  S.Preheader = L->getLoopPreheader();
  S.Header = L->getHeader();
  S.Latch = L->getLoopLatch();
  if (!S.Latch)
    return refuse("the loop has several latches");
  if (L->getExitingBlock() != S.Latch)
    return refuse("the loop is left from elsewhere than its latch "
                  "(break or return in the body)");
  auto *LatchBr = dyn_cast<BranchInst>(S.Latch->getTerminator());
  if (!LatchBr || !LatchBr->isConditional() || S.Latch == S.Header)
    return refuse("the loop's latch does not end in a conditional branch");
  S.Exit = L->contains(LatchBr->getSuccessor(0)) ? LatchBr->getSuccessor(1)
                                                 : LatchBr->getSuccessor(0);
  S.Branch = cast<BranchInst>(DB.Term);
  S.Then = S.Branch->getSuccessor(0);
  S.Else = S.Branch->getSuccessor(1);
  S.Join = DB.Join;
  for (const ArmRegion &A : DB.Arms)
    if (!A.IsSESE)
      return refuse("an arm is not a single-entry, single-exit region");

  // The code before the branch: every block the header reaches before the
  // branch; all of it must lead to the branch, none may leave the loop.
  bool Bad = false;
  BasicBlock *BranchBB = S.Branch->getParent();
  SmallVector<BasicBlock *, 8> PreWalk =
      walkRegion(S.Header, BranchBB, S.Header, *L, Bad);
  S.PreBlocks.assign(PreWalk.begin(), PreWalk.end());
  SmallPtrSet<BasicBlock *, 16> Pre(S.PreBlocks.begin(), S.PreBlocks.end());
  SmallPtrSet<BasicBlock *, 16> Arms;
  for (const ArmRegion &A : DB.Arms)
    Arms.insert(A.Blocks.begin(), A.Blocks.end());
  if (Bad || any_of(S.PreBlocks, [&](BasicBlock *BB) {
        return Arms.contains(BB) || BB == S.Join ||
               (BB != S.Header && any_of(predecessors(BB), [&](BasicBlock *P) {
                  return !Pre.contains(P);
                }));
      }))
    return refuse("the code before the branch can bypass it or be entered "
                  "from elsewhere");
  // The code after it: the rest of the loop, entered only at the join.
  SmallVector<BasicBlock *, 8> Post;
  for (BasicBlock *BB : L->blocks())
    if (!Pre.contains(BB) && !Arms.contains(BB))
      Post.push_back(BB);
  for (BasicBlock *BB : Post)
    for (BasicBlock *P : predecessors(BB))
      if (BB != S.Join && !is_contained(Post, P))
        return refuse("the code after the branch is entered from elsewhere "
                      "than the join");
  if (!is_contained(Post, S.Latch) || !is_contained(Post, S.Join))
    return refuse("the branch's join is not in the loop body");
  S.LoopBlocks.assign(L->block_begin(), L->block_end());

  S.PreCost = regionCost(S.PreBlocks, *L, LI, SE, CC);
  S.PostCost = regionCost(Post, *L, LI, SE, CC);
  for (const ArmRegion &A : DB.Arms)
    (A.Entry == S.Then ? S.ThenCost : S.ElseCost) =
        regionCost(A.Blocks, *L, LI, SE, CC);
  return S;
}

DelayShape mapShape(const DelayShape &S, ValueToValueMapTy &VMap) {
  auto Map = [&](BasicBlock *BB) {
    return BB ? cast<BasicBlock>(VMap[BB]) : nullptr;
  };
  DelayShape M = S;
  M.Preheader = Map(S.Preheader);
  M.Header = Map(S.Header);
  M.Latch = Map(S.Latch);
  M.Join = Map(S.Join);
  M.Then = Map(S.Then);
  M.Else = Map(S.Else);
  // The exit is outside the loop but inside the function: cloned too.
  M.Exit = Map(S.Exit);
  M.Branch = cast<BranchInst>(VMap[S.Branch]);
  for (BasicBlock *&BB : M.LoopBlocks)
    BB = Map(BB);
  for (BasicBlock *&BB : M.PreBlocks)
    BB = Map(BB);
  return M;
}

double getVoteOverhead(DelayVote V, bool IdleRemoval, unsigned CC) {
  // Measured, not counted: the vote and bookkeeping instructions are
  // independent of the arms' dependent chains and issue in their latency
  // shadow, so they cost far less than their issue slots. Fitted to
  // SYN-ITDELAY on an H200 (bench/results/2026-11-22-h200-*.md: the
  // forced strategies' speedups at N = 4..256, f = 0.5), in FP32 issue
  // slots of sm_90, scaled for other targets by the integer ALU's cost.
  double Scale = getOpClassCost(OpClass::IntALU, CC) / 2.0;
  if (V == DelayVote::Majority)
    return 12.0 * Scale;
  return (IdleRemoval ? 14.0 : 8.0) * Scale;
}

namespace {

class LoopDelayer {
public:
  LoopDelayer(const DelayShape &S, DelayVote V,
              const IterationDelayOptions &Opts)
      : S(S), V(V), Opts(Opts), Ctx(S.Header->getContext()),
        F(S.Header->getParent()), I1(Type::getInt1Ty(Ctx)),
        I32(Type::getInt32Ty(Ctx)) {}

  void run();

private:
  void createBlocks();
  void collectValues();
  void buildHeader();
  void buildVote();
  Value *buildMajority(IRBuilder<> &B, Value *Taken, Value *Live);
  Value *buildRoundRobin(IRBuilder<> &B, Value *Taken, Value *Live);
  void buildGates();
  void buildLatch();
  Value *inLoop(Value *V) const;

  void ensurePreheader();

  /// A copy: ensurePreheader() may fill in the preheader.
  DelayShape S;
  DelayVote V;
  const IterationDelayOptions &Opts;
  LLVMContext &Ctx;
  Function *F;
  Type *I1, *I32;

  BasicBlock *NewHeader = nullptr, *Vote = nullptr, *ThenGate = nullptr,
             *ElseGate = nullptr, *Wait = nullptr, *NewLatch = nullptr,
             *NewExit = nullptr;
  SmallPtrSet<BasicBlock *, 16> InLoop, InPre;
  BasicBlock *BranchBB = nullptr;
  Value *Mask = nullptr;
  /// Original header phis and their values from the latch.
  SmallVector<PHINode *, 8> HeaderPhis;
  SmallVector<Value *, 8> LatchValues;
  /// Header phi -> state phi in delay.header.
  DenseMap<Value *, PHINode *> State;
  /// Pre-branch value -> (carried phi in delay.header, merge in delay.vote).
  SetVector<Instruction *> PreValues;
  DenseMap<Value *, PHINode *> PreCarry, PreMerged;
  /// Loop values used after the loop (header phis and pre-branch values
  /// are looked up through inLoop(), as they are replaced on the way).
  SetVector<Value *> LiveOut;
  PHINode *Pending = nullptr, *Done = nullptr;
  Value *PendingNow = nullptr, *Cond = nullptr;
  Value *ExitTaken = nullptr;
  /// Vote state: (phi in delay.header, next value from delay.vote).
  SmallVector<std::pair<PHINode *, Value *>, 4> VoteState;
};

} // namespace

void LoopDelayer::createBlocks() {
  NewHeader = BasicBlock::Create(Ctx, "delay.header", F, S.Header);
  BranchBB = S.Branch->getParent();
  Vote = BasicBlock::Create(Ctx, "delay.vote", F, BranchBB->getNextNode());
  ThenGate = BasicBlock::Create(Ctx, "delay.then.gate", F, Vote->getNextNode());
  ElseGate =
      BasicBlock::Create(Ctx, "delay.else.gate", F, ThenGate->getNextNode());
  Wait = BasicBlock::Create(Ctx, "delay.wait", F, S.Latch->getNextNode());
  NewLatch = BasicBlock::Create(Ctx, "delay.latch", F, Wait->getNextNode());
  NewExit = BasicBlock::Create(Ctx, "delay.exit", F, NewLatch->getNextNode());
}

void LoopDelayer::collectValues() {
  InLoop.insert(S.LoopBlocks.begin(), S.LoopBlocks.end());
  InPre.insert(S.PreBlocks.begin(), S.PreBlocks.end());
  for (PHINode &P : S.Header->phis()) {
    HeaderPhis.push_back(&P);
    LatchValues.push_back(P.getIncomingValueForBlock(S.Latch));
  }
  // Pre-branch values: what the pre-branch region computes, but for the
  // header's phis, which become the state.
  auto IsPre = [&](Value *Val) {
    auto *I = dyn_cast<Instruction>(Val);
    return I && InPre.contains(I->getParent()) &&
           !(isa<PHINode>(I) && I->getParent() == S.Header);
  };
  for (BasicBlock *BB : S.PreBlocks)
    for (Instruction &I : *BB) {
      if (!IsPre(&I) || I.isTerminator())
        continue;
      if (any_of(I.users(), [&](User *U) {
            return !InPre.contains(cast<Instruction>(U)->getParent());
          }))
        PreValues.insert(&I);
    }
  // Values the next iteration reads, and the condition, are carried too.
  for (Value *LV : LatchValues)
    if (IsPre(LV))
      PreValues.insert(cast<Instruction>(LV));
  if (IsPre(S.Branch->getCondition()))
    PreValues.insert(cast<Instruction>(S.Branch->getCondition()));

  for (BasicBlock *BB : S.LoopBlocks)
    for (Instruction &I : *BB)
      if (any_of(I.users(), [&](User *U) {
            return !InLoop.contains(cast<Instruction>(U)->getParent());
          }))
        LiveOut.insert(&I);
}

/// The in-loop value that stands for V after the rewrite.
Value *LoopDelayer::inLoop(Value *Val) const {
  if (auto It = State.find(Val); It != State.end())
    return It->second;
  if (auto It = PreMerged.find(Val); It != PreMerged.end())
    return It->second;
  return Val;
}

void LoopDelayer::buildHeader() {
  IRBuilder<> B(NewHeader);
  for (PHINode *P : HeaderPhis) {
    PHINode *St = B.CreatePHI(P->getType(), 2, P->getName() + ".state");
    St->addIncoming(P->getIncomingValueForBlock(S.Preheader), S.Preheader);
    State[P] = St;
  }
  for (Instruction *I : PreValues) {
    PHINode *C = B.CreatePHI(I->getType(), 2, I->getName() + ".carried");
    C->addIncoming(PoisonValue::get(I->getType()), S.Preheader);
    PreCarry[I] = C;
  }
  Pending = B.CreatePHI(I1, 2, "delay.pending");
  Pending->addIncoming(B.getFalse(), S.Preheader);
  Done = B.CreatePHI(I1, 2, "delay.done");
  Done->addIncoming(B.getFalse(), S.Preheader);
  Value *Need =
      B.CreateAnd(B.CreateNot(Pending), B.CreateNot(Done), "delay.need.pre");
  BranchInst *Br = B.CreateCondBr(Need, S.Header, Vote);
  // Marks the loop as delayed: its gates are not candidates again.
  Br->setMetadata("divopt.delayed", MDNode::get(Ctx, {}));

  // The preheader enters the new header and captures the lanes that run
  // the loop: every vote is among them.
  Instruction *PHTerm = S.Preheader->getTerminator();
  PHTerm->replaceSuccessorWith(S.Header, NewHeader);
  IRBuilder<> PB(PHTerm);
  Mask = PB.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}, nullptr,
                            "delay.mask");

  // The old header now runs the pre-branch code only, for lanes that start
  // a new iteration, reading their state.
  for (PHINode *P : HeaderPhis) {
    P->replaceAllUsesWith(State[P]);
    P->eraseFromParent();
  }
}

void LoopDelayer::buildVote() {
  IRBuilder<> B(Vote);
  for (Instruction *I : PreValues) {
    PHINode *M = B.CreatePHI(I->getType(), 2, I->getName() + ".pending");
    M->addIncoming(I, BranchBB);
    M->addIncoming(PreCarry[I], NewHeader);
    PreMerged[I] = M;
    I->replaceUsesWithIf(M, [&](Use &U) {
      auto *User = cast<Instruction>(U.getUser());
      return !InPre.contains(User->getParent()) && User != M;
    });
  }
  Cond = inLoop(S.Branch->getCondition());
  S.Branch->eraseFromParent();
  BranchInst::Create(Vote, BranchBB);

  PendingNow = B.CreateNot(Done, "delay.live");
  Value *Want = B.CreateAnd(PendingNow, Cond, "delay.want.then");
  Value *Taken = B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                                   {Mask, Want}, nullptr, "delay.taken");
  Value *Live = B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                                  {Mask, PendingNow}, nullptr, "delay.lanes");
  Value *D = V == DelayVote::Majority ? buildMajority(B, Taken, Live)
                                      : buildRoundRobin(B, Taken, Live);
  B.CreateCondBr(D, ThenGate, ElseGate);
}

Value *LoopDelayer::buildMajority(IRBuilder<> &B, Value *Taken, Value *Live) {
  IRBuilder<> HB(NewHeader, NewHeader->getFirstNonPHIIt());
  PHINode *Streak = HB.CreatePHI(I32, 2, "delay.streak");
  PHINode *Prev = HB.CreatePHI(I1, 2, "delay.prev");
  Value *NT = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Taken);
  Value *NL = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Live);
  // Relative to live lanes: popc(taken) * 32 >= threshold * popc(live).
  // With 0 < threshold <= 32 the side chosen always has a lane.
  Value *D0 = B.CreateICmpUGE(B.CreateMul(NT, B.getInt32(32)),
                              B.CreateMul(NL, B.getInt32(Opts.Threshold)),
                              "delay.majority");
  Value *WaitElse = B.CreateICmpNE(NT, NL);
  Value *WaitThen = B.CreateICmpNE(NT, B.getInt32(0));
  Value *OtherWaits = B.CreateSelect(D0, WaitElse, WaitThen);
  Value *Same = B.CreateAnd(B.CreateICmpEQ(D0, Prev), OtherWaits);
  Value *Streak1 =
      B.CreateSelect(Same, B.CreateAdd(Streak, B.getInt32(1)),
                     B.CreateZExt(OtherWaits, I32), "delay.streak.now");
  // Anti-starvation: a side left waiting MaxDelay trips in a row gets the
  // next one.
  Value *Flip = B.CreateICmpUGT(Streak1, B.getInt32(Opts.MaxDelay));
  Value *D = B.CreateXor(D0, Flip, "delay.dir");
  Streak->addIncoming(B.getInt32(0), S.Preheader);
  Prev->addIncoming(B.getFalse(), S.Preheader);
  VoteState.push_back({Streak, B.CreateSelect(Flip, B.getInt32(0), Streak1)});
  VoteState.push_back({Prev, D});
  return D;
}

Value *LoopDelayer::buildRoundRobin(IRBuilder<> &B, Value *Taken, Value *Live) {
  IRBuilder<> HB(NewHeader, NewHeader->getFirstNonPHIIt());
  PHINode *Phase = HB.CreatePHI(I32, 2, "delay.phase");
  Phase->addIncoming(B.getInt32(0), S.Preheader);
  unsigned Period = Opts.Ones + Opts.Zeros;
  // The else-arm has the first Zeros trips of each period, the then-arm the
  // rest.
  Value *D = B.CreateICmpUGE(Phase, B.getInt32(Opts.Zeros), "delay.turn");
  if (Opts.IdleRemoval) {
    Value *AnyThen = B.CreateICmpNE(Taken, B.getInt32(0));
    Value *AnyElse =
        B.CreateICmpNE(B.CreateAnd(Live, B.CreateNot(Taken)), B.getInt32(0));
    D = B.CreateSelect(D, AnyThen, B.CreateNot(AnyElse), "delay.dir");
  }
  Value *Next = B.CreateAdd(Phase, B.getInt32(1));
  Value *Wrap = B.CreateICmpEQ(Next, B.getInt32(Period));
  VoteState.push_back(
      {Phase, B.CreateSelect(Wrap, B.getInt32(0), Next, "delay.phase.next")});
  return D;
}

void LoopDelayer::buildGates() {
  IRBuilder<> TB(ThenGate);
  TB.CreateCondBr(TB.CreateAnd(PendingNow, Cond, "delay.run.then"), S.Then,
                  Wait);
  IRBuilder<> EB(ElseGate);
  EB.CreateCondBr(
      EB.CreateAnd(PendingNow, EB.CreateNot(Cond), "delay.run.else"), S.Else,
      Wait);
  // The arms (or, for an if-only branch, the join) were entered from the
  // header; now from the gates.
  S.Then->replacePhiUsesWith(BranchBB, ThenGate);
  S.Else->replacePhiUsesWith(BranchBB, ElseGate);
  BranchInst::Create(NewLatch, Wait);
}

void LoopDelayer::buildLatch() {
  auto *LatchBr = cast<BranchInst>(S.Latch->getTerminator());
  IRBuilder<> LB(LatchBr);
  Value *ExitCond = LatchBr->getCondition();
  ExitTaken = LatchBr->getSuccessor(0) == S.Exit
                  ? ExitCond
                  : LB.CreateNot(ExitCond, "delay.exits");
  LatchBr->eraseFromParent();
  BranchInst::Create(NewLatch, S.Latch);

  IRBuilder<> B(NewLatch);
  // A lane that ran advances its state; a waiting lane keeps it.
  for (size_t I = 0; I < HeaderPhis.size(); ++I) {
    PHINode *St = State[HeaderPhis[I]];
    PHINode *Next = B.CreatePHI(St->getType(), 2, St->getName() + ".next");
    Next->addIncoming(inLoop(LatchValues[I]), S.Latch);
    Next->addIncoming(St, Wait);
    St->addIncoming(Next, NewLatch);
  }
  for (Instruction *I : PreValues)
    PreCarry[I]->addIncoming(PreMerged[I], NewLatch);
  PHINode *PendNext = B.CreatePHI(I1, 2, "delay.pending.next");
  PendNext->addIncoming(B.getFalse(), S.Latch);
  PendNext->addIncoming(PendingNow, Wait);
  Pending->addIncoming(PendNext, NewLatch);
  PHINode *DoneNext = B.CreatePHI(I1, 2, "delay.done.next");
  DoneNext->addIncoming(ExitTaken, S.Latch);
  DoneNext->addIncoming(Done, Wait);
  Done->addIncoming(DoneNext, NewLatch);
  for (auto &[Phi, Next] : VoteState)
    Phi->addIncoming(Next, NewLatch);

  // Values used after the loop: each lane keeps those of its last
  // iteration. By now a header phi is its state phi and a pre-branch value
  // its merge, so that is what the uses after the loop read.
  for (BasicBlock *BB : {NewHeader, Vote, ThenGate, ElseGate, Wait, NewLatch})
    InLoop.insert(BB);
  IRBuilder<> HB(NewHeader, NewHeader->getFirstNonPHIIt());
  for (Value *Out : LiveOut) {
    Value *Cur = inLoop(Out);
    Type *Ty = Cur->getType();
    PHINode *Kept = HB.CreatePHI(Ty, 2, Cur->getName() + ".kept");
    Kept->addIncoming(PoisonValue::get(Ty), S.Preheader);
    PHINode *Last = B.CreatePHI(Ty, 2, Cur->getName() + ".last");
    Last->addIncoming(Cur, S.Latch);
    Last->addIncoming(Kept, Wait);
    Kept->addIncoming(Last, NewLatch);
    Cur->replaceUsesWithIf(Last, [&](Use &U) {
      return !InLoop.contains(cast<Instruction>(U.getUser())->getParent());
    });
  }
  Value *AllDone = B.CreateIntrinsic(Intrinsic::nvvm_vote_all_sync, {},
                                     {Mask, DoneNext}, nullptr, "delay.all");
  B.CreateCondBr(AllDone, NewExit, NewHeader);
  BranchInst::Create(S.Exit, NewExit);
  S.Exit->replacePhiUsesWith(S.Latch, NewExit);
}

/// Gives the loop a single block that enters it, so the mask and the
/// initial state have one place to live.
void LoopDelayer::ensurePreheader() {
  if (S.Preheader)
    return;
  SmallVector<BasicBlock *, 4> Outside;
  for (BasicBlock *P : predecessors(S.Header))
    if (!is_contained(S.LoopBlocks, P) && !is_contained(Outside, P))
      Outside.push_back(P);
  BasicBlock *PH = BasicBlock::Create(Ctx, "delay.preheader", F, S.Header);
  for (PHINode &P : S.Header->phis()) {
    PHINode *In = PHINode::Create(P.getType(), Outside.size(),
                                  P.getName() + ".entry", PH);
    for (BasicBlock *O : Outside)
      In->addIncoming(P.getIncomingValueForBlock(O), O);
    P.removeIncomingValueIf([&](unsigned I) {
      return is_contained(Outside, P.getIncomingBlock(I));
    });
    P.addIncoming(In, PH);
  }
  BranchInst::Create(S.Header, PH);
  for (BasicBlock *O : Outside)
    O->getTerminator()->replaceSuccessorWith(S.Header, PH);
  S.Preheader = PH;
}

void LoopDelayer::run() {
  ensurePreheader();
  createBlocks();
  collectValues();
  buildHeader();
  buildVote();
  buildGates();
  buildLatch();
}

void delayLoop(const DelayShape &S, DelayVote V,
               const IterationDelayOptions &Opts) {
  LoopDelayer(S, V, Opts).run();
  // The function now votes across the warp: its callers must treat calls
  // to it as convergent (attribute inference ran before DivOpt and may have
  // dropped the attribute clang set).
  S.Header->getParent()->setConvergent();
}

} // namespace divopt
