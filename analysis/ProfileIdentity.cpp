//===- ProfileIdentity.cpp - How the profile names branches and loops -----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileIdentity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace divopt {

namespace {

/// The hash's input, written byte by byte (little-endian), so that the
/// hash is the same on every host.
class HashInput {
public:
  void add8(uint8_t V) { Bytes.push_back(V); }
  void add32(uint32_t V) {
    for (unsigned I = 0; I < 4; ++I)
      Bytes.push_back(uint8_t(V >> (8 * I)));
  }
  void add64(uint64_t V) {
    for (unsigned I = 0; I < 8; ++I)
      Bytes.push_back(uint8_t(V >> (8 * I)));
  }
  void addText(StringRef S) {
    add32(S.size());
    Bytes.append(S.bytes_begin(), S.bytes_end());
  }
  uint64_t hash() const { return xxh3_64bits(Bytes); }

private:
  SmallVector<uint8_t, 256> Bytes;
};

/// The terminator kinds the hash tells apart. The numbers are part of the
/// hash: never renumber them.
enum TerminatorKind : uint8_t {
  Return = 0,
  Jump = 1,
  Conditional = 2,
  Switch = 3,
  Unreachable = 4,
  Other = 5,
};

TerminatorKind getKind(const Instruction *T) {
  if (!T)
    return Other;
  if (isa<ReturnInst>(T))
    return Return;
  if (const auto *Br = dyn_cast<BranchInst>(T))
    return Br->isConditional() ? Conditional : Jump;
  if (isa<SwitchInst>(T))
    return Switch;
  if (isa<UnreachableInst>(T))
    return Unreachable;
  return Other;
}

bool isProfiledTerminator(const Instruction *T) {
  TerminatorKind K = getKind(T);
  return K == Conditional || K == Switch;
}

/// The reachable blocks in depth-first preorder from the entry, successors
/// in successor order.
std::vector<BasicBlock *> getPreorder(Function &F,
                                      DenseMap<BasicBlock *, unsigned> &Pos) {
  std::vector<BasicBlock *> Order;
  if (F.empty())
    return Order;
  BasicBlock *Entry = &F.getEntryBlock();
  Order.push_back(Entry);
  Pos[Entry] = 0;
  SmallVector<std::pair<BasicBlock *, unsigned>, 16> Stack = {{Entry, 0}};
  while (!Stack.empty()) {
    BasicBlock *BB = Stack.back().first;
    const Instruction *T = BB->getTerminator();
    unsigned Next = Stack.back().second;
    if (!T || Next == T->getNumSuccessors()) {
      Stack.pop_back();
      continue;
    }
    ++Stack.back().second;
    BasicBlock *Succ = T->getSuccessor(Next);
    if (Pos.try_emplace(Succ, Order.size()).second) {
      Order.push_back(Succ);
      Stack.push_back({Succ, 0});
    }
  }
  return Order;
}

uint64_t hashControlFlow(ArrayRef<BasicBlock *> Order,
                         const DenseMap<BasicBlock *, unsigned> &Pos) {
  HashInput H;
  // The hash's own version: a change to what it covers changes it.
  H.addText("divopt-cfg-1");
  H.add32(Order.size());
  for (BasicBlock *BB : Order) {
    const Instruction *T = BB->getTerminator();
    TerminatorKind K = getKind(T);
    H.add8(K);
    if (K == Other)
      H.add32(T ? T->getOpcode() : 0);
    unsigned N = T ? T->getNumSuccessors() : 0;
    H.add32(N);
    for (unsigned S = 0; S < N; ++S)
      H.add32(Pos.lookup(T->getSuccessor(S)));
    // A switch's ways mean its case values: another value for a case is
    // another branch.
    if (const auto *SI = dyn_cast_or_null<SwitchInst>(T)) {
      H.add32(SI->getNumCases());
      for (const auto &Case : SI->cases()) {
        const APInt &V = Case.getCaseValue()->getValue();
        H.add32(V.getBitWidth());
        for (unsigned W = 0; W < V.getNumWords(); ++W)
          H.add64(V.getRawData()[W]);
      }
    }
  }
  return H.hash();
}

profile::SourceLocation toLocation(const DebugLoc &DL) {
  profile::SourceLocation Loc;
  if (!DL || DL.getLine() == 0 || DL->getFilename().empty())
    return Loc;
  Loc.File = DL->getFilename().str();
  Loc.Line = DL.getLine();
  Loc.Column = DL.getCol();
  return Loc;
}

} // namespace

SmallVector<BasicBlock *, 2> getProfileWays(const Instruction &Term) {
  SmallVector<BasicBlock *, 2> Ways;
  for (unsigned S = 0, E = Term.getNumSuccessors(); S < E; ++S)
    if (!is_contained(Ways, Term.getSuccessor(S)))
      Ways.push_back(Term.getSuccessor(S));
  return Ways;
}

profile::SourceLocation getProfileLocation(const Instruction &I) {
  return toLocation(I.getDebugLoc());
}

profile::SourceLocation getProfileLocation(const Loop &L) {
  return toLocation(L.getStartLoc());
}

ProfileIdentity::ProfileIdentity(Function &F, const LoopInfo &LI) {
  DenseMap<BasicBlock *, unsigned> Pos;
  std::vector<BasicBlock *> Order = getPreorder(F, Pos);
  Key.Name = F.getName().str();
  Key.CfgHash = hashControlFlow(Order, Pos);
  NumBlocks = Order.size();
  for (BasicBlock *BB : Order) {
    Instruction *T = BB->getTerminator();
    if (!isProfiledTerminator(T))
      continue;
    BranchOf[T] = Branches.size();
    Branches.push_back({T, unsigned(Branches.size()), getProfileWays(*T),
                        getProfileLocation(*T)});
  }
  SmallVector<Loop *, 8> All = LI.getLoopsInPreorder();
  // A loop whose header is not reachable has no position; LoopInfo holds
  // none, as it is built on the dominator tree, but stay safe.
  erase_if(All, [&](Loop *L) { return !Pos.count(L->getHeader()); });
  llvm::sort(All, [&](Loop *A, Loop *B) {
    return Pos.lookup(A->getHeader()) < Pos.lookup(B->getHeader());
  });
  for (Loop *L : All) {
    LoopOf[L] = Loops.size();
    Loops.push_back({L, unsigned(Loops.size()), getProfileLocation(*L)});
  }
}

const ProfiledBranch *
ProfileIdentity::getBranch(const Instruction *Term) const {
  auto It = BranchOf.find(Term);
  return It == BranchOf.end() ? nullptr : &Branches[It->second];
}

const ProfiledLoop *ProfileIdentity::getLoop(const Loop *L) const {
  auto It = LoopOf.find(L);
  return It == LoopOf.end() ? nullptr : &Loops[It->second];
}

bool ProfileIdentity::invalidate(Function &F, const PreservedAnalyses &PA,
                                 FunctionAnalysisManager::Invalidator &Inv) {
  auto PAC = PA.getChecker<ProfileIdentityAnalysis>();
  return !(PAC.preserved() || PAC.preservedSet<AllAnalysesOn<Function>>() ||
           PAC.preservedSet<CFGAnalyses>()) ||
         Inv.invalidate<LoopAnalysis>(F, PA);
}

AnalysisKey ProfileIdentityAnalysis::Key;

ProfileIdentity ProfileIdentityAnalysis::run(Function &F,
                                             FunctionAnalysisManager &FAM) {
  return ProfileIdentity(F, FAM.getResult<LoopAnalysis>(F));
}

static void printLocation(raw_ostream &OS, const profile::SourceLocation &L) {
  if (!L.empty())
    OS << " at " << L.str();
}

PreservedAnalyses
ProfileIdentityPrinterPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return PreservedAnalyses::all();
  const ProfileIdentity &PI = FAM.getResult<ProfileIdentityAnalysis>(F);
  OS << "divopt-profile-id: function '" << F.getName()
     << "' cfg=" << format_hex(PI.getCfgHash(), 18)
     << " blocks=" << PI.getNumBlocks() << "\n";
  for (const ProfiledBranch &B : PI.branches()) {
    OS << "  branch " << B.Index << " ";
    B.Term->getParent()->printAsOperand(OS, /*PrintType=*/false);
    printLocation(OS, B.Loc);
    OS << ": " << (isa<SwitchInst>(B.Term) ? "switch" : "br") << ", "
       << B.Ways.size() << (B.Ways.size() == 1 ? " way:" : " ways:");
    for (BasicBlock *W : B.Ways) {
      OS << " ";
      W->printAsOperand(OS, /*PrintType=*/false);
    }
    OS << "\n";
  }
  for (const ProfiledLoop &L : PI.loops()) {
    OS << "  loop " << L.Index << " header ";
    L.L->getHeader()->printAsOperand(OS, /*PrintType=*/false);
    printLocation(OS, L.Loc);
    OS << ": depth " << L.L->getLoopDepth() << "\n";
  }
  return PreservedAnalyses::all();
}

/// !{i32 Index} for a loop, !{i32 Index, i32 Ways} for a branch.
static MDNode *indexNode(LLVMContext &C, ArrayRef<unsigned> Values) {
  SmallVector<Metadata *, 2> Ops;
  for (unsigned V : Values)
    Ops.push_back(
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), V)));
  return MDNode::get(C, Ops);
}

static std::optional<SmallVector<unsigned, 2>> readNode(const MDNode *N,
                                                        unsigned Size) {
  if (!N || N->getNumOperands() != Size)
    return std::nullopt;
  SmallVector<unsigned, 2> Values;
  for (const MDOperand &Op : N->operands()) {
    auto *CI = mdconst::dyn_extract_or_null<ConstantInt>(Op);
    if (!CI || CI->getBitWidth() != 32)
      return std::nullopt;
    Values.push_back(unsigned(CI->getZExtValue()));
  }
  return Values;
}

void stampProfileIdentity(Function &F, const ProfileIdentity &PI) {
  if (getStampedFunction(F))
    return;
  LLVMContext &C = F.getContext();
  Metadata *Ops[] = {MDString::get(C, PI.getKey().Name),
                     ConstantAsMetadata::get(ConstantInt::get(
                         Type::getInt64Ty(C), PI.getKey().CfgHash))};
  F.setMetadata(ProfileFunctionMD, MDNode::get(C, Ops));
  for (const ProfiledBranch &B : PI.branches())
    B.Term->setMetadata(ProfileBranchMD,
                        indexNode(C, {B.Index, unsigned(B.Ways.size())}));
  for (const ProfiledLoop &L : PI.loops())
    L.L->getHeader()->getTerminator()->setMetadata(ProfileLoopMD,
                                                   indexNode(C, {L.Index}));
}

void clearProfileStamps(Function &F) {
  F.setMetadata(ProfileFunctionMD, nullptr);
  for (BasicBlock &BB : F)
    if (Instruction *T = BB.getTerminator()) {
      T->setMetadata(ProfileBranchMD, nullptr);
      T->setMetadata(ProfileLoopMD, nullptr);
    }
}

std::optional<profile::FunctionKey> getStampedFunction(const Function &F) {
  const MDNode *N = F.getMetadata(ProfileFunctionMD);
  if (!N || N->getNumOperands() != 2)
    return std::nullopt;
  auto *Name = dyn_cast_or_null<MDString>(N->getOperand(0));
  auto *Hash = mdconst::dyn_extract_or_null<ConstantInt>(N->getOperand(1));
  if (!Name || !Hash || Hash->getBitWidth() != 64)
    return std::nullopt;
  return profile::FunctionKey{Name->getString().str(), Hash->getZExtValue()};
}

std::optional<unsigned> getStampedBranch(const Instruction &Term) {
  auto V = readNode(Term.getMetadata(ProfileBranchMD), 2);
  // A transform that changed the branch's ways made the record's way
  // counts another branch's.
  if (!V || (*V)[1] != getProfileWays(Term).size())
    return std::nullopt;
  return (*V)[0];
}

std::optional<unsigned> getStampedLoop(const Loop &L) {
  const Instruction *T = L.getHeader()->getTerminator();
  auto V = T ? readNode(T->getMetadata(ProfileLoopMD), 1) : std::nullopt;
  return V ? std::optional<unsigned>((*V)[0]) : std::nullopt;
}

} // namespace divopt
