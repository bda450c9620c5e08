//===- BbvProfile.cpp - Per-thread basic-block vectors --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "BbvProfile.h"
#include "ContractionPinning.h"
#include "KernelClone.h"
#include "PassOptions.h"
#include "analysis/InstructionCost.h"
#include "analysis/StandaloneLoopAnalyses.h"
#include "analysis/StoreTraffic.h"
#include "analysis/model/InstructionLatency.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "divopt-bbv-profile"

STATISTIC(NumInstrumented, "Kernels given a BBV-counting copy");
STATISTIC(NumCounters, "Basic-block counters added");
STATISTIC(NumSampled, "Global loads and stores whose address is sampled");
STATISTIC(NumSampledOnEntry,
          "Sampled addresses taken once per loop entry, not per trip");
STATISTIC(NumRefused, "Kernels left without a BBV-counting copy");
STATISTIC(NumInlined, "Calls inlined into a counting copy to count their "
                      "blocks");

static_assert(static_cast<unsigned>(divopt::OpClass::Call) + 1 ==
                  divopt::NumLatencyClasses,
              "the latency classes name every OpClass");

namespace divopt {

Expected<BbvProfileOptions> parseBbvProfileOptions(StringRef Params) {
  BbvProfileOptions Opts;
  PassOptionParser P("bbv-profile", Params);
  Error E = P.forEach([&](StringRef Key, std::optional<StringRef> V) -> Error {
    if (Key == "kernel")
      return P.setName(Opts.Kernel, Key, V, "a kernel name", "k");
    if (Key != "block")
      return P.unknown(Key, "kernel=<name> or block=<n>");
    unsigned Block = 0;
    if (Error BE = P.set(Block, Key, V, 0, 2147483646))
      return BE;
    Opts.Block = Block;
    return Error::success();
  });
  if (E)
    return E;
  return Opts;
}

void BbvProfilePass::printPipeline(
    raw_ostream &OS, function_ref<StringRef(StringRef)> MapClassName2PassName) {
  OS << "bbv-profile";
  SmallVector<std::string, 2> Params;
  if (!Opts.Kernel.empty())
    Params.push_back("kernel=" + Opts.Kernel);
  if (Opts.Block)
    Params.push_back("block=" + std::to_string(*Opts.Block));
  if (!Params.empty())
    OS << "<" << join(Params, ";") << ">";
}

namespace {

Value *readSreg(IRBuilder<> &B, Intrinsic::ID ID) {
  return B.CreateZExt(
      B.CreateIntrinsic(B.getInt32Ty(), ID, ArrayRef<Value *>()),
      B.getInt64Ty());
}

/// Linear index of the thread in its block and of the block in the grid.
std::pair<Value *, Value *> getLinearPlace(IRBuilder<> &B) {
  using namespace Intrinsic;
  Value *Tx = readSreg(B, nvvm_read_ptx_sreg_tid_x);
  Value *Ty = readSreg(B, nvvm_read_ptx_sreg_tid_y);
  Value *Tz = readSreg(B, nvvm_read_ptx_sreg_tid_z);
  Value *Nx = readSreg(B, nvvm_read_ptx_sreg_ntid_x);
  Value *Ny = readSreg(B, nvvm_read_ptx_sreg_ntid_y);
  Value *Cx = readSreg(B, nvvm_read_ptx_sreg_ctaid_x);
  Value *Cy = readSreg(B, nvvm_read_ptx_sreg_ctaid_y);
  Value *Cz = readSreg(B, nvvm_read_ptx_sreg_ctaid_z);
  Value *Gx = readSreg(B, nvvm_read_ptx_sreg_nctaid_x);
  Value *Gy = readSreg(B, nvvm_read_ptx_sreg_nctaid_y);
  Value *InBlock = B.CreateAdd(
      B.CreateMul(B.CreateAdd(B.CreateMul(Tz, Ny), Ty), Nx), Tx, "divopt.tid");
  Value *Block =
      B.CreateAdd(B.CreateMul(B.CreateAdd(B.CreateMul(Cz, Gy), Cy), Gx), Cx,
                  "divopt.ctaid");
  return {InBlock, Block};
}

/// Names without spaces, for the map's words.
std::string getBlockName(const BasicBlock &BB, unsigned Index) {
  if (!BB.hasName())
    return "bb" + std::to_string(Index);
  std::string Name = BB.getName().str();
  for (char &C : Name)
    if (isspace(static_cast<unsigned char>(C)))
      C = '_';
  return Name;
}

/// The loads and stores of F that may reach global memory, in block order:
/// the sites whose addresses the profile samples, so that the runtime can
/// tell which accesses a thread order coalesces. Private (alloca) and
/// shared or constant memory are left out: they do not go to the L1's
/// global path in lines and sectors, reached through a generic pointer
/// (clang's addrspacecast of a `__shared__` array) included.
SmallVector<Instruction *, 16> collectAccessSites(Function &F) {
  SmallVector<Instruction *, 16> Sites;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (Ptr && mayPointToGlobal(Ptr))
        Sites.push_back(&I);
    }
  return Sites;
}

unsigned getAccessBytes(const Instruction &I) {
  return static_cast<unsigned>(
      I.getDataLayout().getTypeStoreSize(getLoadStoreType(&I)));
}

/// The map of F's blocks and access sites (collectAccessSites), named for
/// kernel Kernel.
std::string buildMap(Function &F, StringRef Kernel,
                     ArrayRef<Instruction *> Sites) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "divopt-bbv 2\nkernel " << Kernel << "\nclasses";
  for (std::string_view C : getLatencyClassNames())
    OS << " " << C;
  OS << "\n";
  unsigned Index = 0;
  for (const BasicBlock &BB : F) {
    std::array<unsigned, NumLatencyClasses> Counts{};
    for (const Instruction &I : BB)
      ++Counts[static_cast<unsigned>(classify(I))];
    OS << "block " << Index << " " << getBlockName(BB, Index);
    for (unsigned C : Counts)
      OS << " " << C;
    OS << "\n";
    ++Index;
  }
  DenseMap<const BasicBlock *, unsigned> BlockIndex;
  for (const BasicBlock &BB : F)
    BlockIndex[&BB] = BlockIndex.size();
  unsigned Site = 0;
  for (Instruction *I : Sites)
    OS << "access " << Site++ << " " << BlockIndex[I->getParent()] << " "
       << getAccessBytes(*I) << (isa<StoreInst>(I) ? " store" : " load")
       << "\n";
  return Text;
}

void addMapGlobal(Module &M, StringRef Name, const std::string &Text) {
  Constant *Init = ConstantDataArray::getString(M.getContext(), Text);
  // Global address space, visible: the runtime finds it by name.
  new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, Init, Name, nullptr,
                     GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
}

/// The functions NF calls that stay calls in its counting copy.
struct Uncounted {
  /// Calls inlined, and the callees that were not, with why.
  unsigned Inlined = 0;
  SmallVector<std::pair<const Function *, std::string>, 2> Left;
};

/// A copy of each callee with its contractions pinned as code generation
/// fuses them in the callee alone (ContractionPinning.h): inlined, a
/// callee's products and sums would meet the caller's blocks and fuse
/// otherwise, and the counting copy, whose launch is a useful one, must
/// compute what the kernel computes. Erased once the calls are inlined.
class PinnedCallees {
public:
  PinnedCallees() = default;
  PinnedCallees(const PinnedCallees &) = delete;
  ~PinnedCallees() {
    for (auto &[Callee, Copy] : Copies)
      if (Copy->use_empty())
        Copy->eraseFromParent();
  }
  /// What to inline for Callee: itself where it has nothing to pin.
  Function &get(Function &Callee) {
    if (!hasContractionsToPin(Callee))
      return Callee;
    Function *&Copy = Copies[&Callee];
    if (!Copy) {
      ValueToValueMapTy VMap;
      Copy = CloneFunction(&Callee, VMap);
      Copy->setLinkage(GlobalValue::PrivateLinkage);
      ContractionPins::pin(*Copy).keep();
    }
    return *Copy;
  }

private:
  DenseMap<Function *, Function *> Copies;
};

/// Inlines into NF, the counting copy, every call to a function the module
/// defines, and the calls those bring, so that their blocks are NF's and
/// counted: a kernel's noinline helpers, and the device function that
/// kernel splitting moves a large way into (SharedWay.h), would otherwise
/// run uncounted and the threads that run them look idle there. Each callee
/// is inlined with its contractions pinned (PinnedCallees). A call that
/// would recurse, or to a callee under fast-math flags (which code
/// generation folds in ways no pin holds), stays a call, its blocks
/// uncounted. The kernel itself, and what the thread-remap copy launches,
/// keep their calls.
Uncounted inlineCallees(Function &NF, const Function &Kernel) {
  Uncounted U;
  PinnedCallees Pinned;
  SmallVector<std::pair<CallBase *, SmallVector<const Function *, 4>>, 8> Work;
  for (Instruction &I : instructions(NF))
    if (auto *CB = dyn_cast<CallBase>(&I))
      Work.push_back({CB, {&Kernel}});
  while (!Work.empty()) {
    auto [CB, Path] = Work.pop_back_val();
    Function *Callee = CB->getCalledFunction();
    if (!Callee || Callee->isDeclaration())
      continue; // An intrinsic or an external function: nothing to count.
    auto Leave = [&](const Twine &Why) {
      if (none_of(U.Left, [&](const auto &L) { return L.first == Callee; }))
        U.Left.push_back({Callee, Why.str()});
    };
    if (is_contained(Path, Callee)) {
      Leave("a call to it recurses");
      continue;
    }
    if (hasFastMathFolds(*Callee)) {
      Leave("it computes in floating point under fast-math flags, which "
            "inlined code generation would fold otherwise");
      continue;
    }
    CB->setCalledFunction(&Pinned.get(*Callee));
    InlineFunctionInfo IFI;
    if (InlineResult R = InlineFunction(*CB, IFI); !R.isSuccess()) {
      CB->setCalledFunction(Callee);
      Leave(Twine("it cannot be inlined (") + R.getFailureReason() + ")");
      continue;
    }
    ++U.Inlined;
    Path.push_back(Callee);
    for (CallBase *New : IFI.InlinedCallSites)
      Work.push_back({New, Path});
  }
  return U;
}

/// An access whose first address is taken where its loop is entered: at
/// the terminator of the loop's one predecessor (At), the recurrence's
/// start (Start), when the branch there enters the loop (Enter; null: it
/// always does).
struct EntrySample {
  Instruction *At = nullptr;
  const SCEV *Start = nullptr;
  Value *Enter = nullptr;
};

/// Where an access's first address can be taken once per entry of its
/// loop rather than on every trip: the access sits in the loop's header
/// (which runs on every entry, so the first trip runs it), its address is
/// an affine recurrence of that loop, and the loop has one predecessor
/// ending in a branch; the recurrence's start, computed there, is the
/// first trip's address. At is null where the access must be sampled in
/// place.
EntrySample findEntrySample(Instruction &Site, StandaloneLoopAnalyses &A,
                            SCEVExpander &Expander) {
  Loop *L = A.LI.getLoopFor(Site.getParent());
  if (!L || L->getHeader() != Site.getParent())
    return {};
  BasicBlock *Pred = L->getLoopPredecessor();
  auto *Br = Pred ? dyn_cast<BranchInst>(Pred->getTerminator()) : nullptr;
  if (!Br)
    return {};
  const auto *Rec =
      dyn_cast<SCEVAddRecExpr>(A.SE.getSCEV(getLoadStorePointerOperand(&Site)));
  if (!Rec || Rec->getLoop() != L || !Rec->isAffine() ||
      !Expander.isSafeToExpandAt(Rec->getStart(), Br))
    return {};
  EntrySample E{Br, Rec->getStart(), nullptr};
  if (Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
    E.Enter = Br->getCondition();
  return E;
}

/// Keeps, per access site, the address of its first execution in a
/// per-thread array (0 until then): a select rather than a branch, so
/// that the counting copy's control flow stays the kernel's. In a loop,
/// where the address is a recurrence, the select runs where the loop is
/// entered, on the recurrence's start (findEntrySample): the same first
/// address, at no cost per trip.
AllocaInst *sampleAddresses(Function &NF, ArrayRef<Instruction *> Sites,
                            IRBuilder<> &B, StandaloneLoopAnalyses &A,
                            unsigned &OnEntry) {
  if (Sites.empty())
    return nullptr;
  const DataLayout &DL = NF.getDataLayout();
  ArrayType *Ty = ArrayType::get(B.getInt64Ty(), Sites.size());
  AllocaInst *Addrs =
      B.CreateAlloca(Ty, DL.getAllocaAddrSpace(), nullptr, "divopt.addr");
  B.CreateMemSet(Addrs, B.getInt8(0), Sites.size() * 8, Align(8));
  // Decide every site on the unchanged function first: expanded starts and
  // samples add instructions the analyses have not seen.
  SCEVExpander Expander(A.SE, "divopt.first");
  // From the loop's own values: no new induction variable in the copy.
  Expander.disableCanonicalMode();
  SmallVector<EntrySample, 16> Entry;
  for (Instruction *Site : Sites)
    Entry.push_back(findEntrySample(*Site, A, Expander));
  IRBuilder<> At(NF.getContext());
  for (unsigned S = 0; S < Sites.size(); ++S) {
    Value *Ptr = getLoadStorePointerOperand(Sites[S]);
    const EntrySample &E = Entry[S];
    Value *First = Ptr;
    if (E.At) {
      ++NumSampledOnEntry;
      ++OnEntry;
      First = Expander.expandCodeFor(E.Start, Ptr->getType(), E.At);
    }
    At.SetInsertPoint(E.At ? E.At : Sites[S]);
    Value *Slot = At.CreateConstInBoundsGEP2_32(Ty, Addrs, 0, S);
    Value *Old = At.CreateLoad(At.getInt64Ty(), Slot);
    Value *Now = At.CreatePtrToInt(First, At.getInt64Ty());
    Value *Take = At.CreateICmpEQ(Old, At.getInt64(0));
    if (E.Enter) {
      auto *Br = cast<BranchInst>(E.At);
      Value *Enters = Br->getSuccessor(0) == Sites[S]->getParent()
                          ? E.Enter
                          : At.CreateNot(E.Enter);
      Take = At.CreateAnd(Take, Enters);
    }
    At.CreateStore(At.CreateSelect(Take, Now, Old), Slot);
  }
  return Addrs;
}

/// Counts each block of NF in a per-thread array and writes it out at every
/// return, to the row of this thread (only in CTA Block, when given),
/// followed by the addresses sampled at its access sites (Sites, of
/// collectAccessSites; two words each). Returns how many of those are taken
/// where their loop is entered.
unsigned instrument(Function &NF, std::optional<unsigned> Block,
                    ArrayRef<Instruction *> Sites) {
  const unsigned N = NF.size();
  StandaloneLoopAnalyses Analyses(NF);
  const unsigned Width = N + 2 * Sites.size();
  SmallVector<BasicBlock *, 16> Blocks;
  for (BasicBlock &BB : NF)
    Blocks.push_back(&BB);
  BasicBlock &Entry = NF.getEntryBlock();
  Instruction *EntryStart = &*Entry.getFirstInsertionPt();
  IRBuilder<> B(EntryStart);
  const DataLayout &DL = NF.getDataLayout();
  ArrayType *CountsTy = ArrayType::get(B.getInt32Ty(), N);
  AllocaInst *Counts =
      B.CreateAlloca(CountsTy, DL.getAllocaAddrSpace(), nullptr, "divopt.bbv");
  B.CreateMemSet(Counts, B.getInt8(0), N * 4, Align(4));
  unsigned OnEntry = 0;
  AllocaInst *Addrs = sampleAddresses(NF, Sites, B, Analyses, OnEntry);
  ArrayType *AddrsTy = ArrayType::get(B.getInt64Ty(), Sites.size());
  auto [InBlock, Cta] = getLinearPlace(B);
  Value *Row = InBlock;
  if (!Block) {
    // Threads per block = ntid.x * ntid.y * ntid.z.
    using namespace Intrinsic;
    Value *Threads =
        B.CreateMul(B.CreateMul(readSreg(B, nvvm_read_ptx_sreg_ntid_x),
                                readSreg(B, nvvm_read_ptx_sreg_ntid_y)),
                    readSreg(B, nvvm_read_ptx_sreg_ntid_z));
    Row = B.CreateAdd(B.CreateMul(Cta, Threads), InBlock, "divopt.thread");
  }
  Value *Active =
      Block ? B.CreateICmpEQ(Cta, B.getInt64(*Block), "divopt.profiled")
            : nullptr;

  for (unsigned K = 0; K < N; ++K) {
    B.SetInsertPoint(K == 0 ? EntryStart : &*Blocks[K]->getFirstInsertionPt());
    Value *Slot = B.CreateConstInBoundsGEP2_32(CountsTy, Counts, 0, K);
    B.CreateStore(
        B.CreateAdd(B.CreateLoad(B.getInt32Ty(), Slot), B.getInt32(1)), Slot);
  }

  Argument *Out = NF.getArg(NF.arg_size() - 1);
  SmallVector<ReturnInst *, 4> Returns;
  for (BasicBlock *BB : Blocks)
    if (auto *Ret = dyn_cast<ReturnInst>(BB->getTerminator()))
      Returns.push_back(Ret);
  for (ReturnInst *Ret : Returns) {
    Instruction *At = Ret;
    if (Active)
      At = SplitBlockAndInsertIfThen(Active, Ret, /*Unreachable=*/false);
    B.SetInsertPoint(At);
    Value *Base = B.CreateInBoundsGEP(B.getInt32Ty(), Out,
                                      B.CreateMul(Row, B.getInt64(Width)));
    for (unsigned K = 0; K < N; ++K) {
      Value *Count = B.CreateLoad(
          B.getInt32Ty(), B.CreateConstInBoundsGEP2_32(CountsTy, Counts, 0, K));
      B.CreateAlignedStore(
          Count, B.CreateConstInBoundsGEP1_64(B.getInt32Ty(), Base, K),
          Align(4));
    }
    for (unsigned S = 0; S < Sites.size(); ++S) {
      Value *A = B.CreateLoad(
          B.getInt64Ty(), B.CreateConstInBoundsGEP2_32(AddrsTy, Addrs, 0, S));
      B.CreateAlignedStore(
          A, B.CreateConstInBoundsGEP1_64(B.getInt32Ty(), Base, N + 2 * S),
          Align(4));
    }
  }
  return OnEntry;
}

} // namespace

PreservedAnalyses BbvProfilePass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *, 8> Kernels;
  if (!collectKernelsToClone(M, Opts.Kernel, "bbv-profile", Kernels))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function *F : Kernels) {
    OptimizationRemarkEmitter ORE(F);
    std::string Name = getDerivedKernelName(F->getName(), "bbv");
    std::string MapName = Name + "_$_map";
    if (M.getNamedValue(Name) || M.getNamedValue(MapName)) {
      ++NumRefused;
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "NotInstrumented", F)
               << "kernel " << demangle(F->getName())
               << " not instrumented: the module already holds " << Name;
      });
      continue;
    }
    Function *NF = cloneKernelWithPointer(*F, Name, "divopt.counters");
    Uncounted U = inlineCallees(*NF, *F);
    SmallVector<Instruction *, 16> Sites = collectAccessSites(*NF);
    addMapGlobal(M, MapName, buildMap(*NF, F->getName(), Sites));
    unsigned Blocks = NF->size();
    unsigned OnEntry = instrument(*NF, Opts.Block, Sites);
    ++NumInstrumented;
    NumSampled += Sites.size();
    NumCounters += Blocks;
    NumInlined += U.Inlined;
    Changed = true;
    ORE.emit([&] {
      OptimizationRemark R(DEBUG_TYPE, "Instrumented", F);
      R << "kernel " << demangle(F->getName()) << " instrumented as " << Name
        << ": " << ore::NV("Counters", Blocks)
        << " basic-block counters per thread";
      if (U.Inlined)
        R << " (" << ore::NV("Inlined", U.Inlined)
          << " calls inlined to count their blocks)";
      R << ", ";
      if (Opts.Block)
        R << "threads of block " << ore::NV("Block", *Opts.Block) << " only";
      else
        R << "all threads";
      R << "; map in " << MapName;
      if (OnEntry)
        R << "; " << ore::NV("SampledOnEntry", OnEntry) << " of "
          << ore::NV("Sampled", static_cast<unsigned>(Sites.size()))
          << " sampled addresses taken where their loop is entered";
      return R;
    });
    for (const auto &[Callee, Why] : U.Left)
      ORE.emit([&] {
        return OptimizationRemarkMissed(DEBUG_TYPE, "CalleeUncounted", F)
               << "kernel " << demangle(F->getName()) << ": the blocks of "
               << demangle(Callee->getName()) << " are not counted: " << Why
               << ", and its calls stay calls";
      });
  }
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<AllAnalysesOn<Function>>();
  return PA;
}

} // namespace divopt
