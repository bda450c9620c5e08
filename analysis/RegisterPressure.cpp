//===- RegisterPressure.cpp - Live 32-bit registers in NVVM IR ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "RegisterPressure.h"
#include "AddressSpace.h"
#include "KernelInfo.h"
#include "PtxasRegisters.h"
#include "analysis/model/Occupancy.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

unsigned getRegisterUnits(const Type *T) {
  // The common scalars first, without leaving the plugin: the liveness
  // walks ask for every operand (7 million calls at 1000 branches in one
  // function, bench/compile-time).
  switch (T->getTypeID()) {
  case Type::IntegerTyID: {
    unsigned Bits = cast<IntegerType>(T)->getBitWidth();
    return Bits == 1 ? 0 : (Bits + 31) / 32;
  }
  case Type::HalfTyID:
  case Type::BFloatTyID:
  case Type::FloatTyID:
    return 1;
  case Type::DoubleTyID:
    return 2;
  default:
    break;
  }
  if (T->isVoidTy() || T->isLabelTy() || T->isMetadataTy() || T->isTokenTy() ||
      T->isIntegerTy(1))
    return 0;
  if (const auto *PT = dyn_cast<PointerType>(T))
    // Shared, const and local pointers are 32-bit under nvptx64's data
    // layout only with short pointers; count the common 64-bit case.
    return PT->getAddressSpace() == 3 ? 1 : 2;
  if (const auto *VT = dyn_cast<FixedVectorType>(T))
    return VT->getNumElements() * getRegisterUnits(VT->getElementType());
  if (const auto *ST = dyn_cast<StructType>(T)) {
    unsigned Units = 0;
    for (const Type *E : ST->elements())
      Units += getRegisterUnits(E);
    return Units;
  }
  if (const auto *AT = dyn_cast<ArrayType>(T))
    return AT->getNumElements() * getRegisterUnits(AT->getElementType());
  unsigned Bits = T->getPrimitiveSizeInBits().getFixedValue();
  return Bits == 0 ? 0 : (Bits + 31) / 32;
}

namespace {
using ValueSet = SmallPtrSet<const Value *, 32>;

/// Whether a use is the address operand of a load, a store or an atomic
/// (whose address folds into the instruction as a load's does).
bool isAddressUse(const Use &U) {
  if (const auto *L = dyn_cast<LoadInst>(U.getUser()))
    return U.getOperandNo() == L->getPointerOperandIndex();
  if (const auto *S = dyn_cast<StoreInst>(U.getUser()))
    return U.getOperandNo() == S->getPointerOperandIndex();
  if (const auto *A = dyn_cast<AtomicRMWInst>(U.getUser()))
    return U.getOperandNo() == A->getPointerOperandIndex();
  if (const auto *C = dyn_cast<AtomicCmpXchgInst>(U.getUser()))
    return U.getOperandNo() == C->getPointerOperandIndex();
  return false;
}

/// Whether V adds a constant to a value (an add, or an or of disjoint
/// bits): NVPTX folds the constant into an access as [reg+imm].
bool isConstantOffset(const Value *V) {
  const auto *B = dyn_cast<BinaryOperator>(V);
  return B && isa<ConstantInt>(B->getOperand(1)) &&
         (B->getOpcode() == Instruction::Add ||
          (B->getOpcode() == Instruction::Or &&
           cast<PossiblyDisjointInst>(B)->isDisjoint()));
}

/// The value an address's variable part is computed from: Idx less a
/// widening and an added constant (NVPTX folds the constant into the
/// access, [reg+imm]); null where that is not an instruction.
const Instruction *getAddressRoot(const Value *Idx) {
  if (isa<ZExtInst, SExtInst>(Idx))
    Idx = cast<Instruction>(Idx)->getOperand(0);
  if (isConstantOffset(Idx))
    Idx = cast<Instruction>(Idx)->getOperand(0);
  return dyn_cast<Instruction>(Idx);
}

/// Whether V is a static alloca: NVPTX places it in the local depot at a
/// constant offset from the frame pointer, so its address is [%SPL+imm]
/// wherever it is used, computed again rather than held (nqueensStep's
/// four local arrays, read in a loop: ptxas 16 registers, not the 8 more
/// that holding their addresses would take).
bool isFrameAddress(const Value *V) {
  const auto *A = dyn_cast<AllocaInst>(V);
  return A && A->isStaticAlloca();
}

/// Whether V is a generic pointer into shared memory (a shared variable
/// cast to the generic address space, or an address computed from one):
/// NVPTX keeps it in a 64-bit register, but ptxas addresses shared memory
/// with 32-bit offsets, so it holds one register (scanBlock's double
/// buffer: ptxas 15 registers, 20 estimated with 64-bit addresses).
bool isSharedAddress(const Value *V) {
  const auto *PT = dyn_cast<PointerType>(V->getType());
  return PT && PT->getAddressSpace() == NVPTXAS::ADDRESS_SPACE_GENERIC &&
         getInferredAddressSpace(V) == NVPTXAS::ADDRESS_SPACE_SHARED;
}

/// The registers of an address family's base (getAddressFamily): one for
/// the frame's and shared memory's 32-bit offsets, two for a 64-bit
/// address.
unsigned getBaseUnits(const Value *Base) {
  return isa<Function>(Base) || isSharedAddress(Base) ? 1 : 2;
}

/// The family of a GEP with one variable index: its base pointer (the
/// frame, its function, for every static alloca: one base serves them
/// all) and the root of its index (getAddressRoot); none for other GEPs.
using AddressFamily = std::pair<const Value *, const Instruction *>;
std::optional<AddressFamily> getAddressFamily(const Instruction &I) {
  const auto *G = dyn_cast<GetElementPtrInst>(&I);
  if (!G || G->getNumIndices() != 1 || isa<Constant>(G->getOperand(1)))
    return std::nullopt;
  const Instruction *Root = getAddressRoot(G->getOperand(1));
  if (!Root)
    return std::nullopt;
  const Value *Base = G->getPointerOperand();
  if (isFrameAddress(Base))
    Base = G->getFunction();
  return AddressFamily(Base, Root);
}

using CalleeMemo = DenseMap<const Function *, unsigned>;
unsigned getFunctionMaxLive(const Function &F, CalleeMemo &Memo);
} // namespace

/// Which values take registers of their own. Constants are immediates; a
/// kernel's arguments live in the parameter bank and are read where they
/// are used. Some instructions ptxas does not keep in registers either: it
/// folds them into their users, whose operands they expand to.
/// CodeGenPrepare sinks an address computation into the block of each
/// load and store it serves, and NVPTX folds its constant offset into the
/// access ([reg+imm]): so an address used only by memory accesses, the
/// 64-bit widening of an index used only by such addresses, and a constant
/// added to such an index hold no register across the code between their
/// definition and their uses; what they are computed from does. Where
/// several such addresses share a base pointer and the root their index is
/// computed from (an address family: a[i], a[i + 1], ...), NVPTX's
/// SeparateConstOffsetFromGEP gives them one 64-bit base, a + i, and the
/// accesses its constant offsets: the root carries that base's two
/// registers besides its own. An induction variable's stream of addresses
/// has such a base from one access (isInductionStream).
class RegisterModel {
  friend class FunctionPressure;

public:
  explicit RegisterModel(const Function &F) {
    CalleeMemo Memo;
    init(F, Memo);
  }
  /// Memo holds the registers of functions measured before, and 0 for those
  /// being measured (a recursive call costs what the cycle's first copy
  /// does).
  RegisterModel(const Function &F, CalleeMemo &Memo) { init(F, Memo); }

  /// Registers a call to Callee needs besides what the caller keeps live
  /// across it (0 for a call that is not to a function defined here).
  unsigned getCalleeRegisters(const Function *Callee) const {
    if (auto It = CalleeRegisters.find(Callee); It != CalleeRegisters.end())
      return It->second;
    return Base ? Base->getCalleeRegisters(Callee) : 0;
  }

private:
  void init(const Function &F, CalleeMemo &Memo);

  void initFolded(const Function &F) {
    // Users before definitions: walk each block backwards, the blocks in
    // post order, until nothing changes (a use in a loop header's PHI may
    // precede its definition in this order).
    ReversePostOrderTraversal<const Function *> RPOT(&F);
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const BasicBlock *BB : reverse(RPOT))
        for (const Instruction &I : reverse(*BB))
          if (!Folded.contains(&I) && isFoldable(I)) {
            Folded.insert(&I);
            Changed = true;
          }
    }
  }

public:
  /// The model Base's function would give with Added's blocks in it as
  /// well: blocks no path from the entry reaches (a trial copy). The walk
  /// above never reaches their instructions, so none of them folds, and a
  /// use of them that does not fold (all but the address operand of a
  /// load or store) keeps the value it reads, and what that value is
  /// computed from, out of the folded set. Costs the added blocks' size.
  RegisterModel(const RegisterModel &Base, ArrayRef<const BasicBlock *> Added)
      : Base(&Base), AddedBlocks(Added.begin(), Added.end()) {
    SmallVector<const Instruction *, 16> Work;
    auto Unfold = [&](const Use &U) {
      const auto *V = dyn_cast<Instruction>(U.get());
      if (!V || AddedBlocks.contains(V->getParent()) || !Base.isFolded(V) ||
          Unfolded.contains(V))
        return;
      // The user does not fold: only an address stays folded, where the
      // use is a load's or a store's address.
      if (isa<GetElementPtrInst>(V) && isAddressUse(U))
        return;
      Unfolded.insert(V);
      Work.push_back(V);
    };
    for (const BasicBlock *BB : Added)
      for (const Instruction &I : *BB)
        for (const Use &U : I.operands())
          Unfold(U);
    // A value that no longer folds is a user that does not fold.
    while (!Work.empty())
      for (const Use &U : Work.pop_back_val()->operands())
        Unfold(U);
    // Calls the function did not have (to a callee only the copy calls).
    CalleeMemo Memo;
    for (const BasicBlock *BB : Added) {
      Memo.try_emplace(BB->getParent(), 0);
      for (const Instruction &I : *BB)
        if (const auto *CB = dyn_cast<CallBase>(&I))
          if (const Function *Callee = CB->getCalledFunction();
              Callee && !Callee->isDeclaration() &&
              !Base.CalleeRegisters.contains(Callee))
            CalleeRegisters[Callee] = getFunctionMaxLive(*Callee, Memo);
    }
  }

  /// The 32-bit registers V holds: its type's, and the bases of the
  /// address families it roots.
  unsigned units(const Value *V) const {
    unsigned Units = isSharedAddress(V) ? 1 : getRegisterUnits(V->getType());
    const RegisterModel &Root = Base ? *Base : *this;
    if (!Root.BaseUnits.empty())
      if (auto It = Root.BaseUnits.find(V); It != Root.BaseUnits.end())
        Units += It->second;
    return Units;
  }

  bool isFolded(const Value *V) const {
    if (!Base)
      return Folded.contains(V);
    if (const auto *I = dyn_cast<Instruction>(V);
        I && AddedBlocks.contains(I->getParent()))
      return false;
    return Base->isFolded(V) && !Unfolded.contains(V);
  }

  bool occupiesRegisters(const Value *V) const {
    if (const auto *A = dyn_cast<Argument>(V))
      return !A->getParent()->hasKernelCallingConv() &&
             getRegisterUnits(V->getType()) > 0;
    return isa<Instruction>(V) && getRegisterUnits(V->getType()) > 0 &&
           !isFolded(V) && !isFrameAddress(V);
  }

  /// Calls F on each value that holds a register and that V needs: V
  /// itself, or for a folded V, what it is computed from.
  void forEachRegister(const Value *V,
                       function_ref<void(const Value *)> F) const {
    if (isFolded(V)) {
      for (const Value *Op : cast<User>(V)->operands())
        forEachRegister(Op, F);
    } else if (occupiesRegisters(V)) {
      F(V);
    }
  }

  void forEachRegisterOperand(const Instruction &I,
                              function_ref<void(const Value *)> F) const {
    for (const Value *Op : I.operands())
      forEachRegister(Op, F);
  }

private:
  bool usersAllFolded(const Instruction &I) const {
    return !I.use_empty() &&
           all_of(I.users(), [&](const User *U) { return Folded.contains(U); });
  }

  bool isFoldable(const Instruction &I) const {
    if (isa<GetElementPtrInst>(I))
      return !I.use_empty() && !isHeldAcrossBlocks(I) &&
             all_of(I.uses(), [&](const Use &U) {
               return isAddressUse(U) || Folded.contains(U.getUser());
             });
    if (isa<ZExtInst, SExtInst>(I) && I.getType()->isIntegerTy(64))
      return usersAllFolded(I);
    // An index scaled by a constant, read only as GEPs' indices: NVPTX's
    // StraightLineStrengthReduce computes b + i * c from b + i * (c - 1)
    // (the addresses off one base stepping by a runtime stride, i * c for
    // c = 1, 2, ...), so the scaled index is not kept apart from its
    // address (the two loops of a split LOOP-SPLIT keep one stride across
    // the first, ptxas 64 registers at K = 16, not 2 for each address).
    if ((I.getOpcode() == Instruction::Mul ||
         I.getOpcode() == Instruction::Shl) &&
        isa<ConstantInt>(I.getOperand(1)))
      return !I.use_empty() && all_of(I.uses(), [](const Use &U) {
        return isa<GetElementPtrInst>(U.getUser()) && U.getOperandNo() > 0;
      });
    // A constant added to an index: the access's immediate offset.
    if (isConstantOffset(&I))
      return usersAllFolded(I);
    return false;
  }

  /// Whether the address GEP I computes stays in a register of its own
  /// from its block to its users in other blocks. CodeGenPrepare moves an
  /// address to its access only as far as NVPTX's addressing mode ([reg+imm])
  /// takes it: one with a variable index, LICM's loop-invariant addresses
  /// above all, is computed where the IR has it, and ptxas keeps the 64-bit
  /// result rather than compute it again (probes, register_probes.py: K
  /// stores a loop iteration to p_j[i] or to p[j * n + i] cost 2 registers
  /// each; to p[i * K + j], a family, one base for all K). A family's
  /// members (AllFamilySize, whether folded or not) share their base, as
  /// SeparateConstOffsetFromGEP gives them one.
  bool isHeldAcrossBlocks(const Instruction &I) const {
    const auto &G = cast<GetElementPtrInst>(I);
    if (G.hasAllConstantIndices())
      return false; // [base+imm].
    if (std::optional<AddressFamily> AF = getAddressFamily(I))
      if (auto It = AllFamilySize.find(*AF);
          It != AllFamilySize.end() && It->second >= getMinFamilySize(*AF))
        return false;
    return any_of(I.users(), [&](const User *U) {
      return cast<Instruction>(U)->getParent() != I.getParent();
    });
  }

  /// Adds Delta (+1 or -1) to AF's count in Sizes; returns whether the
  /// count reached or left the family's least size.
  bool countIn(DenseMap<AddressFamily, unsigned> &Sizes,
               const AddressFamily &AF, int Delta) {
    unsigned Min = getMinFamilySize(AF, Delta);
    unsigned &Size = Sizes[AF];
    bool Had = Size >= Min;
    Size += Delta;
    bool Crossed = Had != (Size >= Min);
    forgetIfEmpty(AF);
    return Crossed;
  }

  /// Counts a GEP of family AF, folded or not, in AllFamilySize (Delta +1
  /// or -1); returns whether the family reached or left its least size.
  bool countFamily(const AddressFamily &AF, int Delta) {
    return countIn(AllFamilySize, AF, Delta);
  }

  /// Drops AF's least size once no GEP counts in it: another family may
  /// come to have its key (an erased root's address given to a new one).
  void forgetIfEmpty(const AddressFamily &AF) {
    if (!AllFamilySize.lookup(AF) && !FamilySize.lookup(AF)) {
      FamilyMinSize.erase(AF);
      FamilyBaseUnits.erase(AF);
    }
  }

  /// Counts a folded GEP of family AF in the family's size (Delta +1 or
  /// -1), and the family's base in BaseUnits; returns whether BaseUnits
  /// changed.
  bool countFamilyMember(const AddressFamily &AF, int Delta) {
    // The base's registers as the family had them when it came: a rewrite
    // may since have erased the base.
    unsigned BaseRegs =
        Delta > 0 ? FamilyBaseUnits.try_emplace(AF, getBaseUnits(AF.first))
                        .first->second
                  : FamilyBaseUnits.lookup(AF);
    if (!countIn(FamilySize, AF, Delta))
      return false;
    // Crossed upwards when a member came, downwards when one went.
    unsigned &Extra = BaseUnits[AF.second];
    Extra = Delta > 0 ? Extra + BaseRegs : Extra - BaseRegs;
    if (!Extra)
      BaseUnits.erase(AF.second);
    return true;
  }

  /// Address families of at least this many folded GEPs have a base of
  /// their own (the fit on the register corpus's fitting half: 2 against 3,
  /// mean error 2.54 against 2.60 on bench and lit kernels, 4.19 against
  /// 4.76 on application-style ones, 3.21 against 3.13 on fuzz kernels).
  static constexpr unsigned MinFamilySize = 2;

  /// Whether AF's addresses step with an induction variable, their root a
  /// PHI that an add carries around its loop, off a base not computed in
  /// the loop's header: LoopStrengthReduce (in code generation, after
  /// DivOpt) gives such a stream of addresses a 64-bit pointer of its own,
  /// stepped each iteration and live across the loop, even for one access
  /// (probes: K arrays a_j[i] summed in a loop under #pragma nounroll,
  /// stride 32: ptxas 10, 14, 17, 18 registers for K = 1 to 4, 31 and 40
  /// for 6 and 8; stride blockDim.x: 14, 18, 22, 26; the estimate with
  /// the bases 12, 15, 18, 21, 27, 32 and 13, 16, 19, 22; without them 10
  /// to 17). Such a family has its base from one member.
  static bool isInductionStream(const AddressFamily &AF) {
    const auto *P = dyn_cast<PHINode>(AF.second);
    if (!P)
      return false;
    const auto *Base = dyn_cast<Instruction>(AF.first);
    if (Base && Base->getParent() == P->getParent())
      return false;
    return any_of(P->incoming_values(), [&](const Value *V) {
      const auto *Step = dyn_cast<BinaryOperator>(V);
      return Step && Step->getOpcode() == Instruction::Add &&
             is_contained(Step->operands(), P);
    });
  }

  /// The least size at which AF has a base. Taken when a GEP of AF is
  /// counted in (Delta > 0), and kept: a family is counted out after a
  /// rewrite (FunctionPressure::update) that may have erased its root.
  unsigned getMinFamilySize(const AddressFamily &AF, int Delta = 0) {
    if (auto It = FamilyMinSize.find(AF); It != FamilyMinSize.end())
      return It->second;
    if (Delta <= 0)
      return MinFamilySize;
    unsigned Min = isInductionStream(AF) ? 1 : MinFamilySize;
    FamilyMinSize[AF] = Min;
    return Min;
  }
  unsigned getMinFamilySize(const AddressFamily &AF) const {
    if (auto It = FamilyMinSize.find(AF); It != FamilyMinSize.end())
      return It->second;
    return isInductionStream(AF) ? 1 : MinFamilySize;
  }

  SmallPtrSet<const Value *, 32> Folded;
  DenseMap<AddressFamily, unsigned> FamilySize, AllFamilySize, FamilyMinSize,
      FamilyBaseUnits;
  /// The registers of the bases of each root's address families.
  DenseMap<const Value *, unsigned> BaseUnits;
  DenseMap<const Function *, unsigned> CalleeRegisters;
  /// A model with blocks added: Base's, less Unfolded.
  const RegisterModel *Base = nullptr;
  SmallPtrSet<const BasicBlock *, 16> AddedBlocks;
  SmallPtrSet<const Value *, 8> Unfolded;
};

void RegisterModel::init(const Function &F, CalleeMemo &Memo) {
  for (const Instruction &I : instructions(F))
    if (std::optional<AddressFamily> AF = getAddressFamily(I))
      countFamily(*AF, +1);
  initFolded(F);
  for (const Value *V : Folded)
    if (std::optional<AddressFamily> AF =
            getAddressFamily(*cast<Instruction>(V)))
      countFamilyMember(*AF, +1);
  Memo.try_emplace(&F, 0);
  for (const Instruction &I : instructions(F))
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction();
          Callee && !Callee->isDeclaration())
        CalleeRegisters[Callee] = getFunctionMaxLive(*Callee, Memo);
}

namespace {

unsigned unitsOf(const ValueSet &S, const RegisterModel &RM) {
  unsigned Units = 0;
  for (const Value *V : S)
    Units += RM.units(V);
  return Units;
}

/// The values live out of and into BB, given the values live into each of
/// its successors (LiveInOf). A PHI's operand is live out of the incoming
/// block, not live into the PHI's block.
template <typename LiveInFn>
void transferBlock(const BasicBlock &BB, const RegisterModel &RM,
                   LiveInFn LiveInOf, ValueSet &Out, ValueSet &In) {
  for (const BasicBlock *S : successors(&BB)) {
    for (const Value *V : LiveInOf(S))
      Out.insert(V);
    for (const PHINode &P : S->phis())
      if (const Value *V = P.getIncomingValueForBlock(&BB))
        RM.forEachRegister(V, [&](const Value *R) { Out.insert(R); });
  }
  In = Out;
  for (const Instruction &I : reverse(BB)) {
    In.erase(&I);
    if (isa<PHINode>(I) || RM.isFolded(&I))
      continue;
    RM.forEachRegisterOperand(I, [&](const Value *V) { In.insert(V); });
  }
}

/// Classic SSA liveness, to a fixed point over the whole function.
class Liveness {
public:
  Liveness(const Function &F, const RegisterModel &RM) : RM(RM) {
    ReversePostOrderTraversal<const Function *> RPOT(&F);
    SmallVector<const BasicBlock *, 32> Order(RPOT.begin(), RPOT.end());
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const BasicBlock *BB : reverse(Order))
        Changed |= update(*BB);
    }
  }

  const ValueSet &liveOut(const BasicBlock *BB) { return LiveOut[BB]; }

  const ValueSet &liveIn(const BasicBlock *BB) { return LiveIn[BB]; }

private:
  bool update(const BasicBlock &BB) {
    ValueSet Out, In;
    transferBlock(
        BB, RM,
        [&](const BasicBlock *S) -> const ValueSet & { return LiveIn[S]; }, Out,
        In);
    bool Changed =
        Out.size() != LiveOut[&BB].size() || In.size() != LiveIn[&BB].size();
    LiveOut[&BB] = std::move(Out);
    LiveIn[&BB] = std::move(In);
    return Changed;
  }

  const RegisterModel &RM;
  DenseMap<const BasicBlock *, ValueSet> LiveIn, LiveOut;
};

/// Registers of operations ptxas expands into a subroutine call (the slow
/// path of IEEE division and square root, 64-bit integer division), on
/// top of the values live around them, which ptxas cannot move across the
/// call. Probes with N values live around one such operation in a loop
/// (ptxas -v, sm_90) measured about 5-7 (f32 division), 15 (f64
/// division), 2-4 (f32 square root), 9-12 (f64 square root) and 4-6 (i64
/// division); the constants are the corpus fit from those starting points
/// (f32 square root: 0, its slow path is rarely the maximum).
constexpr unsigned FloatDivisionTemporaries = 6, DoubleDivisionTemporaries = 14,
                   FloatSqrtTemporaries = 0, DoubleSqrtTemporaries = 10,
                   Int64DivisionTemporaries = 5;
unsigned getSlowPathRegisters(const Instruction &I) {
  Type *T = I.getType();
  auto IEEE = [&](unsigned Float, unsigned Double) -> unsigned {
    if (const auto *FP = dyn_cast<FPMathOperator>(&I);
        FP && (FP->hasApproxFunc() || FP->hasAllowReciprocal()))
      return 0;
    return T->isDoubleTy() ? Double : T->isFloatTy() ? Float : 0;
  };
  switch (I.getOpcode()) {
  case Instruction::FDiv:
    return IEEE(FloatDivisionTemporaries, DoubleDivisionTemporaries);
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return T->isIntegerTy(64) ? Int64DivisionTemporaries : 0;
  default:
    break;
  }
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return 0;
  if (II->getIntrinsicID() == Intrinsic::sqrt)
    return IEEE(FloatSqrtTemporaries, DoubleSqrtTemporaries);
  // The rounded NVVM forms (__fdiv_rn, __fsqrt_rn, __drcp_rn, ...):
  // llvm.nvvm.{div,rcp,sqrt}.r{n,z,m,p}[.ftz].{f,d}.
  StringRef Name = II->getCalledFunction()->getName();
  bool Div = Name.starts_with("llvm.nvvm.div.r") ||
             Name.starts_with("llvm.nvvm.rcp.r");
  bool Sqrt = Name.starts_with("llvm.nvvm.sqrt.r");
  if (!Div && !Sqrt)
    return 0;
  if (T->isDoubleTy())
    return Div ? DoubleDivisionTemporaries : DoubleSqrtTemporaries;
  return Div ? FloatDivisionTemporaries : FloatSqrtTemporaries;
}

/// The most words of a copy ptxas keeps in flight: its counts stop growing
/// from copies of 64 bytes.
constexpr unsigned MaxCopyWordsInFlight = 16;

/// Registers of a memcpy or memmove, which NVPTX expands into loads and
/// stores (a struct assigned whole, `out[i] = in[i]`, is one): a 32-bit
/// register for each word loaded before it is stored, up to
/// MaxCopyWordsInFlight, as many for a copy NVPTX makes a loop of (128
/// bytes or more, or a length known at run time only), which ptxas
/// unrolls. Probes (llc -O3, ptxas -v, sm_90; a kernel of one copy, which
/// the estimate puts at 6 registers without it): copies of 8, 16, 32, 48,
/// 64 and 96 bytes aligned to 16 take 8, 12, 16, 20, 20 and 22 registers,
/// aligned to 4 12, 16, 20, 20, 20 and 22, loops 22-26; a 32-byte struct
/// copied whole (test/cost-model/copies.ll) 20.
unsigned getCopyRegisters(const Instruction &I) {
  const auto *Copy = dyn_cast<MemTransferInst>(&I);
  if (!Copy)
    return 0;
  const auto *Length = dyn_cast<ConstantInt>(Copy->getLength());
  uint64_t Words = Length ? divideCeil(Length->getZExtValue(), 4)
                          : uint64_t(MaxCopyWordsInFlight);
  return unsigned(std::min<uint64_t>(Words, MaxCopyWordsInFlight));
}

/// The latest point where ptxas may issue each of a block's loads: just
/// before its first user in the block, or at the block's end where no
/// instruction of the block uses it. Only loads whose address is computed
/// at the access (folded, or no instruction) move: moving one costs no
/// register for its address.
struct SinkPoints {
  SmallDenseMap<const Instruction *, SmallVector<const Instruction *, 2>, 8> At;
  SmallPtrSet<const Instruction *, 16> Moved;

  SinkPoints(const BasicBlock &BB, const RegisterModel &RM) {
    SmallPtrSet<const Instruction *, 16> Pending;
    for (const Instruction &I : BB) {
      if (!Pending.empty())
        for (const Value *Op : I.operands())
          if (const auto *L = dyn_cast<LoadInst>(Op); L && Pending.erase(L))
            At[&I].push_back(L);
      if (const auto *L = dyn_cast<LoadInst>(&I);
          L && RM.occupiesRegisters(L) &&
          !RM.occupiesRegisters(L->getPointerOperand())) {
        Pending.insert(L);
        Moved.insert(L);
      }
    }
    for (const Instruction *L : Pending)
      At[BB.getTerminator()].push_back(L);
  }
};

/// Maximum live units inside one block, walking it backwards from its
/// live-out set: at each instruction, what is live after it (its result
/// included) and what is live before it (its operands included). A result
/// may take the register of an operand that dies there, so the two are not
/// counted together. The loads Points moves are issued at their sink points
/// (Sink), or else at the top of the block, each holding its register while
/// the block runs (ptxas issues loads early to hide their latency).
unsigned blockMaxLiveWith(const BasicBlock &BB, const ValueSet &LiveOut,
                          const RegisterModel &RM, const SinkPoints &Points,
                          bool Sink) {
  // The live units, kept with the set: summing the set at every
  // instruction cost the block's length times the values live in it.
  ValueSet Live = LiveOut;
  unsigned Units = unitsOf(Live, RM);
  auto Insert = [&](const Value *V) {
    if (Live.insert(V).second)
      Units += RM.units(V);
  };
  auto Erase = [&](const Value *V) {
    if (Live.erase(V))
      Units -= RM.units(V);
  };
  unsigned Max = Units;
  for (const Instruction &I : reverse(BB)) {
    if (isa<PHINode>(I))
      break; // PHIs take their values on the incoming edges.
    if (RM.isFolded(&I))
      continue; // Computed at its users.
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (unsigned Callee = RM.getCalleeRegisters(CB->getCalledFunction())) {
        // What the caller keeps across the call, besides all the callee
        // uses: ptxas gives the callee registers of its own, above those
        // the caller keeps (a kernel's count is the whole call tree's).
        unsigned Across = Units;
        if (Live.contains(&I))
          Across -= RM.units(&I);
        Max = std::max(Max, Across + Callee);
      }
    bool Moves = Points.Moved.contains(&I);
    if (RM.occupiesRegisters(&I) && !(Moves && Sink))
      Insert(&I); // Defined here even when unused.
    Max = std::max(Max, Units + getSlowPathRegisters(I));
    if (!Moves || Sink)
      Erase(&I);
    RM.forEachRegisterOperand(I, Insert);
    // A copy's words in flight, with its addresses.
    Max = std::max(Max, Units + getCopyRegisters(I));
    // The loads issued here, and their addresses.
    const SmallVector<const Instruction *, 2> *Here = nullptr;
    if (Sink)
      if (auto It = Points.At.find(&I); It != Points.At.end())
        Here = &It->second;
    if (Here)
      for (const Instruction *L : *Here) {
        Insert(L);
        RM.forEachRegisterOperand(*L, Insert);
      }
    Max = std::max(Max, Units);
    if (Here)
      for (const Instruction *L : *Here)
        Erase(L);
  }
  return Max;
}

/// Registers ptxas keeps for the stack pointer, parameter addresses and
/// the temporaries of address arithmetic: 6 is the fit on the corpus's
/// fitting half (2026-11-26-register-model.md; 7 before addresses held
/// across blocks were counted).
constexpr unsigned KernelOverhead = 6;

/// The most registers a thread may have at the occupancy Regs gives on
/// sm_90 (warps of 32 threads, registers allocated 256 to a warp, 64K of
/// them and at most 64 warps to an SM): ptxas spends registers up to there
/// without losing a warp.
unsigned getOccupancyStepTop(unsigned Regs) {
  auto Warps = [](unsigned R) {
    return std::min(64u, 65536u / ((std::max(R, 1u) * 32 + 255) / 256 * 256));
  };
  unsigned Top = Regs;
  while (Top < 255 && Warps(Top + 1) == Warps(Regs))
    ++Top;
  return Top;
}

/// The live maximum of a block as ptxas schedules it: its loads sunk to
/// their uses where it must save registers, hoisted to hide their latency
/// as far as the registers the occupancy step leaves allow (probes: N
/// independent loads summed keep 32 registers for any N from 12 to 48;
/// N values live across a loop take the top of their step, e.g. 30
/// accumulators 48). InFlight: units of loads of later blocks ptxas issues
/// before this one (getInFlightLoads), hoisted with its own.
unsigned blockMaxLive(const BasicBlock &BB, const ValueSet &LiveOut,
                      const RegisterModel &RM, unsigned InFlight = 0) {
  SinkPoints Points(BB, RM);
  unsigned Sunk = blockMaxLiveWith(BB, LiveOut, RM, Points, /*Sink=*/true);
  if (Points.Moved.empty() && !InFlight)
    return Sunk; // No load moves: both walks are the same.
  unsigned Hoisted =
      (Points.Moved.empty()
           ? Sunk
           : blockMaxLiveWith(BB, LiveOut, RM, Points, /*Sink=*/false)) +
      InFlight;
  unsigned Room = getOccupancyStepTop(Sunk + KernelOverhead) - KernelOverhead;
  return std::max(Sunk, std::min(Hoisted, Room));
}
} // namespace

static SmallVector<const BasicBlock *, 32> getBlocks(const Function &F) {
  SmallVector<const BasicBlock *, 32> Blocks;
  for (const BasicBlock &BB : F)
    Blocks.push_back(&BB);
  return Blocks;
}

/// The most instructions (those holding registers) of a guarded block
/// ptxas if-converts and issues with its guard: probes (register_probes.py,
/// convolve1d's shape: guarded loads and 8 or 16 multiply-adds each) keep
/// 32 registers with arms of 22 such instructions, 16 with 38 (the fit on
/// the corpus's fitting half is flat from 16 to 24).
constexpr unsigned MaxIfConvertedArm = 24;

/// The most tests of a short-circuit guard (`if (a && b && c && d)`) whose
/// blocks getChainLoads takes as one if-converted arm.
constexpr unsigned MaxShortCircuitTests = 4;

/// Units of the loads of B that ptxas may issue early (SinkPoints::Moved).
static unsigned getMovableLoadUnits(const BasicBlock &B,
                                    const RegisterModel &RM) {
  SinkPoints Points(B, RM);
  unsigned Units = 0;
  for (const Instruction *L : Points.Moved)
    Units += RM.units(L);
  return Units;
}

/// Chains of if-converted guards: a block ending in a conditional branch
/// whose arm, or two arms, are small blocks joining again at once (a
/// triangle or a diamond), its join the head of the next, and so on
/// (`if (j >= 0 && j < n) sum += w[k] * in[j];` unrolled). ptxas predicates
/// the arms into one block and issues their loads early like any other
/// block's, hiding their latency as far as the occupancy step allows
/// (blockMaxLive): each block of the chain has the loads of the arms after
/// it in flight. Returns those loads' units for each block of a chain
/// within Blocks. An arm with a call or an atomic is not if-converted.
using ChainLoads = SmallDenseMap<const BasicBlock *, unsigned, 16>;
static ChainLoads getChainLoads(ArrayRef<const BasicBlock *> Blocks,
                                const RegisterModel &RM) {
  ChainLoads Later;
  SmallPtrSet<const BasicBlock *, 32> InBlocks(Blocks.begin(), Blocks.end());
  // Whether A, entered from H alone, is small enough to predicate.
  auto IsPredicable = [&](const BasicBlock *A, const BasicBlock *H) {
    if (!InBlocks.contains(A) || A->getSinglePredecessor() != H)
      return false;
    unsigned N = 0;
    for (const Instruction &I : *A) {
      if ((isa<CallBase>(I) && !isa<IntrinsicInst>(I)) ||
          (I.mayWriteToMemory() && !isa<StoreInst>(I)))
        return false;
      if (!RM.isFolded(&I) && ++N > MaxIfConvertedArm)
        return false;
    }
    return true;
  };
  auto IsArm = [&](const BasicBlock *A, const BasicBlock *H) {
    return A->getSingleSuccessor() && IsPredicable(A, H);
  };
  // The arms of H's triangle or diamond, and its join.
  struct Link {
    SmallVector<const BasicBlock *, 2> Arms;
    const BasicBlock *Join = nullptr;
  };
  auto GetLink = [&](const BasicBlock *H) -> std::optional<Link> {
    const auto *Br = dyn_cast<BranchInst>(H->getTerminator());
    if (!Br || !Br->isConditional())
      return std::nullopt;
    const BasicBlock *S0 = Br->getSuccessor(0), *S1 = Br->getSuccessor(1);
    if (S0 == S1)
      return std::nullopt;
    bool Arm0 = IsArm(S0, H), Arm1 = IsArm(S1, H);
    const BasicBlock *J = nullptr;
    if (Arm0 && S0->getSingleSuccessor() == S1)
      return Link{{S0}, S1};
    if (Arm1 && S1->getSingleSuccessor() == S0)
      return Link{{S1}, S0};
    if (Arm0 && Arm1 &&
        (J = S0->getSingleSuccessor()) == S1->getSingleSuccessor())
      return Link{{S0, S1}, J};
    // A short-circuit guard, `if (a && b && ...) {...}`: H's arm tests
    // again, as may the block it leads to, and so on to the guarded block,
    // each branching to H's other successor, the join. ptxas predicates
    // the tests and the guarded block alike.
    for (auto [S, Join] : {std::pair(S0, S1), std::pair(S1, S0)}) {
      Link L{{}, Join};
      for (const BasicBlock *C = S, *From = H;
           C != Join && L.Arms.size() <= MaxShortCircuitTests;) {
        if (IsArm(C, From)) {
          if (L.Arms.size() && C->getSingleSuccessor() == Join) {
            L.Arms.push_back(C);
            return L;
          }
          break;
        }
        const auto *CBr = dyn_cast<BranchInst>(C->getTerminator());
        if (!CBr || !CBr->isConditional() || !IsPredicable(C, From))
          break;
        const BasicBlock *Next =
            CBr->getSuccessor(0) == Join   ? CBr->getSuccessor(1)
            : CBr->getSuccessor(1) == Join ? CBr->getSuccessor(0)
                                           : nullptr;
        if (!Next)
          break;
        L.Arms.push_back(C);
        From = C;
        C = Next;
      }
    }
    return std::nullopt;
  };
  SmallDenseMap<const BasicBlock *, Link, 16> Links;
  SmallPtrSet<const BasicBlock *, 16> Joins;
  for (const BasicBlock *B : Blocks)
    if (std::optional<Link> L = GetLink(B)) {
      Joins.insert(L->Join);
      Links[B] = std::move(*L);
    }
  for (const auto &[Start, _] : Links) {
    if (Joins.contains(Start))
      continue; // Within a chain, not its head.
    SmallVector<std::pair<const BasicBlock *, bool>, 16> Order; // Arm?
    SmallPtrSet<const BasicBlock *, 16> Seen;
    for (const BasicBlock *B = Start; B && Seen.insert(B).second;) {
      Order.push_back({B, false});
      auto It = Links.find(B);
      if (It == Links.end())
        break;
      for (const BasicBlock *A : It->second.Arms)
        Order.push_back({A, true});
      B = It->second.Join;
    }
    unsigned Units = 0;
    for (auto [B, Arm] : reverse(Order)) {
      if (Units)
        Later[B] = Units;
      if (Arm)
        Units += getMovableLoadUnits(*B, RM);
    }
  }
  return Later;
}

/// The most instructions (those holding registers, an fmul fused into the
/// fadd it feeds not counted) of a loop body ptxas unrolls and pipelines:
/// probes (register_probes.py, pipeN_E: N loads and E multiply-adds an
/// iteration) pipeline bodies of 47 (N = 1), 50 (2) and 40 (4), not of 55,
/// 58 and 48 (ptxas counts the addresses of loads off runtime offsets,
/// which fold here: no one limit separates all six); of the corpus's
/// LLVM-unrolled loops, those of 38 to 46 take 32 registers, those of 53
/// and more are left as they are. 48 and 50 fit the corpus's fitting half
/// alike, 44 and 52 worse.
constexpr unsigned MaxPipelinedLoopBody = 48;

/// Registers a pipelined loop holds on top of its body's hoisted count:
/// PipelinedLoadFactor for each unit its loads load an iteration, and
/// PipelinedLoopRegisters besides (probes: `s += a[i] + a[i + n] ...`, 1 to
/// 3 loads an iteration, ptxas 6, 10, 16 registers above the body's count;
/// the fit on the fitting half is flat from 3 and 3 up).
constexpr unsigned PipelinedLoadFactor = 3, PipelinedLoopRegisters = 3;

/// An fmul that ptxas fuses with the fadd or fsub it feeds into an fma.
static bool isFusedMultiply(const Instruction &I) {
  if (I.getOpcode() != Instruction::FMul || !I.hasOneUse() ||
      !I.hasAllowContract())
    return false;
  const auto *U = cast<Instruction>(*I.user_begin());
  return (U->getOpcode() == Instruction::FAdd ||
          U->getOpcode() == Instruction::FSub) &&
         U->hasAllowContract() && U->getParent() == I.getParent();
}

/// Whether the latch's loop carries llvm.loop.unroll.disable, which LLVM's
/// unroller puts on the loops it unrolled or left as remainders and NVPTX
/// passes on to ptxas as `.pragma "nounroll"`.
static bool isUnrollDisabled(const Instruction &Latch) {
  const MDNode *Loop = Latch.getMetadata(LLVMContext::MD_loop);
  if (!Loop)
    return false;
  return any_of(drop_begin(Loop->operands()), [](const MDOperand &Op) {
    const auto *N = dyn_cast<MDNode>(Op);
    const auto *S = N && N->getNumOperands()
                        ? dyn_cast<MDString>(N->getOperand(0))
                        : nullptr;
    return S && S->getString() == "llvm.loop.unroll.disable";
  });
}

/// Whether P, a PHI of the self-loop B, is an induction variable stepping
/// by a constant: add P, C around the loop.
static bool isInductionPhi(const BasicBlock &B, const PHINode *P) {
  if (!P || P->getParent() != &B)
    return false;
  const auto *Inc = dyn_cast<BinaryOperator>(P->getIncomingValueForBlock(&B));
  return Inc && Inc->getOpcode() == Instruction::Add &&
         Inc->getOperand(0) == P && isa<ConstantInt>(Inc->getOperand(1));
}

/// Whether Cond compares an induction variable of the self-loop B (its PHI
/// or its increment) with a value that does not change in the loop: a trip
/// count ptxas computes before the loop, which its unrolling needs.
static bool isCountedExit(const BasicBlock &B, const Value *Cond) {
  auto IsInvariant = [&](const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || I->getParent() != &B;
  };
  auto IsInduction = [&](const Value *V) {
    if (const auto *P = dyn_cast<PHINode>(V))
      return isInductionPhi(B, P);
    const auto *Inc = dyn_cast<BinaryOperator>(V);
    const auto *P = Inc ? dyn_cast<PHINode>(Inc->getOperand(0)) : nullptr;
    return isInductionPhi(B, P) && P->getIncomingValueForBlock(&B) == Inc;
  };
  const auto *C = dyn_cast<ICmpInst>(Cond);
  return C &&
         ((IsInduction(C->getOperand(0)) && IsInvariant(C->getOperand(1))) ||
          (IsInduction(C->getOperand(1)) && IsInvariant(C->getOperand(0))));
}

/// Loops that ptxas unrolls and software-pipelines: a loop of one block
/// (header and latch) LLVM left rolled (no llvm.loop.unroll.disable), with
/// a counted exit (isCountedExit), a small body (MaxPipelinedLoopBody),
/// loads whose addresses fold into them, and no call or atomic (probes: a
/// loop summing a[i], i += 32, takes 16 registers where its body counts
/// 10; with an atomicAdd in the body 12; with the trip count data-dependent
/// or a runtime stride no more than 2 to 3 above the body, however many
/// loads). ptxas issues the loads of the iterations after the current one
/// early: each such block has PipelinedLoadFactor registers in flight for
/// each unit its loads load, and PipelinedLoopRegisters besides, within
/// the occupancy step as blockMaxLive allows. Adds them to Later.
static void addPipelinedLoopLoads(ArrayRef<const BasicBlock *> Blocks,
                                  const RegisterModel &RM, ChainLoads &Later) {
  for (const BasicBlock *B : Blocks) {
    const auto *Br = dyn_cast<BranchInst>(B->getTerminator());
    if (!Br || !Br->isConditional() || !is_contained(successors(B), B) ||
        isUnrollDisabled(*Br) || !isCountedExit(*B, Br->getCondition()))
      continue;
    unsigned Size = 0;
    bool Pipelined = true;
    for (const Instruction &I : *B) {
      if ((isa<CallBase>(I) && !isa<IntrinsicInst>(I)) ||
          isa<AtomicRMWInst, AtomicCmpXchgInst>(I))
        Pipelined = false;
      if (!RM.isFolded(&I) && !isFusedMultiply(I))
        ++Size;
    }
    if (!Pipelined || Size > MaxPipelinedLoopBody)
      continue;
    if (unsigned Units = getMovableLoadUnits(*B, RM))
      Later[B] += PipelinedLoadFactor * Units + PipelinedLoopRegisters;
  }
}

/// Units of loads ptxas issues early in each block of Blocks on top of the
/// block's own: those of the chains of if-converted guards it heads or is
/// in (getChainLoads), and those of later iterations of a loop it pipelines
/// (addPipelinedLoopLoads).
static ChainLoads getInFlightLoads(ArrayRef<const BasicBlock *> Blocks,
                                   const RegisterModel &RM) {
  ChainLoads Later = getChainLoads(Blocks, RM);
  addPipelinedLoopLoads(Blocks, RM, Later);
  return Later;
}

/// ptxas's register limit for F (see RegisterPressure::Limit).
static unsigned getRegisterLimit(const Function &F) {
  KernelInfo KI = getKernelInfo(F);
  std::optional<GpuArch> Arch = getGpuArch(KI.computeCapability().value_or(90));
  if (!Arch)
    Arch = getGpuArch(90);
  unsigned Limit = Arch->MaxRegistersPerThread;
  if (KI.MaxRegisters && *KI.MaxRegisters > 0)
    Limit = std::min(Limit, *KI.MaxRegisters);
  if (KI.MaxThreadsPerBlock && *KI.MaxThreadsPerBlock > 0) {
    unsigned Warps = (*KI.MaxThreadsPerBlock + Arch->WarpSize - 1) /
                     Arch->WarpSize *
                     std::max(1u, KI.MinBlocksPerSM.value_or(1));
    // Each warp's registers come in units of RegisterAllocUnit.
    unsigned PerWarp = Arch->RegistersPerSM / Warps / Arch->RegisterAllocUnit *
                       Arch->RegisterAllocUnit;
    if (PerWarp > 0)
      Limit = std::min(Limit, PerWarp / Arch->WarpSize);
  }
  return Limit;
}

/// Calls Each with every block of F's own code and its live maximum.
static void
forEachBlockMaxLive(const Function &F,
                    function_ref<void(const BasicBlock &, unsigned)> Each) {
  RegisterModel RM(F);
  Liveness L(F, RM);
  auto Later = getInFlightLoads(getBlocks(F), RM);
  for (const BasicBlock &BB : F)
    Each(BB, blockMaxLive(BB, L.liveOut(&BB), RM, Later.lookup(&BB)));
}

/// The live maximum of F's own code, and of the blocks of Region.
static std::pair<unsigned, unsigned>
getOwnMaxLive(const Function &F, ArrayRef<const BasicBlock *> Region) {
  unsigned MaxLive = 0, RegionMaxLive = 0;
  forEachBlockMaxLive(F, [&](const BasicBlock &BB, unsigned Max) {
    MaxLive = std::max(MaxLive, Max);
    if (is_contained(Region, &BB))
      RegionMaxLive = std::max(RegionMaxLive, Max);
  });
  return {MaxLive, RegionMaxLive};
}

DenseMap<const BasicBlock *, unsigned> getBlockMaxLive(const Function &F) {
  DenseMap<const BasicBlock *, unsigned> Max;
  if (!F.isDeclaration())
    forEachBlockMaxLive(
        F, [&](const BasicBlock &BB, unsigned Live) { Max[&BB] = Live; });
  return Max;
}

namespace {
/// Registers F needs, its calls included (see RegisterModel).
unsigned getFunctionMaxLive(const Function &F, CalleeMemo &Memo) {
  if (auto It = Memo.find(&F); It != Memo.end())
    return It->second;
  RegisterModel RM(F, Memo);
  Liveness L(F, RM);
  auto Later = getInFlightLoads(getBlocks(F), RM);
  unsigned Max = 0;
  for (const BasicBlock &BB : F)
    Max =
        std::max(Max, blockMaxLive(BB, L.liveOut(&BB), RM, Later.lookup(&BB)));
  Memo[&F] = Max;
  return Max;
}
} // namespace

RegisterPressure computeRegisterPressure(const Function &F,
                                         ArrayRef<const BasicBlock *> Region) {
  RegisterPressure RP;
  RP.Limit = getRegisterLimit(F);
  if (F.isDeclaration())
    return RP;
  std::tie(RP.MaxLive, RP.RegionMaxLive) = getOwnMaxLive(F, Region);
  return RP;
}

unsigned estimateRegisters(const RegisterPressure &RP) {
  return std::min(RP.Limit, RP.MaxLive + KernelOverhead);
}

unsigned estimateSpilledRegisters(const RegisterPressure &RP) {
  unsigned Need = RP.MaxLive + KernelOverhead;
  return Need > RP.Limit ? Need - RP.Limit : 0;
}

unsigned estimateFunctionRegisters(const Function &F, unsigned *Spilled) {
  RegisterPressure RP = computeRegisterPressure(F);
  if (Spilled)
    *Spilled = estimateSpilledRegisters(RP);
  return estimateRegisters(RP);
}

unsigned getFunctionRegisters(const Function &F, unsigned *Spilled) {
  if (useExactRegisterCounts())
    if (std::optional<PtxasCount> Count = countRegistersWithPtxas(F)) {
      if (Spilled)
        *Spilled = Count->Spilled;
      return Count->Registers;
    }
  return estimateFunctionRegisters(F, Spilled);
}

// RegisterEstimateMargin: the estimate minus ptxas's count had its 75th
// percentile at 4 over the 684 kernels of the corpus (3 on the bench and
// lit kernels, 7 on the fuzz kernels, 1 on the application-style ones);
// now 2 over 786 (2, 3 and 1).
unsigned getRegisterCountMargin() {
  return useExactRegisterCounts() ? 0 : RegisterEstimateMargin;
}

unsigned estimateRegistersAfter(
    Function &F, function_ref<void(Function &, ValueToValueMapTy &)> Rewrite,
    unsigned *Spilled, bool Exact) {
  return *estimateRegistersAfterIf(
      F,
      [&](Function &Copy, ValueToValueMapTy &VMap) {
        Rewrite(Copy, VMap);
        return true;
      },
      Spilled, Exact);
}

std::optional<unsigned> estimateRegistersAfterIf(
    Function &F, function_ref<bool(Function &, ValueToValueMapTy &)> Rewrite,
    unsigned *Spilled, bool Exact) {
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&F, VMap);
  std::optional<unsigned> Regs;
  if (Rewrite(*Copy, VMap))
    Regs = Exact ? getFunctionRegisters(*Copy, Spilled)
                 : estimateFunctionRegisters(*Copy, Spilled);
  Copy->eraseFromParent();
  return Regs;
}

FunctionPressure::FunctionPressure(const Function &F) : F(&F) {
  if (F.isDeclaration())
    return;
  Model = std::make_unique<RegisterModel>(F);
  Liveness L(F, *Model);
  ChainLoads Later = getInFlightLoads(getBlocks(F), *Model);
  InFlight.insert(Later.begin(), Later.end());
  for (const BasicBlock &BB : F) {
    const ValueSet &Out = L.liveOut(&BB);
    unsigned Max = blockMaxLive(BB, Out, *Model, Later.lookup(&BB));
    ByMax.push_back({&BB, Max});
    MaxLive = std::max(MaxLive, Max);
    LiveOut[&BB].assign(Out.begin(), Out.end());
    const ValueSet &In = L.liveIn(&BB);
    LiveIn[&BB].assign(In.begin(), In.end());
  }
  // Highest first: the maximum outside a region is the first entry not in
  // it, found past the region's own blocks at most.
  llvm::stable_sort(
      ByMax, [](const auto &A, const auto &B) { return A.second > B.second; });
}

FunctionPressure::FunctionPressure(FunctionPressure &&) = default;
FunctionPressure::~FunctionPressure() = default;

unsigned FunctionPressure::getMaxLiveOutside(
    const SmallPtrSetImpl<const BasicBlock *> &Region) const {
  for (auto [BB, M] : ByMax)
    if (!Region.contains(BB))
      return M;
  return 0;
}

ArrayRef<const Value *>
FunctionPressure::getLiveOut(const BasicBlock *BB) const {
  auto It = LiveOut.find(BB);
  if (It == LiveOut.end())
    return {};
  return It->second;
}

/// The live maximum over Blocks under the model RM (see
/// computeRegionMaxLive).
static unsigned getRegionMaxLive(ArrayRef<const BasicBlock *> Blocks,
                                 const LiveOutMap &ExitLiveOut,
                                 const RegisterModel &RM) {
  // Liveness as in class Liveness, over the region's own edges, backwards
  // to a fixed point (one sweep and a check for a region without cycles).
  SmallPtrSet<const BasicBlock *, 16> InRegion(Blocks.begin(), Blocks.end());
  DenseMap<const BasicBlock *, ValueSet> LiveIn, Out;
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const BasicBlock *BB : reverse(Blocks)) {
      ValueSet O;
      if (auto It = ExitLiveOut.find(BB); It != ExitLiveOut.end())
        O.insert(It->second.begin(), It->second.end());
      for (const BasicBlock *S : successors(BB)) {
        if (!InRegion.contains(S))
          continue;
        for (const Value *V : LiveIn[S])
          O.insert(V);
        for (const PHINode &P : S->phis())
          if (const Value *In = P.getIncomingValueForBlock(BB);
              In && RM.occupiesRegisters(In))
            O.insert(In);
      }
      ValueSet I = O;
      for (const Instruction &Inst : reverse(*BB)) {
        I.erase(&Inst);
        if (isa<PHINode>(Inst))
          continue;
        for (const Value *Op : Inst.operands())
          if (RM.occupiesRegisters(Op))
            I.insert(Op);
      }
      Changed |= O.size() != Out[BB].size() || I.size() != LiveIn[BB].size();
      Out[BB] = std::move(O);
      LiveIn[BB] = std::move(I);
    }
  }
  ChainLoads Later = getInFlightLoads(Blocks, RM);
  unsigned Max = 0;
  for (const BasicBlock *BB : Blocks)
    Max = std::max(Max, blockMaxLive(*BB, Out[BB], RM, Later.lookup(BB)));
  return Max;
}

unsigned computeRegionMaxLive(ArrayRef<const BasicBlock *> Blocks,
                              const LiveOutMap &ExitLiveOut) {
  if (Blocks.empty())
    return 0;
  return getRegionMaxLive(Blocks, ExitLiveOut,
                          RegisterModel(*Blocks.front()->getParent()));
}

unsigned FunctionPressure::getAddedRegionMaxLive(
    ArrayRef<const BasicBlock *> Blocks, const LiveOutMap &ExitLiveOut,
    ArrayRef<const BasicBlock *> Added) const {
  if (Blocks.empty())
    return 0;
  return getRegionMaxLive(Blocks, ExitLiveOut, RegisterModel(*Model, Added));
}

static cl::opt<bool> VerifyIncremental(
    "divopt-verify-incremental", cl::init(false), cl::Hidden,
    cl::desc("Check incremental register pressure and branch distribution's "
             "candidates against a recomputation after each meld, and "
             "kernel-split's parts copied block by block against a whole "
             "copy cut down"));

bool verifyIncremental() { return VerifyIncremental; }

unsigned FunctionPressure::getRegisters() const {
  RegisterPressure RP;
  RP.MaxLive = MaxLive;
  RP.Limit = getRegisterLimit(*F);
  return estimateRegisters(RP);
}

/// The blocks from Head up to Join (excluded), in reverse post order, into
/// Blocks and InRegion; false unless they form a region entered at Head
/// only, from outside it, and left to Join only.
static bool getRegion(const BasicBlock &Head, const BasicBlock &Join,
                      SmallVectorImpl<const BasicBlock *> &Blocks,
                      SmallPtrSetImpl<const BasicBlock *> &InRegion) {
  if (&Head == &Join)
    return false;
  SmallVector<std::pair<const BasicBlock *, unsigned>, 16> Stack{{&Head, 0}};
  InRegion.insert(&Head);
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    const Instruction *T = BB->getTerminator();
    if (!T || T->getNumSuccessors() == 0)
      return false; // The region leaves the function.
    if (Next < T->getNumSuccessors()) {
      const BasicBlock *S = T->getSuccessor(Next++);
      if (S != &Join && InRegion.insert(S).second)
        Stack.push_back({S, 0});
      continue;
    }
    Blocks.push_back(BB);
    Stack.pop_back();
  }
  std::reverse(Blocks.begin(), Blocks.end());
  for (const BasicBlock *BB : Blocks)
    for (const BasicBlock *P : predecessors(BB))
      if (InRegion.contains(P) == (BB == &Head))
        return false;
  return true;
}

RegionRewrite FunctionPressure::beginRewrite(const BasicBlock &Head,
                                             const BasicBlock &Join) const {
  RegionRewrite RW;
  SmallPtrSet<const BasicBlock *, 16> InRegion;
  if (!Model || !getRegion(Head, Join, RW.Blocks, InRegion))
    return RW; // No Head: update() declines.
  RW.Head = &Head;
  RW.Join = &Join;
  SmallPtrSet<const Value *, 32> Outside;
  auto AddOutside = [&](const Value *V) {
    if (const auto *I = dyn_cast<Instruction>(V);
        I && !InRegion.contains(I->getParent()) && Outside.insert(I).second)
      RW.OutsideOperands.push_back(I);
  };
  for (const BasicBlock *BB : RW.Blocks)
    for (const Instruction &I : *BB) {
      RW.Insts.push_back(&I);
      if (std::optional<AddressFamily> AF = getAddressFamily(I)) {
        RW.Families.push_back(*AF);
        if (Model->isFolded(&I))
          RW.FoldedFamilies.push_back(*AF);
      }
      for (const Value *Op : I.operands())
        AddOutside(Op);
      // The rewrite makes the arms' uses outside the region (unreachable
      // blocks') read poison: it changes those blocks too.
      if (BB != &Head && any_of(I.users(), [&](const User *U) {
            const auto *UI = cast<Instruction>(U);
            return !InRegion.contains(UI->getParent()) &&
                   !(isa<PHINode>(UI) && UI->getParent() == &Join);
          }))
        return RegionRewrite();
    }
  for (const PHINode &P : Join.phis())
    for (const Value *V : P.incoming_values())
      AddOutside(V);
  for (const Instruction &I : Head) {
    RW.HeadInsts.insert(&I);
    if (Model->isFolded(&I))
      RW.HeadFolded.insert(&I);
  }
  RW.NumHeadPhis = std::distance(Head.phis().begin(), Head.phis().end());
  if (auto It = LiveIn.find(&Head); It != LiveIn.end())
    RW.LiveIntoHead.assign(It->second.begin(), It->second.end());
  return RW;
}

bool FunctionPressure::update(const RegionRewrite &RW) {
  if (!RW.Head || !Model)
    return false;
  const BasicBlock &Head = *RW.Head, &Join = *RW.Join;
  SmallVector<const BasicBlock *, 16> Blocks;
  SmallPtrSet<const BasicBlock *, 16> InRegion;
  if (!getRegion(Head, Join, Blocks, InRegion) ||
      std::distance(Head.phis().begin(), Head.phis().end()) != RW.NumHeadPhis)
    return false;

  // Which values fold: the region's are found again, users before
  // definitions as RegisterModel does; those outside it whose users the
  // rewrite changed, and those of Head it kept, must not change, or the
  // rest of the function's liveness would.
  RegisterModel &RM = *Model;
  // A family that gains or loses its shared base changes whether its
  // addresses outside the region hold registers of their own.
  bool SharedBasesChanged = false;
  for (const AddressFamily &AF : RW.Families)
    SharedBasesChanged |= RM.countFamily(AF, -1);
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (std::optional<AddressFamily> AF = getAddressFamily(I))
        SharedBasesChanged |= RM.countFamily(*AF, +1);
  if (SharedBasesChanged)
    return false;
  for (const Instruction *I : RW.Insts)
    RM.Folded.erase(I);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *BB : reverse(Blocks))
      for (const Instruction &I : reverse(*BB))
        if (!RM.Folded.contains(&I) && RM.isFoldable(I)) {
          RM.Folded.insert(&I);
          Changed = true;
        }
  }
  // The region's addresses leave their families and join them again; a
  // family whose base comes or goes changes its root's registers, which
  // may be live outside the region.
  bool FamiliesChanged = false;
  for (const AddressFamily &AF : RW.FoldedFamilies)
    FamiliesChanged |= RM.countFamilyMember(AF, -1);
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB)
      if (RM.Folded.contains(&I))
        if (std::optional<AddressFamily> AF = getAddressFamily(I))
          FamiliesChanged |= RM.countFamilyMember(*AF, +1);
  if (FamiliesChanged)
    return false;
  auto KeepsFolding = [&](const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || InRegion.contains(I->getParent()) ||
           RM.isFoldable(*I) == RM.Folded.contains(I);
  };
  if (!all_of(RW.OutsideOperands, KeepsFolding))
    return false;
  for (const PHINode &P : Join.phis())
    if (!all_of(P.incoming_values(), KeepsFolding))
      return false;
  for (const BasicBlock *BB : Blocks)
    for (const Instruction &I : *BB) {
      if (!all_of(I.operands(), KeepsFolding))
        return false;
      if (RW.HeadInsts.contains(&I)) {
        if (RM.Folded.contains(&I) != RW.HeadFolded.contains(&I))
          return false;
      } else if (any_of(I.users(), [&](const User *U) {
                   const auto *UI = cast<Instruction>(U);
                   return !InRegion.contains(UI->getParent()) &&
                          !(isa<PHINode>(UI) && UI->getParent() == &Join);
                 })) {
        return false; // New code read outside the region but at the join.
      }
      if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() &&
            !RM.CalleeRegisters.contains(Callee))
          return false;
    }

  // The region's liveness, from what is live into the join, which the
  // rewrite did not change.
  ValueSet JoinIn;
  if (auto It = LiveIn.find(&Join); It != LiveIn.end())
    JoinIn.insert(It->second.begin(), It->second.end());
  DenseMap<const BasicBlock *, ValueSet> In, Out;
  auto LiveInOf = [&](const BasicBlock *S) -> const ValueSet & {
    return S == &Join ? JoinIn : In[S];
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const BasicBlock *BB : reverse(Blocks)) {
      ValueSet O, I;
      transferBlock(*BB, RM, LiveInOf, O, I);
      Changed |= O.size() != Out[BB].size() || I.size() != In[BB].size();
      Out[BB] = std::move(O);
      In[BB] = std::move(I);
    }
  }
  const ValueSet &HeadIn = In[&Head];
  if (HeadIn.size() != RW.LiveIntoHead.size() ||
      !all_of(RW.LiveIntoHead,
              [&](const Value *V) { return HeadIn.contains(V); }))
    return false;

  // The chains of if-converted guards the region is in: their loads in
  // flight must not change outside it.
  ChainLoads Later = getInFlightLoads(getBlocks(*F), RM);
  for (const BasicBlock &BB : *F)
    if (!InRegion.contains(&BB) && Later.lookup(&BB) != InFlight.lookup(&BB))
      return false;
  InFlight.clear();
  InFlight.insert(Later.begin(), Later.end());

  // The old blocks go before the new ones come: the allocator may have
  // given a new block an old one's address.
  SmallPtrSet<const BasicBlock *, 16> Old(RW.Blocks.begin(), RW.Blocks.end());
  for (const BasicBlock *BB : RW.Blocks) {
    LiveOut.erase(BB);
    LiveIn.erase(BB);
  }
  llvm::erase_if(ByMax, [&](const auto &E) { return Old.contains(E.first); });
  for (const BasicBlock *BB : Blocks) {
    LiveOut[BB].assign(Out[BB].begin(), Out[BB].end());
    LiveIn[BB].assign(In[BB].begin(), In[BB].end());
    ByMax.push_back({BB, blockMaxLive(*BB, Out[BB], RM, Later.lookup(BB))});
  }
  llvm::stable_sort(
      ByMax, [](const auto &A, const auto &B) { return A.second > B.second; });
  MaxLive = ByMax.empty() ? 0 : ByMax.front().second;

  if (VerifyIncremental)
    if (std::string D = diff(FunctionPressure(*F)); !D.empty())
      report_fatal_error(Twine("divopt: incremental register pressure of ") +
                         F->getName() + " differs from a recomputation: " + D);
  return true;
}

std::string FunctionPressure::diff(const FunctionPressure &Fresh) const {
  std::string D;
  raw_string_ostream OS(D);
  if (MaxLive != Fresh.MaxLive)
    OS << "max live " << MaxLive << " against " << Fresh.MaxLive << "; ";
  auto Sorted = [](auto V) {
    llvm::sort(V, [](const auto &A, const auto &B) {
      return std::less<const void *>()(A.first, B.first);
    });
    return V;
  };
  if (Sorted(ByMax) != Sorted(Fresh.ByMax))
    OS << "block maxima differ; ";
  auto SameSets = [](const LiveOutMap &A, const LiveOutMap &B,
                     const BasicBlock *BB) {
    auto Get = [BB](const LiveOutMap &M) -> ArrayRef<const Value *> {
      auto It = M.find(BB);
      return It == M.end() ? ArrayRef<const Value *>() : It->second;
    };
    ArrayRef<const Value *> X = Get(A), Y = Get(B);
    SmallPtrSet<const Value *, 32> S(X.begin(), X.end());
    return X.size() == Y.size() &&
           all_of(Y, [&](const Value *V) { return S.contains(V); });
  };
  for (const BasicBlock &BB : *F) {
    if (!SameSets(LiveOut, Fresh.LiveOut, &BB))
      OS << "live out of " << BB.getName() << " differs; ";
    if (!SameSets(LiveIn, Fresh.LiveIn, &BB))
      OS << "live into " << BB.getName() << " differs; ";
    for (const Instruction &I : BB)
      if (Model->isFolded(&I) != Fresh.Model->isFolded(&I))
        OS << "folding of " << I.getName() << " differs; ";
  }
  if (LiveOut.size() != Fresh.LiveOut.size() ||
      LiveIn.size() != Fresh.LiveIn.size())
    OS << "blocks differ; ";
  return D;
}

} // namespace divopt
