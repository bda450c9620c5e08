//===- CostModelTest.cpp - Costs of known regions -------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "analysis/CostModel.h"
#include "analysis/ChainLatency.h"
#include "analysis/InstructionCost.h"
#include "analysis/ProfileUse.h"
#include "analysis/RegisterPressure.h"
#include "analysis/StandaloneLoopAnalyses.h"
#include "analysis/StoreTraffic.h"
#include "analysis/model/StoreBandwidth.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace llvm;
using namespace divopt;

namespace {

std::unique_ptr<Module> parse(LLVMContext &Ctx, StringRef IR) {
  SMDiagnostic Err;
  auto M = parseAssemblyString(IR, Err, Ctx);
  if (!M)
    ADD_FAILURE() << Err.getMessage().str();
  return M;
}

const BasicBlock &block(const Function &F, StringRef Name) {
  for (const BasicBlock &BB : F)
    if (BB.getName() == Name)
      return BB;
  llvm_unreachable("no such block");
}

constexpr const char *Diamond = R"(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(float %x, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %then, label %else
then:
  %a = call float @llvm.fma.f32(float %x, float 2.0, float 1.0)
  %a1 = fmul float %a, %a
  br label %join
else:
  %b = fdiv float %x, 3.0
  br label %join
join:
  %v = phi float [ %a1, %then ], [ %b, %else ]
  store float %v, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
)";

} // namespace

// sm_90: FP32 at 128 results/clock/SM costs 1, 32-bit integer ALU at 64
// costs 2, a conditional branch 3 (BSSY, BRA, BSYNC), a jump 0.5.
TEST(InstructionCost, KnownBlocksOnSm90) {
  LLVMContext Ctx;
  auto M = parse(Ctx, Diamond);
  const Function &F = *M->getFunction("k");
  // S2R (2) + icmp (2) + conditional branch (3).
  EXPECT_DOUBLE_EQ(getBlockCost(block(F, "entry"), 90), 7.0);
  // fma (1) + fmul (1) + jump (0.5).
  EXPECT_DOUBLE_EQ(getBlockCost(block(F, "then"), 90), 2.5);
  // IEEE division: ten FP32 steps and a reciprocal on the SFU (8), + jump.
  EXPECT_DOUBLE_EQ(getBlockCost(block(F, "else"), 90), 18.5);
  // PHI is free; store (4); ret (0.5).
  EXPECT_DOUBLE_EQ(getBlockCost(block(F, "join"), 90), 4.5);
}

// An integer division by a constant is the multiply and shifts NVPTX makes
// of it (3 integer multiplies at 2, a remainder 4); by a run-time divisor,
// the division subroutine (18).
TEST(InstructionCost, DivisionByAConstantIsItsExpansion) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"(
define i32 @f(i32 %x, i32 %d, i64 %w) {
  %q = udiv i32 %x, 7
  %r = srem i32 %x, 7
  %v = sdiv i32 %x, %d
  %w7 = udiv i64 %w, 7
  %s = add i32 %q, %r
  %t = add i32 %s, %v
  ret i32 %t
}
)");
  const Function &F = *M->getFunction("f");
  auto Cost = [&](StringRef Name) {
    for (const Instruction &I : F.getEntryBlock())
      if (I.getName() == Name)
        return getInstructionCost(I, 90);
    ADD_FAILURE() << "no " << Name.str();
    return 0.0;
  };
  EXPECT_DOUBLE_EQ(Cost("q"), 6.0);
  EXPECT_DOUBLE_EQ(Cost("r"), 8.0);
  EXPECT_DOUBLE_EQ(Cost("v"), 18.0);
  EXPECT_DOUBLE_EQ(Cost("w7"), 12.0); // 64-bit: each step two halves.
}

// On sm_86 FP64 runs at 2 results/clock/SM, 64 times FP32's cost; on sm_90
// at 64, twice.
TEST(InstructionCost, Fp64DependsOnTheArchitecture) {
  EXPECT_DOUBLE_EQ(getOpClassCost(OpClass::FP64, 86), 64.0);
  EXPECT_DOUBLE_EQ(getOpClassCost(OpClass::FP64, 90), 2.0);
  EXPECT_DOUBLE_EQ(getOpClassCost(OpClass::FP32, 75), 2.0);
}

// A loop with an unknown trip count runs DefaultTripCount times, unless its
// latch's branch weights estimate another (a profile, or
// __builtin_expect_with_probability): 1 exit in 25 is 25 trips.
TEST(ModelInputs, TripCountFromLatchWeights) {
  const char *IR = R"(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %i, ptr addrspace(1) %out
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit, !prof !0
exit:
  ret void
}
define ptx_kernel void @plain(i32 %n, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %i, ptr addrspace(1) %out
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
!0 = !{!"branch_weights", i32 24, i32 1}
)";
  LLVMContext Ctx;
  auto M = parse(Ctx, IR);
  for (auto [Name, Trips] : {std::pair<const char *, double>{"k", 25},
                             {"plain", DefaultTripCount}}) {
    Function &F = *M->getFunction(Name);
    StandaloneLoopAnalyses A(F);
    EXPECT_DOUBLE_EQ(getTripWeight(block(F, "loop"), nullptr, A.LI, A.SE),
                     Trips)
        << Name;
  }
}

// Trips a profile measured (kernel-split passes its trips per warp entry)
// come after a constant trip count and before the latch's weights and the
// default; a loop the measurement does not know keeps those.
TEST(ModelInputs, TripCountMeasured) {
  const char *IR = R"(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(i32 %n, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  store i32 %i, ptr addrspace(1) %out
  %next = add i32 %i, 1
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %const, !prof !0
const:
  %j = phi i32 [ 0, %loop ], [ %jnext, %const ]
  store i32 %j, ptr addrspace(1) %out
  %jnext = add i32 %j, 1
  %jmore = icmp ult i32 %jnext, 16
  br i1 %jmore, label %const, label %exit
exit:
  ret void
}
!0 = !{!"branch_weights", i32 24, i32 1}
)";
  LLVMContext Ctx;
  auto M = parse(Ctx, IR);
  Function &F = *M->getFunction("k");
  StandaloneLoopAnalyses A(F);
  auto Always = [](const Loop &) { return std::optional<double>(146.5); };
  auto Never = [](const Loop &) { return std::optional<double>(); };
  EXPECT_DOUBLE_EQ(getTripWeight(block(F, "loop"), nullptr, A.LI, A.SE, Always),
                   146.5);
  EXPECT_DOUBLE_EQ(getTripWeight(block(F, "loop"), nullptr, A.LI, A.SE, Never),
                   25.0);
  EXPECT_DOUBLE_EQ(
      getTripWeight(block(F, "const"), nullptr, A.LI, A.SE, Always), 16.0);
}

// A divergent diamond whose lanes take both ways pays both arms.
TEST(CostModel, DivergentRegionPaysBothArms) {
  EXPECT_DOUBLE_EQ(divergentRegionCost(2.5, 18.5), 21.0);
}

// Lanes independent with p = 0.5: a warp sees both ways unless all 32 lanes
// agree, which happens with probability 2 * 2^-32.
TEST(CostModel, WarpOutcomes) {
  WarpOutcomes W = WarpOutcomes::get(0.5);
  EXPECT_NEAR(W.Both, 1.0 - 2 * std::pow(0.5, 32), 1e-15);
  EXPECT_NEAR(W.ThenOnly, std::pow(0.5, 32), 1e-15);
  WarpOutcomes Never = WarpOutcomes::get(0.0);
  EXPECT_DOUBLE_EQ(Never.Both, 0.0);
  EXPECT_DOUBLE_EQ(Never.ElseOnly, 1.0);
}

// Majority serves the larger side: E[max(k, 32 - k)] / 32 for k ~ B(32,
// 0.5). By the closed form E|k - n/2| = (n/2) C(n, n/2) / 2^n for even n,
// E|k - 16| = 16 * 601080390 / 2^32 = 2.2392, so (16 + 2.2392) / 32 =
// 0.5700.
//
// Round robin 1:1: a lane that advanced on one way's turn advances on the
// next trip if its next way is the other one, else one trip later:
// 2p^2 - 2p + 2 trips, 1.5 at p = 0.5, so it advances 2/3 per trip (the
// SYN-ITDELAY runs saturate near 2 / 1.5 of the original, minus overhead).
//
// Round robin 3:1 (phase 0 the else-turn, 1..3 then-turns), p = 0.75: the
// phase a lane advances at is stationary with pi = (1/4, 12/37, 9/37,
// 27/148); the expected trips from each are 1.75, 1.5, 1.25, 1.75, so
// 1.547297 trips per iteration, 0.646288 advanced per trip.
//
// Majority: the lanes a vote leaves waiting keep their way, so the next
// vote finds the sides less even than fresh draws would: at p = 0.5 the
// pending-count chain advances 0.661 of the lanes per trip (fresh
// binomial draws every trip would give E[max(k, 32 - k)] / 32 = 0.570).
// Measured flat over p, it is taken at p = 0.5 for every p.
TEST(CostModel, AdvancePerTrip) {
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Majority, 0.5), 0.6610, 1e-4);
  EXPECT_DOUBLE_EQ(advancePerTrip(DelayStrategy::Majority, 0.1),
                   advancePerTrip(DelayStrategy::Majority, 0.5));
  EXPECT_NEAR(advancePerTrip(DelayStrategy::RoundRobin, 0.5), 2.0 / 3, 1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::RoundRobin, 0.1),
              1.0 / (2 * 0.01 - 2 * 0.1 + 2), 1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::RoundRobin, 0.75, 3, 1),
              1 / 1.547297, 1e-6);
}

// pre 10, arms 100 + 100, post 10, overhead 40, p = 0.5:
// as it is, 10 + 10 + 200 (both arms run) = 220; delayed with majority,
// (40 + 10 + 100 + 10) / 0.661 = 242.0; delaying loses.
// With arms 1000 + 1000: 2020 vs (40 + 10 + 1000 + 10) / 0.661 = 1603.6.
TEST(CostModel, IterationDelayBreakEven) {
  LoopBodyCost Small{10, 100, 100, 10, 0.5};
  EXPECT_NEAR(costPerIteration(Small), 220.0, 1e-6);
  EXPECT_NEAR(costPerIterationDelayed(Small, DelayStrategy::Majority, 40),
              160.0 / 0.6610, 0.2);
  LoopBodyCost Large{10, 1000, 1000, 10, 0.5};
  EXPECT_GT(costPerIteration(Large),
            costPerIterationDelayed(Large, DelayStrategy::Majority, 40));
}

// A lane whose direction switches every iteration with probability s needs
// 1 trip when it switches and 2 when it does not under loop advance: 2 - s
// trips per iteration. At s = 2p(1-p) it is the independent case.
TEST(CostModel, SwitchRate) {
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.5, 1, 1, 0.0), 0.5,
              1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.5, 1, 1, 1.0), 1.0,
              1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.5, 1, 1, 0.25), 1 / 1.75,
              1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.3, 1, 1, 0.42),
              advancePerTrip(DelayStrategy::Advance, 0.3), 1e-9);
  // Arms of 100: as it is, every warp runs both (pre 10, post 10: 220);
  // delayed with overhead 20, (20 + 10 + 100 + 10) / advance.
  LoopBodyCost Never{10, 100, 100, 10, 0.5, 0.0};
  LoopBodyCost Always{10, 100, 100, 10, 0.5, 1.0};
  EXPECT_NEAR(costPerIterationDelayed(Never, DelayStrategy::Advance, 20), 280.0,
              1e-6);
  EXPECT_NEAR(costPerIterationDelayed(Always, DelayStrategy::Advance, 20),
              140.0, 1e-6);
}

// The slowest of 32 lanes: none where every iteration takes the same
// trips; at a switch rate of 1/2, 1.5 trips an iteration of deviation
// 1/2, so the warp runs 1 + 2.0427 * sqrt(1/4 / I) / 1.5 times the mean
// (the exact expected largest of 32 binomials: 1.0858 at I = 64,
// bench/results/2026-11-26-advance-overhead-fit.md), shrinking with I.
TEST(CostModel, Stragglers) {
  EXPECT_DOUBLE_EQ(getStragglerFactor(1.0, 64), 1.0);
  EXPECT_DOUBLE_EQ(getStragglerFactor(2.0, 64), 1.0);
  EXPECT_DOUBLE_EQ(getStragglerFactor(1.5, 0), 1.0);
  EXPECT_NEAR(getStragglerFactor(1.5, 64), 1 + 2.0427 * 0.0625 / 1.5, 1e-9);
  EXPECT_NEAR(getStragglerFactor(1.5, 64), 1.0858, 1e-3);
  EXPECT_LT(getStragglerFactor(1.5, 1024), getStragglerFactor(1.5, 64));
  // Round robin 3:1 waits up to 4 trips: no variance this form knows.
  EXPECT_DOUBLE_EQ(getStragglerFactor(2.5, 64), 1.0);
  // Applied to the delayed cost where the profile gives the iterations.
  LoopBodyCost Half{10, 100, 100, 10, 0.5, 0.5};
  LoopBodyCost Profiled = Half;
  Profiled.LaneIterations = 64;
  EXPECT_NEAR(costPerIterationDelayed(Profiled, DelayStrategy::Advance, 20),
              costPerIterationDelayed(Half, DelayStrategy::Advance, 20) *
                  getStragglerFactor(1.5, 64),
              1e-9);
  // A negative overhead hides code around the branch, never the arm.
  LoopBodyCost Tiny{1, 100, 100, 1, 0.5, 1.0};
  EXPECT_NEAR(costPerIterationDelayed(Tiny, DelayStrategy::Advance, -5), 100.0,
              1e-9);
}

// Loop advance is round robin 1:1 whatever duty cycle is passed.
TEST(CostModel, AdvanceIsRoundRobinOneToOne) {
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.5, 3, 1), 2.0 / 3, 1e-9);
  EXPECT_NEAR(advancePerTrip(DelayStrategy::Advance, 0.1),
              advancePerTrip(DelayStrategy::RoundRobin, 0.1), 1e-12);
}

// A switch's ways in turn. Two even ways: as round robin 1:1, 1.5 trips.
// K even ways: a lane waits 1..K trips evenly, (K + 1) / 2 on average.
// Every lane always wants the same way: it waits a whole round, K trips.
TEST(CostModel, SwitchTripsPerIteration) {
  EXPECT_NEAR(switchTripsPerIteration({0.5, 0.5}), 1.5, 1e-9);
  EXPECT_NEAR(switchTripsPerIteration({0.25, 0.25, 0.25, 0.25}), 2.5, 1e-9);
  EXPECT_NEAR(switchTripsPerIteration({1.0, 0.0, 0.0}), 3.0, 1e-9);
}

// pre 10, post 10, ways 0 + 100 + 100 evenly (1/3 each): as it is, every
// way some lane wants runs: 20 + 2 * (1 - (2/3)^32) * 100 = 219.99998;
// delayed, (8 + 20 + 200/3) * 2 = 189.33.
TEST(CostModel, SwitchBreakEven) {
  SwitchBodyCost B{10, 10, {0, 100, 100}};
  const double Even[] = {1.0 / 3, 1.0 / 3, 1.0 / 3};
  EXPECT_NEAR(costPerIterationSwitch(B, Even),
              20 + 2 * (1 - std::pow(2.0 / 3, 32)) * 100, 1e-9);
  EXPECT_NEAR(costPerIterationSwitchDelayed(B, Even, 8),
              (8 + 20 + 200.0 / 3) * 2, 1e-9);
}

// Occupancy enters the time only below the 50% knee.
TEST(CostModel, DecisionWeighsOccupancy) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 1024;
  Target T = Target::get(KI);
  // 32 registers: 2 blocks of 1024, 100%; 64: 1 block, 50% (at the knee,
  // no penalty); 72: no block of 1024 threads fits at all.
  Decision Same = decide({100, 32}, {80, 64}, T, 1.05);
  EXPECT_TRUE(Same.Profitable);
  EXPECT_NEAR(Same.Ratio, 1.25, 1e-9);
  Decision Cliff = decide({100, 32}, {80, 72}, T, 1.05);
  EXPECT_FALSE(Cliff.Profitable);
  EXPECT_DOUBLE_EQ(Cliff.OccupancyAfter, 0.0);
  EXPECT_NE(Cliff.Explanation.find("occupancy 100% -> 0%"), std::string::npos);
}

// The launch shape: reqntid is exact, maxntid bounds a range from one warp,
// nothing gives 32-1024; a range lists every whole number of warps.
TEST(LaunchShape, FromKernelInfo) {
  KernelInfo KI;
  KI.ReqThreadsPerBlock = 96;
  KI.MaxThreadsPerBlock = 512;
  LaunchShape Req = LaunchShape::get(KI, 1024);
  EXPECT_TRUE(Req.isExact());
  EXPECT_EQ(Req.MinThreads, 96u);
  EXPECT_EQ(Req.Source, LaunchShapeSource::Required);
  KI.ReqThreadsPerBlock.reset();
  LaunchShape Profiled = LaunchShape::get(KI, 1024, 128u);
  EXPECT_EQ(Profiled.Source, LaunchShapeSource::Profile);
  EXPECT_EQ(Profiled.MaxThreads, 128u);
  // A profiled size the launch bounds forbid is stale: ignored.
  EXPECT_EQ(LaunchShape::get(KI, 1024, 1024u).Source,
            LaunchShapeSource::Bounded);
  LaunchShape Bounded = LaunchShape::get(KI, 1024);
  EXPECT_EQ(Bounded.MinThreads, 32u);
  EXPECT_EQ(Bounded.MaxThreads, 512u);
  EXPECT_EQ(Bounded.getBlockSizes().size(), 16u);
  KI.MaxThreadsPerBlock.reset();
  LaunchShape Assumed = LaunchShape::get(KI, 1024);
  EXPECT_EQ(Assumed.Source, LaunchShapeSource::Assumed);
  EXPECT_EQ(Assumed.MaxThreads, 1024u);
}

// Little's law: a phase whose chains take 16x its issue cost needs 16
// warps per scheduler (64 per SM, 100%); at 50% it takes twice as long.
TEST(CostModel, LatencyPhases) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 256;
  Target T = Target::get(KI);
  Estimate Full(100, 32, {{100, 1600}});
  Estimate Half(100, 64, {{100, 1600}});
  EXPECT_NEAR(predictTime(Full, T), 100, 1e-9);
  EXPECT_NEAR(predictTime(Half, T), 200, 1e-9);
  // Enough independent work hides the latency at any occupancy.
  Estimate Issue(100, 128, {{100, 50}});
  EXPECT_NEAR(predictTime(Issue, T), 100, 1e-9);
}

// A latency-bound phase next to an issue-bound one: in step below
// 1 + 1600 / 200 = 9 warps a scheduler, overlapped (its issue only) from
// there. At 64 registers (8 warps a scheduler) the light phase takes
// 1600 / 8; at 40 (12 warps) it is hidden behind the other warps' 200.
TEST(CostModel, PhasesOverlapWithEnoughWarps) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 256;
  Target T = Target::get(KI);
  Estimate InStep(210, 64, {{10, 1600}, {200, 100}});
  Estimate Overlapped(210, 40, {{10, 1600}, {200, 100}});
  EXPECT_NEAR(getOverlapWarps(InStep, 0), 9, 1e-9);
  EXPECT_NEAR(getWarpsPerScheduler(InStep, T), 8, 1e-9);
  EXPECT_FALSE(isOverlapped(InStep, 0, T));
  EXPECT_NEAR(predictTime(InStep, T), 1600 / 8.0 + 200, 1e-9);
  EXPECT_NEAR(getWarpsPerScheduler(Overlapped, T), 12, 1e-9);
  EXPECT_TRUE(isOverlapped(Overlapped, 0, T));
  EXPECT_NEAR(predictTime(Overlapped, T), 210, 1e-9);
  // A phase alone has nothing to overlap with.
  Estimate Alone(10, 40, {{10, 1600}});
  EXPECT_FALSE(isOverlapped(Alone, 0, T));
  EXPECT_NEAR(predictTime(Alone, T), 1600 / 12.0, 1e-9);
}

// Stores drain at the SM's measured bandwidth shared by its 4 schedulers:
// a warp storing 1230 bytes needs 1230 / (12.3 / 4) = 400 cycles of its
// scheduler's time, a floor that more warps do not lower and that issue
// below it does not raise; spills add to it.
TEST(CostModel, StoresDrainAtDramBandwidth) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 256;
  Target T = Target::get(KI);
  ASSERT_NEAR(getStoreBandwidth(90).BytesPerSMCycle, 12.3, 1e-9);
  Estimate Bound(100, 32, {{100, 1600}});
  Bound.StoreBytes = 1230;
  EXPECT_NEAR(getStoreDrainTime(Bound, T), 400, 1e-9);
  EXPECT_NEAR(predictTime(Bound, T), 400, 1e-9);
  Estimate Busy(1000, 32, {{1000, 1600}});
  Busy.StoreBytes = 1230;
  EXPECT_NEAR(predictTime(Busy, T), 1000, 1e-9);
  Estimate NoPhases(100, 32);
  NoPhases.StoreBytes = 1230;
  EXPECT_NEAR(predictTime(NoPhases, T), 400, 1e-9);
  Estimate Spills(100, 255, {{100, 100}});
  Spills.StoreBytes = 1230;
  Spills.Spilled = 10;
  EXPECT_NEAR(predictTime(Spills, T),
              400 + 10 * 2 * getOpClassCost(OpClass::Memory, 90) + 38.98 / 2,
              1e-9);
}

// Global stores count 32 lanes of their size; the stack's and shared
// memory's stay on the SM.
TEST(StoreTraffic, CountsGlobalStoresOnly) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"(
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [32 x float] poison
@table = addrspace(1) global [32 x double] zeroinitializer
define ptx_kernel void @k(ptr %out, ptr addrspace(1) %g, float %x, i32 %i) {
  %slot = alloca float
  store float %x, ptr %slot
  store float %x, ptr %out
  %p = getelementptr float, ptr %out, i32 %i
  store float %x, ptr %p
  store float %x, ptr addrspace(1) %g
  store float %x, ptr addrspace(3) @tile
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  store float %x, ptr %s
  %t = addrspacecast ptr addrspace(1) @table to ptr
  store double 1.0, ptr %t
  ret void
}
)");
  ASSERT_TRUE(M);
  SmallVector<Instruction *, 16> Insts;
  for (Instruction &I : M->getFunction("k")->getEntryBlock())
    Insts.push_back(&I);
  // %out twice, %g, @table: 3 floats and a double.
  EXPECT_NEAR(getWarpStoreBytes(Insts), 32 * (3 * 4 + 8), 1e-9);
}

// Spilled values are stored and reloaded once per unit of work: two memory
// operations each (cost 4 each on sm_90), and one L1 hit (38.98 cycles,
// measured) for them all, the reloads being independent, shared by the
// warps resident. 255 registers at 256 threads leave one block, 8 warps, 2
// a scheduler: 10 spilled cost 10 * 8 + 19.49.
TEST(CostModel, SpillsCostMemoryAccesses) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 256;
  Target T = Target::get(KI);
  Estimate NoSpill(1000, 255);
  Estimate Spills(1000, 255);
  Spills.Spilled = 10;
  double Extra = predictTime(Spills, T) - predictTime(NoSpill, T);
  double Knee = OccupancyKnee / T.occupancy(255).Fraction;
  EXPECT_NEAR(Extra,
              (10 * 2 * getOpClassCost(OpClass::Memory, 90) + 38.98 / 2) * Knee,
              1e-6);
  Decision D = decide(Spills, NoSpill, T, 1.0);
  EXPECT_GT(D.Ratio, 1.0);
  EXPECT_NE(D.Explanation.find("registers 255 -> 255 (10 -> 0 spilled)"),
            std::string::npos);
}

// A range is decided at its worst block size: 56 registers keep 50% of
// the warps at 256 threads a block (no loss), but at 640 only one block
// of 20 warps fits (31%).
TEST(CostModel, DecisionAtWorstBlockSize) {
  KernelInfo KI;
  KI.Target = "sm_90";
  Decision D = decide({100, 32}, {80, 56}, Target::get(KI), 1.05);
  EXPECT_FALSE(D.Profitable);
  EXPECT_NE(D.Explanation.find("the worst of 32-1024 threads/block (assumed: "
                               "no launch bounds)"),
            std::string::npos);
  KI.ReqThreadsPerBlock = 256;
  Decision Req = decide({100, 32}, {80, 56}, Target::get(KI), 1.05);
  EXPECT_TRUE(Req.Profitable);
  EXPECT_NEAR(Req.Ratio, 1.25, 1e-9);
  EXPECT_NE(Req.Explanation.find("at 256 threads/block (reqntid)"),
            std::string::npos);
}

// Live 32-bit registers: two floats and an i64 live together count 4; the
// i1 condition counts nothing; the kernel's arguments stay in param space.
TEST(RegisterPressure, CountsUnits) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %out, float %x) {
  %a = fmul float %x, 2.0
  %b = fadd float %x, 1.0
  %w = zext i32 7 to i64
  %c = fcmp olt float %a, %b
  %s = select i1 %c, float %a, float %b
  %w2 = add i64 %w, 1
  store float %s, ptr addrspace(1) %out
  store i64 %w2, ptr addrspace(1) %out
  ret void
}
)");
  RegisterPressure RP = computeRegisterPressure(*M->getFunction("k"));
  EXPECT_EQ(RP.MaxLive, 4u); // a, b, w (2) across the fcmp.
  EXPECT_EQ(getRegisterUnits(Type::getInt1Ty(Ctx)), 0u);
  EXPECT_EQ(getRegisterUnits(Type::getDoubleTy(Ctx)), 2u);
  EXPECT_EQ(getRegisterUnits(FixedVectorType::get(Type::getFloatTy(Ctx), 4)),
            4u);
}

// A trial copy measured against the function measured once must count what
// measuring the function with the copy in it counts. Here the copy selects
// between two addresses the function only loads and stores through: they,
// and the index they are computed from, then hold registers (5 units at the
// select: the product and two pointers), where the function alone, which
// computes each address in its access's block, folds them into its
// accesses (3 units).
TEST(RegisterPressure, AddedRegionAsWholeFunction) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"(
target triple = "nvptx64-nvidia-cuda"
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out,
                          i32 %i, i1 %c) {
entry:
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %a = load float, ptr addrspace(1) %p
  br label %body
body:
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  %b = fmul float %a, 2.0
  store float %b, ptr addrspace(1) %q
  ret void
}
)");
  Function &F = *M->getFunction("k");
  FunctionPressure FP(F);
  EXPECT_EQ(FP.getMaxLive(), 1u); // %a, then %b: the addresses fold.

  auto *Body = const_cast<BasicBlock *>(&block(F, "body"));
  ValueToValueMapTy VMap;
  BasicBlock *Trial = CloneBasicBlock(Body, VMap, ".trial", &F);
  SmallVector<BasicBlock *, 1> Added{Trial};
  remapInstructionsInBlocks(Added, VMap);
  auto *Store = cast<StoreInst>(&*std::next(Trial->begin(), 2));
  Argument *Cond = F.getArg(3);
  Value *P = nullptr;
  for (Instruction &I : F.getEntryBlock())
    if (I.getName() == "p")
      P = &I;
  auto *Sel = SelectInst::Create(Cond, P, Store->getPointerOperand(), "sel",
                                 Store->getIterator());
  Store->setOperand(Store->getPointerOperandIndex(), Sel);

  SmallVector<const BasicBlock *, 1> Blocks{Trial};
  unsigned Scratch = computeRegionMaxLive(Blocks, LiveOutMap());
  EXPECT_EQ(Scratch, 5u);
  EXPECT_EQ(FP.getAddedRegionMaxLive(Blocks, LiveOutMap(), Blocks), Scratch);
  // The rest of the function, as measured before the copy.
  SmallPtrSet<const BasicBlock *, 2> Region{Body};
  EXPECT_EQ(FP.getMaxLiveOutside(Region), 1u);
}

// A profiled grid smaller than occupancy allows caps the resident blocks:
// the busiest SM holds the grid's share rounded up, and a phase's latency
// is then exposed (never below one warp a scheduler: with fewer warps than
// schedulers, each waits alone).
TEST(CostModel, GridCapsResidentBlocks) {
  KernelInfo KI;
  KI.Target = "sm_90";
  KI.ReqThreadsPerBlock = 96;
  Target T = Target::get(KI);
  Occupancy Full = T.occupancy(32);
  EXPECT_GT(Full.BlocksPerSM, 2u);
  EXPECT_FALSE(T.isGridBound(32));
  T.GridBlocksPerSM = 1.0;
  Occupancy One = T.occupancy(32);
  EXPECT_EQ(One.BlocksPerSM, 1u);
  EXPECT_EQ(One.WarpsPerSM, 3u);
  EXPECT_NEAR(One.Fraction, 3.0 / 64, 1e-12);
  EXPECT_TRUE(T.isGridBound(32));
  T.GridBlocksPerSM = 1.5; // Half the SMs hold two blocks.
  EXPECT_EQ(T.occupancy(32).BlocksPerSM, 2u);
  T.GridBlocksPerSM = 0.25; // Most SMs idle; the busy ones hold one.
  EXPECT_EQ(T.occupancy(32).BlocksPerSM, 1u);
  T.GridBlocksPerSM = 1000.0; // A grid larger than occupancy: no cap.
  EXPECT_EQ(T.occupancy(32).BlocksPerSM, Full.BlocksPerSM);
  EXPECT_FALSE(T.isGridBound(32));

  T.GridBlocksPerSM = 1.0;
  Estimate Chain(100, 32, {{100, 400}});
  EXPECT_NEAR(getWarpsPerScheduler(Chain, T), 1.0, 1e-12);
  EXPECT_NEAR(predictTime(Chain, T), 400, 1e-9);
}

// Chain latency: a load through a generic pointer into a __shared__ array
// (clang's addrspacecast) is an on-chip load, not a global one; a store
// ends no chain (nothing waits for it).
TEST(ChainLatency, SharedThroughGenericAndStores) {
  LLVMContext Ctx;
  auto M = parse(Ctx, R"(
target triple = "nvptx64-nvidia-cuda"
@s = internal addrspace(3) global [64 x i32] undef
define ptx_kernel void @k(i64 %i, ptr %g) {
shared:
  %p = getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @s to ptr), i64 %i
  %v = load i32, ptr %p
  %w = add i32 %v, 1
  br label %global
global:
  %q = getelementptr inbounds i32, ptr %g, i64 %i
  %u = load i32, ptr %q
  br label %store
store:
  store i32 %w, ptr %g
  ret void
}
)");
  const Function &F = *M->getFunction("k");
  double Shared = getBlockChainLatency(block(F, "shared"), 90);
  EXPECT_LT(Shared, 100);
  EXPECT_GE(getBlockChainLatency(block(F, "global"), 90), GlobalLoadLatency);
  EXPECT_LT(getBlockChainLatency(block(F, "store"), 90), 10);
}

// A ratio just below the threshold must not print as the threshold: three
// decimals where two would round it up to it, two everywhere else.
TEST(CostModel, RatioDecimalsTellBelowFromAt) {
  EXPECT_EQ(getRatioDecimals(1.0483, 1.05), 3); // 1.05x would read as met
  EXPECT_EQ(getRatioDecimals(1.0449, 1.05), 2); // 1.04x: below, visibly
  EXPECT_EQ(getRatioDecimals(1.05, 1.05), 2);   // met
  EXPECT_EQ(getRatioDecimals(1.0512, 1.05), 2); // above
  EXPECT_EQ(getRatioDecimals(1.0951, 1.10), 3);
  EXPECT_EQ(getRatioDecimals(0.5, 1.10), 2);
}

namespace {

/// A switch's record: Ways[W] = {lanes, warps, uniform}.
profile::BranchRecord switchRecord(profile::Count Execs,
                                   profile::Count Divergent,
                                   std::vector<profile::WayCounts> Ways) {
  profile::BranchRecord R;
  R.Executions = Execs;
  R.Divergent = Divergent;
  R.Ways = std::move(Ways);
  return R;
}

} // namespace

// A switch whose warps never diverged: each lowered branch sees the warps
// that did not take an earlier way alone, and none of them diverges.
TEST(SwitchWayRecord, NeverDivergedStaysUniform) {
  profile::BranchRecord Sw = switchRecord(
      1000, 0,
      {{8000, 250, 250}, {8000, 250, 250}, {8000, 250, 250}, {8000, 250, 250}});
  // Way 2 against way 3, after ways 0 and 1.
  profile::BranchRecord R = getSwitchWayRecord(Sw, 2, {3}, {0, 1});
  EXPECT_EQ(R.Executions, 500u);
  EXPECT_EQ(R.Divergent, 0u);
  ASSERT_EQ(R.Ways.size(), 2u);
  EXPECT_EQ(R.Ways[0].Uniform, 250u);
  EXPECT_EQ(R.Ways[1].Uniform, 250u);
  EXPECT_EQ(R.Ways[1].Lanes, 8000u);
  WarpOutcomes W = getMeasuredOutcomes(R);
  EXPECT_DOUBLE_EQ(W.Both, 0.0);
  EXPECT_DOUBLE_EQ(W.ThenOnly + W.ElseOnly, 1.0);
}

// Every warp diverged among every way: so does every lowered branch.
TEST(SwitchWayRecord, DivergedEverywhereDivergesEverywhere) {
  profile::BranchRecord Sw = switchRecord(
      1000, 1000, {{8000, 1000, 0}, {8000, 1000, 0}, {8000, 1000, 0}});
  profile::BranchRecord R = getSwitchWayRecord(Sw, 0, {1, 2}, {});
  EXPECT_EQ(R.Executions, 1000u);
  EXPECT_EQ(R.Divergent, 1000u);
  EXPECT_EQ(R.Ways[0].Uniform, 0u);
  EXPECT_EQ(R.Ways[1].Uniform, 0u);
  EXPECT_EQ(R.Ways[1].Lanes, 16000u);
  EXPECT_DOUBLE_EQ(getMeasuredOutcomes(R).Both, 1.0);
}

// A way some warps took alone and others among other ways: diverged where
// the warps that took it did not take it alone, at most as often as the
// switch diverged. Sampled counts that do not add up leave no negative
// count.
TEST(SwitchWayRecord, CountsStayInRange) {
  profile::BranchRecord Sw =
      switchRecord(1000, 300, {{5000, 600, 400}, {7000, 500, 200}});
  profile::BranchRecord R = getSwitchWayRecord(Sw, 0, {1}, {});
  EXPECT_EQ(R.Divergent, 200u); // 600 warps took way 0, 400 of them alone
  EXPECT_EQ(R.Ways[0].Uniform, 400u);
  EXPECT_EQ(R.Ways[1].Uniform, 400u); // the rest of the 1000
  profile::BranchRecord Odd =
      switchRecord(100, 50, {{10, 80, 80}, {10, 90, 60}, {10, 10, 0}});
  profile::BranchRecord Late = getSwitchWayRecord(Odd, 2, {}, {0, 1});
  EXPECT_EQ(Late.Executions, 0u); // 80 + 60 alone of 100
  EXPECT_EQ(Late.Divergent, 0u);
  EXPECT_EQ(Late.Ways[1].Uniform, 0u);
}
