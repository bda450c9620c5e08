//===- BlockSpread.cpp - Counted blocks that stand for the grid -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BlockSpread.h"
#include "BranchLocations.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace divopt {

static constexpr const char *PlaceName = "divopt.prof.block.place";

//===----------------------------------------------------------------------===//
// Whether the blocks may be permuted
//===----------------------------------------------------------------------===//

/// Which of x, y, z a read of the block index reads; -1 for anything else.
static int getBlockIndexDim(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return -1;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    return 0;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    return 1;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return 2;
  default:
    return -1;
  }
}

/// Whether I reads the block index (%ctaid.x/y/z).
static bool readsBlockIndex(const Instruction &I) {
  return getBlockIndexDim(I) >= 0;
}

/// Device functions the CUDA toolchain provides, none of which reads the
/// block index: printf, the device heap, assert, libdevice.
static bool isKnownExternal(const Function &Callee) {
  StringRef Name = Callee.getName();
  return Callee.isIntrinsic() || Name.starts_with("__nv_") ||
         is_contained({"vprintf", "malloc", "free", "__assertfail"}, Name);
}

/// A cluster's blocks are consecutive indices scheduled together: a
/// kernel that uses them must see the hardware's own.
static bool isClusterIntrinsic(const Function &Callee) {
  StringRef Name = Callee.getName();
  return Callee.isIntrinsic() &&
         (Name.contains("cluster") || Name.starts_with("llvm.nvvm.mapa"));
}

/// Whether I orders memory: a fence (__threadfence) or a sleep a waiting
/// loop would hold.
static bool isFenceLike(const Instruction &I) {
  if (isa<FenceInst>(I))
    return true;
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  StringRef Name = II->getCalledFunction()->getName();
  return Name.contains("membar") || Name.contains("fence") ||
         Name.contains("nanosleep");
}

/// Whether V is read from memory another block may be writing while this
/// one waits: a volatile or atomic load, a plain load in a loop with a
/// fence (which keeps it from being hoisted), an atomic read-modify-write
/// (an instruction or an NVVM atomic intrinsic), or inline assembly (which
/// may hold either).
static bool readsSharedState(const Value &V, bool LoopHasFence) {
  if (const auto *L = dyn_cast<LoadInst>(&V))
    return L->isVolatile() || L->isAtomic() || LoopHasFence;
  if (isa<AtomicRMWInst, AtomicCmpXchgInst>(V))
    return true;
  if (const auto *CB = dyn_cast<CallBase>(&V)) {
    if (CB->isInlineAsm())
      return true;
    // Not a warp's votes and shuffles, which LLVM models as touching
    // memory but which read only the warp's registers.
    if (const auto *II = dyn_cast<IntrinsicInst>(CB))
      return II->getCalledFunction()->getName().contains("atomic");
  }
  return false;
}

/// The first instruction of L whose exit depends on a value read as
/// readsSharedState: a loop that waits for another block. Null where none.
static const Instruction *findWait(const Loop &L) {
  SmallVector<const Value *, 16> Work;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *BB : Exiting)
    if (const auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
        Br && Br->isConditional())
      Work.push_back(Br->getCondition());
    else if (const auto *SI = dyn_cast<SwitchInst>(BB->getTerminator()))
      Work.push_back(SI->getCondition());
  bool HasFence = any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(*BB, isFenceLike);
  });
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    // A value from before the loop is the same on every trip.
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (readsSharedState(*I, HasFence))
      return I;
    for (const Value *Op : I->operand_values())
      Work.push_back(Op);
  }
  return nullptr;
}

/// " (Text)", or nothing where Text is empty (code without locations).
static std::string inParentheses(const std::string &Text) {
  return Text.empty() ? Text : " (" + Text + ")";
}

static std::string whyFunctionStays(Function &F, FunctionAnalysisManager &FAM) {
  std::string Name = demangle(F.getName());
  for (Instruction &I : instructions(F)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      continue;
    if (const auto *Asm = dyn_cast<InlineAsm>(CB->getCalledOperand())) {
      StringRef Text = Asm->getAsmString();
      if (Text.contains("ctaid") || Text.contains("cluster"))
        return Name + " reads the block index in inline assembly" +
               inParentheses(describeInstruction(I));
      continue;
    }
    const Function *Callee = CB->getCalledFunction();
    if (!Callee)
      return Name + " makes an indirect call, whose callee may read the "
                    "block index unpermuted";
    if (isClusterIntrinsic(*Callee))
      return Name + " uses its block's cluster (" + Callee->getName().str() +
             "), whose blocks are the hardware's";
    if (Callee->isDeclaration() && !isKnownExternal(*Callee))
      return Name + " calls " + demangle(Callee->getName()) +
             ", defined elsewhere, which may read the block index unpermuted";
  }
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  for (Loop *L : LI.getLoopsInPreorder())
    if (const Instruction *Wait = findWait(*L))
      return Name + " has a loop that waits on memory other blocks may write" +
             inParentheses(describeInstruction(*Wait)) +
             ": a block dispatched before the one it waits for could wait "
             "for ever";
  return "";
}

/// The functions of M that read the block index, themselves or through
/// what they call: from the direct readers up the calls, once each.
static SmallPtrSet<const Function *, 16> getBlockIndexReaders(Module &M) {
  DenseMap<const Function *, SmallVector<const Function *, 4>> Callers;
  SmallVector<const Function *, 16> Work;
  for (Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (readsBlockIndex(I))
        Work.push_back(&F);
      else if (const auto *CB = dyn_cast<CallBase>(&I))
        if (const Function *Callee = CB->getCalledFunction())
          Callers[Callee].push_back(&F);
    }
  SmallPtrSet<const Function *, 16> Readers;
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    if (Readers.insert(F).second)
      append_range(Work, Callers.lookup(F));
  }
  return Readers;
}

/// Whether F may be called from another translation unit (-fgpu-rdc):
/// a device function, not a kernel, of external linkage.
static bool isVisibleElsewhere(const Function &F) {
  return !F.isDeclaration() && !F.hasLocalLinkage() &&
         F.getCallingConv() != CallingConv::PTX_Kernel;
}

std::string whyBlocksStay(Module &M, FunctionAnalysisManager &FAM,
                          SmallPtrSetImpl<const Function *> &Unspread) {
  for (Function &F : M)
    if (!F.isDeclaration() && F.getName() != PlaceName)
      if (std::string Why = whyFunctionStays(F, FAM); !Why.empty())
        return Why;
  // A module of another translation unit that calls F here decides for
  // itself (calling a function it cannot see, it keeps the hardware's
  // index): F must read the hardware's index too, and so may not be
  // called here, where the index is permuted, nor read it through
  // another function. Without -fgpu-rdc such an F is the copy of a helper
  // inlined everywhere, which nothing calls.
  SmallPtrSet<const Function *, 16> Readers = getBlockIndexReaders(M);
  for (Function &F : M) {
    if (!isVisibleElsewhere(F) || !Readers.contains(&F))
      continue;
    std::string Name = demangle(F.getName());
    if (!F.use_empty())
      return Name + ", which other translation units may call, reads the "
                    "block index and is called here too";
    if (!any_of(instructions(F), readsBlockIndex))
      return Name + ", which other translation units may call, reads the "
                    "block index through the functions it calls";
    Unspread.insert(&F);
  }
  return "";
}

//===----------------------------------------------------------------------===//
// The place function
//===----------------------------------------------------------------------===//

namespace {

/// Builds the place function's body. Whether a block counts is computed
/// on its 64-bit linear index (a grid may hold 2^47 blocks); the
/// permutation, which every thread of every block computes, in 32 bits
/// (grids of fewer than 2^31 blocks; larger ones are not permuted), and
/// the trade's hash only behind a block-uniform branch that few blocks
/// take: about 25 PTX instructions a thread. A short kernel feels every
/// one (Black-Scholes, 0.12 ms on an H200: instrumented 1.12x-1.35x
/// spread against 1.04x-1.28x unspread; 64-bit and branch-free, the first
/// version ran 1.31x-1.50x).
class PlaceBuilder {
public:
  PlaceBuilder(IRBuilder<> &B, const BlockSampling &S, Value *Blocks)
      : B(B), S(S), Blocks(Blocks) {}

  /// Whether the block of linear index Q (i64) counts: among the first
  /// 1/Front of the grid, and drawn by its hash.
  Value *counts(Value *Q) {
    Value *Hashed = drawn(B.CreateTrunc(Q, B.getInt32Ty()));
    if (S.Front == 1)
      return Hashed;
    // Q * Front < Blocks, in 64 bits.
    Value *Early = B.CreateICmpULT(B.CreateMul(Q, B.getInt64(S.Front)), Blocks);
    return B.CreateAnd(Early, Hashed);
  }

  /// The index (i64) block P (i64) runs: its trade partner where it has
  /// one (trade). Most blocks keep their own: only a counted front block
  /// and the block its trade lands on take the branch that pays for the
  /// trade's hash (block-uniform, so it costs a warp one branch).
  Value *permute(Value *P) {
    uint32_t F = S.Front;
    LLVMContext &Ctx = B.getContext();
    Function *Fn = B.GetInsertBlock()->getParent();
    Value *Small = B.CreateICmpULT(Blocks, B.getInt64(uint64_t(1) << 31));
    Value *G = B.CreateTrunc(Blocks, B.getInt32Ty());
    Value *P32 = B.CreateTrunc(P, B.getInt32Ty());
    Value *FrontBlocks =
        B.CreateUDiv(B.CreateAdd(G, B.getInt32(F - 1)), B.getInt32(F));
    Value *InFront = B.CreateICmpULT(P32, FrontBlocks);
    // The front block whose trade decides P's index: P itself, or beyond
    // the front the one whose target slots hold P.
    Value *Decider = B.CreateSelect(
        InFront, P32,
        B.CreateUDiv(B.CreateSub(P32, FrontBlocks), B.getInt32(F - 1)));
    Value *Counted =
        B.CreateAnd(B.CreateICmpULT(Decider, FrontBlocks), drawn(Decider));
    BasicBlock *From = B.GetInsertBlock();
    BasicBlock *Trading = BasicBlock::Create(Ctx, "divopt.prof.trade", Fn);
    BasicBlock *Traded = BasicBlock::Create(Ctx, "divopt.prof.traded", Fn);
    B.CreateCondBr(B.CreateAnd(Small, Counted), Trading, Traded);
    B.SetInsertPoint(Trading);
    auto [Trades, Target] = trade(Decider, G, FrontBlocks);
    Value *Moves =
        B.CreateAnd(Trades, B.CreateOr(InFront, B.CreateICmpEQ(Target, P32)));
    Value *Moved =
        B.CreateSelect(Moves, B.CreateSelect(InFront, Target, Decider), P32);
    B.CreateBr(Traded);
    B.SetInsertPoint(Traded);
    PHINode *Index = B.CreatePHI(B.getInt32Ty(), 2);
    Index->addIncoming(P32, From);
    Index->addIncoming(Moved, Trading);
    return B.CreateSelect(Small, B.CreateZExt(Index, B.getInt64Ty()), P);
  }

private:
  /// frac(Q * phi) < Front / Sample (Fibonacci hashing: spread evenly
  /// over the grid and over any period a kernel gives its blocks, e.g.
  /// parity; block 0 always counts): the 32-bit hash times Sample / Front
  /// stays below 2^32.
  Value *drawn(Value *Q32) {
    Value *Hash =
        B.CreateZExt(B.CreateMul(Q32, B.getInt32(0x9e3779b9)), B.getInt64Ty());
    Value *Scaled =
        B.CreateLShr(B.CreateMul(Hash, B.getInt64(S.Sample / S.Front)), 32);
    return B.CreateICmpEQ(Scaled, B.getInt64(0));
  }

  /// The block a counted front block Q trades places with, and whether it
  /// does: (Front - 1) in Front of them, each with the block at Target(Q)
  /// = FrontBlocks + Q (Front - 1) + Offset(Q), Offset < Front - 1 drawn
  /// by a second hash; the targets of distinct Q differ and lie beyond the
  /// front, so the trades make a permutation. In 32 bits: Q < 2^31 / F
  /// where it can trade, so Target < 2^31 + F.
  std::pair<Value *, Value *> trade(Value *Q, Value *G, Value *FrontBlocks) {
    uint32_t F = S.Front;
    Value *Hash = B.CreateLShr(B.CreateMul(Q, B.getInt32(0x85ebca6b)), 8);
    Value *Trades =
        B.CreateICmpNE(B.CreateURem(Hash, B.getInt32(F)), B.getInt32(0));
    Value *Offset =
        B.CreateURem(B.CreateUDiv(Hash, B.getInt32(F)), B.getInt32(F - 1));
    Value *Target = B.CreateAdd(
        FrontBlocks, B.CreateAdd(B.CreateMul(Q, B.getInt32(F - 1)), Offset));
    return {B.CreateAnd(Trades, B.CreateICmpULT(Target, G)), Target};
  }

  IRBuilder<> &B;
  const BlockSampling &S;
  Value *Blocks;
};

} // namespace

Function *getBlockPlaceFunction(Module &M, const BlockSampling &S) {
  if (Function *F = M.getFunction(PlaceName))
    return F;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto *ResultTy = StructType::get(Ctx, {I32, I32, I32, Type::getInt1Ty(Ctx)});
  auto *FTy = FunctionType::get(ResultTy, SmallVector<Type *, 6>(6, I32),
                                /*isVarArg=*/false);
  Function *F =
      Function::Create(FTy, GlobalValue::InternalLinkage, PlaceName, M);
  F->setDoesNotThrow();
  F->setWillReturn();
  F->setDoesNotAccessMemory();
  F->addFnAttr(Attribute::AlwaysInline);
  const char *ArgNames[] = {"x", "y", "z", "nx", "ny", "nz"};
  SmallVector<Value *, 6> A;
  for (auto [Arg, N] : zip(F->args(), ArgNames)) {
    Arg.setName(N);
    A.push_back(&Arg);
  }
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", F));
  auto Wide = [&](Value *V) { return B.CreateZExt(V, B.getInt64Ty()); };
  Value *NXY = B.CreateMul(Wide(A[3]), Wide(A[4]));
  Value *Blocks = B.CreateMul(NXY, Wide(A[5]));
  Value *Linear = B.CreateAdd(
      Wide(A[0]),
      B.CreateMul(
          Wide(A[3]),
          B.CreateAdd(Wide(A[1]), B.CreateMul(Wide(A[4]), Wide(A[2])))));
  PlaceBuilder P(B, S, Blocks);
  Value *Counted = P.counts(Linear);
  Value *X = A[0], *Y = A[1], *Z = A[2];
  if (S.Spread && S.Front > 1) {
    // A one-dimensional grid's index is x alone; only other grids pay the
    // divisions (64-bit, by a runtime divisor: about a hundred
    // instructions a thread, a third of a short kernel's).
    Value *Index = P.permute(Linear);
    Value *Flat = B.CreateICmpEQ(Blocks, Wide(A[3]));
    BasicBlock *Planes = BasicBlock::Create(Ctx, "divopt.prof.planes", F);
    BasicBlock *Join = BasicBlock::Create(Ctx, "divopt.prof.placed", F);
    BasicBlock *Entry = B.GetInsertBlock();
    Value *FlatX = B.CreateTrunc(Index, I32);
    B.CreateCondBr(Flat, Join, Planes);
    B.SetInsertPoint(Planes);
    Value *InPlane = B.CreateURem(Index, NXY);
    Value *PlaneX = B.CreateTrunc(B.CreateURem(InPlane, Wide(A[3])), I32);
    Value *PlaneY = B.CreateTrunc(B.CreateUDiv(InPlane, Wide(A[3])), I32);
    Value *PlaneZ = B.CreateTrunc(B.CreateUDiv(Index, NXY), I32);
    B.CreateBr(Join);
    B.SetInsertPoint(Join);
    auto Merge = [&](Value *FromFlat, Value *FromPlanes) {
      PHINode *Phi = B.CreatePHI(I32, 2);
      Phi->addIncoming(FromFlat, Entry);
      Phi->addIncoming(FromPlanes, Planes);
      return Phi;
    };
    X = Merge(FlatX, PlaneX);
    Y = Merge(B.getInt32(0), PlaneY);
    Z = Merge(B.getInt32(0), PlaneZ);
  }
  Value *R = PoisonValue::get(ResultTy);
  Value *Fields[] = {X, Y, Z, Counted};
  for (auto [K, V] : enumerate(Fields))
    R = B.CreateInsertValue(R, V, unsigned(K));
  B.CreateRet(R);
  return F;
}

Value *placeBlock(IRBuilder<> &B, Function &Place) {
  using namespace Intrinsic;
  SmallVector<Value *, 6> Args;
  for (Intrinsic::ID ID :
       {nvvm_read_ptx_sreg_ctaid_x, nvvm_read_ptx_sreg_ctaid_y,
        nvvm_read_ptx_sreg_ctaid_z, nvvm_read_ptx_sreg_nctaid_x,
        nvvm_read_ptx_sreg_nctaid_y, nvvm_read_ptx_sreg_nctaid_z})
    Args.push_back(B.CreateIntrinsic(ID, {}));
  return B.CreateCall(&Place, Args, "divopt.prof.place");
}

unsigned spreadBlockIndices(Function &F, Function &Place) {
  auto IsPlaceCall = [&](const Value *V) {
    const auto *CI = dyn_cast<CallInst>(V);
    return CI && CI->getCalledFunction() == &Place;
  };
  SmallVector<std::pair<Instruction *, int>, 8> Reads;
  CallInst *Existing = nullptr;
  for (Instruction &I : instructions(F)) {
    if (IsPlaceCall(&I))
      Existing = cast<CallInst>(&I);
    int Dim = getBlockIndexDim(I);
    // The place function's own arguments read the hardware's index.
    if (Dim >= 0 && !all_of(I.users(), IsPlaceCall))
      Reads.emplace_back(&I, Dim);
  }
  if (Reads.empty())
    return 0;
  Value *Placed = Existing;
  if (!Placed) {
    IRBuilder<> B(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
    Placed = placeBlock(B, Place);
  }
  Instruction *At = cast<Instruction>(Placed)->getNextNode();
  IRBuilder<> B(At);
  Value *Dims[3];
  for (unsigned D = 0; D < 3; ++D)
    Dims[D] = B.CreateExtractValue(Placed, D,
                                   "divopt.prof.ctaid." + Twine(char('x' + D)));
  for (auto [I, Dim] : Reads) {
    I->replaceAllUsesWith(Dims[Dim]);
    I->eraseFromParent();
  }
  return Reads.size();
}

void finishBlockPlaces(Function &Place, bool Keep) {
  SmallVector<CallBase *, 8> Calls;
  for (User *U : Place.users())
    if (auto *CB = dyn_cast<CallBase>(U))
      Calls.push_back(CB);
  SmallPtrSet<Function *, 8> Callers;
  for (CallBase *CB : Calls) {
    Callers.insert(CB->getFunction());
    InlineFunctionInfo IFI;
    InlineFunction(*CB, IFI);
  }
  // The struct it returned is taken apart where it was built.
  SmallVector<ExtractValueInst *, 16> Fields;
  for (Function *F : Callers)
    for (Instruction &I : instructions(*F))
      if (auto *EV = dyn_cast<ExtractValueInst>(&I);
          EV && isa<InsertValueInst>(EV->getAggregateOperand()))
        Fields.push_back(EV);
  for (ExtractValueInst *EV : Fields)
    if (Value *Field =
            FindInsertedValue(EV->getAggregateOperand(), EV->getIndices())) {
      Value *Aggregate = EV->getAggregateOperand();
      if (isa<Instruction>(Field) && !Field->hasName())
        Field->takeName(EV);
      EV->replaceAllUsesWith(Field);
      EV->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(Aggregate);
    }
  if (!Keep && Place.use_empty())
    Place.eraseFromParent();
}

} // namespace divopt
