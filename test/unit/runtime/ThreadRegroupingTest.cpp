//===- ThreadRegroupingTest.cpp - Regrouping's launch arithmetic ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What needs no GPU: the names the runtime looks up must be the ones the
// passes give (test/bbv-profile, test/thread-remap check the pass side), and
// the launched-thread count sizes the counter and redirection buffers.
//
//===----------------------------------------------------------------------===//

#include "runtime/ThreadRegrouping.h"

#include "runtime/Error.h"

#include "gtest/gtest.h"

using namespace divopt::runtime;

namespace {

TEST(ThreadRegrouping, NamesMatchThePasses) {
  EXPECT_EQ(getBbvKernelName("vartrip"), "vartrip_$_divopt_$_bbv");
  EXPECT_EQ(getBbvMapName("vartrip"), "vartrip_$_divopt_$_bbv_$_map");
  EXPECT_EQ(getRemapKernelName("vartrip"), "vartrip_$_divopt_$_remap");
}

TEST(ThreadRegrouping, LaunchedThreadsCountEveryDimension) {
  LaunchConfig C;
  C.Grid = {4, 3, 2};
  C.Block = {32, 2, 1};
  EXPECT_EQ(getLaunchedThreads(C), 4u * 3 * 2 * 32 * 2);
  EXPECT_EQ(getLaunchedThreads(makeLaunchConfig(1024, 256)), 262144u);
}

TEST(ThreadRegrouping, ProfileRowsSplitIntoCountsAndAddresses) {
  // Two threads, 2 counters and 1 address (low word first) each.
  std::vector<std::uint32_t> Words = {3, 4, 0x10, 0x1, 5, 6, 0x20, 0x0};
  BbvSet S = splitProfileRows(Words, 2, 2, 1);
  EXPECT_EQ(S.Counts, (std::vector<std::uint32_t>{3, 4, 5, 6}));
  EXPECT_EQ(S.Sites, 1u);
  EXPECT_EQ(S.address(0, 0), 0x100000010u);
  EXPECT_EQ(S.address(1, 0), 0x20u);
  EXPECT_THROW(splitProfileRows(Words, 3, 2, 1), Error);
}

} // namespace
