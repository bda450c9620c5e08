//===- DelayedLoop.cpp - Rewrite a loop to vote one arm per trip ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DelayedLoop.h"
#include "BranchLocations.h"
#include "HalvedAdvance.h"
#include "RotatedAdvance.h"
#include "UnreadValue.h"
#include "analysis/CostModel.h"
#include "analysis/DivergentBranch.h"
#include "analysis/InstructionCost.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace divopt {

/// Most cases of a delayed switch: each is a compare per trip.
static constexpr unsigned MaxSwitchCases = 64;

static Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// Issue cost of a region, inner loops weighted by their trip counts and
/// each block by its Reach from Head.
static double regionCost(ArrayRef<BasicBlock *> Blocks, const Loop &Outer,
                         const LoopInfo &LI, ScalarEvolution &SE, unsigned CC,
                         BlockReach Reach, const BasicBlock &Head) {
  double Cost = 0;
  for (BasicBlock *BB : Blocks)
    Cost += getTripWeight(*BB, &Outer, LI, SE) * getBlockCost(*BB, CC) *
            (Reach ? Reach(*BB, Head) : 1.0);
  return Cost;
}

/// Blocks reachable from From without passing Stop (Stop included when
/// reached) or entering Skip (not included), within the loop; Bad is set
/// when the walk leaves the loop or comes back to Avoid.
static SmallVector<BasicBlock *, 8>
walkRegion(BasicBlock *From, BasicBlock *Stop, BasicBlock *Avoid, const Loop &L,
           bool &Bad, BasicBlock *Skip = nullptr) {
  SmallVector<BasicBlock *, 8> Blocks{From};
  SmallPtrSet<BasicBlock *, 8> Seen{From};
  for (unsigned I = 0; I < Blocks.size(); ++I) {
    if (Blocks[I] == Stop)
      continue;
    for (BasicBlock *S : successors(Blocks[I])) {
      if (S == Skip)
        continue;
      if (!L.contains(S) || S == Avoid)
        Bad = true;
      else if (Seen.insert(S).second)
        Blocks.push_back(S);
    }
  }
  return Blocks;
}

/// Whether Guard can fold into the vote of DB's loop: a conditional
/// branch at the top level of the loop, one way straight to its join, the
/// other way holding DB; the error says why not.
static Error checkGuard(const DivergentBranch &DB,
                        const DivergentBranch &Guard) {
  auto *Br = dyn_cast<BranchInst>(Guard.Term);
  if (!Br || !Br->isConditional() || Guard.Kind != BranchKind::IfOnly ||
      Guard.Arms.size() != 1 || !Guard.Join)
    return refuse("the guard around the branch is not an if-only branch");
  if (!Guard.TopLevelInLoop || Guard.L != DB.L)
    return refuse("the guard around the branch is not at the top level of "
                  "the loop's body");
  if (!Guard.Arms[0].IsSESE || !Guard.Arms[0].contains(DB.getBlock()) ||
      !DB.Join || (DB.Join != Guard.Join && !Guard.Arms[0].contains(DB.Join)))
    return refuse("the branch and its join are not inside the guard's "
                  "single-entry, single-exit arm");
  if (isa<SwitchInst>(DB.Term))
    return refuse("a guarded switch is not delayed");
  return Error::success();
}

/// DelayLoop's blocks, without the cost.
static DelayLoop getLoopFacts(const Loop &L) {
  DelayLoop D;
  D.L = &L;
  D.Preheader = L.getLoopPreheader();
  D.Latch = L.getLoopLatch();
  D.Exiting = L.getExitingBlock();
  return D;
}

DelayLoop DelayLoop::get(const Loop &L, const LoopInfo &LI, ScalarEvolution &SE,
                         unsigned CC, BlockReach Reach) {
  DelayLoop D = getLoopFacts(L);
  D.Cost = regionCost(SmallVector<BasicBlock *, 16>(L.blocks()), L, LI, SE, CC,
                      Reach, *L.getHeader());
  return D;
}

/// getDelayShape's checks of the branch, its guard and its arms, and the
/// arms' costs; the loop's facts come from DL.
static Expected<DelayShape>
getDelayArms(const DivergentBranch &DB, const LoopInfo &LI, ScalarEvolution &SE,
             unsigned CC, const DelayLoop &DL, const DivergentBranch *Guard,
             BlockReach Reach) {
  const Loop *L = DB.L;
  if (!L)
    return refuse("the branch is not in a loop");
  assert(L == DL.L && "facts of another loop");
  if (DB.Blockers.any()) {
    std::string Why;
    raw_string_ostream OS(Why);
    OS << "the loop is not safe to restructure (";
    DB.Blockers.print(OS);
    OS << ")";
    return refuse(Why);
  }
  if (Guard) {
    if (Guard->Blockers.any())
      return refuse("the loop is not safe to restructure");
    if (Error E = checkGuard(DB, *Guard))
      return Expected<DelayShape>(std::move(E));
  } else if (!DB.TopLevelInLoop) {
    return refuse("the branch is not at the top level of its loop's body");
  }
  DelayShape S;
  if (Guard) {
    S.Guard = cast<BranchInst>(Guard->Term);
    S.GuardJoin = Guard->Join;
  }
  // Without a preheader the rewrite makes one.
  S.Preheader = DL.Preheader;
  S.Header = L->getHeader();
  S.Latch = DL.Latch;
  if (!S.Latch)
    return refuse("the loop has several latches");
  if (DL.Exiting != S.Latch)
    return refuse("the loop is left from elsewhere than its latch "
                  "(break or return in the body)");
  auto *LatchBr = dyn_cast<BranchInst>(S.Latch->getTerminator());
  if (!LatchBr || !LatchBr->isConditional() || S.Latch == S.Header)
    return refuse("the loop's latch does not end in a conditional branch");
  S.Exit = L->contains(LatchBr->getSuccessor(0)) ? LatchBr->getSuccessor(1)
                                                 : LatchBr->getSuccessor(0);
  S.Branch = DB.Term;
  if (auto *SI = dyn_cast<SwitchInst>(DB.Term)) {
    SmallPtrSet<BasicBlock *, 8> Distinct;
    for (BasicBlock *Succ : successors(SI))
      if (Distinct.insert(Succ).second)
        S.Ways.push_back(Succ);
    if (S.Ways.size() > MaxSwitchWays)
      return refuse("the switch has " + Twine(S.Ways.size()) +
                    " ways; at most " + Twine(MaxSwitchWays) +
                    " are delayed (each costs a ballot per trip)");
    if (SI->getNumCases() > MaxSwitchCases)
      return refuse("the switch has " + Twine(SI->getNumCases()) +
                    " cases; at most " + Twine(MaxSwitchCases) +
                    " are delayed (each costs a compare per trip)");
  } else if (auto *Br = dyn_cast<BranchInst>(DB.Term)) {
    S.Then = Br->getSuccessor(0);
    S.Else = Br->getSuccessor(1);
  } else {
    return refuse(Twine("the branch is a ") + DB.Term->getOpcodeName() +
                  ", not a conditional br or a switch");
  }
  S.Join = DB.Join;
  for (const ArmRegion &A : DB.Arms)
    if (!A.IsSESE)
      return refuse("an arm is not a single-entry, single-exit region");
  S.WayCosts.assign(S.Ways.size(), 0.0);
  for (const ArmRegion &A : DB.Arms) {
    double Cost =
        regionCost(A.Blocks, *L, LI, SE, CC, Reach, *DB.Term->getParent());
    if (isSwitch(S)) {
      S.WayCosts[find(S.Ways, A.Entry) - S.Ways.begin()] = Cost;
      continue;
    }
    bool IsThen = A.Entry == S.Then;
    (IsThen ? S.ThenCost : S.ElseCost) = Cost;
    (IsThen ? S.ThenHasInnerLoop : S.ElseHasInnerLoop) = any_of(
        A.Blocks, [&](BasicBlock *BB) { return LI.getLoopFor(BB) != L; });
  }
  return S;
}

Expected<DelayShape> getDelayShape(const DivergentBranch &DB,
                                   const LoopInfo &LI, ScalarEvolution &SE,
                                   unsigned CC, const DivergentBranch *Guard,
                                   BlockReach Reach) {
  if (!DB.L)
    return refuse("the branch is not in a loop");
  Expected<DelayShape> Checked =
      getDelayArms(DB, LI, SE, CC, getLoopFacts(*DB.L), Guard, Reach);
  if (!Checked)
    return Checked.takeError();
  DelayShape S = std::move(*Checked);
  const Loop *L = DB.L;

  // The code before the branch: every block the header reaches before the
  // branch; all of it must lead to the branch, none may leave the loop.
  bool Bad = false;
  BasicBlock *BranchBB = S.Branch->getParent();
  SmallVector<BasicBlock *, 8> PreWalk =
      walkRegion(S.Header, BranchBB, S.Header, *L, Bad, S.GuardJoin);
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
  SmallPtrSet<BasicBlock *, 16> InPost(Post.begin(), Post.end());
  for (BasicBlock *BB : Post)
    for (BasicBlock *P : predecessors(BB))
      if (BB != S.Join && !InPost.contains(P) &&
          !(BB == S.GuardJoin && P == S.Guard->getParent()))
        return refuse("the code after the branch is entered from elsewhere "
                      "than the join");
  if (S.GuardJoin &&
      (!InPost.contains(S.GuardJoin) || !Pre.contains(S.Guard->getParent())))
    return refuse("the guard's join is not in the code after the branch");
  // The guard's skipping lanes join the others where the latch's values
  // merge; a guard whose join is the latch itself, or the branch's own
  // join, leaves no block for that (the rewrite does not handle it yet).
  if (S.GuardJoin && (S.GuardJoin == S.Latch || S.GuardJoin == S.Join))
    return refuse("the guard rejoins at the loop's latch or at the "
                  "branch's own join; only a guard whose join precedes the "
                  "latch folds into the vote");
  if (!InPost.contains(S.Latch) || !InPost.contains(S.Join))
    return refuse("the branch's join is not in the loop body");
  S.LoopBlocks.assign(L->block_begin(), L->block_end());

  S.PreHasInnerLoop = any_of(
      S.PreBlocks, [&](BasicBlock *BB) { return LI.getLoopFor(BB) != L; });
  S.PostBlocks.assign(Post.begin(), Post.end());
  S.PostHasInnerLoop =
      any_of(Post, [&](BasicBlock *BB) { return LI.getLoopFor(BB) != L; });
  S.PreCost = regionCost(S.PreBlocks, *L, LI, SE, CC, Reach, *S.Header);
  S.PostCost = regionCost(Post, *L, LI, SE, CC, Reach, *S.Header);
  return S;
}

Expected<DelayShape> getDelayShapeCosts(const DivergentBranch &DB,
                                        const LoopInfo &LI, ScalarEvolution &SE,
                                        unsigned CC, const DelayLoop &DL,
                                        const DivergentBranch *Guard,
                                        BlockReach Reach) {
  Expected<DelayShape> S = getDelayArms(DB, LI, SE, CC, DL, Guard, Reach);
  if (!S)
    return S;
  // DL.Cost weighs every block by its reach from the header, the arms'
  // blocks included: they leave it as they went into it.
  double Rest = DL.Cost;
  for (const ArmRegion &A : DB.Arms)
    Rest -= regionCost(A.Blocks, *DB.L, LI, SE, CC, Reach, *DB.L->getHeader());
  S->PreCost = Rest;
  S->PostCost = 0;
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
  M.Branch = cast<Instruction>(VMap[S.Branch]);
  M.Guard = S.Guard ? cast<BranchInst>(VMap[S.Guard]) : nullptr;
  M.GuardJoin = Map(S.GuardJoin);
  for (BasicBlock *&BB : M.Ways)
    BB = Map(BB);
  for (BasicBlock *&BB : M.LoopBlocks)
    BB = Map(BB);
  for (BasicBlock *&BB : M.PreBlocks)
    BB = Map(BB);
  for (BasicBlock *&BB : M.PostBlocks)
    BB = Map(BB);
  return M;
}

/// Loop advance in two halves (HalvedAdvance.h) keeps its bookkeeping in
/// the arms' blocks, where ptxas hides it and some of the code before and
/// after the branch too: FP32 slots a trip, the mean over the halves (a
/// trip runs one). After an arm's inner loop, the code of the next draw
/// sits in a block of its own, a dependent integer chain with nothing to
/// overlap; beside a straight-line arm ptxas interleaves the two, so that
/// half hides more. SASS of SYN-ITDELAY (sm_90): a half issues 10.5
/// instructions besides its arm's at N=8 (straight-line arms), 14.5-15.5
/// at N=16-32 (loops); in cycles, 4.8 more
/// (bench/results/2026-11-26-advance-straight-arms.md).
///
/// Fitted through the model's own predictions (scripts/calibrate.py) to the
/// forced advance, speculate-pre form, of calibration run 2 (H100), where
/// the code around the branch costs 30 slots (32 in LOOP-ADVANCE): a half
/// whose arm is a loop hides 2.5 (19 rows: SYN-ITDELAY N=32-256, f=0.05-0.9,
/// natural arms, LOOP-ADVANCE N=32-128; RMS 4.2%, 4.2-4.4% from 1 to 4.8), a
/// straight-line half 6 more (the two N=8 rows: +4.3%, -3.5%). SYN-ITDELAY
/// N=16, one arm of each kind, took no part in the fit (+2.7%). No row
/// measured less code around the branch, or an arm shorter than 6 slots:
/// there a half hides no more than the same shares of that code (8% and
/// 20%), and a straight-line arm no more than its own slots.
///
/// That is the form that speculates the next iteration's pre. Where pre
/// reads memory or may trap, its copies run behind each half's exit
/// branch, and the halves hide nothing: 0 a trip. Measured
/// (bench/results/2026-11-27-h100-advance-speculation.md) on the same
/// loops built both ways (-divopt-advance-variant=recompute-exit), the
/// unspeculated halves cost from 5 slots less to 1 more a trip than
/// nothing (7 loops, integer and floating-point arms); where pre loads from
/// shared memory (LOOP-ADVANCE's shared-ring loop, the N-Queens search)
/// 3 to 8 more: 0 within 4 slots RMS, where the speculated form's -2.5 to
/// -8.5 had been 9 to 17 slots off on the loops that load.
static double getHalvedAdvanceOverhead(const DelayShape &S) {
  // The arms-only shape (getDelayShapeCosts) has no pre to look at: its
  // filter stays optimistic.
  if (!S.PreBlocks.empty() && !speculatesHalvedPre(S))
    return 0;
  static constexpr double MeasuredAround = 30, LoopArm = 2.5, StraightArm = 6;
  double Share = std::min(1.0, (S.PreCost + S.PostCost) / MeasuredAround);
  auto Hidden = [&](bool HasLoop, double ArmCost) {
    double H = LoopArm * Share;
    if (!HasLoop)
      H += std::min(StraightArm * Share, ArmCost);
    return H;
  };
  return -(Hidden(S.ThenHasInnerLoop, S.ThenCost) +
           Hidden(S.ElseHasInnerLoop, S.ElseCost)) /
         2;
}

double getVoteOverhead(DelayVote V, bool IdleRemoval, unsigned CC,
                       const DelayShape *Halved) {
  // Measured, not counted: the vote and bookkeeping instructions are
  // independent of the arms' dependent chains and issue in their latency
  // shadow, so they cost far less than their issue slots. Fitted to
  // SYN-ITDELAY on an H200 (bench/results/2026-11-22-h200-*.md: the
  // forced strategies' speedups at N = 4..256, f = 0.5), in FP32 issue
  // slots of sm_90, scaled for other targets by the integer ALU's cost.
  double Scale = getOpClassCost(OpClass::IntALU, CC) / 2.0;
  // Loop advance in two halves: getHalvedAdvanceOverhead, with the
  // stragglers of a profiled loop charged apart (getStragglerFactor).
  //
  // Majority: 23 slots a trip, with the stragglers of a profiled loop
  // charged apart, fitted to its forced runs on an H100 (SYN-ITDELAY
  // N=16..256, f=0.05-0.9, explicit and natural arms: RMS 0.8%, every row
  // within 2%; the H200 runs give the same) and predicting LOOP-ADVANCE
  // N=128 at switch rate 1, which took no part in the fit, within 0.2%
  // (bench/results/2026-11-26-majority-model.md). About 9 of them came
  // with getUnreadValue's zeros: a waiting lane's loop-out values are zero,
  // not poison, so every trip moves them (4 moves, 2 slots each, on
  // SYN-ITDELAY's two); majority fitted 14 slots before that, round robin
  // 3 and idle-trip removal 12. The old 12 predates both that and the one
  // vote a trip.
  //
  // Round robin: 16 slots a trip, idle-trip removal 27, refitted through
  // the model's own predictions (calibrate.py) to their forced runs in
  // calibration run 3 (H100; SYN-ITDELAY N=4-256 at f=0.5 and N=32 at
  // f=0.05-0.9: RMS 5.2% and 6.5%, mean error +0.7% and +0.0%) and
  // checked on the natural-arm rows, which took no part (4.7% and 4.5%;
  // 7.1% and 8.4% with the old 8 and 14, fitted when plain round robin
  // still voted twice a trip and neither moved the waiting lanes' zeros).
  if (V == DelayVote::Majority)
    return 23.0 * Scale;
  if (V == DelayVote::Advance && Halved)
    return getHalvedAdvanceOverhead(*Halved) * Scale;
  // Loop advance's other forms (rotated, general) keep the 8 they shared
  // with round robin's old fit: no bench loop takes them since the halves.
  if (V == DelayVote::Advance)
    return 8.0 * Scale;
  return (IdleRemoval ? 27.0 : 16.0) * Scale;
}

bool delayVotes(DelayVote V, bool IdleRemoval) {
  return V == DelayVote::Majority ||
         (V == DelayVote::RoundRobin && IdleRemoval);
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
  PHINode *createVoteState(Type *Ty, Value *Init, const Twine &Name);
  Value *buildForcedTrip(IRBuilder<> &B);
  Value *buildMajority(IRBuilder<> &B, Value *Live, Value *Taken);
  Value *buildRoundRobin(IRBuilder<> &B, Value *Live, Value *Taken);
  Value *buildAdvance(IRBuilder<> &B);
  void buildSwitchVote(IRBuilder<> &B);
  Value *buildWayIndex(IRBuilder<> &B);
  Value *buildTurns(IRBuilder<> &B);
  Value *nearestWanted(IRBuilder<> &B, Value *Start, ArrayRef<Value *> Counts);
  Value *buildSwitchMajority(IRBuilder<> &B, ArrayRef<Value *> Counts);
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
  /// With a folded guard: the lanes whose guard holds go on from the vote
  /// here to the gates; the others to the guard's join. GuardOn says which.
  BasicBlock *Guarded = nullptr;
  PHINode *GuardOn = nullptr;
  /// The function before the rewrite: which pre-branch values the guard's
  /// skipping edge carries.
  std::optional<DominatorTree> DT;
  /// A switch's gate: it holds the moved switch, which only lanes whose
  /// way the trip serves reach.
  BasicBlock *Dispatch = nullptr;
  SmallPtrSet<BasicBlock *, 16> InPre;
  BasicBlock *BranchBB = nullptr;
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
  PHINode *Pending = nullptr;
  Value *Cond = nullptr;
  /// Vote state: (phi in delay.header, next value from delay.vote).
  SmallVector<std::pair<PHINode *, Value *>, 4> VoteState;
};

} // namespace

void LoopDelayer::createBlocks() {
  NewHeader = BasicBlock::Create(Ctx, "delay.header", F, S.Header);
  BranchBB = S.Branch->getParent();
  Vote = BasicBlock::Create(Ctx, "delay.vote", F, BranchBB->getNextNode());
  if (isSwitch(S)) {
    Dispatch =
        BasicBlock::Create(Ctx, "delay.dispatch", F, Vote->getNextNode());
  } else {
    if (S.Guard)
      Guarded =
          BasicBlock::Create(Ctx, "delay.guarded", F, Vote->getNextNode());
    ThenGate = BasicBlock::Create(Ctx, "delay.then.gate", F,
                                  (Guarded ? Guarded : Vote)->getNextNode());
    ElseGate =
        BasicBlock::Create(Ctx, "delay.else.gate", F, ThenGate->getNextNode());
  }
  Wait = BasicBlock::Create(Ctx, "delay.wait", F, S.Latch->getNextNode());
  NewLatch = BasicBlock::Create(Ctx, "delay.latch", F, Wait->getNextNode());
  NewExit = BasicBlock::Create(Ctx, "delay.exit", F, NewLatch->getNextNode());
}

void LoopDelayer::collectValues() {
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
  if (IsPre(getBranchCondition(*S.Branch)))
    PreValues.insert(cast<Instruction>(getBranchCondition(*S.Branch)));

  SmallPtrSet<BasicBlock *, 16> InLoop(S.LoopBlocks.begin(),
                                       S.LoopBlocks.end());
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
    C->addIncoming(getUnreadValue(I->getType()), S.Preheader);
    PreCarry[I] = C;
  }
  Pending = B.CreatePHI(I1, 2, "delay.pending");
  Pending->addIncoming(B.getFalse(), S.Preheader);
  // A lane that waited last trip already ran its iteration's pre-branch
  // code; the others start a new iteration.
  BranchInst *Br = B.CreateCondBr(Pending, Vote, S.Header);
  // Marks the loop as delayed: its gates are not candidates again.
  Br->setMetadata("divopt.delayed", MDNode::get(Ctx, {}));
  S.Preheader->getTerminator()->replaceSuccessorWith(S.Header, NewHeader);

  // The old header now runs the pre-branch code only, for lanes that start
  // a new iteration, reading their state.
  for (PHINode *P : HeaderPhis) {
    P->replaceAllUsesWith(State[P]);
    P->eraseFromParent();
  }
}

void LoopDelayer::buildVote() {
  IRBuilder<> B(Vote);
  BasicBlock *GuardBB = S.Guard ? S.Guard->getParent() : nullptr;
  for (Instruction *I : PreValues) {
    PHINode *M = B.CreatePHI(I->getType(), 3, I->getName() + ".pending");
    M->addIncoming(I, BranchBB);
    M->addIncoming(PreCarry[I], NewHeader);
    // Lanes that skip the guarded code bring what they computed before the
    // guard; what the guarded code computes they never read.
    if (GuardBB)
      M->addIncoming(DT->dominates(I, GuardBB->getTerminator())
                         ? cast<Value>(I)
                         : getUnreadValue(I->getType()),
                     GuardBB);
    PreMerged[I] = M;
    // Uses after the loop too: a lane leaves right after its last
    // iteration, whose pre-branch values are these.
    I->replaceUsesWithIf(M, [&](Use &U) {
      auto *User = cast<Instruction>(U.getUser());
      return !InPre.contains(User->getParent()) && User != M;
    });
  }
  Cond = inLoop(getBranchCondition(*S.Branch));
  if (GuardBB) {
    // The guard's skipping way now leads here: these lanes are at the vote
    // but not live for it, and go on to the guard's join.
    GuardOn = B.CreatePHI(I1, 3, "delay.guard.on");
    GuardOn->addIncoming(B.getTrue(), BranchBB);
    GuardOn->addIncoming(B.getTrue(), NewHeader);
    GuardOn->addIncoming(B.getFalse(), GuardBB);
    for (unsigned I = 0, E = S.Guard->getNumSuccessors(); I != E; ++I)
      if (S.Guard->getSuccessor(I) == S.GuardJoin)
        S.Guard->setSuccessor(I, Vote);
    S.GuardJoin->replacePhiUsesWith(GuardBB, Vote);
    // A skipping lane's condition may be poison: it votes false.
    Cond = B.CreateSelect(GuardOn, Cond, B.getFalse(), "delay.cond");
  }
  if (isSwitch(S)) {
    BranchInst::Create(Vote, BranchBB);
    buildSwitchVote(B);
    return;
  }
  S.Branch->eraseFromParent();
  BranchInst::Create(Vote, BranchBB);

  Value *D;
  if (!delayVotes(V, Opts.IdleRemoval)) {
    D = V == DelayVote::Advance ? buildAdvance(B)
                                : buildRoundRobin(B, nullptr, nullptr);
  } else {
    // The mask is taken here, every trip, right before the vote: exactly
    // the lanes that execute it together. Every lane in the loop has a
    // pending iteration (a lane leaves after its last one), so these are
    // the live lanes. A mask captured once at loop entry names lanes that
    // left the loop or that the scheduler runs apart, and a .sync vote
    // naming a lane that does not reach it may hang (fuzz seed 731).
    Value *Mask = B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}, nullptr,
                                    "delay.mask");
    Value *Taken = B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                                     {Mask, Cond}, nullptr, "delay.taken");
    // The live lanes: those at the vote, less those whose guard is false.
    Value *Live = Mask;
    if (GuardOn)
      Live = B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {},
                               {Mask, GuardOn}, nullptr, "delay.live");
    D = V == DelayVote::Majority ? buildMajority(B, Live, Taken)
                                 : buildRoundRobin(B, Live, Taken);
  }
  if (Guarded) {
    B.CreateCondBr(GuardOn, Guarded, S.GuardJoin);
    BranchInst::Create(ThenGate, ElseGate, D, Guarded);
    return;
  }
  B.CreateCondBr(D, ThenGate, ElseGate);
}

/// A phi in delay.header for state the vote carries from trip to trip,
/// Init on entry; its value from delay.latch goes in VoteState.
PHINode *LoopDelayer::createVoteState(Type *Ty, Value *Init,
                                      const Twine &Name) {
  IRBuilder<> HB(NewHeader, NewHeader->getFirstNonPHIIt());
  PHINode *P = HB.CreatePHI(Ty, 2, Name);
  P->addIncoming(Init, S.Preheader);
  return P;
}

/// (V + 1) mod N, for V in 0..N-1: the next turn of a cycle.
static Value *nextInCycle(IRBuilder<> &B, Value *V, unsigned N,
                          const Twine &Name = "") {
  Value *Next = B.CreateAdd(V, B.getInt32(1));
  return B.CreateSelect(B.CreateICmpEQ(Next, B.getInt32(N)), B.getInt32(0),
                        Next, Name);
}

/// The index in S.Ways of the way the lane's pending iteration takes.
Value *LoopDelayer::buildWayIndex(IRBuilder<> &B) {
  auto *SI = cast<SwitchInst>(S.Branch);
  auto Index = [&](BasicBlock *BB) {
    return B.getInt32(find(S.Ways, BB) - S.Ways.begin());
  };
  Value *Way = Index(SI->getDefaultDest());
  for (const auto &Case : SI->cases())
    Way = B.CreateSelect(B.CreateICmpEQ(Cond, Case.getCaseValue()),
                         Index(Case.getCaseSuccessor()), Way);
  Way->setName("delay.way");
  return Way;
}

/// Round robin and advance on a switch: each way has a trip, in turn.
Value *LoopDelayer::buildTurns(IRBuilder<> &B) {
  PHINode *Phase = createVoteState(I32, B.getInt32(0), "delay.phase");
  VoteState.push_back(
      {Phase, nextInCycle(B, Phase, S.Ways.size(), "delay.phase.next")});
  return Phase;
}

/// The way some lane wants that comes first in cyclic order from Start
/// (Start itself included). Some lane always wants one: every lane at the
/// vote has a pending iteration.
Value *LoopDelayer::nearestWanted(IRBuilder<> &B, Value *Start,
                                  ArrayRef<Value *> Counts) {
  unsigned K = Counts.size();
  Value *Best = Start, *BestDist = B.getInt32(K);
  for (unsigned W = 0; W < K; ++W) {
    Value *Dist =
        B.CreateURem(B.CreateSub(B.getInt32(K + W), Start), B.getInt32(K));
    Value *Has = B.CreateICmpNE(Counts[W], B.getInt32(0));
    Value *Closer = B.CreateICmpULT(Dist, BestDist);
    Value *Better = B.CreateAnd(Has, Closer);
    Best = B.CreateSelect(Better, B.getInt32(W), Best);
    BestDist = B.CreateSelect(Better, Dist, BestDist);
  }
  return Best;
}

/// Majority on a switch: the way most lanes want. A forced trip (see
/// buildForcedTrip) goes to the wanted way nearest a round-robin pointer,
/// which then moves past it, so a waiting lane's way comes within K forced
/// trips.
Value *LoopDelayer::buildSwitchMajority(IRBuilder<> &B,
                                        ArrayRef<Value *> Counts) {
  PHINode *Ptr = createVoteState(I32, B.getInt32(0), "delay.rr");
  Value *Force = buildForcedTrip(B);
  Value *Most = B.getInt32(0), *MostN = Counts[0];
  for (unsigned W = 1; W < Counts.size(); ++W) {
    Value *More = B.CreateICmpUGT(Counts[W], MostN);
    Most = B.CreateSelect(More, B.getInt32(W), Most);
    MostN = B.CreateSelect(More, Counts[W], MostN);
  }
  Most->setName("delay.majority");
  Value *Turn = nearestWanted(B, Ptr, Counts);
  Value *After = nextInCycle(B, Turn, Counts.size());
  VoteState.push_back({Ptr, B.CreateSelect(Force, After, Ptr)});
  return B.CreateSelect(Force, Turn, Most, "delay.dir");
}

void LoopDelayer::buildSwitchVote(IRBuilder<> &B) {
  Value *Way = buildWayIndex(B);
  Value *W;
  if (!delayVotes(V, Opts.IdleRemoval)) {
    W = buildTurns(B);
  } else {
    // As for two ways: the mask is the lanes voting together, this trip.
    Value *Mask = B.CreateIntrinsic(Intrinsic::nvvm_activemask, {}, {}, nullptr,
                                    "delay.mask");
    SmallVector<Value *, MaxSwitchWays> Counts;
    for (unsigned K = 0; K < S.Ways.size(); ++K) {
      Value *Wants = B.CreateICmpEQ(Way, B.getInt32(K));
      Value *Ballot =
          B.CreateIntrinsic(Intrinsic::nvvm_vote_ballot_sync, {}, {Mask, Wants},
                            nullptr, "delay.want" + Twine(K));
      Counts.push_back(B.CreateUnaryIntrinsic(Intrinsic::ctpop, Ballot));
    }
    if (V == DelayVote::Majority) {
      W = buildSwitchMajority(B, Counts);
    } else {
      // Idle-trip removal: the next turn some lane wants.
      PHINode *Phase = createVoteState(I32, B.getInt32(0), "delay.phase");
      W = nearestWanted(B, Phase, Counts);
      VoteState.push_back(
          {Phase, nextInCycle(B, W, S.Ways.size(), "delay.phase.next")});
    }
  }
  W->setName("delay.turn");
  B.CreateCondBr(B.CreateICmpEQ(Way, W, "delay.run"), Dispatch, Wait);
}

/// Anti-starvation for majority: one trip in every MaxDelay + 1 is forced,
/// counted by a phase like round robin's. Whether this trip is forced is
/// known before the ballot. Every trip pays the phase's three integer
/// instructions and nothing more, and those matter: at small arms a trip is
/// a few dozen instructions, and an integer instruction takes two issue
/// slots. On an H100 (bench/results/2026-11-22-h100-itdelay-run10.md), a
/// streak counted per trip cost 7-25% against no anti-starvation at 4- to
/// 256-operation arms; this costs 2-9%.
Value *LoopDelayer::buildForcedTrip(IRBuilder<> &B) {
  PHINode *Phase = createVoteState(I32, B.getInt32(0), "delay.phase");
  Value *Force =
      B.CreateICmpEQ(Phase, B.getInt32(Opts.MaxDelay), "delay.force");
  VoteState.push_back({Phase, B.CreateSelect(Force, B.getInt32(0),
                                             B.CreateAdd(Phase, B.getInt32(1)),
                                             "delay.phase.next")});
  return Force;
}

/// Majority: the side at least Threshold/32 of the live lanes want; a
/// forced trip goes to the other side. A lane waiting for side A waits at
/// most MaxDelay + 1 trips in a row: the lanes wanting A do not run while
/// it waits, so their share of the live lanes only grows; at the forced
/// trip either the vote says not-A and A gets the trip, or A already has
/// the majority and keeps it, and gets the next trip.
Value *LoopDelayer::buildMajority(IRBuilder<> &B, Value *Live, Value *Taken) {
  Value *Force = buildForcedTrip(B);
  Value *NT = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Taken);
  Value *NL = B.CreateUnaryIntrinsic(Intrinsic::ctpop, Live);
  // Relative to live lanes: popc(taken) * 32 >= threshold * popc(live).
  // With 0 < threshold <= 32 the side chosen always has a lane.
  // One statement per instruction: the IR must not depend on the order in
  // which the compiler that built the plugin evaluates arguments.
  Value *Votes = B.CreateMul(NT, B.getInt32(32));
  Value *Needed = B.CreateMul(NL, B.getInt32(Opts.Threshold));
  Value *D0 = B.CreateICmpUGE(Votes, Needed, "delay.majority");
  return B.CreateXor(D0, Force, "delay.dir");
}

Value *LoopDelayer::buildRoundRobin(IRBuilder<> &B, Value *Live, Value *Taken) {
  PHINode *Phase = createVoteState(I32, B.getInt32(0), "delay.phase");
  unsigned Period = Opts.Ones + Opts.Zeros;
  // The else-arm has the first Zeros trips of each period, the then-arm the
  // rest.
  Value *D = B.CreateICmpUGE(Phase, B.getInt32(Opts.Zeros), "delay.turn");
  if (Opts.IdleRemoval) {
    Value *AnyThen = B.CreateICmpNE(Taken, B.getInt32(0));
    Value *AnyElse = B.CreateICmpNE(Taken, Live);
    D = B.CreateSelect(D, AnyThen, B.CreateNot(AnyElse), "delay.dir");
  }
  VoteState.push_back(
      {Phase, nextInCycle(B, Phase, Period, "delay.phase.next")});
  return D;
}

/// Loop advance: trips alternate then, else, then, ... with no vote. A lane
/// that finishes an iteration in a then-trip and whose next iteration takes
/// the else-way runs it in the very next trip instead of waiting for a
/// vote to pick it: iterations N and N+1 on opposite ways take two trips,
/// not two trips each. Each lane still runs its own iterations in order,
/// and no lane's progress depends on another's.
Value *LoopDelayer::buildAdvance(IRBuilder<> &B) {
  PHINode *Turn = createVoteState(I1, B.getTrue(), "delay.turn");
  VoteState.push_back({Turn, B.CreateNot(Turn, "delay.turn.next")});
  return Turn;
}

void LoopDelayer::buildGates() {
  BranchInst::Create(NewLatch, Wait);
  if (isSwitch(S)) {
    // Every lane that reaches the switch now takes the trip's way.
    auto *SI = cast<SwitchInst>(S.Branch);
    SI->moveBefore(*Dispatch, Dispatch->end());
    SI->setCondition(Cond);
    for (BasicBlock *Way : S.Ways)
      Way->replacePhiUsesWith(BranchBB, Dispatch);
    return;
  }
  IRBuilder<> TB(ThenGate);
  TB.CreateCondBr(Cond, S.Then, Wait);
  IRBuilder<> EB(ElseGate);
  EB.CreateCondBr(Cond, Wait, S.Else);
  // The arms (or, for an if-only branch, the join) were entered from the
  // header; now from the gates.
  S.Then->replacePhiUsesWith(BranchBB, ThenGate);
  S.Else->replacePhiUsesWith(BranchBB, ElseGate);
}

void LoopDelayer::buildLatch() {
  // Every lane of the loop, whether it ran or waited, meets in delay.latch:
  // the gates' divergence ends there each trip, so the lanes vote together
  // again. A lane leaves from there right after its last iteration; the
  // loop's old exit from the latch would leave the gates without a meeting
  // point inside the loop and let waiting lanes run ahead on their own.
  auto *LatchBr = cast<BranchInst>(S.Latch->getTerminator());
  IRBuilder<> LB(LatchBr);
  Value *ExitCond = LatchBr->getCondition();
  Value *ExitTaken = LatchBr->getSuccessor(0) == S.Exit
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
  PendNext->addIncoming(B.getTrue(), Wait);
  Pending->addIncoming(PendNext, NewLatch);
  PHINode *Exits = B.CreatePHI(I1, 2, "delay.exits.now");
  Exits->addIncoming(ExitTaken, S.Latch);
  Exits->addIncoming(B.getFalse(), Wait);
  for (auto &[Phi, Next] : VoteState)
    Phi->addIncoming(Next, NewLatch);

  // Values used after the loop: a lane leaves only right after running
  // its last iteration, so they are that iteration's (never a waiting
  // lane's: poison). By now a header phi is its state phi and a pre-branch
  // value its merge.
  SmallPtrSet<BasicBlock *, 16> InLoop(S.LoopBlocks.begin(),
                                       S.LoopBlocks.end());
  InLoop.insert({NewHeader, Vote, Wait, NewLatch});
  for (BasicBlock *BB : {ThenGate, ElseGate, Dispatch, Guarded})
    if (BB)
      InLoop.insert(BB);
  for (Value *Out : LiveOut) {
    Value *Cur = inLoop(Out);
    PHINode *Last = B.CreatePHI(Cur->getType(), 2, Cur->getName() + ".last");
    Last->addIncoming(Cur, S.Latch);
    Last->addIncoming(getUnreadValue(Cur->getType()), Wait);
    Cur->replaceUsesWithIf(Last, [&](Use &U) {
      return !InLoop.contains(cast<Instruction>(U.getUser())->getParent());
    });
  }
  B.CreateCondBr(Exits, NewExit, NewHeader);
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
  if (S.Guard)
    DT.emplace(*F);
  createBlocks();
  collectValues();
  buildHeader();
  buildVote();
  buildGates();
  buildLatch();
}

void delayLoop(const DelayShape &S, DelayVote V,
               const IterationDelayOptions &Opts) {
  Function &F = *S.Header->getParent();
  const BranchLocations Located(F);
  const DebugLoc BranchLoc = S.Branch->getDebugLoc();
  // Loop advance has no vote to take where the lanes meet: the next
  // iteration's pre can run where the last one ends, as in the original
  // loop, and the form is leaner; leanest with one half per arm, where
  // pre and post are small enough to copy once more.
  if (V == DelayVote::Advance && canHalveAdvance(S))
    halveAdvance(S);
  else if (V == DelayVote::Advance && canRotateAdvance(S))
    rotateAdvance(S);
  else
    LoopDelayer(S, V, Opts).run();
  Located.locateNew(F, BranchLoc);
  // The function now votes across the warp: its callers must treat calls
  // to it as convergent (attribute inference ran before DivOpt and may have
  // dropped the attribute clang set). Without a vote it need not.
  if (delayVotes(V, Opts.IdleRemoval))
    F.setConvergent();
}

} // namespace divopt
