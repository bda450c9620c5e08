//===- OutputCheckTest.cpp - The bench's bit-for-bit output check ---------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "OutputCheck.h"

#include "gtest/gtest.h"

using namespace divopt::bench;

namespace {

using Words = std::vector<std::uint32_t>;

TEST(OutputCheck, IdenticalRunsMatchingTheReferencePass) {
  Words Out = {1, 2, 3};
  OutputCheck C = checkOutputs(Out, Out, &Out);
  EXPECT_TRUE(C.Ok);
  EXPECT_EQ(C.Text, "ok");
}

TEST(OutputCheck, TheReferenceIsCheckedForWritesAndStability) {
  Words Out = {1, 2, 3};
  OutputCheck C = checkOutputs(Out, Out, nullptr);
  EXPECT_TRUE(C.Ok);
  EXPECT_EQ(C.Text, "ok (reference)");
}

TEST(OutputCheck, PoisonLeftInBothRunsIsUnwritten) {
  Words A = {1, FirstPoison, 3, FirstPoison};
  Words B = {1, SecondPoison, 3, SecondPoison};
  OutputCheck C = checkOutputs(A, B, nullptr);
  EXPECT_FALSE(C.Ok);
  EXPECT_EQ(C.Text, "UNWRITTEN 2 of 4 (first at 1)");
}

TEST(OutputCheck, AWrittenValueThatEqualsOnePoisonIsNotUnwritten) {
  // A kernel may legitimately write 0xffffffff: it then writes it in both
  // runs, which the second poison tells apart.
  Words A = {FirstPoison, 2};
  OutputCheck C = checkOutputs(A, A, &A);
  EXPECT_TRUE(C.Ok) << C.Text;
}

TEST(OutputCheck, RunsThatDisagreeAreUnstable) {
  Words A = {1, 2, 3}, B = {1, 5, 3};
  OutputCheck C = checkOutputs(A, B, &A);
  EXPECT_FALSE(C.Ok);
  EXPECT_EQ(C.Text, "UNSTABLE 1 of 3 (first at 1)");
}

TEST(OutputCheck, BitDifferencesFromTheReferenceAreMismatches) {
  // 0.0f and -0.0f compare equal as floats but not as bits.
  Words Ref = {0x00000000u, 0x3f800000u, 7};
  Words Out = {0x80000000u, 0x3f800000u, 8};
  OutputCheck C = checkOutputs(Out, Out, &Ref);
  EXPECT_FALSE(C.Ok);
  EXPECT_EQ(C.Text, "MISMATCH 2 of 3 (first at 0: 0x80000000 vs 0x00000000)");
}

TEST(OutputCheck, UnwrittenIsReportedBeforeMismatch) {
  Words Ref = {1, 2};
  Words A = {FirstPoison, 9}, B = {SecondPoison, 9};
  EXPECT_EQ(checkOutputs(A, B, &Ref).Text, "UNWRITTEN 1 of 2 (first at 0)");
}

TEST(OutputCheck, SizesMustAgree) {
  Words A = {1, 2}, B = {1};
  EXPECT_FALSE(checkOutputs(A, B, nullptr).Ok);
  EXPECT_FALSE(checkOutputs(A, A, &B).Ok);
}

TEST(OutputCheck, ATimedRunMustRepeatTheCheckedOutput) {
  Words A = {1, 2, 3}, B = {1, 2, 4};
  EXPECT_TRUE(checkRepeatRun(A, A).Ok);
  OutputCheck C = checkRepeatRun(A, B);
  EXPECT_FALSE(C.Ok);
  EXPECT_EQ(C.Text, "TIMED RUN DIFFERS 1 of 3 (first at 2)");
}

} // namespace
