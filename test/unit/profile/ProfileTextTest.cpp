//===- ProfileTextTest.cpp - Reading and writing profiles -----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ProfileSamples.h"

#include "profile/ProfileFormat.h"
#include "profile/ProfileText.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include <unistd.h>

using namespace divopt::profile;
using namespace divopt::profile::test;

namespace {

const char *Valid = "divopt-profile 1\n"
                    "runs 1\n"
                    "function k cfg=0x1\n"
                    "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 "
                    "uniform=1,0 pairs=0 changes=0\n";

/// Reads Text; expects failure at Line with Message in the error.
void expectError(const std::string &Text, unsigned Line,
                 const std::string &Message) {
  Profile P;
  P.Runs = 77; // A failed read leaves the profile as it was.
  std::string Why;
  EXPECT_FALSE(readProfile(Text, "in.profile", P, Why)) << Text;
  EXPECT_EQ(P.Runs, 77u);
  std::string Where = "in.profile:" + std::to_string(Line) + ": ";
  EXPECT_EQ(Why.compare(0, Where.size(), Where), 0)
      << "error '" << Why << "' not at line " << Line << " of:\n"
      << Text;
  EXPECT_NE(Why.find(Message), std::string::npos)
      << "error '" << Why << "' does not say '" << Message << "'";
}

TEST(ProfileText, RoundTrip) {
  Profile P = makeSample();
  std::string Text = writeProfile(P);
  Profile Back;
  std::string Why;
  ASSERT_TRUE(readProfile(Text, "sample", Back, Why)) << Why << "\n" << Text;
  EXPECT_EQ(Back, P);
  // Equal profiles, equal text.
  EXPECT_EQ(writeProfile(Back), Text);
}

TEST(ProfileText, WritesSortedEscapedRecords) {
  std::string Text = writeProfile(makeSample());
  std::istringstream In(Text);
  std::vector<std::string> Lines;
  for (std::string L; std::getline(In, L);)
    Lines.push_back(L);
  ASSERT_GE(Lines.size(), 12u);
  EXPECT_EQ(Lines[0], "divopt-profile 1");
  EXPECT_EQ(Lines[1].front(), '#');
  EXPECT_EQ(Lines[2], "runs 1");
  EXPECT_EQ(Lines[3], "launch k grid=8,2,1 block=32,4,2 shared=4096 count=3");
  EXPECT_EQ(Lines[4], "launch k grid=64,1,1 block=256,1,1 shared=0 count=10");
  EXPECT_EQ(Lines[5],
            "launch weird%20name%25 grid=1,1,1 block=1024,1,1 shared=0 "
            "count=1");
  EXPECT_EQ(Lines[6], "function _Z6helperf cfg=0x0000000000000001");
  EXPECT_EQ(Lines[7], "branch 0 execs=2 divergent=0 lanes=64,0 warps=2,0 "
                      "uniform=2,0 pairs=0 changes=0");
  EXPECT_EQ(Lines[8], "function k cfg=0x9f3a2c1b00e4d7a5");
  EXPECT_EQ(Lines[9],
            "branch 0 at=dir%20with%20space/k.cu:12:7 execs=16 divergent=8 "
            "lanes=256,256 warps=13,11 uniform=5,3 pairs=0 changes=0");
  EXPECT_EQ(Lines[10], "branch 3 execs=10 divergent=4 lanes=100,50,30 "
                       "warps=8,5,4 uniform=4,1,1 pairs=150 changes=40");
  EXPECT_EQ(Lines[11], "loop 0 at=k.cu:10:3 entries=4 lanes=128 trips=36 "
                       "iterations=768 spread=24,6,6");
}

TEST(ProfileText, ReadsTheDocumentedExample) {
  std::ifstream Doc(DIVOPT_SOURCE_DIR "/docs/PROFILE-FORMAT.md");
  ASSERT_TRUE(Doc) << "docs/PROFILE-FORMAT.md not found";
  // The first fenced block after "## Example".
  std::string Line, Text;
  bool InExample = false, InBlock = false;
  while (std::getline(Doc, Line)) {
    if (Line == "## Example")
      InExample = true;
    else if (InExample && Line == "```" && !InBlock)
      InBlock = true;
    else if (InBlock && Line == "```")
      break;
    else if (InBlock)
      Text += Line + "\n";
  }
  ASSERT_FALSE(Text.empty());
  Profile P;
  std::string Why;
  ASSERT_TRUE(readProfile(Text, "PROFILE-FORMAT.md", P, Why)) << Why;
  EXPECT_EQ(P.Runs, 2u);
  const KernelLaunches *L = P.getLaunches("_Z4stepPfPKfi");
  ASSERT_NE(L, nullptr);
  EXPECT_EQ(L->getTotal(), 24u);
  EXPECT_EQ(L->getMostFrequentBlockSize(), 256u);
  FunctionLookup F = P.lookup("_Z4stepPfPKfi", 0x9f3a2c1b00e4d7a5ULL);
  ASSERT_EQ(F.Match, RecordMatch::Found);
  const BranchRecord &B0 = F.Record->Branches.at(0);
  EXPECT_EQ(B0.Loc, (SourceLocation{"step.cu", 12, 9}));
  EXPECT_DOUBLE_EQ(*B0.getDivergentFraction(), 0.25);
  EXPECT_DOUBLE_EQ(*B0.getMeanActiveLanes(), 32.0);
  const BranchRecord &B1 = F.Record->Branches.at(1);
  EXPECT_NEAR(*B1.getDirectionChangeRate(), 0.408, 0.001);
  EXPECT_EQ(F.Record->Branches.at(2).Ways.size(), 3u);
  const LoopRecord &L0 = F.Record->Loops.at(0);
  EXPECT_DOUBLE_EQ(*L0.getTripsPerEntry(), 64.0);
  EXPECT_NEAR(*L0.getIterationsPerLane(), 48.8, 0.05);
  EXPECT_DOUBLE_EQ(*L0.getMeanSpread(), 30.0);
  EXPECT_EQ(P.lookup("_Z6helperf", 0x0123456789abcdefULL).Match,
            RecordMatch::Found);
}

TEST(ProfileText, AcceptsCommentsBlankLinesCrLfAndAnyFieldOrder) {
  Profile P;
  std::string Why;
  ASSERT_TRUE(readProfile("divopt-profile 1\r\n"
                          "\r\n"
                          "   # indented comment\r\n"
                          "runs 3\r\n"
                          "function k cfg=0xA\r\n"
                          "\tbranch 4  changes=0 pairs=0 uniform=1,0 "
                          "warps=2,1 lanes=40,8 divergent=1 execs=2\r\n"
                          "launch k count=2 shared=0 block=32,1,1 "
                          "grid=1,1,1",
                          "crlf", P, Why))
      << Why;
  EXPECT_EQ(P.Runs, 3u);
  EXPECT_EQ(P.lookup("k", 0xa).Record->Branches.at(4).Executions, 2u);
  EXPECT_EQ(P.getLaunches("k")->getTotal(), 2u);
}

TEST(ProfileText, Header) {
  expectError("", 1, "empty file: expected 'divopt-profile 1'");
  expectError("\n", 1, "not a DivOpt divergence profile");
  expectError("# comment\ndivopt-profile 1\nruns 1\n", 1,
              "not a DivOpt divergence profile");
  expectError("divopt-profile\nruns 1\n", 1, "malformed header");
  expectError("divopt-profile one\nruns 1\n", 1, "malformed header");
  expectError("divopt-profile 1 extra\nruns 1\n", 1, "malformed header");
  expectError("llvm-profile 1\n", 1, "not a DivOpt divergence profile");
  expectError("divopt-profile 1\nruns 1\ndivopt-profile 1\n", 3,
              "a second header line");
}

TEST(ProfileText, VersionMismatch) {
  expectError("divopt-profile 2\nruns 1\n", 1,
              "profile format version 2; this DivOpt reads version 1");
  expectError("divopt-profile 0\nruns 1\n", 1, "version 0");
}

TEST(ProfileText, Runs) {
  expectError("divopt-profile 1\n", 1, "no 'runs' line");
  expectError("divopt-profile 1\nruns 1\nruns 2\n", 3, "a second 'runs' line");
  expectError("divopt-profile 1\nruns\n", 2, "expected 'runs <count>'");
  expectError("divopt-profile 1\nruns -1\n", 2, "expected 'runs <count>'");
  expectError("divopt-profile 1\nruns 1 2\n", 2, "expected 'runs <count>'");
}

TEST(ProfileText, SampleRateRoundTrips) {
  std::string Text = "divopt-profile 1\nruns 1\nfunction k cfg=0x1 sample=64\n"
                     "branch 0 execs=1 divergent=0 lanes=32,0 warps=1,0 "
                     "uniform=1,0 pairs=0 changes=0\n";
  Profile P;
  std::string Why;
  ASSERT_TRUE(readProfile(Text, "in.profile", P, Why)) << Why;
  EXPECT_EQ(P.Functions.at({"k", 1}).Sample, 64u);
  EXPECT_NE(writeProfile(P).find("cfg=0x0000000000000001 sample=64\n"),
            std::string::npos);
  // An exact profile's text is what it was before sampling existed.
  P.Functions.at({"k", 1}).Sample = 1;
  EXPECT_EQ(writeProfile(P).find("sample="), std::string::npos);
}

TEST(ProfileText, MultiprocessorCountRoundTrips) {
  std::string Text = "divopt-profile 1\n"
                     "# A comment.\n"
                     "runs 1\n"
                     "launch k grid=96,1,1 block=96,1,1 shared=0 count=4 "
                     "sms=132\n"
                     "launch k grid=96,1,1 block=96,1,1 shared=0 count=1 "
                     "sms=114\n"
                     "launch k grid=96,1,1 block=96,1,1 shared=0 count=2\n";
  Profile P;
  std::string Why;
  ASSERT_TRUE(readProfile(Text, "in.profile", P, Why)) << Why;
  // One grid on three devices (one unknown): three records.
  const auto &Configs = P.getLaunches("k")->Configs;
  ASSERT_EQ(Configs.size(), 3u);
  std::map<std::uint32_t, Count> BySMs;
  for (const auto &[C, N] : Configs)
    BySMs[C.SMs] = N;
  EXPECT_EQ(BySMs,
            (std::map<std::uint32_t, Count>{{0, 2}, {114, 1}, {132, 4}}));
  std::string Written = writeProfile(P);
  EXPECT_NE(Written.find(" count=4 sms=132\n"), std::string::npos) << Written;
  EXPECT_NE(Written.find(" count=1 sms=114\n"), std::string::npos) << Written;
  // Unknown is written as before the field existed.
  EXPECT_NE(Written.find(" count=2\n"), std::string::npos) << Written;
  Profile Back;
  ASSERT_TRUE(readProfile(Written, "written", Back, Why)) << Why;
  EXPECT_EQ(Back, P);
  // Any field order, like every other field.
  ASSERT_TRUE(readProfile("divopt-profile 1\nruns 1\nlaunch k sms=8 count=1 "
                          "shared=0 block=32,1,1 grid=1,1,1\n",
                          "in.profile", P, Why))
      << Why;
  EXPECT_EQ(P.getLaunches("k")->Configs.begin()->first.SMs, 8u);
}

TEST(ProfileText, ProfilesWithoutMultiprocessorCountsAreUnchanged) {
  // A profile as writers wrote it before the field existed: it reads (every
  // SM count unknown) and writes back byte for byte.
  std::string Text =
      "divopt-profile 1\n"
      "# DivOpt divergence profile: docs/PROFILE-FORMAT.md; divopt-profdata "
      "show prints it as tables\n"
      "runs 2\n"
      "launch k grid=8,2,1 block=32,4,2 shared=4096 count=3\n"
      "launch k grid=64,1,1 block=256,1,1 shared=0 count=10\n"
      "function k cfg=0x0000000000000001\n"
      "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 uniform=1,0 "
      "pairs=0 changes=0\n";
  Profile P;
  std::string Why;
  ASSERT_TRUE(readProfile(Text, "old.profile", P, Why)) << Why;
  for (const auto &[C, N] : P.getLaunches("k")->Configs)
    EXPECT_EQ(C.SMs, 0u);
  EXPECT_EQ(writeProfile(P), Text);
}

TEST(ProfileText, MalformedMultiprocessorCounts) {
  std::string H = "divopt-profile 1\nruns 1\n";
  std::string Launch = "launch k grid=1,1,1 block=32,1,1 shared=0 count=1 ";
  std::string L = H + Launch;
  expectError(L + "sms=0\n", 3,
              "field 'sms': '0' is not a multiprocessor count (1 to "
              "4294967295; leave the field out when unknown)");
  expectError(L + "sms=x\n", 3, "field 'sms': 'x' is not a multiprocessor");
  expectError(L + "sms=\n", 3, "field 'sms': '' is not a multiprocessor");
  expectError(L + "sms=-1\n", 3, "field 'sms': '-1' is not a multiprocessor");
  expectError(L + "sms=132x\n", 3, "is not a multiprocessor count");
  expectError(L + "sms=4294967296\n", 3, "is not a multiprocessor count");
  expectError(L + "sms=132 sms=132\n", 3, "field 'sms' given twice");
  expectError(L + "sms=132 sm=4\n", 3,
              "unknown field 'sm' in a launch record (fields: grid, block, "
              "shared, count, sms)");
  expectError(L + "sms=132\n" + Launch + "sms=132\n", 4,
              "a second launch record of kernel 'k' with this grid, block, "
              "shared memory and SM count");
  // The greatest count reads.
  Profile P;
  std::string Why;
  EXPECT_TRUE(readProfile(L + "sms=4294967295\n", "in.profile", P, Why)) << Why;
}

TEST(ProfileText, MalformedRecords) {
  std::string H = "divopt-profile 1\nruns 1\n";
  std::string F = H + "function k cfg=0x1\n";
  expectError(H + "counter 1\n", 3, "unknown record 'counter'");
  expectError(H + "branch 0 execs=1\n", 3,
              "a branch record before any 'function' line");
  expectError(H + "loop 0 entries=0\n", 3,
              "a loop record before any 'function' line");
  expectError(H + "function k\n", 3,
              "expected 'function <name> cfg=0x<hash> [sample=<n>]'");
  expectError(H + "function k cfg=0x1 sample=0\n", 3, "is not 'sample=<n>'");
  expectError(H + "function k cfg=0x1 rate=2\n", 3, "is not 'sample=<n>'");
  expectError(H + "function k cfg=0x1 sample=2 x\n", 3, "expected 'function");
  expectError(H + "function k cfg=12\n", 3, "is not a hash");
  expectError(H + "function k cfg=0x\n", 3, "is not a hash");
  expectError(H + "function k cfg=0x12345678901234567\n", 3, "is not a hash");
  expectError(H + "function k cfg=0x-1\n", 3, "is not a hash");
  expectError(H + "function k cfg=0x1\nfunction k cfg=0x01\n", 4,
              "a second record of function 'k' with this cfg hash");
  expectError(H + "function k%2 cfg=0x1\n", 3, "'%' must be followed by");
  expectError(H + "function k%zz cfg=0x1\n", 3, "'%' must be followed by");
  expectError(F + "branch x execs=1\n", 4, "expected 'branch <index> ...'");
  expectError(F + "branch\n", 4, "expected 'branch <index> ...', got ''");
  expectError(F + "loop\n", 4, "expected 'loop <index> ...', got ''");
  expectError(F + "branch 4294967296 execs=1\n", 4,
              "expected 'branch <index> ...'");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=0\n",
              4, "missing field 'changes'");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0 colour=red\n",
              4, "unknown field 'colour' in a branch record");
  expectError(F + "branch 0 execs=2 execs=2 divergent=1\n", 4,
              "field 'execs' given twice");
  expectError(F + "branch 0 execs\n", 4, "expected key=value, got 'execs'");
  expectError(F + "branch 0 =3\n", 4, "expected key=value");
  expectError(F + "branch 0 execs=-2 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4, "field 'execs': '-2' is not a count");
  expectError(F + "branch 0 execs=18446744073709551616 divergent=1 "
                  "lanes=40,8 warps=2,1 uniform=1,0 pairs=0 changes=0\n",
              4, "is not a count");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4, "field 'lanes': '40,,8' is not a comma-separated list");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1,0 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4, "lanes, warps and uniform list 2, 3 and 2 ways");
  expectError(F + "branch 0 at=k.cu:12 execs=2 divergent=1 lanes=40,8 "
                  "warps=2,1 uniform=1,0 pairs=0 changes=0\n",
              4, "field 'at': 'k.cu:12' is not file:line:column");
  expectError(F + "branch 0 at=:1:2 execs=2 divergent=1 lanes=40,8 "
                  "warps=2,1 uniform=1,0 pairs=0 changes=0\n",
              4, "is not file:line:column");
  expectError(std::string(Valid) +
                  "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0\n",
              5, "a second record of branch 0 of 'k'");
  expectError(F + "loop 0 entries=1 lanes=32 trips=2 iterations=64 "
                  "spread=0,0\n",
              4, "field 'spread': expected sum,min,max");
  expectError(F + "loop 0 entries=0 lanes=0 trips=0 iterations=0 "
                  "spread=0,0,0\nloop 0 entries=0 lanes=0 trips=0 "
                  "iterations=0 spread=0,0,0\n",
              5, "a second record of loop 0 of 'k'");
  expectError(H + "launch k grid=1,1 block=32,1,1 shared=0 count=1\n", 3,
              "field 'grid': expected x,y,z");
  expectError(H + "launch k grid=1,0,1 block=32,1,1 shared=0 count=1\n", 3,
              "field 'grid': expected x,y,z, each 1 to 4294967295");
  expectError(H + "launch k grid=1,1,1 block=4294967296,1,1 shared=0 "
                  "count=1\n",
              3, "field 'block'");
  expectError(H + "launch k grid=1,1,1 block=32,1,1 count=1\n", 3,
              "missing field 'shared'");
  expectError(H + "launch\n", 3, "expected 'launch <kernel>");
  expectError(H + "launch k grid=1,1,1 block=32,1,1 shared=0 count=1\n"
                  "launch k grid=1,1,1 block=32,1,1 shared=0 count=2\n",
              4, "a second launch record of kernel 'k'");
  expectError(H + std::string("runs\0 1\n", 8), 3, "a NUL byte");
}

TEST(ProfileText, RecordsThatBreakTheInvariants) {
  std::string F = "divopt-profile 1\nruns 1\nfunction k cfg=0x1\n";
  // Uniform and divergent executions must make up the executions.
  expectError(F + "branch 0 execs=3 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4,
              "branch 0 of 'k': uniform (1) and divergent (1) executions "
              "do not add up to the executions (3)");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,2 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4, "add up to 4, not 3");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=80,8 warps=2,1 "
                  "uniform=1,0 pairs=0 changes=0\n",
              4, "way 0: 80 lanes in 2 executions");
  expectError(F + "branch 0 execs=2 divergent=1 lanes=40,8 warps=2,1 "
                  "uniform=1,0 pairs=1 changes=2\n",
              4, "more direction changes (2) than pairs (1)");
  expectError(F + "branch 0 execs=0 divergent=0 lanes= warps= uniform= "
                  "pairs=0 changes=0\n",
              4, "is not a comma-separated list");
  expectError(F + "loop 0 entries=0 lanes=1 trips=0 iterations=0 "
                  "spread=0,0,0\n",
              4,
              "loop 0 of 'k': a loop without entries has every counter "
              "zero");
  expectError(F + "loop 0 entries=1 lanes=33 trips=2 iterations=64 "
                  "spread=0,0,0\n",
              4, "33 lanes in 1 entries");
  expectError(F + "loop 0 entries=1 lanes=32 trips=2 iterations=65 "
                  "spread=0,0,0\n",
              4, "65 iterations in 2 trips");
  expectError(F + "loop 0 entries=1 lanes=32 trips=2 iterations=64 "
                  "spread=1,2,1\n",
              4, "spread: smallest 2 above largest 1");
  expectError(F + "loop 0 entries=1 lanes=32 trips=2 iterations=48 "
                  "spread=2,2,2\n",
              4, "spread: sum 2 above trips - entries (1)");
}

TEST(ProfileText, EscapesNamesAndFileNames) {
  EXPECT_EQ(escapeField("plain_$_name.cu"), "plain_$_name.cu");
  EXPECT_EQ(escapeField("a b%c\td\n\x7f\xff"), "a%20b%25c%09d%0A%7F%FF");
  std::string Raw;
  ASSERT_TRUE(unescapeField("a%20b%25c%09d%0a%7F%ff", Raw));
  EXPECT_EQ(Raw, "a b%c\td\n\x7f\xff");
  EXPECT_FALSE(unescapeField("%", Raw));
  EXPECT_FALSE(unescapeField("ab%4", Raw));
  EXPECT_FALSE(unescapeField("%g0", Raw));
  // A file name with ':' in it: the line and column are the last two.
  Profile P;
  P.Runs = 1;
  P.Functions[{"k", 1}].Branches[0] = makeBranch(1, 1, 0, 0);
  P.Functions[{"k", 1}].Branches[0].Loc = {"C:\\src\\k 1.cu", 3, 4};
  Profile Back;
  std::string Why;
  ASSERT_TRUE(readProfile(writeProfile(P), "colon", Back, Why)) << Why;
  EXPECT_EQ(Back, P);
}

/// Truncations and random damage of a valid profile: the reader answers
/// every one, either with a profile or with an error at a line; never a
/// crash (the sanitized build runs this too).
TEST(ProfileText, DamagedFilesNeverCrash) {
  std::string Text = writeProfile(makeSample());
  unsigned Errors = 0;
  auto Check = [&](const std::string &Damaged) {
    Profile P;
    std::string Why;
    if (readProfile(Damaged, "damaged", P, Why))
      return;
    ++Errors;
    EXPECT_EQ(Why.compare(0, 8, "damaged:"), 0) << Why;
  };
  for (size_t N = 0; N < Text.size(); ++N)
    Check(Text.substr(0, N));
  std::mt19937 Random(17);
  const std::string Alphabet = "0123456789,=:% \n\txa#-";
  for (unsigned I = 0; I < 3000; ++I) {
    std::string Damaged = Text;
    for (unsigned Edits = 1 + Random() % 3; Edits; --Edits) {
      size_t At = Random() % Damaged.size();
      switch (Random() % 3) {
      case 0:
        Damaged[At] = Alphabet[Random() % Alphabet.size()];
        break;
      case 1:
        Damaged.erase(At, 1 + Random() % 8);
        break;
      default:
        Damaged.insert(At, 1, char(Random() % 256));
      }
      if (Damaged.empty())
        break;
    }
    Check(Damaged);
  }
  // Most damage is caught: the invariants see through changed digits.
  EXPECT_GT(Errors, 2000u);
}

std::string temporaryPath(const std::string &Name) {
  const char *Dir = std::getenv("TMPDIR");
  return std::string(Dir && *Dir ? Dir : "/tmp") + "/divopt-profile-test-" +
         std::to_string(::getpid()) + "-" + Name;
}

TEST(ProfileText, FilesRoundTrip) {
  std::string Path = temporaryPath("roundtrip.profile");
  Profile P = makeSample();
  std::string Why;
  ASSERT_TRUE(writeProfileFile(Path, P, Why)) << Why;
  Profile Back;
  ASSERT_TRUE(readProfileFile(Path, Back, Why)) << Why;
  EXPECT_EQ(Back, P);
  // No temporary file is left behind.
  std::ifstream Temporary(Path + ".tmp." + std::to_string(::getpid()));
  EXPECT_FALSE(Temporary.good());
  std::remove(Path.c_str());
}

TEST(ProfileText, FileErrorsNameTheFile) {
  Profile P;
  std::string Why;
  std::string Missing = temporaryPath("missing.profile");
  EXPECT_FALSE(readProfileFile(Missing, P, Why));
  EXPECT_EQ(Why.compare(0, Missing.size() + 2, Missing + ": "), 0) << Why;
  EXPECT_NE(Why.find("cannot open"), std::string::npos) << Why;
  std::string NoDir = temporaryPath("no-such-dir") + "/out.profile";
  EXPECT_FALSE(writeProfileFile(NoDir, makeSample(), Why));
  EXPECT_NE(Why.find(NoDir + ": cannot write the profile"), std::string::npos)
      << Why;
  // A malformed file names itself and the line.
  std::string Bad = temporaryPath("bad.profile");
  std::ofstream(Bad) << "divopt-profile 1\nruns 1\nbogus\n";
  EXPECT_FALSE(readProfileFile(Bad, P, Why));
  EXPECT_EQ(Why.compare(0, Bad.size() + 3, Bad + ":3:"), 0) << Why;
  std::remove(Bad.c_str());
}

} // namespace
