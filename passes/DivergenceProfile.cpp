//===- DivergenceProfile.cpp - Counting how branches diverge --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceProfile.h"
#include "SplitArmLoops.h"
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
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-divergence-profile"

STATISTIC(NumFunctions, "Functions given divergence counters");
STATISTIC(NumBranches, "Branches counted");
STATISTIC(NumLoops, "Loops counted");
STATISTIC(NumSplitArmLoops,
          "Loops counted for their trips in a kernel-split candidate's way");
STATISTIC(NumLoopsUncounted, "Loops without a place where their lanes meet");

// Exact counting costs several times a short arm in a hot loop (the meld
// kernels: 3x-8.5x over clang -O3 on an H100/H200), so by default one
// block in 64 counts and the others run the uninstrumented body.
static cl::opt<unsigned> ProfileSample(
    "divopt-profile-sample", cl::init(64),
    cl::desc("Count one thread block in N (a fixed subset, chosen by a hash "
             "of the block index); 1 counts every block exactly"));

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

/// A kernel's two-way branch counts a warp execution with one shared
/// atomic: a 64-bit word of its block holding five fields, from bit 0:
/// executions, all-then, all-else (11 bits each), lanes-then, lanes-else
/// (15 bits each); divergent = executions - all-then - all-else, and
/// warps[w], uniform[w] follow. In a loop a second word holds the lanes'
/// direction pairs (bits 0-31) and changes (bits 32-63).
///
/// Draining: the leader that adds sees the word's new value; where its
/// trigger field (executions; pairs) has reached DrainAt it exchanges the
/// word with zero and adds what it took to the globals. An exchange takes
/// exactly what is there, so every add is counted once whatever the order
/// of adds and exchanges. No field overflows: after the word's latest
/// exchange, the k-th add sees executions == k, so the adds present are at
/// most DrainAt - 1 that saw less than DrainAt, plus the pending ones that
/// saw more and have not exchanged yet. A pending add is its leader
/// thread's only one, and the lanes of its warp wait for it
/// (bar.warp.sync after the update), so the pending adds' lane sets are
/// disjoint: at most 1024 adds and 1024 lanes in all (1024 threads a
/// block). Executions <= 959 + 1024 = 1983 < 2^11 (all-then and all-else
/// are no more); lanes <= 32 * 959 + 1024 = 31712 < 2^15. Pairs < 2^31 +
/// 1024 < 2^32; changes <= pairs.
namespace packed {
constexpr unsigned Then = 11, Else = 22, LanesThen = 33, LanesElse = 48;
constexpr uint64_t CountMask = 0x7ff, LanesMask = 0x7fff;
constexpr uint64_t DrainAt = 960, PairsDrainAt = uint64_t(1) << 31;
} // namespace packed

struct BranchSite {
  const ProfiledBranch *PB;
  /// Kernels: the first of its words in the block's counters.
  unsigned Slot = 0;
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
  unsigned Slot = 0;
  AllocaInst *Iterations = nullptr;
  /// Counted only for its trips, in a kernel-split candidate's way.
  bool ForSplit = false;
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
  /// Adds the counters, returns what they mean; one block in Sample
  /// counts.
  CounterFunction instrument(GlobalVariable *&Counters, unsigned Sample);
  /// The loops counted only for their trips in a kernel-split way.
  unsigned getSplitArmLoopsCounted() const {
    return count_if(Loops,
                    [](const LoopSite &S) { return S.Meet && S.ForSplit; });
  }

private:
  Type *i32() { return Type::getInt32Ty(Ctx); }
  Type *B64() { return Type::getInt64Ty(Ctx); }
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
  /// Splits Before's block: the lanes Gate is true for run a new block
  /// (Name, its terminator left to the caller) before the rest, which all
  /// lanes reach. Returns the new block and the rest.
  std::pair<BasicBlock *, BasicBlock *>
  splitGuarded(Instruction *Before, Value *Gate, const Twine &Name);
  void update(Instruction *Before, Value *Gate, ArrayRef<Update> Updates);
  Value *getWordAddress(IRBuilder<> &B, unsigned Word);

  void countBranch(BranchSite &S);
  void countPackedBranch(BranchSite &S);
  void addPackedToGlobals(IRBuilder<> &B, Value *W, unsigned Base);
  void addPairsToGlobals(IRBuilder<> &B, Value *W, unsigned Base);
  Value *getAtomicAdd(IRBuilder<> &B, Value *Ptr, Value *V);
  std::pair<Value *, Value *> lanePairs(IRBuilder<> &B, BranchSite &S,
                                        Value *Mask, Value *Way);
  void countHeader(LoopSite &S);
  void countMeet(LoopSite &S, Instruction *Before);
  void initBlockCounters(BasicBlock &Start);
  BasicBlock *sampleBlocks(unsigned Sample);
  Value *getBlockWord(IRBuilder<> &B, unsigned Word);
  void flushAt(ReturnInst *Ret);

  Function &F;
  FunctionAnalysisManager &FAM;
  LLVMContext &Ctx;
  bool IsKernel;
  std::optional<ProfileIdentity> PI;
  std::vector<BranchSite> Branches;
  std::vector<LoopSite> Loops;
  /// Loops counted only because kernel-split weighs a way by their trips.
  SmallPtrSet<Loop *, 4> SplitArmLoops;
  DenseMap<Loop *, SmallVector<LaneWays, 1>> Packs;
  GlobalVariable *Counters = nullptr;
  /// Kernels: the block's counters in shared memory, one i64 each
  /// (packed for two-way branches), then the number of the block's
  /// threads that have returned.
  GlobalVariable *BlockCounters = nullptr;
  unsigned Words = 0, Slots = 0;
  /// Kernels: each word's operation (Add where not named).
  std::map<unsigned, Op> WordOps;
  /// Kernels: the block word of each global word that has its own.
  DenseMap<unsigned, unsigned> SlotOfWord;
  /// Kernels' two-way branches, counted in packed words.
  SmallVector<const BranchSite *, 4> PackedBranches;
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
  // Loops in the ways of a branch kernel-split may try, whose trips the
  // compiler cannot know: the split weighs each way by them.
  for (Loop *L : getSplitArmLoops(F, FAM))
    if (Counted.insert(L).second)
      SplitArmLoops.insert(L);
  bool HasRedux = true;
  if (std::optional<unsigned> CC = getKernelInfo(F).computeCapability())
    HasRedux = *CC >= 80;
  for (const ProfiledLoop &PL : PI->loops()) {
    if (!Counted.contains(PL.L))
      continue;
    LoopSite S;
    S.PL = &PL;
    S.ForSplit = SplitArmLoops.contains(PL.L);
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

std::pair<BasicBlock *, BasicBlock *>
FunctionInstrumenter::splitGuarded(Instruction *Before, Value *Gate,
                                   const Twine &Name) {
  BasicBlock *Head = Before->getParent();
  BasicBlock *Tail = SplitBlock(Head, Before);
  BasicBlock *Guarded = BasicBlock::Create(Ctx, Name, &F, Tail);
  Head->getTerminator()->eraseFromParent();
  BranchInst::Create(Guarded, Tail, Gate, Head);
  return {Guarded, Tail};
}

void FunctionInstrumenter::update(Instruction *Before, Value *Gate,
                                  ArrayRef<Update> Updates) {
  // The leader lane updates the counters now: a kernel's in its block's
  // shared memory (drained once per block, flushAt), a device function's in
  // the globals.
  auto [Flush, Tail] = splitGuarded(Before, Gate, "divopt.prof.flush");
  IRBuilder<> B(Flush);
  for (const Update &U : Updates) {
    if (IsKernel) {
      WordOps[U.Word] = U.Kind;
      bool IsMin = U.Kind == Op::Min;
      B.CreateAtomicRMW(
          getAtomic(IsMin ? Op::Max : U.Kind),
          getBlockWord(B, SlotOfWord.lookup(U.Word)),
          B.CreateZExt(IsMin ? B.CreateNot(U.V) : U.V, B.getInt64Ty()),
          MaybeAlign(8), AtomicOrdering::Monotonic,
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
void FunctionInstrumenter::initBlockCounters(BasicBlock &Entry) {
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
  Value *Last = B.getInt32(Slots); // The returned-thread count.
  Entry.getTerminator()->eraseFromParent();
  B.SetInsertPoint(&Entry);
  B.CreateCondBr(B.CreateICmpULE(Tid, Last), Clear, Rest);
  B.SetInsertPoint(Clear);
  PHINode *I = B.CreatePHI(i32(), 2, "divopt.prof.word");
  I->addIncoming(Tid, &Entry);
  B.CreateStore(B.getInt64(0),
                B.CreateInBoundsGEP(BlockCounters->getValueType(),
                                    BlockCounters, {B.getInt32(0), I}));
  Value *Next = B.CreateAdd(I, Threads);
  I->addIncoming(Next, Clear);
  B.CreateCondBr(B.CreateICmpULE(Next, Last), Clear, Rest);
  B.SetInsertPoint(&*Rest->getFirstInsertionPt());
  B.CreateIntrinsic(Intrinsic::nvvm_barrier_cta_sync_all, {}, {B.getInt32(0)});
}

/// Whether a branch's counts are packed into a word of its kernel's block.
static bool isPacked(const Instruction *Term, bool IsKernel) {
  return IsKernel && isa<BranchInst>(Term);
}

void FunctionInstrumenter::countBranch(BranchSite &S) {
  Instruction *Term = S.PB->Term;
  unsigned N = S.PB->Ways.size();
  if (isPacked(Term, IsKernel))
    return countPackedBranch(S);
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
  for (unsigned W = 0; W < N; ++W) {
    U.push_back({S.Base + getBranchLanesWord(W, N), Op::Add, popc(B, T[W])});
    U.push_back({S.Base + getBranchWarpsWord(W, N), Op::Add,
                 asCount(B, B.CreateICmpNE(T[W], B.getInt32(0)))});
    U.push_back({S.Base + getBranchUniformWord(W, N), Op::Add,
                 asCount(B, B.CreateICmpEQ(T[W], Mask))});
  }
  if (S.L) {
    auto [Pairs, Changes] = lanePairs(B, S, Mask, Way);
    U.push_back({S.Base + BranchPairs, Op::Add, Pairs});
    U.push_back({S.Base + BranchChanges, Op::Add, Changes});
  }
  update(Term, Leader, U);
}

/// The active lanes that took this branch in the loop's previous iteration
/// too, and those of them whose way changed; records this lane's way.
std::pair<Value *, Value *> FunctionInstrumenter::lanePairs(IRBuilder<> &B,
                                                            BranchSite &S,
                                                            Value *Mask,
                                                            Value *Way) {
  unsigned N = S.PB->Ways.size();
  {
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
    Value *Cur =
        B.CreateAnd(B.CreateLoad(i32(), P.back().Cur), B.getInt32(~FieldMask));
    B.CreateStore(B.CreateOr(Cur, Mine), P.back().Cur);
    return {popc(B, ballot(B, Mask, Paired)),
            popc(B, ballot(B, Mask, Changed))};
  }
}

Value *FunctionInstrumenter::getAtomicAdd(IRBuilder<> &B, Value *Ptr,
                                          Value *V) {
  return B.CreateAtomicRMW(AtomicRMWInst::Add, Ptr, V, MaybeAlign(8),
                           AtomicOrdering::Monotonic);
}

/// Adds a packed branch word's fields to the branch's global words.
void FunctionInstrumenter::addPackedToGlobals(IRBuilder<> &B, Value *W,
                                              unsigned Base) {
  using namespace profile;
  auto Field = [&](unsigned Shift, uint64_t Mask) {
    return B.CreateAnd(B.CreateLShr(W, Shift), Mask);
  };
  Value *Execs = Field(0, packed::CountMask);
  Value *Uni0 = Field(packed::Then, packed::CountMask);
  Value *Uni1 = Field(packed::Else, packed::CountMask);
  Value *Div = B.CreateSub(B.CreateSub(Execs, Uni0), Uni1);
  std::pair<unsigned, Value *> Adds[] = {
      {BranchExecs, Execs},
      {BranchDivergent, Div},
      {getBranchLanesWord(0, 2), Field(packed::LanesThen, packed::LanesMask)},
      {getBranchLanesWord(1, 2), Field(packed::LanesElse, packed::LanesMask)},
      {getBranchWarpsWord(0, 2), B.CreateAdd(Uni0, Div)},
      {getBranchWarpsWord(1, 2), B.CreateAdd(Uni1, Div)},
      {getBranchUniformWord(0, 2), Uni0},
      {getBranchUniformWord(1, 2), Uni1}};
  for (auto &[Word, V] : Adds)
    getAtomicAdd(B, getWordAddress(B, Base + Word), V);
}

void FunctionInstrumenter::addPairsToGlobals(IRBuilder<> &B, Value *W,
                                             unsigned Base) {
  using namespace profile;
  getAtomicAdd(B, getWordAddress(B, Base + BranchPairs),
               B.CreateAnd(W, B.getInt64(0xffffffff)));
  getAtomicAdd(B, getWordAddress(B, Base + BranchChanges), B.CreateLShr(W, 32));
}

/// A kernel's two-way branch: one shared atomic a warp execution (two in
/// a loop), draining into the globals as the packed namespace describes.
void FunctionInstrumenter::countPackedBranch(BranchSite &S) {
  auto *Br = cast<BranchInst>(S.PB->Term);
  Type *I64 = B64();
  IRBuilder<> B(Br);
  auto [Mask, Leader] = getLeader(B);
  Value *Then = ballot(B, Mask, Br->getCondition());
  Value *Else = B.CreateXor(Mask, Then);
  auto Field = [&](Value *V, unsigned Shift) {
    return B.CreateShl(B.CreateZExt(V, I64), Shift);
  };
  Value *D = B.getInt64(1);
  D = B.CreateOr(D, Field(B.CreateICmpEQ(Then, Mask), packed::Then));
  D = B.CreateOr(D, Field(B.CreateICmpEQ(Else, Mask), packed::Else));
  D = B.CreateOr(D, Field(popc(B, Then), packed::LanesThen));
  D = B.CreateOr(D, Field(popc(B, Else), packed::LanesElse));
  Value *PairsD = nullptr;
  if (S.L) {
    Value *Way = asCount(B, B.CreateNot(Br->getCondition()));
    auto [Pairs, Changes] = lanePairs(B, S, Mask, Way);
    PairsD = B.CreateOr(B.CreateZExt(Pairs, I64), Field(Changes, 32));
  }
  PackedBranches.push_back(&S);

  auto [Add, Tail] = splitGuarded(Br, Leader, "divopt.prof.flush");
  BasicBlock *Drain = BasicBlock::Create(Ctx, "divopt.prof.drain", &F, Tail);
  B.SetInsertPoint(Add);
  SyncScope::ID Block = Ctx.getOrInsertSyncScopeID("block");
  auto AddTo = [&](unsigned Slot, Value *V, uint64_t Mask, uint64_t At) {
    Value *Old =
        B.CreateAtomicRMW(AtomicRMWInst::Add, getBlockWord(B, Slot), V,
                          MaybeAlign(8), AtomicOrdering::Monotonic, Block);
    Value *New = B.CreateAnd(B.CreateAdd(Old, V), Mask);
    return B.CreateICmpUGE(New, B.getInt64(At));
  };
  Value *Full = AddTo(S.Slot, D, packed::CountMask, packed::DrainAt);
  if (PairsD)
    Full = B.CreateOr(
        Full, AddTo(S.Slot + 1, PairsD, 0xffffffff, packed::PairsDrainAt));
  B.CreateCondBr(Full, Drain, Tail);
  // An exchange takes exactly what is there: draining both words when
  // either is full is exact too.
  B.SetInsertPoint(Drain);
  auto Take = [&](unsigned Slot) {
    return B.CreateAtomicRMW(AtomicRMWInst::Xchg, getBlockWord(B, Slot),
                             B.getInt64(0), MaybeAlign(8),
                             AtomicOrdering::Monotonic, Block);
  };
  addPackedToGlobals(B, Take(S.Slot), S.Base);
  if (PairsD)
    addPairsToGlobals(B, Take(S.Slot + 1), S.Base);
  B.CreateBr(Tail);
  // The lanes wait for their leader's update: no lane is in two pending
  // adds (the overflow bound above).
  B.SetInsertPoint(Br);
  B.CreateIntrinsic(Intrinsic::nvvm_bar_warp_sync, {}, {Mask});
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
  auto [Arrive, Tail] = splitGuarded(Ret, Leader, "divopt.prof.arrive");
  BasicBlock *Flush = BasicBlock::Create(Ctx, "divopt.prof.flush", &F, Tail);
  B.SetInsertPoint(Arrive);
  Type *I64 = B.getInt64Ty();
  Value *Before = B.CreateAtomicRMW(AtomicRMWInst::Add, getBlockWord(B, Slots),
                                    B.CreateZExt(Returning, I64), MaybeAlign(8),
                                    AtomicOrdering::AcquireRelease,
                                    Ctx.getOrInsertSyncScopeID("block"));
  B.CreateCondBr(
      B.CreateICmpEQ(B.CreateAdd(Before, B.CreateZExt(Returning, I64)),
                     B.CreateZExt(Threads, I64)),
      Flush, Tail);
  B.SetInsertPoint(Flush);
  // What the drains left in the block's packed words.
  for (const BranchSite *S : PackedBranches) {
    addPackedToGlobals(B, B.CreateLoad(I64, getBlockWord(B, S->Slot)), S->Base);
    if (S->L)
      addPairsToGlobals(B, B.CreateLoad(I64, getBlockWord(B, S->Slot + 1)),
                        S->Base);
  }
  for (auto &[Word, K] : WordOps) {
    Value *V = B.CreateLoad(I64, getBlockWord(B, SlotOfWord.lookup(Word)));
    if (K == Op::Min) { // The complement's maximum; zero: none.
      Value *Low = B.CreateTrunc(V, i32());
      V = B.CreateSelect(B.CreateICmpEQ(Low, B.getInt32(0)),
                         B.getInt64(NoSpreadMin),
                         B.CreateZExt(B.CreateNot(Low), I64));
    }
    B.CreateAtomicRMW(getAtomic(K), getWordAddress(B, Word), V, MaybeAlign(8),
                      AtomicOrdering::Monotonic);
  }
  B.CreateBr(Tail);
}

/// Sampling: the function's body runs twice over, the original (to be
/// counted) for the sampled blocks and an uninstrumented copy for the
/// others, chosen once at entry by a block-uniform test, so that an
/// unsampled block pays one branch and nothing per site. The sampled
/// blocks are those whose linear index b has frac(b * phi) < 1 / Sample
/// (Fibonacci hashing: spread evenly over the grid and over any period a
/// kernel gives its blocks, e.g. parity; block 0 always counts). Returns
/// the counted body's first block.
BasicBlock *FunctionInstrumenter::sampleBlocks(unsigned Sample) {
  BasicBlock *Entry = &F.getEntryBlock();
  if (Sample == 1)
    return Entry;
  SmallVector<BasicBlock *, 32> Original, Copies;
  for (BasicBlock &BB : F)
    Original.push_back(&BB);
  ValueToValueMapTy VMap;
  for (BasicBlock *BB : Original) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, ".unsampled", &F);
    VMap[BB] = C;
    Copies.push_back(C);
  }
  remapInstructionsInBlocks(Copies, VMap);
  auto *CopyEntry = cast<BasicBlock>(VMap[Entry]);
  BasicBlock *Choose = BasicBlock::Create(Ctx, "divopt.prof.sample", &F, Entry);
  // Fixed-size allocas stay in the entry block, static.
  for (BasicBlock *BB : {Entry, CopyEntry})
    for (Instruction &I : make_early_inc_range(*BB))
      if (auto *A = dyn_cast<AllocaInst>(&I);
          A && isa<ConstantInt>(A->getArraySize()))
        A->moveBefore(*Choose, Choose->end());
  IRBuilder<> B(Choose);
  using namespace Intrinsic;
  Value *X = call(B, nvvm_read_ptx_sreg_ctaid_x, {});
  Value *Y = call(B, nvvm_read_ptx_sreg_ctaid_y, {});
  Value *Z = call(B, nvvm_read_ptx_sreg_ctaid_z, {});
  Value *NX = call(B, nvvm_read_ptx_sreg_nctaid_x, {});
  Value *NY = call(B, nvvm_read_ptx_sreg_nctaid_y, {});
  Value *Linear =
      B.CreateAdd(X, B.CreateMul(NX, B.CreateAdd(Y, B.CreateMul(NY, Z))));
  Value *Hash =
      B.CreateZExt(B.CreateMul(Linear, B.getInt32(0x9e3779b9)), B64());
  Value *Scaled = B.CreateLShr(B.CreateMul(Hash, B.getInt64(Sample)), 32);
  B.CreateCondBr(B.CreateICmpEQ(Scaled, B.getInt64(0), "divopt.prof.sampled"),
                 Entry, CopyEntry);
  return Entry;
}

CounterFunction FunctionInstrumenter::instrument(GlobalVariable *&Out,
                                                 unsigned Sample) {
  CounterFunction CF;
  CF.Key = PI->getKey();
  CF.Sample = Sample;
  CF.Symbol = profile::CounterArrayPrefix + F.getName().str();
  // Words in the descriptor's order: branches, then loops.
  // A kernel's block words: two-way branches one packed word (two in a
  // loop), the others one per global word.
  Words = Slots = 0;
  auto Place = [&](unsigned Base, unsigned N, bool Packed, unsigned PackedN) {
    unsigned First = Slots;
    if (Packed) {
      Slots += PackedN;
      return First;
    }
    for (unsigned I = 0; I < N; ++I)
      SlotOfWord[Base + I] = Slots++;
    return First;
  };
  for (BranchSite &S : Branches) {
    S.Base = Words;
    CounterSite CS;
    CS.Index = S.PB->Index;
    CS.Ways = S.PB->Ways.size();
    CS.Loc = S.PB->Loc;
    S.Slot = Place(Words, CS.getWords(), isPacked(S.PB->Term, IsKernel),
                   S.L ? 2 : 1);
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
    S.Slot = Place(Words, CS.getWords(), false, 0);
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
    auto *BlockTy = ArrayType::get(B64(), Slots + 1);
    BlockCounters = new GlobalVariable(
        M, BlockTy, /*isConstant=*/false, GlobalValue::InternalLinkage,
        UndefValue::get(BlockTy), "divopt.prof.block." + F.getName(), nullptr,
        GlobalValue::NotThreadLocal, /*AddressSpace=*/3);
    BlockCounters->setAlignment(Align(8));
  }

  SmallVector<ReturnInst *, 2> Returns;
  for (BasicBlock &BB : F)
    if (auto *R = dyn_cast<ReturnInst>(BB.getTerminator()))
      Returns.push_back(R);
  BasicBlock *Start = sampleBlocks(Sample);
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
    initBlockCounters(*Start);
  }

  DominatorTree DT(F);
  PromoteMemToReg(Promotable, DT);
  NumBranches += Branches.size();
  NumLoops += Meets.size();
  for (auto [S, Before] : Meets)
    NumSplitArmLoops += S->ForSplit;

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
  if (ProfileSample == 0) {
    M.getContext().emitError("-divopt-profile-sample=0: the rate is one "
                             "block in N, N >= 1");
    return PreservedAnalyses::all();
  }
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
    CounterFunction CF = FI.instrument(Counters, ProfileSample);
    FAM.invalidate(*F, PreservedAnalyses::none());
    auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(*F);
    ORE.emit([&] {
      unsigned NumLoopSites = 0;
      for (const CounterSite &S : CF.Sites)
        NumLoopSites += S.IsLoop;
      OptimizationRemarkAnalysis R(DEBUG_TYPE, "Counted", F);
      R << "divergence counters for "
        << ore::NV("Branches", unsigned(CF.Sites.size() - NumLoopSites))
        << " branches and " << ore::NV("Loops", NumLoopSites) << " loops";
      if (unsigned ForSplit = FI.getSplitArmLoopsCounted())
        R << " (" << ore::NV("SplitArmLoops", ForSplit)
          << " for their trips in kernel-split ways)";
      return R << " in " << Counters->getName() << ", "
               << ore::NV("Sample",
                          CF.Sample == 1
                              ? std::string("every block")
                              : "one block in " + std::to_string(CF.Sample));
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
