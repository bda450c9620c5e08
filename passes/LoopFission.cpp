//===- LoopFission.cpp - Independent statement groups of a loop -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LoopFission.h"
#include "BranchLocations.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <memory>

using namespace llvm;

namespace divopt {

/// Memory access pairs alias analysis is asked about, at most.
static constexpr unsigned MaxAliasQueries = 100000;

namespace {

Error refuse(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// I by its source line, else by its IR name.
std::string describe(const Instruction &I) {
  if (std::string Named = describeInstruction(I); !Named.empty())
    return Named;
  std::string S;
  raw_string_ostream OS(S);
  I.printAsOperand(OS, /*PrintType=*/false);
  return S;
}

/// The exit condition's slice inside the body: the induction variable, its
/// step, the compare.
SmallVector<Instruction *, 4> getControl(BasicBlock &Body, BranchInst &Br) {
  SmallSetVector<Instruction *, 8> Control;
  Control.insert(&Br);
  for (unsigned I = 0; I < Control.size(); ++I)
    for (Value *Op : Control[I]->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && OpI->getParent() == &Body)
        Control.insert(OpI);
  return SmallVector<Instruction *, 4>(Control.begin(), Control.end());
}

/// Why a statement may not be moved to a loop of its own, if it may not.
std::optional<std::string> whyNotMovable(const Instruction &I) {
  if (isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst>(I))
    return "it holds atomics";
  if (I.isVolatile())
    return "it holds volatile memory accesses";
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB)
    return std::nullopt;
  StringRef Name = CB->getCalledFunction() ? CB->getCalledFunction()->getName()
                   : CB->isInlineAsm()     ? StringRef("inline asm")
                                           : StringRef("an indirect callee");
  if (CB->isConvergent())
    return ("it holds a convergent operation (" + Name + ")").str();
  if (!isa<IntrinsicInst>(CB) || CB->mayReadOrWriteMemory() ||
      CB->mayHaveSideEffects())
    return ("it calls " + Name).str();
  return std::nullopt;
}

/// Pure arithmetic whose operands inside the body are all in Everywhere.
bool isSharedArithmetic(
    const Instruction &I,
    const SmallPtrSetImpl<const Instruction *> &Everywhere) {
  // Inlining's noalias scope declarations: each loop keeps its own.
  if (isa<NoAliasScopeDeclInst>(I))
    return true;
  if (isa<PHINode>(I) || I.mayReadOrWriteMemory() || I.mayHaveSideEffects() ||
      isa<CallBase>(I))
    return false;
  return all_of(I.operands(), [&](const Value *Op) {
    const auto *OpI = dyn_cast<Instruction>(Op);
    return !OpI || OpI->getParent() != I.getParent() ||
           Everywhere.contains(OpI);
  });
}

const Value *getAccessedPointer(const Instruction &I) {
  return getLoadStorePointerOperand(&I);
}

} // namespace

Expected<FissionPlan> planFission(Loop &L, AAResults &AA) {
  if (!L.isInnermost())
    return refuse("it holds another loop");
  if (L.getNumBlocks() != 1)
    return refuse("its body is " + Twine(L.getNumBlocks()) +
                  " blocks, not one");
  BasicBlock *Body = L.getHeader();
  BasicBlock *Exit = L.getExitBlock();
  auto *Br = dyn_cast<BranchInst>(Body->getTerminator());
  // The exit may have other predecessors (-O3 merges a loop's exit with
  // the early returns): the rewrite splits the exit edge.
  if (!L.getLoopPreheader() || !Exit || !Br || !Br->isConditional())
    return refuse("it has no preheader or more than one exit");
  FissionPlan Plan;
  Plan.Body = Body;
  Plan.Control = getControl(*Body, *Br);
  for (Instruction *I : Plan.Control)
    if (I->mayReadOrWriteMemory())
      return refuse("its trip count depends on memory");
  for (Instruction &I : *Body)
    for (User *U : I.users())
      if (cast<Instruction>(U)->getParent() != Body)
        return refuse("a value it computes (" + describe(I) +
                      ") is used after it");

  SmallVector<Instruction *, 32> Statements, Accesses;
  SmallPtrSet<const Instruction *, 16> Everywhere(Plan.Control.begin(),
                                                  Plan.Control.end());
  for (Instruction &I : *Body) {
    if (Everywhere.contains(&I))
      continue;
    if (isSharedArithmetic(I, Everywhere)) {
      Plan.Shared.push_back(&I);
      Everywhere.insert(&I);
      continue;
    }
    if (std::optional<std::string> Why = whyNotMovable(I))
      return refuse(*Why);
    Statements.push_back(&I);
    if (getAccessedPointer(I))
      Accesses.push_back(&I);
  }
  EquivalenceClasses<Instruction *> Groups;
  for (Instruction *I : Statements) {
    Groups.insert(I);
    for (Value *Op : I->operands())
      if (auto *OpI = dyn_cast<Instruction>(Op);
          OpI && OpI->getParent() == Body && !Everywhere.contains(OpI))
        Groups.unionSets(I, OpI);
  }
  if (uint64_t(Accesses.size()) * Accesses.size() > MaxAliasQueries)
    return refuse(Twine(Accesses.size()) +
                  " memory accesses are too many to check");
  // Over every iteration: one loop runs all of its before the next starts.
  for (auto [A, I] : enumerate(Accesses))
    for (Instruction *J : ArrayRef(Accesses).drop_front(A + 1))
      if ((I->mayWriteToMemory() || J->mayWriteToMemory()) &&
          !AA.isNoAlias(
              MemoryLocation::getBeforeOrAfter(getAccessedPointer(*I)),
              MemoryLocation::getBeforeOrAfter(getAccessedPointer(*J))))
        Groups.unionSets(I, J);

  // A group that writes nothing only feeds others or is dead: it stays with
  // the first group.
  DenseMap<Instruction *, unsigned> GroupOf;
  for (Instruction *I : Statements) {
    Instruction *Leader = Groups.getLeaderValue(I);
    bool Writes = any_of(Statements, [&](Instruction *S) {
      return S->mayWriteToMemory() && Groups.getLeaderValue(S) == Leader;
    });
    auto [It, New] = GroupOf.try_emplace(
        Leader, Writes || Plan.Groups.empty() ? Plan.Groups.size() : 0);
    if (New && It->second == Plan.Groups.size())
      Plan.Groups.emplace_back();
    Plan.Groups[It->second].push_back(I);
  }
  if (Plan.Groups.size() < 2)
    return refuse("its statements form one group: they share values or "
                  "memory");
  return Plan;
}

namespace {

/// A fresh distinct !llvm.loop for a copied loop, with the same properties.
void giveFreshLoopID(Instruction &Term) {
  MDNode *ID = Term.getMetadata(LLVMContext::MD_loop);
  if (!ID)
    return;
  SmallVector<Metadata *, 4> Ops{nullptr};
  Ops.append(ID->op_begin() + 1, ID->op_end());
  MDNode *New = MDNode::getDistinct(Term.getContext(), Ops);
  New->replaceOperandWith(0, New);
  Term.setMetadata(LLVMContext::MD_loop, New);
}

/// Erases, from the loop copy Map describes (null: the original), every
/// group but Keep.
void keepOnlyGroup(const FissionPlan &Plan, unsigned Keep,
                   const ValueToValueMapTy *Map) {
  for (auto [G, Group] : enumerate(Plan.Groups)) {
    if (G == Keep)
      continue;
    for (Instruction *I : reverse(Group)) {
      auto *Copy = Map ? cast<Instruction>(Map->lookup(I)) : I;
      Copy->replaceAllUsesWith(PoisonValue::get(Copy->getType()));
      Copy->eraseFromParent();
    }
  }
  for (Instruction *I : reverse(Plan.Shared)) {
    auto *Copy = Map ? cast<Instruction>(Map->lookup(I)) : I;
    if (Copy->use_empty() && !isa<NoAliasScopeDeclInst>(Copy))
      Copy->eraseFromParent();
  }
}

} // namespace

namespace {

/// Loop-invariant values LICM left in the preheader that only a later
/// group's loop uses move to that loop's preheader: left where they are,
/// they would stay live through the earlier loops.
void sinkInvariants(BasicBlock &Pre, BasicBlock &LoopPre, BasicBlock &Loop) {
  SmallVector<Instruction *, 16> Candidates;
  for (Instruction &I : reverse(Pre))
    Candidates.push_back(&I);
  for (Instruction *I : Candidates) {
    if (I->isTerminator() || isa<PHINode>(I) || I->mayReadOrWriteMemory() ||
        I->mayHaveSideEffects() || I->use_empty())
      continue;
    if (all_of(I->users(), [&](User *U) {
          BasicBlock *BB = cast<Instruction>(U)->getParent();
          return BB == &Loop || BB == &LoopPre;
        }))
      I->moveBefore(LoopPre.getFirstInsertionPt());
  }
}

} // namespace

SmallVector<BasicBlock *, 2> applyFission(const FissionPlan &Plan,
                                          ValueToValueMapTy *Map) {
  BasicBlock *Body = Map ? cast<BasicBlock>(Map->lookup(Plan.Body)) : Plan.Body;
  auto *Br = cast<BranchInst>(Body->getTerminator());
  BasicBlock *Exit = Br->getSuccessor(Br->getSuccessor(0) == Body ? 1 : 0);
  BasicBlock *Pre = nullptr;
  for (BasicBlock *P : predecessors(Body))
    if (P != Body)
      Pre = P;
  // Plan's instructions -> those of the block being rewritten.
  ValueToValueMapTy Identity;
  const ValueToValueMapTy *BodyMap = Map;
  if (!Map) {
    for (Instruction &I : *Body)
      Identity[&I] = &I;
    BodyMap = &Identity;
  }
  SmallVector<std::unique_ptr<ValueToValueMapTy>, 2> CopyMaps;
  SmallVector<BasicBlock *, 2> Copies, CopyPreheaders;
  BasicBlock *Last = Body;
  for (unsigned G = 1; G < Plan.Groups.size(); ++G) {
    BasicBlock *Pre2 = SplitEdge(Last, Exit);
    BasicBlock *BodyExit =
        Br->getSuccessor(Br->getSuccessor(0) == Body ? 1 : 0);
    auto VM = std::make_unique<ValueToValueMapTy>();
    BasicBlock *Copy =
        CloneBasicBlock(Body, *VM, ".group" + Twine(G), Body->getParent());
    (*VM)[Body] = Copy;
    Copy->moveAfter(Pre2);
    for (Instruction &I : *Copy)
      RemapInstruction(&I, *VM,
                       RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
    for (PHINode &P : Copy->phis())
      for (unsigned In = 0; In < P.getNumIncomingValues(); ++In)
        if (P.getIncomingBlock(In) == Pre)
          P.setIncomingBlock(In, Pre2);
    Copy->getTerminator()->replaceSuccessorWith(BodyExit, Exit);
    Pre2->getTerminator()->replaceSuccessorWith(Exit, Copy);
    Exit->replacePhiUsesWith(Pre2, Copy);
    giveFreshLoopID(*Copy->getTerminator());
    // Plan -> copy: compose the body map with the clone's.
    auto Composed = std::make_unique<ValueToValueMapTy>();
    for (const auto &Group : Plan.Groups)
      for (Instruction *I : Group)
        (*Composed)[I] = VM->lookup(BodyMap->lookup(I));
    for (Instruction *I : Plan.Shared)
      (*Composed)[I] = VM->lookup(BodyMap->lookup(I));
    keepOnlyGroup(Plan, G, Composed.get());
    CopyMaps.push_back(std::move(Composed));
    Copies.push_back(Copy);
    CopyPreheaders.push_back(Pre2);
    Last = Copy;
  }
  keepOnlyGroup(Plan, 0, BodyMap);
  for (auto [LoopPre, Copy] : zip(CopyPreheaders, Copies))
    sinkInvariants(*Pre, *LoopPre, *Copy);
  return Copies;
}

} // namespace divopt
