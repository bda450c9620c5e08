//===- DivergenceProfile.cpp - Counting how branches diverge --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceProfile.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/KernelInfo.h"
#include "analysis/ProfileIdentity.h"
#include "profile/ProfileCounters.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-divergence-profile"

STATISTIC(NumFunctions, "Functions given divergence counters");
STATISTIC(NumBranches, "Branches counted");
STATISTIC(NumLoops, "Loops counted");
STATISTIC(NumLoopsUncounted, "Loops without a place where their lanes meet");

namespace divopt {

namespace {

using profile::CounterFunction;
using profile::CounterSite;

enum class Op { Add, Min, Max };

/// One counter word changed by the warp's leader lane: V is an i32 that is
/// the same in every active lane.
struct Update {
  unsigned Word;
  Op Kind;
  Value *V;
};

/// A lane's ways in this and the previous iteration of a loop, for all the
/// loop's counted branches packed into i32 words: a field per branch
/// holding its way + 1, zero for none yet (a register pair per 32 bits,
/// not per branch).
struct LaneWays {
  AllocaInst *Cur = nullptr, *Last = nullptr;
  unsigned Used = 0;
};

struct BranchSite {
  const ProfiledBranch *PB;
  /// Innermost loop, for the lanes' direction changes.
  Loop *L = nullptr;
  unsigned Base = 0;
  /// The packed word of L's lane ways holding this branch's field.
  unsigned Pack = 0, Shift = 0, Width = 0;
};

struct LoopSite {
  const ProfiledLoop *PL;
  BasicBlock *Header = nullptr;
  SmallVector<BasicBlock *, 2> Entering;
  /// Where the lanes that entered together meet again: the exits' nearest
  /// common post-dominator, when no path from an exit comes back to the
  /// loop before it. Null: the loop is not counted, only its branches.
  BasicBlock *Meet = nullptr;
  unsigned Base = 0;
  AllocaInst *Iterations = nullptr;
};

/// Whether a path from the exits of L re-enters L before Meet.
bool reentersBefore(Loop &L, BasicBlock *Meet) {
  SmallVector<BasicBlock *, 8> Work;
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  for (BasicBlock *E : Exits)
    if (E != Meet && Seen.insert(E).second)
      Work.push_back(E);
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (L.contains(BB))
      return true;
    for (BasicBlock *S : successors(BB))
      if (S != Meet && Seen.insert(S).second)
        Work.push_back(S);
  }
  return false;
}

class FunctionInstrumenter {
public:
  FunctionInstrumenter(Function &F, FunctionAnalysisManager &FAM)
      : F(F), FAM(FAM), Ctx(F.getContext()),
        IsKernel(getKernelInfo(F).IsKernel) {}

  /// Picks the branches and loops to count; false when there are none.
  bool collect();
  /// Adds the counters, returns what they mean.
  CounterFunction instrument(GlobalVariable *&Counters);

private:
  Type *i32() { return Type::getInt32Ty(Ctx); }
  Value *call(IRBuilder<> &B, Intrinsic::ID ID, ArrayRef<Value *> Args) {
    return B.CreateIntrinsic(i32(), ID, Args);
  }
  Value *ballot(IRBuilder<> &B, Value *Mask, Value *Pred) {
    return call(B, Intrinsic::nvvm_vote_ballot_sync, {Mask, Pred});
  }
  Value *popc(IRBuilder<> &B, Value *V) {
    return B.CreateUnaryIntrinsic(Intrinsic::ctpop, V);
  }
  Value *asCount(IRBuilder<> &B, Value *Bit) {
    return B.CreateZExt(Bit, i32());
  }
  /// The active mask and whether this lane is its lowest (the leader).
  std::pair<Value *, Value *> getLeader(IRBuilder<> &B);
  AllocaInst *makeLaneState(StringRef Name, uint32_t Init);
  void update(Instruction *Before, Value *Gate, ArrayRef<Update> Updates);
  Value *getWordAddress(IRBuilder<> &B, unsigned Word);

  void countBranch(BranchSite &S);
  void countHeader(LoopSite &S);
  void countMeet(LoopSite &S, Instruction *Before);
  void initBlockCounters();
  Value *getBlockWord(IRBuilder<> &B, unsigned Word);
  void flushAt(ReturnInst *Ret);

  Function &F;
  FunctionAnalysisManager &FAM;
  LLVMContext &Ctx;
  bool IsKernel;
  std::optional<ProfileIdentity> PI;
  std::vector<BranchSite> Branches;
  std::vector<LoopSite> Loops;
  DenseMap<Loop *, SmallVector<LaneWays, 1>> Packs;
  GlobalVariable *Counters = nullptr;
  /// Kernels: the block's counters in shared memory, one i32 per word,
  /// then the number of the block's threads that have returned.
  GlobalVariable *BlockCounters = nullptr;
  unsigned Words = 0;
  /// Kernels: each word's operation (Add where not named).
  std::map<unsigned, Op> WordOps;
  /// Kernels' two-way branches keep 7 of their 10 words; these are derived
  /// where the kernel flushes.
  SmallVector<unsigned, 4> DerivedBranches;
  SmallVector<AllocaInst *, 16> Promotable;
};

bool FunctionInstrumenter::collect() {
  // The identities of the uninstrumented function: profile use computes
  // them from the same IR, before any transform.
  PI.emplace(FAM.getResult<ProfileIdentityAnalysis>(F));
  auto &DI = FAM.getResult<DivergenceAnalysis>(F);
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  const VoteAwareUniformity &VU = DI.getUniformity();

  SmallPtrSet<Loop *, 8> Counted;
  for (const ProfiledBranch &PB : PI->branches()) {
    if (PB.Ways.size() < 2 || !VU.hasDivergentTerminator(*PB.Term->getParent()))
      continue;
    BranchSite S;
    S.PB = &PB;
    S.L = LI.getLoopFor(PB.Term->getParent());
    for (Loop *L = S.L; L; L = L->getParentLoop())
      Counted.insert(L);
    Branches.push_back(S);
  }
  bool HasRedux = true;
  if (std::optional<unsigned> CC = getKernelInfo(F).computeCapability())
    HasRedux = *CC >= 80;
  for (const ProfiledLoop &PL : PI->loops()) {
    if (!Counted.contains(PL.L))
      continue;
    LoopSite S;
    S.PL = &PL;
    S.Header = PL.L->getHeader();
    for (BasicBlock *P : predecessors(S.Header))
      if (!PL.L->contains(P) && !is_contained(S.Entering, P))
        S.Entering.push_back(P);
    SmallVector<BasicBlock *, 4> Exits;
    PL.L->getExitBlocks(Exits);
    BasicBlock *Meet = Exits.empty() ? nullptr : Exits.front();
    for (BasicBlock *E : Exits)
      Meet = Meet ? PDT.findNearestCommonDominator(Meet, E) : nullptr;
    if (Meet && HasRedux && !PL.L->contains(Meet) &&
        !reentersBefore(*PL.L, Meet))
      S.Meet = Meet;
    else
      ++NumLoopsUncounted;
    Loops.push_back(S);
  }
  return !Branches.empty() || !Loops.empty();
}

std::pair<Value *, Value *> FunctionInstrumenter::getLeader(IRBuilder<> &B) {
  Value *Mask = call(B, Intrinsic::nvvm_activemask, {});
  Value *Lane = call(B, Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  Value *Lowest = B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask, B.getTrue());
  return {Mask, B.CreateICmpEQ(Lowest, Lane, "divopt.prof.leader")};
}

AllocaInst *FunctionInstrumenter::makeLaneState(StringRef Name, uint32_t Init) {
  BasicBlock &Entry = F.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  AllocaInst *A = B.CreateAlloca(i32(), nullptr, Name);
  B.CreateStore(B.getInt32(Init), A);
  Promotable.push_back(A);
  return A;
}

Value *FunctionInstrumenter::getWordAddress(IRBuilder<> &B, unsigned Word) {
  return B.CreateConstInBoundsGEP2_64(Counters->getValueType(), Counters, 0,
                                      Word);
}

static AtomicRMWInst::BinOp getAtomic(Op K) {
  switch (K) {
  case Op::Add:
    return AtomicRMWInst::Add;
  case Op::Min:
    return AtomicRMWInst::UMin;
  case Op::Max:
    return AtomicRMWInst::UMax;
  }
  llvm_unreachable("unknown counter operation");
}

void FunctionInstrumenter::update(Instruction *Before, Value *Gate,
                                  ArrayRef<Update> Updates) {
  // The leader lane updates the counters now: a kernel's in its block's
  // shared memory (drained once per block, flushAt), a device function's in
  // the globals.
  BasicBlock *Head = Before->getParent();
  BasicBlock *Tail = SplitBlock(Head, Before);
  BasicBlock *Flush = BasicBlock::Create(Ctx, "divopt.prof.flush", &F, Tail);
  Head->getTerminator()->eraseFromParent();
  BranchInst::Create(Flush, Tail, Gate, Head);
  IRBuilder<> B(Flush);
  for (const Update &U : Updates) {
    if (IsKernel) {
      WordOps[U.Word] = U.Kind;
      bool IsMin = U.Kind == Op::Min;
      B.CreateAtomicRMW(getAtomic(IsMin ? Op::Max : U.Kind),
                        getBlockWord(B, U.Word), IsMin ? B.CreateNot(U.V) : U.V,
                        MaybeAlign(4), AtomicOrdering::Monotonic,
                        Ctx.getOrInsertSyncScopeID("block"));
      continue;
    }
    B.CreateAtomicRMW(getAtomic(U.Kind), getWordAddress(B, U.Word),
                      B.CreateZExt(U.V, B.getInt64Ty()), MaybeAlign(8),
                      AtomicOrdering::Monotonic);
  }
  B.CreateBr(Tail);
}

Value *FunctionInstrumenter::getBlockWord(IRBuilder<> &B, unsigned Word) {
  return B.CreateConstInBoundsGEP2_64(BlockCounters->getValueType(),
                                      BlockCounters, 0, Word);
}

/// The block's counters start at zero (a minimum is kept as the maximum
/// of its complement, so zero is its "none" too), cleared by the block's
/// threads together, a word each in turn, before a barrier: at entry
/// every thread of the block is there, so the barrier is legal.
void FunctionInstrumenter::initBlockCounters() {
  BasicBlock &Entry = F.getEntryBlock();
  BasicBlock *Rest = SplitBlock(&Entry, Entry.getFirstNonPHIOrDbgOrAlloca(),
                                static_cast<DominatorTree *>(nullptr), nullptr,
                                nullptr, "divopt.prof.start");
  BasicBlock *Clear = BasicBlock::Create(Ctx, "divopt.prof.clear", &F, Rest);
  IRBuilder<> B(Entry.getTerminator());
  Value *NX = call(B, Intrinsic::nvvm_read_ptx_sreg_ntid_x, {});
  Value *NY = call(B, Intrinsic::nvvm_read_ptx_sreg_ntid_y, {});
  Value *NZ = call(B, Intrinsic::nvvm_read_ptx_sreg_ntid_z, {});
  // One call a statement: the order of the reads stays fixed.
  Value *TX = call(B, Intrinsic::nvvm_read_ptx_sreg_tid_x, {});
  Value *TY = call(B, Intrinsic::nvvm_read_ptx_sreg_tid_y, {});
  Value *TZ = call(B, Intrinsic::nvvm_read_ptx_sreg_tid_z, {});
  Value *Tid =
      B.CreateAdd(TX, B.CreateMul(NX, B.CreateAdd(TY, B.CreateMul(NY, TZ))));
  Value *Threads = B.CreateMul(B.CreateMul(NX, NY), NZ);
  Value *Last = B.getInt32(Words); // The returned-thread count.
  Entry.getTerminator()->eraseFromParent();
  B.SetInsertPoint(&Entry);
  B.CreateCondBr(B.CreateICmpULE(Tid, Last), Clear, Rest);
  B.SetInsertPoint(Clear);
  PHINode *I = B.CreatePHI(i32(), 2, "divopt.prof.word");
  I->addIncoming(Tid, &Entry);
  B.CreateStore(B.getInt32(0),
                B.CreateInBoundsGEP(BlockCounters->getValueType(),
                                    BlockCounters, {B.getInt32(0), I}));
  Value *Next = B.CreateAdd(I, Threads);
  I->addIncoming(Next, Clear);
  B.CreateCondBr(B.CreateICmpULE(Next, Last), Clear, Rest);
  B.SetInsertPoint(&*Rest->getFirstInsertionPt());
  B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_all, {}, {B.getInt32(0)});
}

void FunctionInstrumenter::countBranch(BranchSite &S) {
  Instruction *Term = S.PB->Term;
  unsigned N = S.PB->Ways.size();
  IRBuilder<> B(Term);
  auto [Mask, Leader] = getLeader(B);
  // T[w]: the active lanes that take way w; Way: this lane's way.
  SmallVector<Value *, 4> T(N);
  Value *Way = nullptr;
  if (auto *Br = dyn_cast<BranchInst>(Term)) {
    T[0] = ballot(B, Mask, Br->getCondition());
    T[1] = B.CreateXor(Mask, T[0]);
    Way = asCount(B, B.CreateNot(Br->getCondition()));
  } else {
    auto *Sw = cast<SwitchInst>(Term);
    Value *Others = B.getInt32(0);
    Way = B.getInt32(0);
    for (unsigned W = 1; W < N; ++W) {
      Value *Takes = B.getFalse();
      for (auto Case : Sw->cases())
        if (Case.getCaseSuccessor() == S.PB->Ways[W])
          Takes = B.CreateOr(
              Takes, B.CreateICmpEQ(Sw->getCondition(), Case.getCaseValue()));
      T[W] = ballot(B, Mask, Takes);
      Others = B.CreateOr(Others, T[W]);
      Way = B.CreateSelect(Takes, B.getInt32(W), Way);
    }
    T[0] = B.CreateAnd(Mask, B.CreateNot(Others));
  }
  Value *Ways = B.getInt32(0);
  for (Value *TW : T)
    Ways = B.CreateAdd(Ways, asCount(B, B.CreateICmpNE(TW, B.getInt32(0))));
  Value *Divergent = asCount(B, B.CreateICmpUGE(Ways, B.getInt32(2)));

  using namespace profile;
  SmallVector<Update, 16> U;
  U.push_back({S.Base + BranchExecs, Op::Add, B.getInt32(1)});
  U.push_back({S.Base + BranchDivergent, Op::Add, Divergent});
  // A kernel's two-way branch derives warps[] and uniform[1] at the flush.
  bool Derive = IsKernel && N == 2;
  for (unsigned W = 0; W < N; ++W) {
    U.push_back({S.Base + getBranchLanesWord(W, N), Op::Add, popc(B, T[W])});
    if (!Derive)
      U.push_back({S.Base + getBranchWarpsWord(W, N), Op::Add,
                   asCount(B, B.CreateICmpNE(T[W], B.getInt32(0)))});
    if (!Derive || W == 0)
      U.push_back({S.Base + getBranchUniformWord(W, N), Op::Add,
                   asCount(B, B.CreateICmpEQ(T[W], Mask))});
  }
  if (Derive)
    DerivedBranches.push_back(S.Base);
  if (S.L) {
    // Direction changes between this lane's consecutive iterations.
    S.Width = Log2_32_Ceil(N + 1);
    SmallVector<LaneWays, 1> &P = Packs[S.L];
    if (P.empty() || P.back().Used + S.Width > 32) {
      P.emplace_back();
      P.back().Cur = makeLaneState("divopt.prof.ways", 0);
      P.back().Last = makeLaneState("divopt.prof.lastways", 0);
    }
    S.Pack = P.size() - 1;
    S.Shift = P.back().Used;
    P.back().Used += S.Width;
    uint32_t FieldMask = ((1u << S.Width) - 1) << S.Shift;
    Value *Mine = B.CreateShl(B.CreateAdd(Way, B.getInt32(1)), S.Shift);
    Value *Last =
        B.CreateAnd(B.CreateLoad(i32(), P.back().Last), B.getInt32(FieldMask));
    Value *Paired = B.CreateICmpNE(Last, B.getInt32(0));
    Value *Changed = B.CreateAnd(Paired, B.CreateICmpNE(Last, Mine));
    U.push_back(
        {S.Base + BranchPairs, Op::Add, popc(B, ballot(B, Mask, Paired))});
    U.push_back(
        {S.Base + BranchChanges, Op::Add, popc(B, ballot(B, Mask, Changed))});
    Value *Cur =
        B.CreateAnd(B.CreateLoad(i32(), P.back().Cur), B.getInt32(~FieldMask));
    B.CreateStore(B.CreateOr(Cur, Mine), P.back().Cur);
  }
  update(Term, Leader, U);
}

void FunctionInstrumenter::countHeader(LoopSite &S) {
  IRBuilder<> B(&*S.Header->getFirstInsertionPt());
  Value *Done = B.CreateLoad(i32(), S.Iterations);
  Value *First = B.CreateICmpEQ(Done, B.getInt32(0));
  for (LaneWays &W : Packs.lookup(S.PL->L)) {
    Value *Cur = B.CreateLoad(i32(), W.Cur);
    B.CreateStore(B.CreateSelect(First, B.getInt32(0), Cur), W.Last);
    B.CreateStore(B.getInt32(0), W.Cur);
  }
  B.CreateStore(B.CreateAdd(Done, B.getInt32(1)), S.Iterations);
}

void FunctionInstrumenter::countMeet(LoopSite &S, Instruction *Before) {
  using namespace profile;
  IRBuilder<> B(Before);
  auto [Mask, Leader] = getLeader(B);
  Value *C = B.CreateLoad(i32(), S.Iterations);
  Value *Entered = B.CreateICmpNE(C, B.getInt32(0));
  Value *E = ballot(B, Mask, Entered);
  Value *Gate = B.CreateAnd(Leader, B.CreateICmpNE(E, B.getInt32(0)));
  Value *Max = call(B, Intrinsic::nvvm_redux_sync_umax, {C, Mask});
  Value *Min = call(B, Intrinsic::nvvm_redux_sync_umin,
                    {B.CreateSelect(Entered, C, B.getInt32(~0u)), Mask});
  Value *Sum = call(B, Intrinsic::nvvm_redux_sync_add, {C, Mask});
  Value *Spread = B.CreateSub(Max, Min);
  B.CreateStore(B.getInt32(0), S.Iterations);
  update(Before, Gate,
         {{S.Base + LoopEntries, Op::Add, B.getInt32(1)},
          {S.Base + LoopLanes, Op::Add, popc(B, E)},
          {S.Base + LoopTrips, Op::Add, Max},
          {S.Base + LoopIterations, Op::Add, Sum},
          {S.Base + LoopSpreadSum, Op::Add, Spread},
          {S.Base + LoopSpreadMin, Op::Min, Spread},
          {S.Base + LoopSpreadMax, Op::Max, Spread}});
}

/// The lanes returning here add themselves to the block's count of
/// returned threads; the leader that completes it drains the block's
/// counters into the globals (acq_rel: the other warps' updates, made
/// before their own arrival, are visible to it).
void FunctionInstrumenter::flushAt(ReturnInst *Ret) {
  using namespace profile;
  IRBuilder<> B(Ret);
  auto [Mask, Leader] = getLeader(B);
  // Orders the counter updates of every returning lane (a lane may have
  // been an earlier leader) before the leader's arrival (bar.warp.sync
  // orders memory among the lanes it names).
  B.CreateIntrinsic(Intrinsic::nvvm_bar_warp_sync, {}, {Mask});
  Value *Returning = popc(B, Mask);
  Value *Threads = B.getInt32(1);
  for (Intrinsic::ID ID : {Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                           Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                           Intrinsic::nvvm_read_ptx_sreg_ntid_z})
    Threads = B.CreateMul(Threads, call(B, ID, {}));
  BasicBlock *Head = Ret->getParent();
  BasicBlock *Tail = SplitBlock(Head, Ret);
  BasicBlock *Arrive = BasicBlock::Create(Ctx, "divopt.prof.arrive", &F, Tail);
  BasicBlock *Flush = BasicBlock::Create(Ctx, "divopt.prof.flush", &F, Tail);
  Head->getTerminator()->eraseFromParent();
  BranchInst::Create(Arrive, Tail, Leader, Head);
  B.SetInsertPoint(Arrive);
  Value *Before = B.CreateAtomicRMW(
      AtomicRMWInst::Add, getBlockWord(B, Words), Returning, MaybeAlign(4),
      AtomicOrdering::AcquireRelease, Ctx.getOrInsertSyncScopeID("block"));
  B.CreateCondBr(B.CreateICmpEQ(B.CreateAdd(Before, Returning), Threads), Flush,
                 Tail);
  B.SetInsertPoint(Flush);
  Type *I64 = B.getInt64Ty();
  std::map<unsigned, Value *> Value64;
  for (auto &[Word, K] : WordOps) {
    Value *V = B.CreateLoad(i32(), getBlockWord(B, Word));
    Value *Wide = B.CreateZExt(V, I64);
    if (K == Op::Min) // The complement's maximum; zero: none.
      Wide = B.CreateSelect(B.CreateICmpEQ(V, B.getInt32(0)),
                            B.getInt64(NoSpreadMin),
                            B.CreateZExt(B.CreateNot(V), I64));
    Value64[Word] = Wide;
  }
  for (unsigned Base : DerivedBranches) {
    Value *Execs = Value64[Base + BranchExecs];
    Value *Div = Value64[Base + BranchDivergent];
    Value *Uni0 = Value64[Base + getBranchUniformWord(0, 2)];
    Value *Uni1 = B.CreateSub(B.CreateSub(Execs, Div), Uni0);
    Value64[Base + getBranchUniformWord(1, 2)] = Uni1;
    Value64[Base + getBranchWarpsWord(0, 2)] = B.CreateAdd(Uni0, Div);
    Value64[Base + getBranchWarpsWord(1, 2)] = B.CreateAdd(Uni1, Div);
  }
  for (auto &[Word, V] : Value64) {
    auto It = WordOps.find(Word);
    Op K = It == WordOps.end() ? Op::Add : It->second;
    B.CreateAtomicRMW(getAtomic(K), getWordAddress(B, Word), V, MaybeAlign(8),
                      AtomicOrdering::Monotonic);
  }
  B.CreateBr(Tail);
}

CounterFunction FunctionInstrumenter::instrument(GlobalVariable *&Out) {
  CounterFunction CF;
  CF.Key = PI->getKey();
  CF.Symbol = profile::CounterArrayPrefix + F.getName().str();
  // Words in the descriptor's order: branches, then loops.
  Words = 0;
  for (BranchSite &S : Branches) {
    S.Base = Words;
    CounterSite CS;
    CS.Index = S.PB->Index;
    CS.Ways = S.PB->Ways.size();
    CS.Loc = S.PB->Loc;
    Words += CS.getWords();
    CF.Sites.push_back(CS);
  }
  for (LoopSite &S : Loops) {
    if (!S.Meet)
      continue;
    S.Base = Words;
    CounterSite CS;
    CS.IsLoop = true;
    CS.Index = S.PL->Index;
    CS.Loc = S.PL->Loc;
    Words += CS.getWords();
    CF.Sites.push_back(CS);
  }
  // The globals: zero, but the spread minima, which start at "none".
  Module &M = *F.getParent();
  auto *ArrayTy = ArrayType::get(Type::getInt64Ty(Ctx), Words);
  SmallVector<Constant *, 32> Init(Words,
                                   ConstantInt::get(Type::getInt64Ty(Ctx), 0));
  for (LoopSite &S : Loops)
    if (S.Meet)
      Init[S.Base + profile::LoopSpreadMin] =
          ConstantInt::get(Type::getInt64Ty(Ctx), profile::NoSpreadMin);
  // One copy per program: a function that may be defined in several
  // translation units (-fgpu-rdc, templates) shares its counters.
  GlobalValue::LinkageTypes Linkage =
      F.hasLinkOnceLinkage() || F.hasWeakLinkage()
          ? GlobalValue::WeakODRLinkage
          : GlobalValue::ExternalLinkage;
  Counters = new GlobalVariable(M, ArrayTy, /*isConstant=*/false, Linkage,
                                ConstantArray::get(ArrayTy, Init), CF.Symbol,
                                nullptr, GlobalValue::NotThreadLocal,
                                /*AddressSpace=*/1);
  Counters->setAlignment(Align(8));
  Out = Counters;
  if (IsKernel) {
    auto *BlockTy = ArrayType::get(i32(), Words + 1);
    BlockCounters = new GlobalVariable(
        M, BlockTy, /*isConstant=*/false, GlobalValue::InternalLinkage,
        UndefValue::get(BlockTy), "divopt.prof.block." + F.getName(), nullptr,
        GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    BlockCounters->setAlignment(Align(4));
  }

  SmallVector<ReturnInst *, 2> Returns;
  for (BasicBlock &BB : F)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(R);
  SmallVector<std::pair<LoopSite *, Instruction *>, 4> Meets;
  for (LoopSite &S : Loops)
    if (S.Meet)
      Meets.emplace_back(&S, &*S.Meet->getFirstInsertionPt());

  // A lane's iterations of a loop restart at every entry.
  for (LoopSite &S : Loops) {
    S.Iterations = makeLaneState("divopt.prof.iterations", 0);
    for (BasicBlock *P : S.Entering) {
      BasicBlock *Edge = SplitEdge(P, S.Header);
      new StoreInst(ConstantInt::get(i32(), 0), S.Iterations,
                    Edge->getTerminator()->getIterator());
    }
  }
  for (BranchSite &S : Branches)
    countBranch(S);
  for (LoopSite &S : Loops)
    countHeader(S);
  for (auto [S, Before] : Meets)
    countMeet(*S, Before);
  if (IsKernel) {
    for (ReturnInst *R : Returns)
      flushAt(R);
    initBlockCounters();
  }

  DominatorTree DT(F);
  PromoteMemToReg(Promotable, DT);
  NumBranches += Branches.size();
  NumLoops += Meets.size();
  ++NumFunctions;
  return CF;
}

void addDescriptor(Module &M, const Function &Kernel, const std::string &Text) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), Text);
  auto *GV = new GlobalVariable(
      M, Init->getType(), /*isConstant=*/true, GlobalValue::ExternalLinkage,
      Init, profile::CounterDescriptorPrefix + Kernel.getName().str(), nullptr,
      GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
  GV->setAlignment(Align(1));
}

} // namespace

PreservedAnalyses DivergenceProfilePass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  if (!isNVPTXModule(M))
    return PreservedAnalyses::all();
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::vector<CounterFunction> Counted;
  SmallVector<Function *, 8> Kernels, Defined;
  for (Function &F : M)
    if (!F.isDeclaration())
      Defined.push_back(&F);
  for (Function *F : Defined) {
    if (getKernelInfo(*F).IsKernel)
      Kernels.push_back(F);
    FunctionInstrumenter FI(*F, FAM);
    if (!FI.collect())
      continue;
    GlobalVariable *Counters = nullptr;
    CounterFunction CF = FI.instrument(Counters);
    FAM.invalidate(*F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    ORE.emit([&] {
      unsigned NumLoopSites = 0;
      for (const CounterSite &S : CF.Sites)
        NumLoopSites += S.IsLoop;
      return OptimizationRemarkAnalysis(DEBUG_TYPE, "Counted", F)
             << "divergence counters for "
             << ore::NV("Branches", unsigned(CF.Sites.size() - NumLoopSites))
             << " branches and " << ore::NV("Loops", NumLoopSites)
             << " loops in " << Counters->getName();
    });
    Counted.push_back(std::move(CF));
  }
  // Every kernel names the module's counters, so that its launches (and
  // the device functions it calls) are collected even where it has no
  // divergent branch of its own.
  std::string Text = profile::writeCounterDescriptor(Counted);
  for (Function *K : Kernels)
    addDescriptor(M, *K, Text);
  return Kernels.empty() && Counted.empty() ? PreservedAnalyses::all()
                                            : PreservedAnalyses::none();
}

} // namespace divopt
