//===- UnreadValueTest.cpp - PHIs left unread get defined values ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "passes/UnreadValue.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace divopt;

namespace {

// Two ways into a join, then a loop entered from two blocks. %input is the
// input's own poison PHI; %t a PHI a rewrite may make a twin of.
constexpr const char *IR = R"(
define i32 @f(i1 %c, i1 %d, i32 %x, i32 %y) {
entry:
  br i1 %c, label %a, label %b
a:
  %ya = add i32 %y, 1
  %yb = mul i32 %y, 3
  br label %join
b:
  br label %join
join:
  %input = phi i32 [ poison, %a ], [ %x, %b ]
  %t = phi i32 [ %ya, %a ], [ %x, %b ]
  br i1 %d, label %e1, label %e2
e1:
  br label %loop
e2:
  br label %loop
loop:
  %i = phi i32 [ 0, %e1 ], [ 1, %e2 ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %x
  br i1 %done, label %exit, label %loop
exit:
  %r = add i32 %input, %t
  ret i32 %r
}
)";

struct UnreadPhisTest : ::testing::Test {
  LLVMContext Ctx;
  SMDiagnostic Err;
  std::unique_ptr<Module> M = parseAssemblyString(IR, Err, Ctx);
  Function &F = *M->getFunction("f");

  BasicBlock &block(StringRef Name) {
    for (BasicBlock &BB : F)
      if (BB.getName() == Name)
        return BB;
    ADD_FAILURE() << "no block " << Name.str();
    return F.getEntryBlock();
  }
  Value *value(StringRef Name) {
    for (BasicBlock &BB : F)
      for (Instruction &I : BB)
        if (I.getName() == Name)
          return &I;
    return nullptr;
  }
  /// A PHI a rewrite adds to Block, with a user that keeps it in the
  /// function's result.
  PHINode *addPhi(StringRef Block,
                  ArrayRef<std::pair<Value *, StringRef>> Incoming,
                  StringRef Name) {
    BasicBlock &BB = block(Block);
    auto *Phi = PHINode::Create(Type::getInt32Ty(Ctx), Incoming.size(), Name,
                                BB.begin());
    for (auto [V, Pred] : Incoming)
      Phi->addIncoming(V, &block(Pred));
    auto *Ret = cast<ReturnInst>(block("exit").getTerminator());
    Value *R = Ret->getReturnValue();
    Ret->setOperand(0, BinaryOperator::CreateAdd(R, Phi, Name + ".use",
                                                 Ret->getIterator()));
    return Phi;
  }
  Value *poison() { return PoisonValue::get(Type::getInt32Ty(Ctx)); }
};

TEST_F(UnreadPhisTest, DefinesWhatTheRewriteLeftAndKeepsTheInputs) {
  ASSERT_TRUE(M) << Err.getMessage().str();
  UnreadPhis Unread(F);
  // A value of one way only, that dominates nothing else: zero.
  PHINode *Zero = addPhi("join", {{value("yb"), "a"}, {poison(), "b"}}, "zero");
  // The same as %t wherever it is read: %t itself.
  addPhi("join", {{value("ya"), "a"}, {poison(), "b"}}, "twin");
  // One value elsewhere, which dominates the PHI: that value.
  addPhi("join", {{poison(), "a"}, {F.getArg(2), "b"}}, "same");
  // Loop-carried, entered with two values: itself on the back edge.
  PHINode *Carried = addPhi(
      "loop", {{F.getArg(2), "e1"}, {F.getArg(3), "e2"}, {poison(), "loop"}},
      "carried");

  EXPECT_EQ(Unread.define(F), 2u); // Zero's and Carried's operands.
  EXPECT_FALSE(verifyFunction(F, &errs()));

  EXPECT_EQ(Zero->getIncomingValueForBlock(&block("b")),
            ConstantInt::get(Type::getInt32Ty(Ctx), 0));
  EXPECT_EQ(Carried->getIncomingValueForBlock(&block("loop")), Carried);
  // The twin and the one-value PHI are gone, their users reading %t and %x.
  EXPECT_EQ(value("twin"), nullptr);
  EXPECT_EQ(value("same"), nullptr);
  EXPECT_EQ(cast<Instruction>(value("twin.use"))->getOperand(1), value("t"));
  EXPECT_EQ(cast<Instruction>(value("same.use"))->getOperand(1), F.getArg(2));
  // The input's own poison stays.
  auto *Input = cast<PHINode>(value("input"));
  EXPECT_TRUE(isa<PoisonValue>(Input->getIncomingValueForBlock(&block("a"))));
}

TEST_F(UnreadPhisTest, LeavesAFunctionWithoutNewPhisAsItIs) {
  ASSERT_TRUE(M) << Err.getMessage().str();
  UnreadPhis Unread(F);
  EXPECT_EQ(Unread.define(F), 0u);
  auto *Input = cast<PHINode>(value("input"));
  EXPECT_TRUE(isa<PoisonValue>(Input->getIncomingValueForBlock(&block("a"))));
}

} // namespace
