//===- LaunchRegistryTest.cpp - Kernels the launch hook has seen ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchRegistry.h"

#include "gtest/gtest.h"

#include <cstdio>

using namespace divopt::launch;

namespace {

KernelRecord makeRecord(const std::string &Name, const void *Library) {
  KernelRecord R;
  R.Name = Name;
  R.Library = Library;
  return R;
}

TEST(LaunchRegistry, ResolvesEachStubOnce) {
  LaunchRegistry R;
  int StubA = 0, StubB = 0, Lib = 0;
  unsigned Calls = 0;
  auto Resolve = [&](const std::string &Name) {
    return [&, Name]() -> std::optional<KernelRecord> {
      ++Calls;
      return makeRecord(Name, &Lib);
    };
  };
  const KernelRecord *A = R.find(&StubA, Resolve("a"));
  ASSERT_NE(A, nullptr);
  EXPECT_EQ(A->Name, "a");
  EXPECT_EQ(R.find(&StubA, Resolve("again")), A);
  EXPECT_EQ(R.find(&StubB, Resolve("b"))->Name, "b");
  EXPECT_EQ(Calls, 2u);
  // Both kernels are in one library: it is listed once.
  EXPECT_EQ(R.getLibraries(), std::vector<const void *>{&Lib});
  std::vector<std::string> Names;
  R.forEachKernel(
      [&](const void *, const KernelRecord &K) { Names.push_back(K.Name); });
  EXPECT_EQ(Names.size(), 2u);
}

TEST(LaunchRegistry, UndecidedStubIsAskedAgain) {
  LaunchRegistry R;
  int Stub = 0;
  unsigned Calls = 0;
  auto NotYet = [&]() -> std::optional<KernelRecord> {
    ++Calls;
    return std::nullopt;
  };
  EXPECT_EQ(R.find(&Stub, NotYet), nullptr);
  EXPECT_EQ(R.find(&Stub, NotYet), nullptr);
  EXPECT_EQ(Calls, 2u);
  EXPECT_EQ(
      R.find(&Stub, [] { return std::optional(makeRecord("k", nullptr)); })
          ->Name,
      "k");
  EXPECT_TRUE(R.getLibraries().empty());
}

TEST(LaunchRegistry, ReportsOncePerStubAndTopic) {
  LaunchRegistry R;
  int A = 0, B = 0;
  EXPECT_TRUE(R.isFirstReport(&A, "plan"));
  EXPECT_FALSE(R.isFirstReport(&A, "plan"));
  EXPECT_TRUE(R.isFirstReport(&A, "launch"));
  EXPECT_TRUE(R.isFirstReport(&B, "plan"));
}

TEST(LaunchRegistry, ExitHooksRunOnceInOrder) {
  LaunchRegistry R;
  std::string Ran;
  R.addExitHook([&] { Ran += "a"; });
  R.addExitHook([&] { Ran += "b"; });
  R.drain();
  R.drain();
  EXPECT_EQ(Ran, "ab");
}

TEST(LaunchRegistry, DrainAtProcessExit) {
  // The hook writes a file at exit, as a profile collector does.
  EXPECT_EXIT(
      {
        LaunchRegistry::get().addExitHook(
            [] { std::fputs("drained", stderr); });
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "drained");
}

} // namespace
