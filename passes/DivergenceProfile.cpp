//===- DivergenceProfile.cpp - Counting how branches diverge --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "DivergenceProfile.h"
#include "BlockSpread.h"
#include "ContractionPinning.h"
#include "SplitArmLoops.h"
#include "TripSampling.h"
#include "analysis/DivergenceAnalysis.h"
#include "analysis/KernelInfo.h"
#include "analysis/ProfileIdentity.h"
#include "profile/ProfileCounters.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
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

#include <memory>

using namespace llvm;

#define DEBUG_TYPE "divopt-divergence-profile"

STATISTIC(NumFunctions, "Functions given divergence counters");
STATISTIC(NumBranches, "Branches counted");
STATISTIC(NumLoops, "Loops counted");
STATISTIC(NumSplitArmLoops,
          "Loops counted for their trips in a kernel-split candidate's way");
STATISTIC(NumLoopsUncounted, "Loops without a place where their lanes meet");
STATISTIC(NumTripSampled, "Top-level loops whose trips are counted in windows");
STATISTIC(NumBlockIndexReads,
          "Reads of the block index given a spread block's (BlockSpread.h)");
STATISTIC(NumEveryTrip,
          "Top-level loops counted on every trip though sampling was asked");

// Exact counting costs several times a short arm in a hot loop (the meld
// kernels: 3x-8.5x over clang -O3 on an H100/H200), so by default one
// block in 64 counts and the others run the uninstrumented body.
static cl::opt<unsigned> ProfileSample(
    "divopt-profile-sample", cl::init(64),
    cl::desc("Count one thread block in N (a fixed subset, chosen by a hash "
             "of the block index); 1 counts every block exactly"));

// A counted block runs longer than the others; one dispatched in the last
// wave ends after them all (meld's bitonic sort, 8 waves: 1.51x with the
// kernel's occupancy unchanged). Drawing the counted blocks from the
// first quarter of the grid, which the GPU dispatches first, hides that
// behind the later waves (worst 1.06x).
static cl::opt<unsigned> ProfileSampleFront(
    "divopt-profile-sample-front", cl::init(4),
    cl::desc("Draw the counted blocks from the first 1/F of the grid (at "
             "most the sampling rate), so that they start in the first "
             "waves; 1: from the whole grid"));

// Alone, that would count those blocks only, and a kernel whose data
// change along the grid would be seen through its first blocks: the
// counted blocks of the front run the indices of blocks spread over the
// whole grid instead (BlockSpread.h), which sees it whole at the front's
// cost.
static cl::opt<bool> ProfileSpread(
    "divopt-profile-spread", cl::init(true),
    cl::desc("Let the counted blocks, drawn from the grid's front, run the "
             "indices of blocks spread over the whole grid, where no code "
             "waits for other blocks (default on)"));

static cl::opt<bool> KeepBlockPlace(
    "divopt-profile-keep-block-place", cl::init(false), cl::Hidden,
    cl::desc("Keep the function that places blocks (tests run it on the "
             "host)"));

// A counted block of a grid that runs in one wave sets the kernel's time:
// counting every trip of a short loop body made meld's N-Queens search
// 4.78x slower on an H100 (run 9). Counting two trips in P of each
// top-level loop (TripSampling.h) costs the block about 2/P of that.
static cl::opt<unsigned> ProfileSampleTrips(
    "divopt-profile-sample-trips", cl::init(64),
    cl::desc("In a counted block, count the trips of each top-level loop "
             "two at a time, two in every P (1, or a power of two from 4 "
             "to 4096; default 64, and 1 where -divopt-profile-sample=1): "
             "the counts are scaled to estimate every trip's"));

namespace divopt {

namespace {

/// The trip period in force: an exact profile (every block) counts every
/// trip unless the period is named.
unsigned getTripPeriod() {
  if (ProfileSample == 1 && ProfileSampleTrips.getNumOccurrences() == 0)
    return 1;
  return ProfileSampleTrips;
}

/// The loop L is nested in at the top level (L itself at the top).
Loop *getOutermost(Loop *L) {
  while (L && L->getParentLoop())
    L = L->getParentLoop();
  return L;
}

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

/// A lane's ways in a loop, for the loop's counted branches packed into
/// i32 words (one register for up to ten two-way branches): a field per
/// branch holding the way + 1 it took in the last iteration that
/// executed it (zero: none), then a bit set where this iteration executed
/// it. A branch reads its field before it writes its own way there (a
/// lane executes it at most once an iteration; in an irreducible cycle
/// inside the loop a second execution would pair with the first); the
/// header clears the fields of the branches the last iteration did not
/// execute, and the bits.
struct LaneWays {
  AllocaInst *Ways = nullptr;
  unsigned Used = 0, Width = 0;
  uint32_t LastMask = 0, ExecMask = 0;
};

/// A kernel's two-way branch keeps its block's counts in shared memory,
/// in words read by no one but the block's last thread (flushAt), so that
/// the counted copy needs few registers more than the kernel: it shares
/// the kernel's register allocation with the uncounted copy
/// (sampleBlocks), and a register more where the kernel's pressure peaks
/// costs every block occupancy. The lanes sum their votes in one
/// reduction, a byte a count: lanes then, lanes else and, in a loop, lanes
/// with a previous way and lanes whose way changed. The leader then adds,
/// one 32-bit atomic at a time, each count to its 32-bit accumulator and
/// one to its execution's kind (all then, all else, divergent).
///
/// A kind is a 64-bit count kept as two 32-bit halves: the add that finds
/// the low half at 2^32 - 1 (it wraps to zero) adds one to the high half.
/// An accumulator drains into its 64-bit total: the leader whose add
/// found one of the branch's accumulators at 2^31 or more exchanges each
/// of them with zero and adds what it took to its total, after its kind's
/// add (the reduction is dead then). An exchange takes exactly what is
/// there, so every add is counted once. No accumulator overflows: after
/// its latest exchange, the adds that found less than 2^31 bring at most
/// 2^31 + 31, and an add that found more is its leader thread's only
/// pending one (the thread drains before it reaches the branch again): at
/// most 1024 of them, 32 lanes each, 2^31 + 31 + 2^15 < 2^32.
namespace packed {
/// Block words, from a branch's first (Slot): the kinds' 64-bit counts,
/// the accumulators' 64-bit totals, then the accumulators two to a word.
enum Word {
  AllThen,
  AllElse,
  Divergent,
  LanesThen,
  LanesElse,
  Lanes,
  Paired,
  Changed,
  Pairs
};
constexpr unsigned BranchWords = 6, LoopBranchWords = 9;
constexpr uint32_t DrainAt = uint32_t(1) << 31;
} // namespace packed

struct BranchSite {
  const ProfiledBranch *PB;
  /// The top-level loop whose trips are counted in windows, around it.
  Loop *Window = nullptr;
  /// In Window: the trip is counted.
  Value *Counting = nullptr;
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
  /// The loop's own counter of iterations (from 0 by 1), if it has one: a
  /// lane's iterations are then its value + 1 on the exit edges, and the
  /// instrumentation keeps no counter of its own live through the loop.
  PHINode *Counter = nullptr;
  SmallVector<Loop::Edge, 2> ExitEdges;
  /// A loop whose trips are counted in windows: the uncounted copy's exit
  /// edges, where Counter is its copy.
  SmallVector<Loop::Edge, 2> UncountedExitEdges;
  /// A loop nested in one whose trips are counted in windows: that loop,
  /// and whether the trip of it the lanes are in is counted.
  Loop *Window = nullptr;
  Value *Counting = nullptr;
  /// The loop's own trips are counted in windows.
  const TripSampledLoop *Trips = nullptr;
  /// The blocks on the edges entering the loop, where lane state restarts.
  SmallVector<BasicBlock *, 2> EntryEdges;
  /// Counted only for its trips, in a kernel-split candidate's way.
  bool ForSplit = false;
};

/// The PTX ISA version F is compiled for (its "+ptxNN" target feature, as
/// clang sets it from the CUDA version), 0 where none is named.
unsigned getPtxVersion(const Function &F) {
  SmallVector<StringRef, 8> Features;
  F.getFnAttribute("target-features").getValueAsString().split(Features, ',');
  for (StringRef Feature : Features) {
    unsigned Version;
    if (Feature.consume_front("+ptx") && !Feature.getAsInteger(10, Version))
      return Version;
  }
  return 0;
}

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
      : F(F), FAM(FAM), Ctx(F.getContext()) {
    KernelInfo KI = getKernelInfo(F);
    IsKernel = KI.IsKernel;
    std::optional<unsigned> CC = KI.computeCapability();
    HasRedux = !CC || *CC >= 80;
    HasElect = CC && *CC >= 90 && getPtxVersion(F) >= 80;
  }

  /// Picks the branches and loops to count, and the top-level loops whose
  /// trips are counted two in TripPeriod; false when there is nothing to
  /// count.
  bool collect(unsigned TripPeriod);
  /// Adds the counters, returns what they mean; one block in Sample
  /// counts.
  /// PlaceFn decides which blocks count (null: every block).
  CounterFunction instrument(GlobalVariable *&Counters, unsigned Sample,
                             Function *PlaceFn);
  /// The loops counted only for their trips in a kernel-split way.
  unsigned getSplitArmLoopsCounted() const {
    return count_if(Loops,
                    [](const LoopSite &S) { return S.Meet && S.ForSplit; });
  }
  /// The top-level loops whose trips are counted in windows.
  unsigned getTripSampledLoops() const { return TripLoops.size(); }
  unsigned getTripPeriod() const { return TripPeriod; }
  /// A top-level loop counted on every trip, though sampling was asked.
  struct EveryTrip {
    unsigned Index;
    DebugLoc Loc;
    BasicBlock *Header;
    std::string Why;
  };
  ArrayRef<EveryTrip> getEveryTripLoops() const { return EveryTripLoops; }

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
  /// Bit, where Flag holds (a trip sampling flag; none: always).
  Value *onlyIf(IRBuilder<> &B, Value *Bit, Value *Flag) {
    return Flag ? B.CreateAnd(Bit, Flag) : Bit;
  }
  /// The active mask and whether this lane is its lowest (the leader).
  std::pair<Value *, Value *> getLeader(IRBuilder<> &B);
  AllocaInst *makeLaneState(StringRef Name, uint32_t Init);
  ArrayRef<BasicBlock *> getEdgeBlocks(const BasicBlock *From,
                                       const BasicBlock *To);
  /// Splits Before's block: the lanes Gate is true for run a new block
  /// (Name, its terminator left to the caller) before the rest, which all
  /// lanes reach. Returns the new block and the rest.
  std::pair<BasicBlock *, BasicBlock *>
  splitGuarded(Instruction *Before, Value *Gate, const Twine &Name);
  void update(Instruction *Before, Value *Gate, ArrayRef<Update> Updates);
  Value *getWordAddress(IRBuilder<> &B, unsigned Word);

  void countBranch(BranchSite &S);
  void countPackedBranch(BranchSite &S);
  void addPackedToGlobals(IRBuilder<> &B, const BranchSite &S);
  Value *getAtomicAdd(IRBuilder<> &B, Value *Ptr, Value *V);
  std::pair<Value *, Value *> lanePairs(IRBuilder<> &B, BranchSite &S,
                                        Value *Way);
  Value *sumLanes(IRBuilder<> &B, Value *Mask, ArrayRef<Value *> Votes);
  void pickTripSampled();
  void sampleLoopTrips();
  void findEntering(LoopSite &S);
  void findExits(LoopSite &S);
  void setWordScales(const BranchSite &S);
  void setWordScales(const LoopSite &S);
  Value *scale(IRBuilder<> &B, unsigned Word, Value *V64);
  void countHeader(LoopSite &S);
  void countMeet(LoopSite &S, Instruction *Before);
  void initBlockCounters(BasicBlock &Start);
  BasicBlock *sampleBlocks(Function *Place);
  Value *getBlockWord(IRBuilder<> &B, unsigned Word);
  void flushAt(ReturnInst *Ret);

  Function &F;
  FunctionAnalysisManager &FAM;
  LLVMContext &Ctx;
  bool IsKernel;
  /// redux.sync (sm_80) sums the lanes' votes in one instruction;
  /// elect.sync (sm_90, PTX 8.0) picks the leader without the lane id (a
  /// register live through the whole kernel) and its lowest-bit search.
  bool HasRedux, HasElect;
  std::optional<ProfileIdentity> PI;
  std::vector<BranchSite> Branches;
  std::vector<LoopSite> Loops;
  /// Loops counted only because kernel-split weighs a way by their trips.
  SmallPtrSet<Loop *, 4> SplitArmLoops;
  DenseMap<Loop *, SmallVector<LaneWays, 1>> Packs;
  /// The blocks split into each edge (one a successor slot) so far.
  std::map<std::pair<const BasicBlock *, const BasicBlock *>,
           SmallVector<BasicBlock *, 1>>
      EdgeBlocks;
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
  /// Trip sampling: the period (1: every trip), the top-level loops
  /// counted in windows and, once made, their copies.
  unsigned TripPeriod = 1;
  SmallVector<Loop *, 2> TripLoops;
  DenseMap<Loop *, std::unique_ptr<TripSampledLoop>> Sampled;
  SmallVector<EveryTrip, 1> EveryTripLoops;
  /// Global words whose block counts estimate Factor times as many (the
  /// sampled trips'), multiplied when they are drained.
  DenseMap<unsigned, uint64_t> WordScale;
};

bool FunctionInstrumenter::collect(unsigned Period) {
  TripPeriod = Period;
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
  for (const ProfiledLoop &PL : PI->loops()) {
    if (!Counted.contains(PL.L))
      continue;
    LoopSite S;
    S.PL = &PL;
    S.ForSplit = SplitArmLoops.contains(PL.L);
    S.Header = PL.L->getHeader();
    S.Counter = PL.L->getCanonicalInductionVariable();
    PL.L->getExitEdges(S.ExitEdges);
    // An edge a successor slot: two cases of a switch to one exit are one
    // edge here (getEdgeBlocks splits each slot).
    llvm::sort(S.ExitEdges);
    S.ExitEdges.erase(llvm::unique(S.ExitEdges), S.ExitEdges.end());
    // Exit edges that split as any branch's do.
    if (any_of(S.ExitEdges, [](const Loop::Edge &E) {
          return !isa<BranchInst, SwitchInst>(E.first->getTerminator());
        }))
      S.Counter = nullptr;
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
  if (TripPeriod > 1)
    pickTripSampled();
  return !Branches.empty() || !Loops.empty();
}

/// The top-level loops with counting inside them (a branch, or a loop
/// whose lanes meet inside) run as two copies, so that two trips in
/// TripPeriod pay it. Their sites are gated and scaled.
void FunctionInstrumenter::pickTripSampled() {
  SmallSetVector<Loop *, 4> Candidates;
  for (const BranchSite &S : Branches)
    if (S.L)
      Candidates.insert(getOutermost(S.L));
  for (const LoopSite &S : Loops)
    if (S.Meet && S.PL->L->getParentLoop())
      Candidates.insert(getOutermost(S.PL->L));
  for (Loop *L : Candidates) {
    // An inner loop's lanes meet inside L (from outside L, a path would
    // come back into it before the meet, and it would have none); another
    // loop's meet inside L is L's header (by which they enter L), which an
    // entry's first trip runs in the counted copy.
    std::optional<std::string> Why = getTripSamplingBlocker(*L);
    if (Why) {
      const ProfiledLoop *PL = nullptr;
      for (const ProfiledLoop &P : PI->loops())
        if (P.L == L)
          PL = &P;
      EveryTripLoops.push_back(
          {PL ? PL->Index : 0, L->getStartLoc(), L->getHeader(), *Why});
      ++NumEveryTrip;
      continue;
    }
    TripLoops.push_back(L);
  }
  for (BranchSite &S : Branches)
    if (S.L && is_contained(TripLoops, getOutermost(S.L)))
      S.Window = getOutermost(S.L);
  for (LoopSite &S : Loops)
    if (S.PL->L->getParentLoop() &&
        is_contained(TripLoops, getOutermost(S.PL->L)))
      S.Window = getOutermost(S.PL->L);
}

/// Copies each picked loop (its blocks, still uninstrumented, become the
/// counted copy) and hands the copies' flags to the sites inside.
void FunctionInstrumenter::sampleLoopTrips() {
  for (Loop *L : TripLoops) {
    Sampled[L] = sampleTrips(*L, TripPeriod);
    ++NumTripSampled;
  }
  for (BranchSite &S : Branches)
    if (S.Window) {
      S.Counting = Sampled[S.Window]->Counting;
    }
  for (LoopSite &S : Loops) {
    if (S.Window)
      S.Counting = Sampled[S.Window]->Counting;
    if (auto It = Sampled.find(S.PL->L); It != Sampled.end())
      S.Trips = It->second.get();
  }
}

/// The blocks that enter S's loop from outside, in the function as it is
/// now: a loop counted in windows is entered by the block that draws its
/// phase; a copied loop's exits may lead into another loop.
void FunctionInstrumenter::findEntering(LoopSite &S) {
  S.Entering.clear();
  if (S.Trips) {
    S.Entering.push_back(S.Trips->Preheader);
    return;
  }
  for (BasicBlock *P : predecessors(S.Header))
    if (!S.PL->L->contains(P) && !is_contained(S.Entering, P))
      S.Entering.push_back(P);
}

/// The edges leaving S's loop, in the function as it is now (a phase
/// block may stand where an exit led into a loop counted in windows);
/// and, for a loop counted in windows, those leaving its uncounted copy.
void FunctionInstrumenter::findExits(LoopSite &S) {
  auto Inside = [&](BasicBlock *BB) {
    return S.PL->L->contains(BB) || (S.Trips && S.Trips->Added.contains(BB));
  };
  // In the function's order. An edge a successor slot: two cases of a
  // switch to one exit are one edge here (getEdgeBlocks splits each slot).
  auto Leaving = [&](auto From, SmallVectorImpl<Loop::Edge> &Edges) {
    Edges.clear();
    for (BasicBlock &BB : F)
      if (From(&BB))
        for (BasicBlock *Succ : successors(&BB))
          if (!Inside(Succ) && !is_contained(Edges, Loop::Edge(&BB, Succ)))
            Edges.emplace_back(&BB, Succ);
  };
  Leaving([&](BasicBlock *BB) { return S.PL->L->contains(BB); }, S.ExitEdges);
  if (S.Trips)
    Leaving([&](BasicBlock *BB) { return S.Trips->Uncounted.contains(BB); },
            S.UncountedExitEdges);
}

/// A site in a loop counted in windows counts a trip with probability
/// TripWindow / TripPeriod (its pairs with the previous trip of that loop
/// 1 / TripPeriod): its drained counts are scaled back, so that they
/// estimate every trip's. Minima and maxima are not counts.
void FunctionInstrumenter::setWordScales(const BranchSite &S) {
  if (!S.Window)
    return;
  using namespace profile;
  for (unsigned W = 0, E = getBranchWords(S.PB->Ways.size()); W < E; ++W)
    WordScale[S.Base + W] = TripPeriod / TripWindow;
  if (S.L == S.Window)
    for (unsigned W : {BranchPairs, BranchChanges})
      WordScale[S.Base + W] = TripPeriod / (TripWindow - 1);
}

void FunctionInstrumenter::setWordScales(const LoopSite &S) {
  if (!S.Window)
    return;
  using namespace profile;
  for (unsigned W :
       {LoopEntries, LoopLanes, LoopTrips, LoopIterations, LoopSpreadSum})
    WordScale[S.Base + W] = TripPeriod / TripWindow;
}

/// V64, a block's (or a warp execution's) count of Word, as an estimate of
/// every trip's.
Value *FunctionInstrumenter::scale(IRBuilder<> &B, unsigned Word, Value *V64) {
  uint64_t Factor = WordScale.lookup(Word);
  return Factor > 1 ? B.CreateMul(V64, B.getInt64(Factor)) : V64;
}

std::pair<Value *, Value *> FunctionInstrumenter::getLeader(IRBuilder<> &B) {
  Value *Mask = call(B, Intrinsic::nvvm_activemask, {});
  if (HasElect) {
    Value *E = B.CreateIntrinsic(Intrinsic::nvvm_elect_sync, {}, {Mask});
    return {Mask, B.CreateExtractValue(E, 1, "divopt.prof.leader")};
  }
  Value *Lane = call(B, Intrinsic::nvvm_read_ptx_sreg_laneid, {});
  Value *Lowest = B.CreateBinaryIntrinsic(Intrinsic::cttz, Mask, B.getTrue());
  return {Mask, B.CreateICmpEQ(Lowest, Lane, "divopt.prof.leader")};
}

/// The blocks on the edges From -> To, one a successor slot of From,
/// split once: an edge may enter one loop and leave another.
ArrayRef<BasicBlock *>
FunctionInstrumenter::getEdgeBlocks(const BasicBlock *From,
                                    const BasicBlock *To) {
  SmallVector<BasicBlock *, 1> &Blocks = EdgeBlocks[{From, To}];
  auto *Src = const_cast<BasicBlock *>(From);
  auto *Dst = const_cast<BasicBlock *>(To);
  while (is_contained(successors(Src), Dst)) {
    BasicBlock *Edge = SplitEdge(Src, Dst);
    if (!Edge)
      break;
    Blocks.push_back(Edge);
  }
  return Blocks;
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
    Value *V = B.CreateZExt(U.V, B.getInt64Ty());
    if (U.Kind == Op::Add)
      V = scale(B, U.Word, V);
    B.CreateAtomicRMW(getAtomic(U.Kind), getWordAddress(B, U.Word), V,
                      MaybeAlign(8), AtomicOrdering::Monotonic);
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
    auto [Paired, Changed] = lanePairs(B, S, Way);
    U.push_back(
        {S.Base + BranchPairs, Op::Add, popc(B, ballot(B, Mask, Paired))});
    U.push_back(
        {S.Base + BranchChanges, Op::Add, popc(B, ballot(B, Mask, Changed))});
  }
  update(Term, onlyIf(B, Leader, S.Counting), U);
}

/// Whether this lane took this branch in the loop's previous iteration
/// too, and whether its way changed; records this lane's way.
std::pair<Value *, Value *>
FunctionInstrumenter::lanePairs(IRBuilder<> &B, BranchSite &S, Value *Way) {
  unsigned N = S.PB->Ways.size();
  {
    // Direction changes between this lane's consecutive iterations.
    S.Width = Log2_32_Ceil(N + 1);
    // A word's fields are all as wide (the header's shifts stay in them).
    SmallVector<LaneWays, 1> &P = Packs[S.L];
    auto It = find_if(P, [&](const LaneWays &W) {
      return W.Width == S.Width && W.Used + S.Width + 1 <= 32;
    });
    if (It == P.end()) {
      P.emplace_back();
      P.back().Ways = makeLaneState("divopt.prof.ways", 0);
      P.back().Width = S.Width;
      It = std::prev(P.end());
    }
    LaneWays &W = *It;
    S.Pack = It - P.begin();
    S.Shift = W.Used;
    W.Used += S.Width + 1;
    uint32_t FieldMask = ((1u << S.Width) - 1) << S.Shift;
    uint32_t Executed = 1u << (S.Shift + S.Width);
    W.LastMask |= FieldMask;
    W.ExecMask |= Executed;
    Value *Mine = B.CreateShl(B.CreateAdd(Way, B.getInt32(1)), S.Shift);
    Value *Ways = B.CreateLoad(i32(), W.Ways);
    Value *Last = B.CreateAnd(Ways, B.getInt32(FieldMask));
    Value *Paired = B.CreateICmpNE(Last, B.getInt32(0));
    Value *Changed = B.CreateAnd(Paired, B.CreateICmpNE(Last, Mine));
    Value *Others = B.CreateAnd(Ways, B.getInt32(~(FieldMask | Executed)));
    Value *Now = B.CreateOr(Mine, B.getInt32(Executed));
    B.CreateStore(B.CreateOr(Others, Now), W.Ways);
    return {Paired, Changed};
  }
}

Value *FunctionInstrumenter::getAtomicAdd(IRBuilder<> &B, Value *Ptr,
                                          Value *V) {
  return B.CreateAtomicRMW(AtomicRMWInst::Add, Ptr, V, MaybeAlign(8),
                           AtomicOrdering::Monotonic);
}

/// Adds a kernel branch's block words to its global words, deriving the
/// ones the block does not keep.
void FunctionInstrumenter::addPackedToGlobals(IRBuilder<> &B,
                                              const BranchSite &S) {
  using namespace profile;
  Type *I64 = B64();
  auto Half = [&](unsigned W, unsigned H) {
    Value *P =
        B.CreateConstInBoundsGEP1_32(i32(), getBlockWord(B, S.Slot + W), H);
    return B.CreateZExt(B.CreateLoad(i32(), P), I64);
  };
  // A kind's halves; a total plus what its accumulator holds. Each load is
  // its own statement: the order of a call's arguments is unspecified, and
  // the IR must not depend on the compiler that built the plugin.
  auto Kind = [&](unsigned W) {
    Value *Lo = Half(W, 0);
    Value *Hi = Half(W, 1);
    return B.CreateOr(Lo, B.CreateShl(Hi, 32));
  };
  auto Total = [&](unsigned W, unsigned Acc, unsigned H) {
    Value *Sum = B.CreateLoad(I64, getBlockWord(B, S.Slot + W));
    Value *Held = Half(Acc, H);
    return B.CreateAdd(Sum, Held);
  };
  Value *AllThen = Kind(packed::AllThen), *AllElse = Kind(packed::AllElse);
  Value *Div = Kind(packed::Divergent);
  SmallVector<std::pair<unsigned, Value *>, 10> Adds = {
      {BranchExecs, B.CreateAdd(B.CreateAdd(AllThen, AllElse), Div)},
      {BranchDivergent, Div},
      {getBranchLanesWord(0, 2), Total(packed::LanesThen, packed::Lanes, 0)},
      {getBranchLanesWord(1, 2), Total(packed::LanesElse, packed::Lanes, 1)},
      {getBranchWarpsWord(0, 2), B.CreateAdd(AllThen, Div)},
      {getBranchWarpsWord(1, 2), B.CreateAdd(AllElse, Div)},
      {getBranchUniformWord(0, 2), AllThen},
      {getBranchUniformWord(1, 2), AllElse}};
  if (S.L) {
    Adds.push_back({BranchPairs, Total(packed::Paired, packed::Pairs, 0)});
    Adds.push_back({BranchChanges, Total(packed::Changed, packed::Pairs, 1)});
  }
  for (auto &[Word, V] : Adds)
    getAtomicAdd(B, getWordAddress(B, S.Base + Word),
                 scale(B, S.Base + Word, V));
}

/// The active lanes' counts of each vote (an i1 a lane), a byte each
/// (at most 32) from the lowest, in every lane: one reduction where
/// there is redux.sync, else a ballot a vote.
Value *FunctionInstrumenter::sumLanes(IRBuilder<> &B, Value *Mask,
                                      ArrayRef<Value *> Votes) {
  assert(Votes.size() <= 4 && "a byte a vote");
  Value *Sum = B.getInt32(0);
  for (auto [I, Vote] : enumerate(Votes)) {
    Value *Count =
        HasRedux
            ? B.CreateSelect(Vote, B.getInt32(1u << (8 * I)), B.getInt32(0))
            : B.CreateShl(popc(B, ballot(B, Mask, Vote)), 8 * I);
    Sum = B.CreateOr(Sum, Count);
  }
  return HasRedux ? call(B, Intrinsic::nvvm_redux_sync_add, {Sum, Mask}) : Sum;
}

/// A kernel's two-way branch: the lanes vote before the branch (one
/// reduction, two in a loop), their leader adds to the block's words as
/// the packed namespace describes.
void FunctionInstrumenter::countPackedBranch(BranchSite &S) {
  using namespace packed;
  auto *Br = cast<BranchInst>(S.PB->Term);
  IRBuilder<> B(Br);
  auto [Mask, Leader] = getLeader(B);
  Value *Cond = Br->getCondition();
  Value *NotCond = B.CreateNot(Cond);
  SmallVector<Value *, 4> Votes = {Cond, NotCond};
  if (S.L) {
    auto [IsPaired, IsChanged] = lanePairs(B, S, asCount(B, NotCond));
    Votes.append({IsPaired, IsChanged});
  }
  Value *Lanes = sumLanes(B, Mask, Votes);
  PackedBranches.push_back(&S);

  auto [Add, Tail] =
      splitGuarded(Br, onlyIf(B, Leader, S.Counting), "divopt.prof.flush");
  B.SetInsertPoint(Add);
  SyncScope::ID Block = Ctx.getOrInsertSyncScopeID("block");
  auto HalfOf = [&](unsigned W, unsigned H) {
    return B.CreateConstInBoundsGEP1_32(i32(), getBlockWord(B, S.Slot + W), H);
  };
  auto AddTo = [&](Value *Ptr, Value *V) {
    return B.CreateAtomicRMW(AtomicRMWInst::Add, Ptr, V, MaybeAlign(4),
                             AtomicOrdering::Monotonic, Block);
  };
  auto Count = [&](unsigned I) {
    Value *V = I ? B.CreateLShr(Lanes, 8 * I) : Lanes;
    return I == 3 ? V : B.CreateAnd(V, B.getInt32(0xff));
  };
  // Adds the reduction's counts I and I + 1 to the accumulators of word
  // W; true where either was found at DrainAt or more.
  auto Accumulate = [&](unsigned I, unsigned W) {
    Value *Full =
        B.CreateICmpUGE(AddTo(HalfOf(W, 0), Count(I)), B.getInt32(DrainAt));
    return B.CreateOr(Full, B.CreateICmpUGE(AddTo(HalfOf(W, 1), Count(I + 1)),
                                            B.getInt32(DrainAt)));
  };
  // The execution's kind, a constant address each (a computed one would
  // keep the block's base address in a register pair).
  Value *NoElse = B.CreateICmpEQ(Count(1), B.getInt32(0));
  Value *NoThen = B.CreateICmpEQ(Count(0), B.getInt32(0));
  Value *Kind = B.CreateSelect(
      NoElse, B.getInt32(AllThen),
      B.CreateSelect(NoThen, B.getInt32(AllElse), B.getInt32(Divergent)));
  Value *Full = Accumulate(0, packed::Lanes);
  if (S.L)
    Full = B.CreateOr(Full, Accumulate(2, Pairs));
  BasicBlock *Drain = BasicBlock::Create(Ctx, "divopt.prof.drain", &F, Tail);
  BasicBlock *Check = BasicBlock::Create(Ctx, "divopt.prof.check", &F, Drain);
  SwitchInst *Sw = B.CreateSwitch(Kind, Check, 2);
  for (Word K : {AllThen, AllElse, Divergent}) {
    BasicBlock *One = BasicBlock::Create(Ctx, "divopt.prof.kind", &F, Check);
    BasicBlock *Wrap = BasicBlock::Create(Ctx, "divopt.prof.wrap", &F, Check);
    if (K == Divergent)
      Sw->setDefaultDest(One);
    else
      Sw->addCase(B.getInt32(K), One);
    B.SetInsertPoint(One);
    Value *Old = AddTo(HalfOf(K, 0), B.getInt32(1));
    B.CreateCondBr(B.CreateICmpEQ(Old, B.getInt32(~0u)), Wrap, Check);
    B.SetInsertPoint(Wrap);
    AddTo(HalfOf(K, 1), B.getInt32(1));
    B.CreateBr(Check);
  }
  B.SetInsertPoint(Check);
  B.CreateCondBr(Full, Drain, Tail);
  B.SetInsertPoint(Drain);
  auto Take = [&](unsigned Acc, unsigned H, unsigned Total) {
    Value *V =
        B.CreateAtomicRMW(AtomicRMWInst::Xchg, HalfOf(Acc, H), B.getInt32(0),
                          MaybeAlign(4), AtomicOrdering::Monotonic, Block);
    B.CreateAtomicRMW(AtomicRMWInst::Add, getBlockWord(B, S.Slot + Total),
                      B.CreateZExt(V, B64()), MaybeAlign(8),
                      AtomicOrdering::Monotonic, Block);
  };
  Take(packed::Lanes, 0, LanesThen);
  Take(packed::Lanes, 1, LanesElse);
  if (S.L) {
    Take(Pairs, 0, Paired);
    Take(Pairs, 1, Changed);
  }
  B.CreateBr(Tail);
}

void FunctionInstrumenter::countHeader(LoopSite &S) {
  IRBuilder<> B(&*S.Header->getFirstInsertionPt());
  // A field stays where the last iteration executed its branch (its bit,
  // shifted onto the field, keeps it); none at an entry.
  for (LaneWays &W : Packs.lookup(S.PL->L)) {
    Value *Ways = B.CreateLoad(i32(), W.Ways);
    Value *Executed = B.CreateAnd(Ways, W.ExecMask);
    Value *Keep = B.getInt32(0);
    for (unsigned K = 1; K <= W.Width; ++K)
      Keep = B.CreateOr(Keep, B.CreateLShr(Executed, K));
    B.CreateStore(B.CreateAnd(Ways, B.CreateAnd(Keep, W.LastMask)), W.Ways);
    for (BasicBlock *Edge : S.EntryEdges)
      new StoreInst(ConstantInt::get(i32(), 0), W.Ways,
                    Edge->getTerminator()->getIterator());
    // Nor where a window starts: the last counted trip was not the last.
    if (S.Trips)
      for (auto [Edge, Starts] : S.Trips->WindowStarts) {
        IRBuilder<> EB(Edge->getTerminator());
        Value *None = EB.getInt32(0);
        EB.CreateStore(
            Starts ? EB.CreateSelect(Starts, None, EB.CreateLoad(i32(), W.Ways))
                   : None,
            W.Ways);
      }
  }
  if (!S.Meet || S.Counter)
    return;
  B.CreateStore(B.CreateAdd(B.CreateLoad(i32(), S.Iterations), B.getInt32(1)),
                S.Iterations);
  // The trips outside the windows are trips too.
  if (S.Trips) {
    B.SetInsertPoint(&*S.Trips->UncountedHeader->getFirstInsertionPt());
    B.CreateStore(B.CreateAdd(B.CreateLoad(i32(), S.Iterations), B.getInt32(1)),
                  S.Iterations);
  }
}

void FunctionInstrumenter::countMeet(LoopSite &S, Instruction *Before) {
  using namespace profile;
  IRBuilder<> B(Before);
  auto [Mask, Leader] = getLeader(B);
  Value *C = B.CreateLoad(i32(), S.Iterations);
  Value *Entered = B.CreateICmpNE(C, B.getInt32(0));
  Value *E = ballot(B, Mask, Entered);
  Value *Gate = onlyIf(B, B.CreateAnd(Leader, B.CreateICmpNE(E, B.getInt32(0))),
                       S.Counting);
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
  Value *Arrived = B.CreateAdd(Before, B.CreateZExt(Returning, I64));
  Value *All = B.CreateZExt(Threads, I64);
  B.CreateCondBr(B.CreateICmpEQ(Arrived, All), Flush, Tail);
  B.SetInsertPoint(Flush);
  for (const BranchSite *S : PackedBranches)
    addPackedToGlobals(B, *S);
  for (auto &[Word, K] : WordOps) {
    Value *V = B.CreateLoad(I64, getBlockWord(B, SlotOfWord.lookup(Word)));
    if (K == Op::Min) { // The complement's maximum; zero: none.
      Value *Low = B.CreateTrunc(V, i32());
      Value *None = B.CreateICmpEQ(Low, B.getInt32(0));
      Value *Max = B.CreateZExt(B.CreateNot(Low), I64);
      V = B.CreateSelect(None, B.getInt64(NoSpreadMin), Max);
    } else if (K == Op::Add) {
      V = scale(B, Word, V);
    }
    B.CreateAtomicRMW(getAtomic(K), getWordAddress(B, Word), V, MaybeAlign(8),
                      AtomicOrdering::Monotonic);
  }
  B.CreateBr(Tail);
}

/// Sampling: the function's body runs twice over, the original (to be
/// counted) for the sampled blocks and an uninstrumented copy for the
/// others, chosen once at entry by a block-uniform test, so that an
/// unsampled block pays one branch and nothing per site. Whether a block
/// counts is the place function's to say (BlockSpread.h), for every
/// function alike. Returns the counted body's first block.
BasicBlock *FunctionInstrumenter::sampleBlocks(Function *Place) {
  BasicBlock *Entry = &F.getEntryBlock();
  if (!Place)
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
  Value *Sampled =
      B.CreateExtractValue(placeBlock(B, *Place), 3, "divopt.prof.sampled");
  B.CreateCondBr(Sampled, Entry, CopyEntry);
  return Entry;
}

CounterFunction FunctionInstrumenter::instrument(GlobalVariable *&Out,
                                                 unsigned Sample,
                                                 Function *PlaceFn) {
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
                   S.L ? packed::LoopBranchWords : packed::BranchWords);
    Words += CS.getWords();
    CF.Sites.push_back(CS);
    setWordScales(S);
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
    setWordScales(S);
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
  BasicBlock *Start = sampleBlocks(PlaceFn);
  // Copied before any counter goes in: the uncounted copy has none.
  sampleLoopTrips();
  // Before any edge is split: getEdgeBlocks splits an edge once, however
  // many loops enter or leave by it.
  for (LoopSite &S : Loops) {
    findEntering(S);
    findExits(S);
  }
  SmallVector<std::pair<LoopSite *, Instruction *>, 4> Meets;
  for (LoopSite &S : Loops)
    if (S.Meet)
      Meets.emplace_back(&S, &*S.Meet->getFirstInsertionPt());

  // A lane's iterations of a loop restart at every entry.
  for (LoopSite &S : Loops) {
    S.Iterations = makeLaneState("divopt.prof.iterations", 0);
    for (BasicBlock *P : S.Entering)
      for (BasicBlock *Edge : getEdgeBlocks(P, S.Header)) {
        new StoreInst(ConstantInt::get(i32(), 0), S.Iterations,
                      Edge->getTerminator()->getIterator());
        S.EntryEdges.push_back(Edge);
      }
    if (!S.Counter || !S.Meet)
      continue;
    auto StoreTrips = [&](ArrayRef<Loop::Edge> Edges, Value *Counter) {
      for (auto [Exiting, Exit] : Edges)
        for (BasicBlock *Edge : getEdgeBlocks(Exiting, Exit)) {
          // In 32 bits: LLVM narrows a short loop's counter (i3 for at most
          // 8 trips), which the trips' count would overflow.
          IRBuilder<> EB(Edge->getTerminator());
          Value *Trips = EB.CreateAdd(EB.CreateZExtOrTrunc(Counter, i32()),
                                      ConstantInt::get(i32(), 1));
          EB.CreateStore(Trips, S.Iterations);
        }
    };
    StoreTrips(S.ExitEdges, S.Counter);
    // The counter runs on through both copies of a loop counted in
    // windows (its phis take each other's next values).
    if (S.Trips)
      StoreTrips(S.UncountedExitEdges, S.Trips->getUncounted(S.Counter));
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
  if (ProfileSampleFront == 0) {
    M.getContext().emitError("-divopt-profile-sample-front=0: the counted "
                             "blocks come from the first 1/F of the grid, "
                             "F >= 1");
    return PreservedAnalyses::all();
  }
  unsigned TripPeriod = getTripPeriod();
  if (TripPeriod != 1 &&
      (!isPowerOf2_32(TripPeriod) || TripPeriod < MinTripPeriod ||
       TripPeriod > MaxTripPeriod)) {
    M.getContext().emitError(
        "-divopt-profile-sample-trips=" + Twine(TripPeriod) +
        ": two trips in P are counted, P = 1 (every trip) or a power of two "
        "from " +
        Twine(MinTripPeriod) + " to " + Twine(MaxTripPeriod));
    return PreservedAnalyses::all();
  }
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::vector<CounterFunction> Counted;
  SmallVector<Function *, 8> Kernels, Defined;
  for (Function &F : M)
    if (!F.isDeclaration())
      Defined.push_back(&F);
  // The instrumentation splits and copies blocks, which changes which
  // products code generation fuses into sums: pinned first, as the
  // transforms do (ContractionPinning.h), the instrumented program rounds
  // as the uninstrumented one (an SPH force kernel's last bits differed).
  for (Function *F : Defined)
    if (!hasFastMathFolds(*F) && hasContractionsToPin(*F)) {
      ContractionPins::pin(*F).keep();
      FAM.invalidate(*F, PreservedAnalyses::none());
    }
  BlockSampling Sampling{ProfileSample,
                         std::min<unsigned>(ProfileSampleFront, ProfileSample)};
  std::string Stay;
  SmallPtrSet<const Function *, 4> Unspread;
  if (ProfileSpread && Sampling.Sample > 1 && Sampling.Front > 1) {
    Stay = whyBlocksStay(M, FAM, Unspread);
    Sampling.Spread = Stay.empty();
  }
  Function *Place =
      Sampling.Sample > 1 ? getBlockPlaceFunction(M, Sampling) : nullptr;
  for (Function *F : Defined) {
    if (getKernelInfo(*F).IsKernel)
      Kernels.push_back(F);
    FunctionInstrumenter FI(*F, FAM);
    if (!FI.collect(TripPeriod))
      continue;
    GlobalVariable *Counters = nullptr;
    CounterFunction CF = FI.instrument(Counters, ProfileSample, Place);
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
      R << " in " << Counters->getName() << ", "
        << ore::NV("Sample", CF.Sample == 1
                                 ? std::string("every block")
                                 : "one block in " + std::to_string(CF.Sample));
      if (CF.Sample > 1 && Sampling.Front > 1)
        R << (Sampling.Spread ? ", run first, standing for blocks spread "
                                "over the grid"
                              : ", from the grid's first 1/" +
                                    std::to_string(Sampling.Front));
      if (unsigned Loops = FI.getTripSampledLoops())
        R << ", two trips in " << ore::NV("TripPeriod", FI.getTripPeriod())
          << " of " << ore::NV("TripSampledLoops", Loops) << " top-level "
          << (Loops == 1 ? "loop" : "loops");
      return R;
    });
    for (const FunctionInstrumenter::EveryTrip &E : FI.getEveryTripLoops())
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "EveryTrip", E.Loc,
                                          E.Header)
               << "loop " << ore::NV("Loop", E.Index)
               << " counted on every trip: " << E.Why;
      });
    Counted.push_back(std::move(CF));
  }
  if (Place) {
    if (Sampling.Spread)
      for (Function *F : Defined)
        if (!Unspread.contains(F))
          NumBlockIndexReads += spreadBlockIndices(*F, *Place);
    finishBlockPlaces(*Place, KeepBlockPlace);
  }
  if (!Stay.empty())
    for (Function *K : Kernels)
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(*K).emit([&] {
        return OptimizationRemarkAnalysis(DEBUG_TYPE, "BlocksStay", K)
               << "counted blocks stand for the grid's first 1/"
               << std::to_string(Sampling.Front) << " alone: " << Stay;
      });
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
