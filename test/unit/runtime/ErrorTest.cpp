//===- ErrorTest.cpp - Driver errors say what failed where ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Error.h"

#include "gtest/gtest.h"

#include <string>

using namespace divopt::runtime;

namespace {

bool startsWith(const std::string &S, const std::string &Prefix) {
  return S.compare(0, Prefix.size(), Prefix) == 0;
}

TEST(Error, MessageNamesCallKernelAndResult) {
  std::string M = formatDriverError(CUDA_ERROR_NOT_FOUND, "cuModuleGetFunction",
                                    "itdelay_n4", "");
  EXPECT_TRUE(startsWith(M, "cuModuleGetFunction failed for kernel "
                            "'itdelay_n4': CUDA_ERROR_NOT_FOUND ("))
      << M;
  EXPECT_EQ(M.back(), ')') << M;
  EXPECT_EQ(M.find('\n'), std::string::npos) << M;
}

TEST(Error, MessageWithoutKernelDoesNotMentionOne) {
  std::string M =
      formatDriverError(CUDA_ERROR_OUT_OF_MEMORY, "cuMemAlloc", "", "");
  EXPECT_TRUE(startsWith(M, "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY ("))
      << M;
  EXPECT_EQ(M.find("kernel"), std::string::npos) << M;
}

TEST(Error, DetailFollowsOnItsOwnLines) {
  std::string M =
      formatDriverError(CUDA_ERROR_INVALID_PTX, "cuModuleLoadDataEx", "",
                        "while loading a.ptx\nline 3: error");
  EXPECT_NE(M.find("CUDA_ERROR_INVALID_PTX ("), std::string::npos) << M;
  EXPECT_NE(M.find(")\nwhile loading a.ptx\nline 3: error"), std::string::npos)
      << M;
}

TEST(Error, ReasonIsNeverEmpty) {
  for (CUresult R : {CUDA_ERROR_INVALID_VALUE, CUDA_ERROR_NO_DEVICE,
                     CUDA_ERROR_STUB_LIBRARY, CUDA_ERROR_ILLEGAL_ADDRESS})
    EXPECT_FALSE(getResultReason(R).empty()) << getResultName(R);
}

TEST(Error, NamesDoNotNeedAWorkingDriver) {
  // The stub library cannot describe results; the built-in table can.
  EXPECT_EQ(getResultName(CUDA_ERROR_STUB_LIBRARY), "CUDA_ERROR_STUB_LIBRARY");
  EXPECT_EQ(getResultName(CUDA_ERROR_NO_DEVICE), "CUDA_ERROR_NO_DEVICE");
  EXPECT_EQ(getResultName(CUDA_ERROR_INVALID_PTX), "CUDA_ERROR_INVALID_PTX");
}

TEST(Error, UnknownResultsReadAsTheirNumber) {
  auto Unknown = static_cast<CUresult>(987654);
  EXPECT_EQ(getResultName(Unknown), "CUresult 987654");
  EXPECT_FALSE(getResultReason(Unknown).empty());
}

TEST(Error, DriverErrorKeepsItsParts) {
  DriverError E(CUDA_ERROR_LAUNCH_FAILED, "cuLaunchKernel", "split_heavy",
                "grid 132");
  EXPECT_EQ(E.code(), CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(E.call(), "cuLaunchKernel");
  EXPECT_EQ(E.kernel(), "split_heavy");
  EXPECT_EQ(E.detail(), "grid 132");
  EXPECT_EQ(std::string(E.what()),
            formatDriverError(CUDA_ERROR_LAUNCH_FAILED, "cuLaunchKernel",
                              "split_heavy", "grid 132"));
}

TEST(Error, CheckDriverThrowsOnlyOnFailure) {
  EXPECT_NO_THROW(checkDriver(CUDA_SUCCESS, "cuInit"));
  try {
    checkDriver(CUDA_ERROR_INVALID_HANDLE, "cuEventRecord", "k");
    FAIL() << "checkDriver did not throw";
  } catch (const DriverError &E) {
    EXPECT_EQ(E.code(), CUDA_ERROR_INVALID_HANDLE);
    EXPECT_EQ(E.call(), "cuEventRecord");
    EXPECT_EQ(E.kernel(), "k");
  }
}

TEST(Error, DriverErrorsAreRuntimeErrors) {
  // Callers may catch the runtime's errors as one family.
  try {
    checkDriver(CUDA_ERROR_INVALID_VALUE, "cuMemcpyHtoD");
    FAIL() << "checkDriver did not throw";
  } catch (const Error &E) {
    EXPECT_TRUE(startsWith(E.what(), "cuMemcpyHtoD failed"));
  }
}

} // namespace
