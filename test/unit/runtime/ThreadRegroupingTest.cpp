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

} // namespace
