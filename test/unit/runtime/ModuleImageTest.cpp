//===- ModuleImageTest.cpp - Module images, told apart and read -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Error.h"
#include "runtime/Module.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <fstream>
#include <string>

using namespace divopt::runtime;
using namespace std::string_literals;

namespace {

TEST(ModuleImage, PtxIsRecognised) {
  EXPECT_EQ(classifyImage("//\n.version 8.8\n.target sm_90\n"), ImageKind::Ptx);
}

TEST(ModuleImage, ElfIsACubin) {
  EXPECT_EQ(classifyImage("\x7f"
                          "ELF\x02\x01\x01"s),
            ImageKind::Cubin);
}

TEST(ModuleImage, FatbinMagicIsRecognised) {
  EXPECT_EQ(classifyImage("\x50\xed\x55\xba\x01\x00"s), ImageKind::Fatbin);
}

TEST(ModuleImage, OtherBytesAreUnknown) {
  EXPECT_EQ(classifyImage(""), ImageKind::Unknown);
  EXPECT_EQ(classifyImage("hello"), ImageKind::Unknown);
  // A .version alone is not enough, and text with NULs is not PTX.
  EXPECT_EQ(classifyImage(".version 8.8\n"), ImageKind::Unknown);
  EXPECT_EQ(classifyImage(".version 8.8\n.target sm_90\0"s),
            ImageKind::Unknown);
  EXPECT_STREQ(getImageKindName(ImageKind::Unknown), "unknown");
}

TEST(ModuleImage, MissingFileIsAnErrorNamingThePath) {
  try {
    readImageFile("/nonexistent/divopt/k.ptx");
    FAIL() << "reading a missing file succeeded";
  } catch (const Error &E) {
    EXPECT_NE(std::string(E.what()).find("/nonexistent/divopt/k.ptx"),
              std::string::npos);
  }
}

TEST(ModuleImage, FilesAreReadByteForByte) {
  std::string Path = ::testing::TempDir() + "divopt-module-image.bin";
  std::string Bytes = "\x7f"
                      "ELF\0\1\2\xff"s;
  {
    std::ofstream Out(Path, std::ios::binary);
    Out << Bytes;
  }
  EXPECT_EQ(readImageFile(Path), Bytes);
  std::remove(Path.c_str());
}

} // namespace
