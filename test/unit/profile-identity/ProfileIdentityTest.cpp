//===- ProfileIdentityTest.cpp - Identities on IR and their stamps --------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/ProfileIdentity.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace divopt;

namespace {

const char *Kernel = R"IR(
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp ult i32 %tid, %n
  br i1 %go, label %body, label %done

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %join ]
  %sel = and i32 %i, 3
  switch i32 %sel, label %join [
    i32 0, label %then
    i32 1, label %then
  ]

then:
  store i32 %i, ptr addrspace(1) %out
  br label %join

join:
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %tid
  br i1 %more, label %body, label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)IR";

std::unique_ptr<Module> parse(LLVMContext &Ctx, StringRef IR) {
  SMDiagnostic Err;
  auto M = parseAssemblyString(IR, Err, Ctx);
  if (!M)
    Err.print("ProfileIdentityTest", errs());
  return M;
}

/// F's identity, from its own dominator tree and loops.
struct Identity {
  explicit Identity(Function &F) : DT(F), LI(DT), PI(F, LI) {}
  DominatorTree DT;
  LoopInfo LI;
  ProfileIdentity PI;
};

TEST(ProfileIdentity, BranchesLoopsAndWays) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Kernel);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  Identity Id(F);
  const ProfileIdentity &PI = Id.PI;
  EXPECT_EQ(PI.getKey().Name, "k");
  EXPECT_EQ(PI.getNumBlocks(), 5u);
  ASSERT_EQ(PI.branches().size(), 3u);
  EXPECT_EQ(PI.branches()[0].Term->getParent()->getName(), "entry");
  // The switch: default first, the two cases to %then once.
  const ProfiledBranch &S = PI.branches()[1];
  EXPECT_TRUE(isa<SwitchInst>(S.Term));
  ASSERT_EQ(S.Ways.size(), 2u);
  EXPECT_EQ(S.Ways[0]->getName(), "join");
  EXPECT_EQ(S.Ways[1]->getName(), "then");
  EXPECT_EQ(PI.getBranch(S.Term), &S);
  EXPECT_EQ(PI.getBranch(F.getEntryBlock().getFirstNonPHIIt()->getNextNode()),
            nullptr);
  ASSERT_EQ(PI.loops().size(), 1u);
  EXPECT_EQ(PI.getLoop(*Id.LI.begin())->Index, 0u);
  EXPECT_TRUE(PI.loops()[0].Loc.empty());
}

TEST(ProfileIdentity, StampsSurviveClonesAndLaterChanges) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Kernel);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  EXPECT_FALSE(getStampedFunction(F));
  Identity Before(F);
  stampProfileIdentity(F, Before.PI);
  std::optional<profile::FunctionKey> Key = getStampedFunction(F);
  ASSERT_TRUE(Key);
  EXPECT_EQ(*Key, Before.PI.getKey());
  for (const ProfiledBranch &B : Before.PI.branches())
    EXPECT_EQ(getStampedBranch(*B.Term), B.Index);
  EXPECT_EQ(getStampedLoop(*Before.PI.loops()[0].L), 0u);

  // A clone (kernel-split's parts, trial copies) answers with F's key.
  ValueToValueMapTy VMap;
  Function *Part = CloneFunction(&F, VMap);
  Part->setName("k_$_divopt_$_then");
  EXPECT_EQ(getStampedFunction(*Part), Key);
  for (const ProfiledBranch &B : Before.PI.branches())
    EXPECT_EQ(getStampedBranch(*cast<Instruction>(VMap[B.Term])), B.Index);

  // A transform adds a branch in front of everything: the computed
  // identities move and the hash changes, the stamps do not.
  BasicBlock *Entry = &F.getEntryBlock();
  BasicBlock *Rest = SplitBlock(Entry, Entry->getTerminator());
  Entry->getTerminator()->eraseFromParent();
  BranchInst::Create(Rest, Rest, ConstantInt::getTrue(Ctx), Entry);
  Identity After(F);
  EXPECT_NE(After.PI.getCfgHash(), Before.PI.getCfgHash());
  EXPECT_EQ(After.PI.getBranch(Rest->getTerminator())->Index, 1u);
  EXPECT_EQ(getStampedBranch(*Rest->getTerminator()), 0u);
  EXPECT_FALSE(getStampedBranch(*Entry->getTerminator()));
  // Stamping again keeps the first identity: the profile's.
  stampProfileIdentity(F, After.PI);
  EXPECT_EQ(getStampedFunction(F), Key);
  EXPECT_EQ(getStampedBranch(*Rest->getTerminator()), 0u);

  clearProfileStamps(F);
  EXPECT_FALSE(getStampedFunction(F));
  for (BasicBlock &BB : F) {
    EXPECT_FALSE(getStampedBranch(*BB.getTerminator()));
    EXPECT_FALSE(BB.getTerminator()->getMetadata(ProfileLoopMD));
  }
}

TEST(ProfileIdentity, BranchWithOtherWaysLosesItsStamp) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Kernel);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  auto *Switch = cast<SwitchInst>([&] {
    Identity Id(F);
    stampProfileIdentity(F, Id.PI);
    return Id.PI.branches()[1].Term;
  }());
  ASSERT_EQ(getStampedBranch(*Switch), 1u);
  // Both cases now go to the join, the switch's default: one way left, so
  // the record's two ways are not this branch's.
  for (auto Case : Switch->cases())
    Case.setSuccessor(Switch->getDefaultDest());
  EXPECT_FALSE(getStampedBranch(*Switch));
}

TEST(ProfileIdentity, MalformedStampsReadAsNone) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"IR(
define void @f(i1 %c) !divopt.profile.function !0 {
entry:
  br i1 %c, label %a, label %b, !divopt.profile.branch !1
a:
  br i1 %c, label %b, label %a, !divopt.profile.branch !2
b:
  br i1 %c, label %d, label %e, !divopt.profile.branch !3
d:
  br i1 %c, label %e, label %e, !divopt.profile.branch !4
e:
  ret void
}
!0 = !{!"f"}
!1 = !{i64 3, i64 2}
!2 = !{i32 3}
!3 = !{!"three", i32 2}
!4 = !{i32 4, i32 2}
)IR");
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("f");
  EXPECT_FALSE(getStampedFunction(F));
  for (BasicBlock &BB : F)
    EXPECT_FALSE(getStampedBranch(*BB.getTerminator()));
}

TEST(ProfileIdentity, AnalysisKeptWhileTheCfgIs) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Kernel);
  ASSERT_TRUE(M);
  Function &F = *M->getFunction("k");
  FunctionAnalysisManager FAM;
  PassBuilder PB;
  PB.registerFunctionAnalyses(FAM);
  FAM.registerPass([] { return ProfileIdentityAnalysis(); });
  uint64_t Hash = FAM.getResult<ProfileIdentityAnalysis>(F).getCfgHash();
  PreservedAnalyses CFGOnly;
  CFGOnly.preserveSet<CFGAnalyses>();
  FAM.invalidate(F, CFGOnly);
  ASSERT_NE(FAM.getCachedResult<ProfileIdentityAnalysis>(F), nullptr);
  EXPECT_EQ(FAM.getCachedResult<ProfileIdentityAnalysis>(F)->getCfgHash(),
            Hash);
  FAM.invalidate(F, PreservedAnalyses::none());
  EXPECT_EQ(FAM.getCachedResult<ProfileIdentityAnalysis>(F), nullptr);
}

} // namespace
