//===- RegionSimplify.cpp - Bring a branch's arms to SESE form ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RegionSimplify.h"
#include "RegionAlignment.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace divopt {

/// Bounds on what is rewritten; arms beyond them are left as they are.
static constexpr unsigned MaxRegionBlocks = 256;
static constexpr unsigned MaxDuplicatedInsts = 512;

static Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

StringRef describe(RegionSimplification S) {
  switch (S) {
  case RegionSimplification::SharedBlocks:
    return "duplicating the blocks both arms share";
  case RegionSimplification::ConditionChain:
    return "routing the exits of the short-circuit condition through one "
           "block";
  case RegionSimplification::ArmShapes:
    return "aligning the arms' sub-regions (a lone one gets an empty copy in "
           "the other arm)";
  }
  llvm_unreachable("unknown simplification");
}

using BlockSet = SmallSetVector<BasicBlock *, 16>;

/// The blocks Entry reaches before Join, in depth-first order.
static Error collectArm(BasicBlock *Entry, BasicBlock *Head, BasicBlock *Join,
                        BlockSet &Out) {
  SmallVector<BasicBlock *, 16> Work{Entry};
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (BB == Join || Out.contains(BB))
      continue;
    if (BB == Head)
      return refuse("the arms loop back to the branch");
    if (Out.size() >= MaxRegionBlocks)
      return refuse("the arms hold more than " + Twine(MaxRegionBlocks) +
                    " blocks");
    Out.insert(BB);
    for (BasicBlock *S : reverse(successors(BB)))
      Work.push_back(S);
  }
  return Error::success();
}

static Error checkTwoArms(BranchInst &Br, BasicBlock *Join) {
  if (!Br.isConditional())
    return refuse("the branch is unconditional");
  if (!Join)
    return refuse("the arms never rejoin");
  BasicBlock *T = Br.getSuccessor(0), *E = Br.getSuccessor(1);
  if (T == E)
    return refuse("both ways lead to the same block");
  if (T == Join || E == Join)
    return refuse("if-only branch");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Shared blocks
//===----------------------------------------------------------------------===//

namespace {

struct SharedPlan {
  BlockSet Then, Else;
  /// Blocks of both arms, in the function's order.
  SmallVector<BasicBlock *, 8> Shared;
};

} // namespace

/// Whether BB can reach itself without leaving Region.
static bool isOnCycle(BasicBlock *BB, const BlockSet &Region) {
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work(successors(BB));
  while (!Work.empty()) {
    BasicBlock *X = Work.pop_back_val();
    if (X == BB)
      return true;
    if (!Region.contains(X) || !Seen.insert(X).second)
      continue;
    append_range(Work, successors(X));
  }
  return false;
}

static Error checkSharedBlock(BasicBlock &BB,
                              const SmallPtrSetImpl<BasicBlock *> &Shared,
                              BasicBlock *Join) {
  if (!isa<BranchInst>(BB.getTerminator()))
    return refuse(Twine("a shared block ends in a ") +
                  BB.getTerminator()->getOpcodeName());
  for (Instruction &I : BB) {
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (CB->isConvergent() || !isa<CallInst>(CB))
        return refuse("a shared block holds a convergent operation or an "
                      "invoke, which is never duplicated");
    if (isa<AllocaInst>(I) || I.isEHPad() || I.getType()->isTokenTy())
      return refuse("a shared block holds an alloca, a token or an "
                    "exception-handling pad");
    for (const Use &U : I.uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (Shared.contains(User->getParent()))
        continue;
      if (auto *P = dyn_cast<PHINode>(User))
        if (P->getParent() == Join && Shared.contains(P->getIncomingBlock(U)))
          continue;
      return refuse("a value of a shared block is used after the arms");
    }
  }
  return Error::success();
}

static Expected<SharedPlan> planShared(BranchInst &Br, BasicBlock *Join) {
  if (Error E = checkTwoArms(Br, Join))
    return Expected<SharedPlan>(std::move(E));
  BasicBlock *Head = Br.getParent();
  SharedPlan P;
  if (Error E = collectArm(Br.getSuccessor(0), Head, Join, P.Then))
    return Expected<SharedPlan>(std::move(E));
  if (Error E = collectArm(Br.getSuccessor(1), Head, Join, P.Else))
    return Expected<SharedPlan>(std::move(E));
  SmallPtrSet<BasicBlock *, 16> Shared;
  for (BasicBlock &BB : *Head->getParent())
    if (P.Then.contains(&BB) && P.Else.contains(&BB)) {
      P.Shared.push_back(&BB);
      Shared.insert(&BB);
    }
  if (P.Shared.empty())
    return refuse("the arms share no block");
  if (Shared.contains(Br.getSuccessor(0)) ||
      Shared.contains(Br.getSuccessor(1)))
    return refuse("one arm runs into the other's entry");
  BlockSet Region = P.Then;
  Region.insert_range(P.Else);
  for (BasicBlock *BB : Region)
    for (BasicBlock *Pred : predecessors(BB))
      if (Pred != Head && !Region.contains(Pred))
        return refuse("an arm is entered from outside the branch");
  unsigned NumInsts = 0;
  for (BasicBlock *BB : P.Shared) {
    if (isOnCycle(BB, Region))
      return refuse("a shared block is part of a loop of the arms");
    if (Error E = checkSharedBlock(*BB, Shared, Join))
      return Expected<SharedPlan>(std::move(E));
    NumInsts += BB->size();
  }
  if (NumInsts > MaxDuplicatedInsts)
    return refuse("the shared blocks hold " + Twine(NumInsts) +
                  " instructions, more than " + Twine(MaxDuplicatedInsts) +
                  " to duplicate");
  return P;
}

/// Gives the else-arm its own copy of every shared block: the else-arm's
/// edges into them go to the copies, the copies' edges to the join add
/// incoming values to its PHIs.
static SimplifiedRegion duplicateShared(BranchInst &Br, BasicBlock *Join,
                                        const SharedPlan &P) {
  Function &F = *Br.getFunction();
  SmallPtrSet<BasicBlock *, 8> Shared(llvm::from_range, P.Shared);
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Copies;
  for (BasicBlock *BB : P.Shared) {
    BasicBlock *C = CloneBasicBlock(BB, VMap, ".else", &F);
    C->moveAfter(BB);
    VMap[BB] = C;
    Copies.push_back(C);
  }
  remapInstructionsInBlocks(Copies, VMap);

  auto IsThenOnly = [&](BasicBlock *BB) {
    return P.Then.contains(BB) && !Shared.contains(BB);
  };
  auto IsElseOnly = [&](BasicBlock *BB) {
    return P.Else.contains(BB) && !Shared.contains(BB);
  };
  for (BasicBlock *BB : P.Else) {
    if (Shared.contains(BB))
      continue;
    Instruction *Term = BB->getTerminator();
    for (unsigned I = 0, E = Term->getNumSuccessors(); I != E; ++I)
      if (Shared.contains(Term->getSuccessor(I)))
        Term->setSuccessor(I, cast<BasicBlock>(VMap[Term->getSuccessor(I)]));
  }
  for (auto [BB, C] : zip(P.Shared, Copies)) {
    for (PHINode &Phi : BB->phis())
      Phi.removeIncomingValueIf(
          [&](unsigned I) { return IsElseOnly(Phi.getIncomingBlock(I)); },
          /*DeletePHIIfEmpty=*/false);
    for (PHINode &Phi : C->phis())
      Phi.removeIncomingValueIf(
          [&](unsigned I) { return IsThenOnly(Phi.getIncomingBlock(I)); },
          /*DeletePHIIfEmpty=*/false);
  }
  for (PHINode &Phi : Join->phis()) {
    SmallVector<std::pair<Value *, BasicBlock *>, 4> Add;
    for (unsigned I = 0, E = Phi.getNumIncomingValues(); I != E; ++I)
      if (Shared.contains(Phi.getIncomingBlock(I))) {
        Value *V = Phi.getIncomingValue(I);
        Value *Mapped = VMap.lookup(V);
        Add.push_back({Mapped ? Mapped : V,
                       cast<BasicBlock>(VMap[Phi.getIncomingBlock(I)])});
      }
    for (auto [V, BB] : Add)
      Phi.addIncoming(V, BB);
  }
  return {&Br, Join, unsigned(Copies.size())};
}

//===----------------------------------------------------------------------===//
// Condition chains
//===----------------------------------------------------------------------===//

namespace {

struct ChainPlan {
  /// The head first, then the blocks in breadth-first order.
  BlockSet Chain;
  BasicBlock *Then = nullptr, *Else = nullptr;
};

} // namespace

/// A block that only computes (loads included) and branches: it runs as
/// before when its exits are rerouted.
static bool isPure(const BasicBlock &BB) {
  return isa<BranchInst>(BB.getTerminator()) &&
         none_of(BB, [](const Instruction &I) {
           return I.mayHaveSideEffects() || isa<AllocaInst>(I) ||
                  I.getType()->isTokenTy();
         });
}

static bool hasAllPredsIn(BasicBlock *BB, const BlockSet &Chain) {
  return all_of(predecessors(BB),
                [&](BasicBlock *P) { return Chain.contains(P); });
}

/// The places the chain's exits lead to, in breadth-first order.
static SmallVector<BasicBlock *, 4> getExits(const BlockSet &Chain) {
  SmallSetVector<BasicBlock *, 4> Exits;
  for (BasicBlock *BB : Chain)
    for (BasicBlock *S : successors(BB))
      if (!Chain.contains(S))
        Exits.insert(S);
  return Exits.takeVector();
}

/// Grows the chain from the head: first every pure block with a
/// conditional branch entered only from the chain (the `&&` / `||` tests),
/// then pure forwarding blocks as long as they leave fewer exits (values a
/// test's one way computes for the arm it leads to).
static BlockSet growChain(BasicBlock *Head, BasicBlock *Join) {
  BlockSet Chain;
  Chain.insert(Head);
  auto Grow = [&](bool Forwarding) {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (BasicBlock *S : getExits(Chain)) {
        auto *Br = dyn_cast<BranchInst>(S->getTerminator());
        if (S == Join || !Br || Br->isConditional() == Forwarding ||
            !isPure(*S) || !hasAllPredsIn(S, Chain))
          continue;
        if (Forwarding) {
          size_t Before = getExits(Chain).size();
          Chain.insert(S);
          if (getExits(Chain).size() >= Before) {
            Chain.remove(S);
            continue;
          }
        } else {
          Chain.insert(S);
        }
        Changed = true;
        if (Chain.size() >= MaxRegionBlocks)
          return;
      }
    }
  };
  Grow(/*Forwarding=*/false);
  if (getExits(Chain).size() > 2)
    Grow(/*Forwarding=*/true);
  return Chain;
}

static Expected<ChainPlan> planChain(BranchInst &Br, BasicBlock *Join,
                                     const DominatorTree &DT) {
  if (Error E = checkTwoArms(Br, Join))
    return Expected<ChainPlan>(std::move(E));
  ChainPlan P;
  P.Chain = growChain(Br.getParent(), Join);
  if (P.Chain.size() < 2)
    return refuse("the condition is not split over several blocks");
  SmallVector<BasicBlock *, 4> Exits = getExits(P.Chain);
  if (is_contained(Exits, Join))
    return refuse("one way of the condition is the join (an if-only "
                  "branch)");
  if (Exits.size() != 2)
    return refuse("the condition's blocks lead to " + Twine(Exits.size()) +
                  " places, not two arms");
  P.Then = Exits[0];
  P.Else = Exits[1];
  for (BasicBlock *Arm : {P.Then, P.Else})
    if (!hasAllPredsIn(Arm, P.Chain))
      return refuse("an arm is entered from outside the condition");
  // Values the condition computes may be read in the arm they lead to (the
  // rewrite passes them through PHIs), nowhere after the arms.
  for (BasicBlock *BB : drop_begin(P.Chain))
    for (Instruction &I : *BB)
      for (const Use &U : I.uses()) {
        auto *User = cast<Instruction>(U.getUser());
        BasicBlock *At = User->getParent();
        if (P.Chain.contains(At))
          continue;
        if (auto *Phi = dyn_cast<PHINode>(User)) {
          if ((At == P.Then || At == P.Else) &&
              P.Chain.contains(Phi->getIncomingBlock(U)))
            continue;
          At = Phi->getIncomingBlock(U);
        }
        if (!DT.dominates(P.Then, At) && !DT.dominates(P.Else, At))
          return refuse("a value of the condition is used after the arms");
      }
  return P;
}

/// Reroutes every exit of the chain through one block that branches on a
/// PHI of the outcome; the arms' PHIs, and the chain's values the arms
/// read, move into that block.
static SimplifiedRegion rerouteChain(BranchInst &Br, BasicBlock *Join,
                                     const ChainPlan &P,
                                     const DominatorTree &DT) {
  LLVMContext &Ctx = Br.getContext();
  BasicBlock *T = P.Then, *E = P.Else;
  auto *CJ = BasicBlock::Create(Ctx, "cond.join", Br.getFunction(), T);
  IRBuilder<> IRB(CJ);
  PHINode *Cond = IRB.CreatePHI(IRB.getInt1Ty(), P.Chain.size(), "cond");
  // The blocks whose exits lead to each arm, for the arms' PHIs.
  SmallPtrSet<BasicBlock *, 8> ToThen, ToElse;
  for (BasicBlock *BB : P.Chain) {
    auto *Term = cast<BranchInst>(BB->getTerminator());
    bool HasT = is_contained(successors(BB), T);
    bool HasE = is_contained(successors(BB), E);
    if (!HasT && !HasE)
      continue;
    Value *V = ConstantInt::getBool(Ctx, HasT);
    if (all_of(successors(BB),
               [&](BasicBlock *S) { return S == T || S == E; })) {
      // Every way leaves the chain: the branch's own condition decides.
      if (HasT && HasE) {
        V = Term->getCondition();
        if (Term->getSuccessor(0) == E) {
          IRBuilder<> At(Term);
          V = At.CreateNot(V, V->getName() + ".not");
        }
      }
      BranchInst::Create(CJ, Term->getIterator());
      Term->eraseFromParent();
    } else {
      for (unsigned I = 0, N = Term->getNumSuccessors(); I != N; ++I)
        if (Term->getSuccessor(I) == T || Term->getSuccessor(I) == E)
          Term->setSuccessor(I, CJ);
    }
    Cond->addIncoming(V, BB);
    if (HasT)
      ToThen.insert(BB);
    if (HasE)
      ToElse.insert(BB);
  }
  // The arms' PHIs: lanes that go the other way never read them.
  for (BasicBlock *Arm : {T, E}) {
    const auto &Ways = Arm == T ? ToThen : ToElse;
    for (PHINode &Phi : make_early_inc_range(Arm->phis())) {
      IRB.SetInsertPoint(CJ, CJ->getFirstNonPHIIt());
      PHINode *M = IRB.CreatePHI(Phi.getType(), Cond->getNumIncomingValues());
      for (BasicBlock *Pred : Cond->blocks())
        M->addIncoming(Ways.contains(Pred) ? Phi.getIncomingValueForBlock(Pred)
                                           : PoisonValue::get(Phi.getType()),
                       Pred);
      M->takeName(&Phi);
      Phi.replaceAllUsesWith(M);
      Phi.eraseFromParent();
    }
  }
  // Values of the chain the arms read, where their block no longer
  // dominates the arms: a PHI, poison from where they were not computed.
  for (BasicBlock *BB : drop_begin(P.Chain)) {
    if (all_of(Cond->blocks(),
               [&](BasicBlock *Pred) { return DT.dominates(BB, Pred); }))
      continue;
    for (Instruction &I : *BB) {
      auto Outside = [&](Use &U) {
        auto *User = cast<Instruction>(U.getUser());
        return !P.Chain.contains(User->getParent()) && User->getParent() != CJ;
      };
      if (none_of(I.uses(), Outside))
        continue;
      IRB.SetInsertPoint(CJ, CJ->getFirstNonPHIIt());
      PHINode *M = IRB.CreatePHI(I.getType(), Cond->getNumIncomingValues(),
                                 I.getName() + ".cond");
      for (BasicBlock *Pred : Cond->blocks())
        M->addIncoming(DT.dominates(BB, Pred) ? cast<Value>(&I)
                                              : PoisonValue::get(I.getType()),
                       Pred);
      I.replaceUsesWithIf(M, Outside);
    }
  }
  IRB.SetInsertPoint(CJ);
  BranchInst *NewBr = IRB.CreateCondBr(Cond, T, E);
  return {NewBr, Join, unsigned(P.Chain.size())};
}

//===----------------------------------------------------------------------===//

Error checkSimplification(RegionSimplification S, BranchInst &Br,
                          BasicBlock *Join) {
  switch (S) {
  case RegionSimplification::SharedBlocks:
    return planShared(Br, Join).takeError();
  case RegionSimplification::ConditionChain: {
    DominatorTree DT(*Br.getFunction());
    return planChain(Br, Join, DT).takeError();
  }
  case RegionSimplification::ArmShapes:
    return checkArmAlignment(Br, Join);
  }
  llvm_unreachable("unknown simplification");
}

Expected<SimplifiedRegion> simplifyRegion(RegionSimplification S,
                                          BranchInst &Br, BasicBlock *Join,
                                          unsigned CC) {
  switch (S) {
  case RegionSimplification::SharedBlocks:
    return duplicateShared(Br, Join, cantFail(planShared(Br, Join)));
  case RegionSimplification::ConditionChain: {
    DominatorTree DT(*Br.getFunction());
    return rerouteChain(Br, Join, cantFail(planChain(Br, Join, DT)), DT);
  }
  case RegionSimplification::ArmShapes: {
    Expected<unsigned> Added = alignArms(Br, Join, CC);
    if (!Added)
      return Added.takeError();
    return SimplifiedRegion{&Br, Join, *Added};
  }
  }
  llvm_unreachable("unknown simplification");
}

} // namespace divopt
