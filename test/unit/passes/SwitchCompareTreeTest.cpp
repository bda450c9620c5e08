//===- SwitchCompareTreeTest.cpp - The tree sends each value its way ------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "passes/SwitchCompareTree.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <map>

using namespace llvm;
using namespace divopt;

namespace {

struct SwitchCompareTreeTest : ::testing::Test {
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

  /// @f's switch.
  SwitchInst &parse(StringRef IR) {
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    if (!M)
      Err.print("SwitchCompareTreeTest", errs());
    EXPECT_TRUE(M);
    for (BasicBlock &BB : *M->getFunction("f"))
      if (auto *Sw = dyn_cast<SwitchInst>(BB.getTerminator()))
        return *Sw;
    llvm_unreachable("@f holds no switch");
  }

  /// The block a value of Sw's condition leaves the tree for, found by
  /// folding the tree's compares from the entry block's branch.
  static BasicBlock *dispatch(BasicBlock &Entry, Value *Cond, const APInt &V) {
    const DataLayout &DL = Entry.getModule()->getDataLayout();
    std::map<const Value *, Constant *> Known{
        {Cond, ConstantInt::get(Cond->getType(), V)}};
    auto IsTree = [](const BasicBlock *BB) {
      return BB->getName().starts_with("switch.");
    };
    BasicBlock *BB = &Entry;
    Instruction *I = Entry.getTerminator();
    for (unsigned Steps = 0; Steps < 1000; ++Steps) {
      if (auto *Br = dyn_cast<BranchInst>(I)) {
        BasicBlock *Next = Br->getSuccessor(0);
        if (Br->isConditional() &&
            cast<ConstantInt>(Known.at(Br->getCondition()))->isZero())
          Next = Br->getSuccessor(1);
        if (!IsTree(Next))
          return Next;
        BB = Next;
        I = &BB->front();
        continue;
      }
      SmallVector<Constant *, 2> Ops;
      for (Value *Op : I->operands())
        Ops.push_back(isa<Constant>(Op) ? cast<Constant>(Op) : Known.at(Op));
      Known[I] = ConstantFoldInstOperands(I, Ops, DL);
      I = I->getNextNode();
    }
    ADD_FAILURE() << "the tree does not end";
    return nullptr;
  }

  /// Lowers @f's switch and checks that every value in Values reaches the
  /// block the switch sent it to, and that the module is valid.
  unsigned lowerAndCheck(StringRef IR, ArrayRef<int64_t> Values) {
    SwitchInst &Sw = parse(IR);
    BasicBlock &Entry = *Sw.getParent();
    Value *Cond = Sw.getCondition();
    unsigned Bits = Cond->getType()->getIntegerBitWidth();
    std::vector<std::pair<APInt, BasicBlock *>> Expected;
    for (int64_t V : Values) {
      APInt A(Bits, V, /*isSigned=*/true);
      Expected.push_back(
          {A, Sw.findCaseValue(ConstantInt::get(Ctx, A))->getCaseSuccessor()});
    }
    unsigned Compares = lowerToCompareTree(Sw);
    EXPECT_FALSE(verifyModule(*M, &errs()));
    for (auto &[A, Dest] : Expected)
      EXPECT_EQ(dispatch(Entry, Cond, A), Dest) << "value " << A.getSExtValue();
    return Compares;
  }
};

std::vector<int64_t> range(int64_t Lo, int64_t Hi) {
  std::vector<int64_t> V;
  for (int64_t I = Lo; I <= Hi; ++I)
    V.push_back(I);
  return V;
}

TEST_F(SwitchCompareTreeTest, DenseCases) {
  unsigned Compares = lowerAndCheck(R"(
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b
                            i32 2, label %c
                            i32 3, label %e
                            i32 4, label %g ]
a:
  ret i32 10
b:
  ret i32 11
c:
  ret i32 12
e:
  ret i32 13
g:
  ret i32 14
d:
  ret i32 0
}
)",
                                    range(-5, 9));
  // Four splits and the two end ranges' tests: the middle ones are known.
  EXPECT_EQ(Compares, 6u);
}

TEST_F(SwitchCompareTreeTest, RangesNegativeValuesAndCasesOfTheDefault) {
  lowerAndCheck(R"(
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %a
                            i32 2, label %a
                            i32 5, label %b
                            i32 7, label %a
                            i32 8, label %a
                            i32 9, label %d
                            i32 -3, label %c
                            i32 -2147483648, label %b
                            i32 2147483647, label %c ]
a:
  ret i32 10
b:
  ret i32 11
c:
  ret i32 12
d:
  ret i32 0
}
)",
                {-2147483648, -2147483647, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6,
                 7, 8, 9, 10, 2147483646, 2147483647});
}

TEST_F(SwitchCompareTreeTest, UnreachableDefaultNeedsNoTests) {
  unsigned Compares = lowerAndCheck(R"(
define i32 @f(i32 %y) {
entry:
  %x = and i32 %y, 3
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b
                            i32 2, label %c
                            i32 3, label %e ]
a:
  ret i32 10
b:
  ret i32 11
c:
  ret i32 12
e:
  ret i32 13
d:
  unreachable
}
)",
                                    range(0, 3));
  EXPECT_EQ(Compares, 3u);
}

TEST_F(SwitchCompareTreeTest, WideValues) {
  lowerAndCheck(
      R"(
define i32 @f(i64 %x) {
entry:
  switch i64 %x, label %d [ i64 -9223372036854775808, label %a
                            i64 0, label %b
                            i64 1, label %b
                            i64 9223372036854775807, label %c ]
a:
  ret i32 10
b:
  ret i32 11
c:
  ret i32 12
d:
  ret i32 0
}
)",
      {INT64_MIN, INT64_MIN + 1, -1, 0, 1, 2, INT64_MAX - 1, INT64_MAX});
}

// The PHIs of the ways and of the default take, from each tree block that
// branches to them, what they took from the switch's block; a way the
// switch's block reached twice, and a loop back to that block, included.
TEST_F(SwitchCompareTreeTest, PhisTakeTheSwitchsValues) {
  SwitchInst &Sw = parse(R"(
define i32 @f(i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ], [ %i1, %head ], [ %i2, %a ]
  %i1 = add i32 %i, 1
  %i2 = add i32 %i, 2
  switch i32 %i, label %out [ i32 0, label %head
                              i32 1, label %a
                              i32 3, label %a
                              i32 4, label %head ]
a:
  %v = phi i32 [ %i, %head ], [ %i, %head ]
  br label %head
out:
  %r = phi i32 [ %i1, %head ]
  ret i32 %r
}
)");
  BasicBlock *Head = Sw.getParent();
  Function &F = *Head->getParent();
  lowerToCompareTree(Sw);
  ASSERT_FALSE(verifyFunction(F, &errs()));
  for (BasicBlock &BB : F)
    for (PHINode &P : BB.phis())
      for (unsigned I = 0; I < P.getNumIncomingValues(); ++I) {
        BasicBlock *From = P.getIncomingBlock(I);
        if (!From->getName().starts_with("switch."))
          continue;
        StringRef Expected = BB.getName() == "head" ? "i1"
                             : BB.getName() == "a"  ? "i"
                                                    : "i1";
        EXPECT_EQ(P.getIncomingValue(I)->getName(), Expected);
      }
}

TEST_F(SwitchCompareTreeTest, WeightsAddUp) {
  SwitchInst &Sw = parse(R"(
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b ], !prof !0
a:
  ret i32 10
b:
  ret i32 11
d:
  ret i32 0
}
!0 = !{!"branch_weights", i32 8, i32 30, i32 2}
)");
  BasicBlock *Head = Sw.getParent();
  lowerToCompareTree(Sw);
  auto *Root = cast<BranchInst>(cast<BranchInst>(Head->getTerminator())
                                    ->getSuccessor(0)
                                    ->getTerminator());
  uint64_t Low, High;
  ASSERT_TRUE(extractBranchWeights(*Root, Low, High));
  // Each side: its case's weight and half the default's.
  EXPECT_EQ(Low, 34u);
  EXPECT_EQ(High, 6u);
}

} // namespace
