//===- TripSampling.cpp - Counting a loop's trips in windows --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "TripSampling.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

namespace divopt {

Value *TripSampledLoop::getUncounted(Value *V) const {
  if (Value *Copy = VMap.lookup(V))
    return Copy;
  return V;
}

/// Whether BB's terminator splits and clones as SplitEdge and
/// CloneBasicBlock expect (no indirect branch, callbr or EH).
static bool hasPlainTerminator(const BasicBlock &BB) {
  return isa<BranchInst, SwitchInst>(BB.getTerminator());
}

std::optional<std::string> getTripSamplingBlocker(const Loop &L) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (const auto *CB = dyn_cast<CallBase>(&I);
          CB && (CB->isConvergent() || CB->cannotDuplicate()))
        return std::string("it holds a convergent operation (a barrier, a "
                           "warp collective or a call), which must not be "
                           "duplicated");
  auto Plain = [](const BasicBlock *BB) { return hasPlainTerminator(*BB); };
  if (!all_of(L.blocks(), Plain) || !all_of(predecessors(L.getHeader()), Plain))
    return std::string("a block in or entering it ends in neither a branch "
                       "nor a switch");
  return std::nullopt;
}

namespace {

/// Builds one TripSampledLoop; see sampleTrips.
class TripSampler {
public:
  TripSampler(Loop &L, unsigned Period)
      : L(L), Period(Period), H(L.getHeader()), F(*H->getParent()),
        Ctx(F.getContext()), Blocks(L.blocks().begin(), L.blocks().end()),
        InLoop(L.blocks().begin(), L.blocks().end()),
        R(std::make_unique<TripSampledLoop>()) {}

  std::unique_ptr<TripSampledLoop> run();

private:
  Type *i32() { return Type::getInt32Ty(Ctx); }
  void drawPhase();
  void copyLoop();
  void countWindow();
  void countGap();
  void exitCopy();
  void repairUses();

  Loop &L;
  unsigned Period;
  BasicBlock *H;
  Function &F;
  LLVMContext &Ctx;
  SmallVector<BasicBlock *, 16> Blocks;
  SmallPtrSet<BasicBlock *, 16> InLoop, Copies;
  /// The blocks on the edges between the copies: their values are set as
  /// they are made.
  SmallPtrSet<BasicBlock *, 8> NewBlocks;
  /// Each exiting block of the loop to the block that leaves the uncounted
  /// copy in its place.
  DenseMap<BasicBlock *, BasicBlock *> UncountedExiting;
  /// The original latches and header phis, before any edge is split.
  SmallVector<BasicBlock *, 2> Latches;
  SmallVector<PHINode *, 8> HeaderPhis;
  /// The original exit edges, one a successor slot.
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> ExitEdges;
  Value *Phase = nullptr;
  /// Header: the trip's position in its period. UncountedHeader: the trips
  /// left before the next window, and the same less this one.
  PHINode *Position = nullptr, *Gap = nullptr;
  Value *GapLeft = nullptr;
  std::unique_ptr<TripSampledLoop> R;
};

/// The lanes that enter together draw one phase: where they come by
/// several edges, one new block gathers them first, so that they read
/// the clock together. %clock mixed with %warpid through a multiplicative
/// hash; its top bits are the phase.
void TripSampler::drawPhase() {
  SmallVector<BasicBlock *, 2> Entering;
  for (BasicBlock *P : predecessors(H))
    if (!InLoop.contains(P) && !is_contained(Entering, P))
      Entering.push_back(P);
  BasicBlock *Pre = SplitBlockPredecessors(
      H, Entering, ".divopt.prof.phase", static_cast<DominatorTree *>(nullptr));
  assert(Pre && "getTripSamplingBlocker admits only plain terminators");
  Pre->setName("divopt.prof.phase");
  R->Preheader = Pre;
  IRBuilder<> B(Pre->getTerminator());
  Value *Clock = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_clock, {});
  Value *Warp = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_warpid, {});
  Value *Mixed = B.CreateAdd(Clock, B.CreateMul(Warp, B.getInt32(0x632be5ab)));
  Value *Hash = B.CreateMul(Mixed, B.getInt32(0x9e3779b9));
  Phase = B.CreateLShr(Hash, 32 - Log2_32(Period), "divopt.prof.phase");
}

/// The uncounted copy of the loop's blocks (entered only from the counted
/// one, so that the original header stays the only entry), the counted
/// header's trip position and the uncounted header's gap.
void TripSampler::copyLoop() {
  for (BasicBlock *BB : Blocks) {
    for (BasicBlock *S : successors(BB))
      if (!InLoop.contains(S))
        ExitEdges.emplace_back(BB, S);
    if (is_contained(successors(BB), H) && !is_contained(Latches, BB))
      Latches.push_back(BB);
  }
  for (PHINode &P : H->phis())
    HeaderPhis.push_back(&P);
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *BB : Blocks) {
    BasicBlock *C = CloneBasicBlock(BB, R->VMap, ".uncounted", &F);
    R->VMap[BB] = C;
    Clones.push_back(C);
    Copies.insert(C);
  }
  remapInstructionsInBlocks(Clones, R->VMap);
  // One loop's metadata on two loops would describe neither.
  for (BasicBlock *C : Clones)
    C->getTerminator()->setMetadata(LLVMContext::MD_loop, nullptr);
  R->Header = H;
  R->UncountedHeader = cast<BasicBlock>(R->VMap[H]);
  for (PHINode &P : R->UncountedHeader->phis())
    P.removeIncomingValue(R->Preheader, /*DeletePHIIfEmpty=*/false);

  IRBuilder<> B(H, H->begin());
  Position = B.CreatePHI(i32(), 4, "divopt.prof.trip");
  Position->addIncoming(Phase, R->Preheader);
  B.SetInsertPoint(H, H->getFirstInsertionPt());
  R->Counting =
      B.CreateICmpULT(Position, B.getInt32(TripWindow), "divopt.prof.counting");
  BasicBlock *UH = R->UncountedHeader;
  B.SetInsertPoint(UH, UH->begin());
  Gap = B.CreatePHI(i32(), 4, "divopt.prof.gap");
  B.SetInsertPoint(UH, UH->getFirstInsertionPt());
  GapLeft = B.CreateSub(Gap, B.getInt32(1), "divopt.prof.gap.left");
}

/// The counted copy's back edges: the window goes on, or the uncounted
/// copy takes the trips up to the next one.
void TripSampler::countWindow() {
  BasicBlock *UH = R->UncountedHeader;
  for (BasicBlock *Latch : Latches)
    while (is_contained(successors(Latch), H)) {
      // SplitEdge moves every phi's entry from Latch onto the new block.
      Position->addIncoming(PoisonValue::get(i32()), Latch);
      BasicBlock *Edge = SplitEdge(Latch, H);
      Edge->setName("divopt.prof.window.next");
      NewBlocks.insert(Edge);
      IRBuilder<> B(Edge->getTerminator());
      Value *Next = B.CreateAnd(B.CreateAdd(Position, B.getInt32(1)),
                                B.getInt32(Period - 1));
      Value *Left = B.CreateSub(B.getInt32(Period), Next);
      Value *Stay = B.CreateICmpULT(Next, B.getInt32(TripWindow));
      // Only after an entry's uncounted first trip (phase Period - 1).
      R->WindowStarts.emplace_back(Edge, B.CreateICmpEQ(Next, B.getInt32(0)));
      Edge->getTerminator()->eraseFromParent();
      B.SetInsertPoint(Edge);
      B.CreateCondBr(Stay, H, UH);
      Position->setIncomingValueForBlock(Edge, Next);
      Gap->addIncoming(Left, Edge);
      for (PHINode *P : HeaderPhis)
        cast<PHINode>(R->VMap[P])
            ->addIncoming(P->getIncomingValueForBlock(Edge), Edge);
    }
}

/// The uncounted copy's back edges: on to the next trip, or to the counted
/// copy once the gap is over. A latch that branches out of the loop takes
/// the gap's test into its own: stay where both hold, else decide after.
void TripSampler::countGap() {
  BasicBlock *UH = R->UncountedHeader;
  // From enters the window with the values the uncounted header would
  // take from Via.
  auto EnterWindow = [&](BasicBlock *From, BasicBlock *Via) {
    Position->addIncoming(ConstantInt::get(i32(), 0), From);
    for (PHINode *P : HeaderPhis)
      P->addIncoming(cast<PHINode>(R->VMap[P])->getIncomingValueForBlock(Via),
                     From);
  };
  for (BasicBlock *Latch : Latches) {
    auto *Copy = cast<BasicBlock>(R->VMap[Latch]);
    auto *Br = dyn_cast<BranchInst>(Copy->getTerminator());
    if (Br && Br->isConditional() &&
        (Br->getSuccessor(0) == UH) != (Br->getSuccessor(1) == UH) &&
        !Copies.contains(Br->getSuccessor(Br->getSuccessor(0) == UH))) {
      unsigned Stay = Br->getSuccessor(0) == UH ? 0 : 1;
      BasicBlock *Exit = Br->getSuccessor(1 - Stay);
      Value *Cond = Br->getCondition();
      IRBuilder<> B(Br);
      Value *More = B.CreateICmpNE(GapLeft, B.getInt32(0));
      BasicBlock *After =
          BasicBlock::Create(Ctx, "divopt.prof.window.enter", &F, Exit);
      if (Stay == 0) {
        Br->setCondition(B.CreateAnd(Cond, More));
        Br->setSuccessor(1, After);
        BranchInst::Create(H, Exit, Cond, After);
      } else {
        Br->setCondition(B.CreateOr(Cond, B.CreateNot(More)));
        Br->setSuccessor(0, After);
        BranchInst::Create(Exit, H, Cond, After);
      }
      NewBlocks.insert(After);
      R->Uncounted.insert(After);
      R->WindowStarts.emplace_back(After, nullptr);
      Gap->addIncoming(GapLeft, Copy);
      EnterWindow(After, Copy);
      UncountedExiting[Latch] = After;
      continue;
    }
    while (is_contained(successors(Copy), UH)) {
      Gap->addIncoming(GapLeft, Copy);
      BasicBlock *Edge = SplitEdge(Copy, UH);
      Edge->setName("divopt.prof.window.enter");
      NewBlocks.insert(Edge);
      R->WindowStarts.emplace_back(Edge, nullptr);
      IRBuilder<> B(Edge->getTerminator());
      Value *More = B.CreateICmpNE(GapLeft, B.getInt32(0));
      Edge->getTerminator()->eraseFromParent();
      B.SetInsertPoint(Edge);
      B.CreateCondBr(More, UH, H);
      EnterWindow(Edge, Edge);
    }
  }
}

/// The uncounted copy leaves the loop by the same exits: their phis take
/// the copy's values.
void TripSampler::exitCopy() {
  for (auto [Exiting, Exit] : ExitEdges)
    UncountedExiting.try_emplace(Exiting, cast<BasicBlock>(R->VMap[Exiting]));
  SmallPtrSet<BasicBlock *, 4> Done;
  for (auto [Exiting, Exit] : ExitEdges) {
    if (!Done.insert(Exit).second)
      continue;
    for (PHINode &P : Exit->phis()) {
      SmallVector<std::pair<BasicBlock *, Value *>, 2> FromLoop;
      for (unsigned I = 0, E = P.getNumIncomingValues(); I != E; ++I)
        if (InLoop.contains(P.getIncomingBlock(I)))
          FromLoop.emplace_back(P.getIncomingBlock(I), P.getIncomingValue(I));
      for (auto [Block, V] : FromLoop)
        P.addIncoming(R->getUncounted(V), UncountedExiting.lookup(Block));
    }
  }
}

/// A value of the loop used after it now has two definitions, the
/// original and its copy: each use outside both copies and the edges
/// between them (an exit phi's entry from the counted copy reads the
/// original, rightly) reads the one that reaches it.
void TripSampler::repairUses() {
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      SmallVector<Use *, 4> Outside;
      for (Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *At = User->getParent();
        if (auto *P = dyn_cast<PHINode>(User))
          At = P->getIncomingBlock(U);
        if (!InLoop.contains(At) && !Copies.contains(At) &&
            !NewBlocks.contains(At))
          Outside.push_back(&U);
      }
      // The trip's position and flag, made here, have no copy.
      auto *Copy = cast_or_null<Instruction>(R->VMap.lookup(&I));
      if (Outside.empty() || !Copy)
        continue;
      SSAUpdater SSA;
      SSA.Initialize(I.getType(), I.getName());
      SSA.AddAvailableValue(BB, &I);
      SSA.AddAvailableValue(Copy->getParent(), Copy);
      for (Use *U : Outside)
        SSA.RewriteUse(*U);
    }
}

std::unique_ptr<TripSampledLoop> TripSampler::run() {
  drawPhase();
  copyLoop();
  countWindow();
  countGap();
  exitCopy();
  repairUses();
  R->Uncounted.insert(Copies.begin(), Copies.end());
  R->Added.insert(Copies.begin(), Copies.end());
  R->Added.insert(NewBlocks.begin(), NewBlocks.end());
  return std::move(R);
}

} // namespace

std::unique_ptr<TripSampledLoop> sampleTrips(Loop &L, unsigned Period) {
  assert(isPowerOf2_32(Period) && Period >= MinTripPeriod &&
         "a period of whole windows, a power of two");
  assert(!getTripSamplingBlocker(L) && "a loop that cannot be copied");
  return TripSampler(L, Period).run();
}

} // namespace divopt
