//===- RegionAlignment.cpp - Give two arms the same control flow ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RegionAlignment.h"
#include "ArmMelder.h"
#include "SequenceAlignment.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <map>
#include <string>

using namespace llvm;

namespace divopt {

/// Bounds that keep the quadratic alignment cheap.
static constexpr unsigned MaxTokens = 2048;
static constexpr unsigned MaxSteps = 256;

static Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

namespace {

/// A single-entry, single-exit region inside an arm: what Head's terminator
/// enters, up to Exit.
struct SubRegion {
  BasicBlock *Head = nullptr, *Exit = nullptr;
  /// Head's terminator, which enters the region. It stays the same
  /// instruction when an empty copy of the other arm splits Head.
  BranchInst *Entering = nullptr;
  /// In depth-first preorder from Head's successors, successors in order.
  SmallVector<BasicBlock *, 8> Blocks;
  bool Acyclic = true;
  /// The shape: equal for regions whose blocks pair one to one.
  std::string Shape;
};

/// An instruction of an arm's block, or one of its sub-regions.
struct Token {
  Instruction *I = nullptr;
  int Region = -1;
  /// The instruction the token's place starts at (the region's entering
  /// branch for a region).
  Instruction *At = nullptr;
};

struct ArmSequence {
  SmallVector<Token, 64> Tokens;
  SmallVector<SubRegion, 4> Regions;
  /// The arm's last block, whose branch goes to the join.
  BasicBlock *Last = nullptr;
};

} // namespace

/// Blocks Entry reaches before Join.
static SmallSetVector<BasicBlock *, 16> getArmBlocks(BasicBlock *Entry,
                                                     BasicBlock *Join) {
  SmallSetVector<BasicBlock *, 16> Out;
  SmallVector<BasicBlock *, 16> Work{Entry};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Join || !Out.insert(BB))
      continue;
    append_range(Work, successors(BB));
  }
  return Out;
}

Error checkArmAlignment(BranchInst &Br, BasicBlock *Join) {
  if (!Br.isConditional() || !Join)
    return refuse("the branch has no two arms that rejoin");
  BasicBlock *Head = Br.getParent();
  BasicBlock *T = Br.getSuccessor(0), *E = Br.getSuccessor(1);
  if (T == E || T == Join || E == Join)
    return refuse("if-only branch");
  auto ArmT = getArmBlocks(T, Join), ArmE = getArmBlocks(E, Join);
  for (auto [Arm, Other] : {std::pair(&ArmT, &ArmE), std::pair(&ArmE, &ArmT)})
    for (BasicBlock *BB : *Arm) {
      if (BB == Head || Other->contains(BB))
        return refuse("the arms share blocks or loop back to the branch");
      for (BasicBlock *P : predecessors(BB))
        if (P != Head && !Arm->contains(P))
          return refuse("an arm is entered from outside the branch");
    }
  return Error::success();
}

/// Gives the arm one last block, so that every sub-region of it ends
/// inside it: the arm's edges into the join go through a new block.
static void giveArmOneExit(BasicBlock *Entry, BasicBlock *Join) {
  auto Arm = getArmBlocks(Entry, Join);
  SmallVector<BasicBlock *, 4> Preds;
  for (BasicBlock *P : predecessors(Join))
    if (Arm.contains(P) && !is_contained(Preds, P))
      Preds.push_back(P);
  if (Preds.size() > 1)
    SplitBlockPredecessors(Join, Preds, ".armexit",
                           static_cast<DomTreeUpdater *>(nullptr));
}

static bool isOnCycle(BasicBlock *BB, const SmallPtrSetImpl<BasicBlock *> &In) {
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work(successors(BB));
  while (!Work.empty()) {
    BasicBlock *X = Work.pop_back_val();
    if (X == BB)
      return true;
    if (In.contains(X) && Seen.insert(X).second)
      append_range(Work, successors(X));
  }
  return false;
}

/// Collects R's blocks and checks that only Head enters it and only Exit
/// leaves it.
static Error fillRegion(SubRegion &R, BasicBlock *Join) {
  DenseMap<BasicBlock *, unsigned> Number;
  SmallVector<BasicBlock *, 16> Work(reverse(successors(R.Head)));
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == R.Exit || Number.count(BB))
      continue;
    if (BB == Join || BB == R.Head)
      return refuse("a sub-region of an arm is left other than through its "
                    "end");
    if (R.Blocks.size() >= MaxSteps)
      return refuse("a sub-region of an arm is too large");
    Number[BB] = R.Blocks.size();
    R.Blocks.push_back(BB);
    for (BasicBlock *S : reverse(successors(BB)))
      Work.push_back(S);
  }
  SmallPtrSet<BasicBlock *, 16> In(llvm::from_range, R.Blocks);
  SmallVector<BasicBlock *, 9> WithExit(R.Blocks.begin(), R.Blocks.end());
  WithExit.push_back(R.Exit);
  for (BasicBlock *BB : WithExit)
    for (BasicBlock *P : predecessors(BB))
      if (P != R.Head && !In.contains(P))
        return refuse("a sub-region of an arm is entered from outside it");
  for (BasicBlock *BB : R.Blocks) {
    if (!isa<BranchInst>(BB->getTerminator()))
      return refuse(Twine("a sub-region of an arm ends a block in a ") +
                    BB->getTerminator()->getOpcodeName());
    R.Acyclic &= !isOnCycle(BB, In);
  }
  // The shape: per block, its successors (by preorder number, x for the
  // exit), PHIs and predecessors.
  auto Ref = [&](BasicBlock *S) {
    return S == R.Exit ? std::string("x") : std::to_string(Number.lookup(S));
  };
  raw_string_ostream OS(R.Shape);
  for (BasicBlock *S : successors(R.Head))
    OS << Ref(S) << ",";
  for (BasicBlock *BB : R.Blocks) {
    OS << "|" << pred_size(BB) << "p"
       << std::distance(BB->phis().begin(), BB->phis().end()) << ":";
    for (BasicBlock *S : successors(BB))
      OS << Ref(S) << ",";
  }
  OS << "|x" << pred_size(R.Exit);
  return Error::success();
}

/// Reads an arm as its blocks' instructions and the sub-regions between
/// them.
static Expected<ArmSequence> readArm(BasicBlock *Entry, BasicBlock *Join,
                                     const PostDominatorTree &PDT) {
  ArmSequence A;
  for (BasicBlock *Cur = Entry;;) {
    if (A.Regions.size() >= MaxSteps || A.Tokens.size() > MaxTokens)
      return refuse("an arm is too long to align");
    for (Instruction &I : *Cur)
      if (!isa<PHINode>(I) && !I.isTerminator())
        A.Tokens.push_back({&I, -1, &I});
    auto *Br = dyn_cast<BranchInst>(Cur->getTerminator());
    if (!Br)
      return refuse(Twine("an arm ends a block in a ") +
                    Cur->getTerminator()->getOpcodeName());
    if (Br->isUnconditional() && Br->getSuccessor(0) == Join) {
      A.Last = Cur;
      return A;
    }
    if (Br->isUnconditional() && Br->getSuccessor(0)->getSinglePredecessor())
      return refuse("an arm holds two blocks in a row");
    // A branch, or a loop the block falls into: the region runs to the
    // nearest block that post-dominates it.
    const auto *Node =
        PDT.getNode(Br->isUnconditional() ? Br->getSuccessor(0) : Cur);
    BasicBlock *Exit =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    if (!Exit || Exit == Join)
      return refuse("a sub-region of an arm does not end inside the arm");
    SubRegion R;
    R.Head = Cur;
    R.Exit = Exit;
    R.Entering = Br;
    if (Error Err = fillRegion(R, Join))
      return Expected<ArmSequence>(std::move(Err));
    A.Tokens.push_back({nullptr, int(A.Regions.size()), Br});
    A.Regions.push_back(std::move(R));
    Cur = Exit;
  }
}

namespace {

/// Scores token pairs: instructions as the melder would pair them,
/// sub-regions of the same shape by what their paired blocks would meld.
class TokenScorer {
public:
  TokenScorer(const MeldRegion &R, const ArmSequence &T, const ArmSequence &E,
              unsigned CC)
      : R(R), T(T), E(E), CC(CC) {}

  double operator()(unsigned I, unsigned J) {
    const Token &A = T.Tokens[I], &B = E.Tokens[J];
    if (A.I && B.I)
      return scorePair(*A.I, *B.I, R, CC);
    if (A.Region < 0 || B.Region < 0)
      return 0;
    auto [It, New] = RegionScores.try_emplace({A.Region, B.Region}, 0.0);
    if (New)
      It->second = scoreRegions(T.Regions[A.Region], E.Regions[B.Region]);
    return It->second;
  }

  /// What Run (instructions of one arm) would meld with BB's (a block of
  /// the other arm's sub-region) if they ran there.
  double scoreRun(ArrayRef<Instruction *> Run, BasicBlock &BB,
                  bool RunIsThen) const {
    SmallVector<Instruction *, 16> Own = getBody(BB);
    return RunIsThen ? scoreAligned(Run, Own) : scoreAligned(Own, Run);
  }

private:
  static SmallVector<Instruction *, 16> getBody(BasicBlock &BB) {
    SmallVector<Instruction *, 16> Out;
    for (Instruction &I : BB)
      if (!isa<PHINode>(I) && !I.isTerminator())
        Out.push_back(&I);
    return Out;
  }

  /// The score of the matches of the best alignment of a then-arm and an
  /// else-arm instruction sequence.
  double scoreAligned(ArrayRef<Instruction *> IA,
                      ArrayRef<Instruction *> IB) const {
    auto Pair = [&](unsigned X, unsigned Y) {
      return scorePair(*IA[X], *IB[Y], R, CC);
    };
    double Score = 0;
    for (const AlignedPair &C : alignSequences(IA.size(), IB.size(), Pair))
      if (C.isMatch())
        Score += Pair(*C.First, *C.Second);
    return Score;
  }

  double scoreRegions(const SubRegion &A, const SubRegion &B) const {
    if (A.Shape != B.Shape)
      return 0;
    // Same control flow melds even where no instruction does: one branch
    // on a selected condition instead of two.
    double Score = 1;
    for (auto [BA, BB] : zip(A.Blocks, B.Blocks))
      Score += scoreAligned(getBody(*BA), getBody(*BB));
    return Score;
  }

  const MeldRegion &R;
  const ArmSequence &T, &E;
  unsigned CC;
  std::map<std::pair<int, int>, double> RegionScores;
};

} // namespace

/// The arms, as scorePair needs them (its operand-origin tests and use
/// counts).
static MeldRegion getScoringRegion(BranchInst &Br, BasicBlock *Join) {
  MeldRegion R;
  R.Branch = &Br;
  R.Then = Br.getSuccessor(0);
  R.Else = Br.getSuccessor(1);
  R.Join = Join;
  R.ThenEntryAlone = R.Then->getSinglePredecessor() == Br.getParent();
  R.ElseEntryAlone = R.Else->getSinglePredecessor() == Br.getParent();
  for (auto [Entry, Blocks, Uses] :
       {std::tuple(R.Then, &R.ThenBlocks, &R.ThenUses),
        std::tuple(R.Else, &R.ElseBlocks, &R.ElseUses)})
    for (BasicBlock *BB : getArmBlocks(Entry, Join)) {
      Blocks->insert(BB);
      for (Instruction &I : *BB)
        for (const Value *Op : I.operands())
          ++(*Uses)[Op];
    }
  return R;
}

/// Blocks of Src from which Target is reached, Target included (none
/// without a target).
static SmallPtrSet<const BasicBlock *, 16>
getLeadingTo(const SubRegion &Src, const BasicBlock *Target) {
  SmallPtrSet<const BasicBlock *, 16> Out;
  if (!Target)
    return Out;
  SmallVector<const BasicBlock *, 16> Work{Target};
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (!Out.insert(BB).second)
      continue;
    for (const BasicBlock *P : predecessors(BB))
      if (P != Src.Head && is_contained(Src.Blocks, P))
        Work.push_back(P);
  }
  return Out;
}

/// Which way an empty copy of a branch goes: towards the block that
/// receives the other arm's code (Leading holds the blocks that reach it),
/// else to the region's end when one way leads there at once, else the
/// second way.
static bool getPhantomWay(const BranchInst &Br, const BasicBlock *Exit,
                          const SmallPtrSetImpl<const BasicBlock *> &Leading) {
  const BasicBlock *S0 = Br.getSuccessor(0), *S1 = Br.getSuccessor(1);
  if (Leading.contains(S0) != Leading.contains(S1))
    return Leading.contains(S0);
  return S0 == Exit && S1 != Exit;
}

/// Moves Run into Into, a block of the empty copy that G enters. Its
/// values reach the copy's end through PHIs (poison on the ways the lanes
/// never take); each such PHI in a copy of block X gets a poison partner
/// in X, so that paired blocks keep the same PHIs, one to one.
static void
moveIntoCopy(ArrayRef<Instruction *> Run, BasicBlock *Into, BasicBlock *G,
             const DenseMap<const BasicBlock *, BasicBlock *> &Copy) {
  for (Instruction *I : Run)
    I->moveBefore(Into->getTerminator()->getIterator());
  SmallVector<PHINode *, 8> Inserted;
  SSAUpdater SSA(&Inserted);
  for (Instruction *I : Run) {
    SmallVector<Use *, 8> Outside;
    for (Use &U : I->uses()) {
      auto *UI = cast<Instruction>(U.getUser());
      BasicBlock *At = isa<PHINode>(UI) ? cast<PHINode>(UI)->getIncomingBlock(U)
                                        : UI->getParent();
      if (At != Into)
        Outside.push_back(&U);
    }
    if (Outside.empty())
      continue;
    SSA.Initialize(I->getType(), I->getName());
    SSA.AddAvailableValue(G, PoisonValue::get(I->getType()));
    SSA.AddAvailableValue(Into, I);
    for (Use *U : Outside)
      SSA.RewriteUse(*U);
  }
  DenseMap<BasicBlock *, const BasicBlock *> Original;
  for (auto [From, To] : Copy)
    Original[To] = From;
  for (PHINode *P : Inserted) {
    BasicBlock *BB = P->getParent();
    auto *X = const_cast<BasicBlock *>(Original.lookup(BB));
    if (!X) {
      // Outside the copy the SSA updater may leave a PHI whose incoming
      // values are all one (which it makes depends on the order of the
      // block's predecessor list: fuzz seed 107); outside, no partner is
      // needed, and the PHI is valid SSA anyway.
      if (Value *V = P->hasConstantValue()) {
        P->replaceAllUsesWith(V);
        P->eraseFromParent();
      }
      continue;
    }
    P->moveBefore(BB->getFirstNonPHIIt());
    auto *Partner =
        PHINode::Create(P->getType(), pred_size(X), P->getName() + ".none",
                        X->getFirstNonPHIIt());
    for (BasicBlock *Pred : predecessors(X))
      Partner->addIncoming(PoisonValue::get(P->getType()), Pred);
  }
}

/// Splits At's block before At and puts between the halves an empty copy
/// of Src's control flow whose branches always go the same way: lanes of
/// this arm run through it doing nothing but Run (instructions of this
/// arm just before At), which moves into the copy of Target, a block of
/// Src whose code it matches. Returns the blocks added.
static unsigned insertPhantom(const SubRegion &Src, Instruction *At,
                              const BasicBlock *Target,
                              ArrayRef<Instruction *> Run) {
  BasicBlock *G = At->getParent();
  LLVMContext &Ctx = G->getContext();
  Function *F = G->getParent();
  BasicBlock *Rest =
      SplitBlock(G, At->getIterator(), static_cast<DomTreeUpdater *>(nullptr),
                 nullptr, nullptr, G->getName() + ".rest");
  DenseMap<const BasicBlock *, BasicBlock *> Copy;
  Copy[Src.Exit] = Rest;
  for (BasicBlock *BB : Src.Blocks)
    Copy[BB] = BasicBlock::Create(Ctx, BB->getName() + ".none", F, Rest);
  const auto Leading = getLeadingTo(Src, Target);
  auto Mirror = [&](const BranchInst *Br, BasicBlock *Into) {
    BranchInst *New =
        Br->isUnconditional()
            ? BranchInst::Create(Copy.lookup(Br->getSuccessor(0)), Into)
            : BranchInst::Create(
                  Copy.lookup(Br->getSuccessor(0)),
                  Copy.lookup(Br->getSuccessor(1)),
                  ConstantInt::getBool(Ctx,
                                       getPhantomWay(*Br, Src.Exit, Leading)),
                  Into);
    New->setDebugLoc(Br->getDebugLoc());
  };
  G->getTerminator()->eraseFromParent();
  Mirror(Src.Entering, G);
  for (BasicBlock *BB : Src.Blocks)
    Mirror(cast<BranchInst>(BB->getTerminator()), Copy.lookup(BB));
  // PHIs of the same types, which only this arm's lanes (poison) reach.
  SmallVector<BasicBlock *, 9> WithExit(Src.Blocks.begin(), Src.Blocks.end());
  WithExit.push_back(Src.Exit);
  for (BasicBlock *BB : WithExit) {
    BasicBlock *Into = Copy.lookup(BB);
    for (PHINode &P : BB->phis()) {
      PHINode *Q =
          PHINode::Create(P.getType(), pred_size(Into), P.getName() + ".none",
                          Into->getFirstNonPHIIt());
      for (BasicBlock *Pred : predecessors(Into))
        Q->addIncoming(PoisonValue::get(P.getType()), Pred);
    }
  }
  // Run ends right before At and nothing between uses it: moved in order
  // onto the path every lane of this arm takes, it computes the same.
  if (Target)
    moveIntoCopy(Run, Copy.lookup(Target), G, Copy);
  return Src.Blocks.size() + 1;
}

namespace {

/// Where a lone sub-region's empty copy goes, and what of the other arm
/// runs inside it.
struct Edit {
  const SubRegion *Src;
  /// The other arm's instruction the copy goes before.
  Instruction *At;
  /// Whether the other arm is the then-arm.
  bool OtherIsThen;
  /// The block of Src whose copy receives Run (null: none does).
  const BasicBlock *Target = nullptr;
  SmallVector<Instruction *, 8> Run;
};

} // namespace

/// The longest run of instructions moved into a lone sub-region's copy.
static constexpr unsigned MaxRun = 16;

/// Chooses what of the other arm runs inside Ed's empty copy: a run of
/// instructions around the place of the copy (Other's tokens next to
/// NextTok, in At's block), if it matches a block of the lone sub-region
/// better than where the alignment put it. `if (full) I--; else { ...;
/// if (free) {...} else I--; }`: the short arm's `I--` runs in the copy of
/// the long arm's `I--` block, its lanes going that way, and melds there.
static void chooseRunTarget(Edit &Ed, const ArmSequence &Other,
                            unsigned NextTok, ArrayRef<double> TokScore,
                            TokenScorer &Score) {
  auto InBlock = [&](unsigned K) {
    const Token &Tok = Other.Tokens[K];
    return Tok.Region < 0 && Tok.I->getParent() == Ed.At->getParent();
  };
  unsigned Lo = NextTok, Hi = NextTok;
  while (Lo > 0 && NextTok - Lo < MaxRun && InBlock(Lo - 1))
    --Lo;
  while (Hi < Other.Tokens.size() && Hi - NextTok < MaxRun && InBlock(Hi))
    ++Hi;
  double Best = 0;
  for (unsigned I = Lo; I <= NextTok; ++I)
    for (unsigned J = std::max(NextTok, I + 1); J <= Hi && J - I <= MaxRun;
         ++J) {
      SmallVector<Instruction *, 16> Run;
      double Lost = 0;
      for (unsigned K = I; K < J; ++K) {
        Run.push_back(Other.Tokens[K].I);
        Lost += TokScore[K];
      }
      for (BasicBlock *BB : Ed.Src->Blocks) {
        double Gain = Score.scoreRun(Run, *BB, Ed.OtherIsThen) - Lost;
        if (Gain > Best) {
          Best = Gain;
          Ed.Target = BB;
          Ed.Run.assign(Run.begin(), Run.end());
        }
      }
    }
}

Expected<unsigned> alignArms(BranchInst &Br, BasicBlock *Join, unsigned CC) {
  if (Error Err = checkArmAlignment(Br, Join))
    return Expected<unsigned>(std::move(Err));
  giveArmOneExit(Br.getSuccessor(0), Join);
  giveArmOneExit(Br.getSuccessor(1), Join);
  PostDominatorTree PDT(*Br.getFunction());
  Expected<ArmSequence> T = readArm(Br.getSuccessor(0), Join, PDT);
  if (!T)
    return T.takeError();
  Expected<ArmSequence> E = readArm(Br.getSuccessor(1), Join, PDT);
  if (!E)
    return E.takeError();
  if (T->Regions.empty() && E->Regions.empty())
    return refuse("the arms have no sub-regions to align");

  MeldRegion Scoring = getScoringRegion(Br, Join);
  TokenScorer Score(Scoring, *T, *E, CC);
  SmallVector<AlignedPair> Columns =
      alignSequences(T->Tokens.size(), E->Tokens.size(),
                     [&](unsigned I, unsigned J) { return Score(I, J); });

  // What each token's match scores (0 unmatched): what moving it loses.
  SmallVector<double, 64> TScore(T->Tokens.size()), EScore(E->Tokens.size());
  for (const AlignedPair &C : Columns)
    if (C.isMatch())
      TScore[*C.First] = EScore[*C.Second] = Score(*C.First, *C.Second);

  // Where each lone sub-region's copy goes in the other arm: before that
  // arm's next token (or at the end of its last block).
  SmallVector<Edit, 4> Edits;
  SmallVector<unsigned, 4> NextToks;
  DenseMap<BasicBlock *, unsigned> EditsIn;
  for (auto [Idx, C] : enumerate(Columns)) {
    const bool FromThen = C.First.has_value();
    if (C.isMatch())
      continue;
    const ArmSequence &Own = FromThen ? *T : *E;
    const ArmSequence &Other = FromThen ? *E : *T;
    const Token &Tok = Own.Tokens[FromThen ? *C.First : *C.Second];
    if (Tok.Region < 0)
      continue;
    const SubRegion &Src = Own.Regions[Tok.Region];
    if (!Src.Acyclic)
      return refuse("a loop of one arm has no loop of the same shape in the "
                    "other");
    Instruction *At = Other.Last->getTerminator();
    unsigned NextTok = Other.Tokens.size();
    for (const AlignedPair &N : drop_begin(Columns, Idx + 1))
      if (auto Next = FromThen ? N.Second : N.First) {
        At = Other.Tokens[*Next].At;
        NextTok = *Next;
        break;
      }
    Edits.push_back({&Src, At, !FromThen, nullptr, {}});
    NextToks.push_back(NextTok);
    ++EditsIn[At->getParent()];
  }
  if (Edits.empty())
    return refuse("every sub-region of one arm has a partner of the same "
                  "shape in the other; the arms' blocks differ in PHIs or "
                  "predecessors");
  // Where one copy goes into a block, the code before it may run inside.
  for (auto [Ed, NextTok] : zip(Edits, NextToks)) {
    if (EditsIn.lookup(Ed.At->getParent()) == 1)
      chooseRunTarget(Ed, Ed.OtherIsThen ? *T : *E, NextTok,
                      Ed.OtherIsThen ? TScore : EScore, Score);
  }
  unsigned Added = 0;
  for (const Edit &Ed : Edits)
    Added += insertPhantom(*Ed.Src, Ed.At, Ed.Target, Ed.Run);
  return Added;
}

} // namespace divopt
