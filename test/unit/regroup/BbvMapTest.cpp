//===- BbvMapTest.cpp - Parsing the bbv-profile block map -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/BbvMap.h"

#include "gtest/gtest.h"

#include <stdexcept>

using namespace divopt;
using namespace divopt::runtime;

namespace {

const char *TwoBlocks = "divopt-bbv 1\n"
                        "kernel k\n"
                        "classes fp32 mem\n"
                        "block 0 entry 2 1\n"
                        "block 1 loop 3 0\n";

TEST(BbvMap, ParsesKernelClassesAndBlocks) {
  BbvMap M = parseBbvMap(TwoBlocks);
  EXPECT_EQ(M.Kernel, "k");
  ASSERT_EQ(M.Classes.size(), 2u);
  ASSERT_EQ(M.Blocks.size(), 2u);
  EXPECT_EQ(M.Blocks[1].Name, "loop");
  EXPECT_EQ(M.Blocks[0].ClassCounts, (std::vector<unsigned>{2, 1}));
}

TEST(BbvMap, BlockLatencyIsCountTimesCycles) {
  LatencyTable T = getLatencyTable(90);
  T.Cycles[*findLatencyClass("fp32")] = 4;
  T.Cycles[*findLatencyClass("mem")] = 30;
  std::vector<double> Lat = getBlockLatencies(parseBbvMap(TwoBlocks), T);
  // entry: 2 x 4 + 1 x 30; loop: 3 x 4.
  EXPECT_EQ(Lat, (std::vector<double>{38, 12}));
}

TEST(BbvMap, ClassNamesFollowTheOpClassOrder) {
  // analysis/InstructionCost.h: Free, FP32, ..., Call.
  EXPECT_EQ(getLatencyClassNames().front(), "free");
  EXPECT_EQ(*findLatencyClass("mem"), 10u);
  EXPECT_EQ(getLatencyClassNames().back(), "call");
  EXPECT_FALSE(findLatencyClass("tensor"));
}

TEST(BbvMap, RejectsWhatItCannotRead) {
  EXPECT_THROW(parseBbvMap(""), std::invalid_argument);
  EXPECT_THROW(parseBbvMap("divopt-bbv 3\nkernel k\n"), std::invalid_argument);
  EXPECT_THROW(parseBbvMap("divopt-bbv 1\nclasses fp32\nblock 0 a 1\n"),
               std::invalid_argument); // No kernel line.
  EXPECT_THROW(parseBbvMap("divopt-bbv 1\nkernel k\nclasses fp32\n"
                           "block 0 a 1 2\n"),
               std::invalid_argument); // One count too many.
  EXPECT_THROW(parseBbvMap("divopt-bbv 1\nkernel k\nclasses fp32\n"
                           "block 1 a 1\n"),
               std::invalid_argument); // Index out of order.
  EXPECT_THROW(parseBbvMap("divopt-bbv 1\nkernel k\nclasses fp32\n"
                           "block 0 a -1\n"),
               std::invalid_argument);
  try {
    parseBbvMap("divopt-bbv 1\nkernel k\nfoo\n");
    FAIL() << "an unknown entry was accepted";
  } catch (const std::invalid_argument &E) {
    EXPECT_NE(std::string(E.what()).find("line 3"), std::string::npos)
        << E.what();
  }
}

TEST(BbvMap, UnknownClassIsAnErrorWhenWeighing) {
  BbvMap M =
      parseBbvMap("divopt-bbv 1\nkernel k\nclasses tensor\nblock 0 a 1\n");
  EXPECT_THROW(getBlockLatencies(M, getLatencyTable(90)),
               std::invalid_argument);
}

TEST(BbvMap, ReadsAccessSitesIntoTheMemorySystem) {
  BbvMap M = parseBbvMap("divopt-bbv 2\nkernel k\nclasses fp32\n"
                         "block 0 a 1\nblock 1 b 2\n"
                         "access 0 1 4 load\naccess 1 0 8 store\n");
  ASSERT_EQ(M.Accesses.size(), 2u);
  EXPECT_EQ(M.Accesses[0].Block, 1u);
  EXPECT_EQ(M.Accesses[1].Bytes, 8u);
  EXPECT_TRUE(M.Accesses[1].IsStore);
  divopt::TransactionCost C{1, 2, 3, "test"};
  MemorySystem Mem = getMemorySystem(M, C);
  ASSERT_EQ(Mem.Sites.size(), 2u);
  EXPECT_EQ(Mem.Sites[0].Block, 1u);
  EXPECT_EQ(Mem.Cost.PerLine, 2);
  // Out of order, in a block not yet listed, or of an unknown kind.
  for (const char *Bad : {"access 1 0 4 load\n", "access 0 2 4 load\n",
                          "access 0 0 4 atomic\n", "access 0 0 4\n"})
    EXPECT_THROW(parseBbvMap(std::string("divopt-bbv 2\nkernel k\nclasses "
                                         "fp32\nblock 0 a 1\nblock 1 b 2\n") +
                             Bad),
                 std::invalid_argument)
        << Bad;
}

} // namespace
