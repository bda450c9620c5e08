//===- IterationDelay.h - Iteration delaying of divergent loops -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `iter-delay` (Han & Abdelrahman, GPGPU-4 2011; "loop postpone" in Liu et
// al. 2014). A loop whose body holds a divergent if/else at its top level
// runs, per warp and per trip, only one arm, chosen by a warp vote; lanes
// that want the other arm keep their pending iteration and wait. Each lane
// still runs its own iterations, in order, each exactly once.
//
//   iter-delay                       the cost model picks a strategy, or none
//   iter-delay<majority;threshold=16;max-delay=32>
//   iter-delay<round-robin;cycle=50>  or  <round-robin;zeros=3;ones=1>
//   iter-delay<round-robin;idle-removal>
//   iter-delay<advance>               loop advance (Liu et al. 2014)
//   iter-delay<...;min-speedup=1.05>  iter-delay<...;force>
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_ITERATIONDELAY_H
#define DIVOPT_PASSES_ITERATIONDELAY_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace divopt {

/// How a trip's way is chosen: majority vote, round-robin turns, or loop
/// advance (alternating turns, no vote).
enum class DelayVote { Majority, RoundRobin, Advance };

struct IterationDelayOptions {
  /// None: the cost model picks the best strategy, or leaves the loop.
  std::optional<DelayVote> Vote;
  /// Majority: the then-arm runs when at least Threshold/32 of the live
  /// lanes want it (relative to live lanes, so some lane always runs).
  unsigned Threshold = 16;
  /// Majority: one trip in every MaxDelay + 1 goes to the side the vote
  /// would leave waiting, so no lane waits more than MaxDelay + 1 trips in
  /// a row (anti-starvation; on a switch, a way waits at most K forced
  /// trips).
  unsigned MaxDelay = 32;
  /// Round robin: Ones trips for the then-arm, then Zeros for the else-arm.
  unsigned Ones = 1, Zeros = 1;
  /// Round robin: skip a turn that no live lane wants.
  bool IdleRemoval = false;
  /// Minimum predicted speedup of the loop.
  double MinSpeedup = 1.05;
  /// Transform whatever is legal, whatever the cost model says.
  bool Force = false;
};

llvm::Expected<IterationDelayOptions>
parseIterationDelayOptions(llvm::StringRef Params);

class IterationDelayPass : public llvm::PassInfoMixin<IterationDelayPass> {
public:
  explicit IterationDelayPass(IterationDelayOptions Opts = {}) : Opts(Opts) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  IterationDelayOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_ITERATIONDELAY_H
