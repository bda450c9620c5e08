//===- DecidedSetTest.cpp - Decided values forget deleted ones ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "passes/DecidedSet.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace divopt;

namespace {

struct DecidedSetTest : ::testing::Test {
  LLVMContext Ctx;
  Module M{"m", Ctx};
  Function *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                 Function::ExternalLinkage, "f", M);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
  BasicBlock *Exit = BasicBlock::Create(Ctx, "exit", F);
};

TEST_F(DecidedSetTest, RemembersWhatWasInserted) {
  DecidedSet<Instruction> Seen;
  Instruction *Br = BranchInst::Create(Exit, Entry);
  EXPECT_FALSE(Seen.contains(Br));
  EXPECT_TRUE(Seen.insert(Br));
  EXPECT_FALSE(Seen.insert(Br));
  EXPECT_TRUE(Seen.contains(Br));
}

// The bug this guards against: a deleted branch's address, reused for a
// new one, made the new branch look decided.
TEST_F(DecidedSetTest, ForgetsDeletedValues) {
  DecidedSet<Instruction> Seen;
  Instruction *Br = BranchInst::Create(Exit, Entry);
  Seen.insert(Br);
  Br->eraseFromParent();
  EXPECT_EQ(Seen.size(), 0u);
  Instruction *Again = BranchInst::Create(Exit, Entry);
  EXPECT_FALSE(Seen.contains(Again));
}

TEST_F(DecidedSetTest, ForgetsDeletedBlocks) {
  DecidedSet<BasicBlock> Seen;
  BasicBlock *Extra = BasicBlock::Create(Ctx, "extra", F);
  Seen.insert(Extra);
  Seen.insert(Entry);
  Extra->eraseFromParent();
  EXPECT_EQ(Seen.size(), 1u);
  EXPECT_TRUE(Seen.contains(Entry));
}

// A replaced value stays decided; its replacement is not.
TEST_F(DecidedSetTest, DoesNotFollowReplacement) {
  DecidedSet<BasicBlock> Seen;
  BasicBlock *Other = BasicBlock::Create(Ctx, "other", F);
  BranchInst::Create(Exit, Entry);
  Seen.insert(Exit);
  Exit->replaceAllUsesWith(Other);
  EXPECT_TRUE(Seen.contains(Exit));
  EXPECT_FALSE(Seen.contains(Other));
}

} // namespace
