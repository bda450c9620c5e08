//===- ModelInputs.cpp - What the cost model assumes of a run -------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ModelInputs.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/ProfDataUtils.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace divopt {

static cl::opt<unsigned> AssumedBlockSize(
    "divopt-assume-block-size", cl::init(0), cl::Hidden,
    cl::value_desc("threads"),
    cl::desc("Model kernels whose code states no block size (no reqntid) at "
             "this one, as a profile would (0: none)"));

namespace {
/// A count of blocks per SM: positive, finite.
struct BlocksPerSMParser : cl::parser<double> {
  using cl::parser<double>::parser;
  bool parse(cl::Option &O, StringRef Name, StringRef Arg, double &Value) {
    if (cl::parser<double>::parse(O, Name, Arg, Value))
      return true;
    if (!(Value > 0 && Value <= 1e9))
      return O.error("'" + Arg + "' is not a number of blocks per SM (> 0)");
    return false;
  }
};

/// A probability, 0 to 1; anything else is an error.
struct ProbabilityParser : cl::parser<double> {
  using cl::parser<double>::parser;
  bool parse(cl::Option &O, StringRef Name, StringRef Arg, double &Value) {
    if (cl::parser<double>::parse(O, Name, Arg, Value))
      return true;
    if (Value < 0 || Value > 1)
      return O.error("'" + Arg + "' is not a probability (0 to 1)");
    return false;
  }
};
} // namespace

static cl::opt<double, false, ProbabilityParser> AssumedSwitchRate(
    "divopt-assume-switch-rate", cl::init(-1), cl::Hidden,
    cl::value_desc("probability"),
    cl::desc("Probability that a lane's next loop iteration takes the other "
             "way of a divergent branch, as a profile would measure it "
             "(default: independent iterations)"));

static cl::opt<double, false, BlocksPerSMParser> AssumedGridBlocksPerSM(
    "divopt-assume-grid-blocks-per-sm", cl::init(0), cl::Hidden,
    cl::value_desc("blocks"),
    cl::desc("Model kernels as launched with a grid of this many blocks per "
             "SM, as a profile's launch records would say (default: a grid "
             "that fills every SM)"));

double getTakenProbability(const BranchInst &Br) {
  uint64_t TW, FW;
  if (Br.isConditional() && extractBranchWeights(Br, TW, FW) && TW + FW > 0)
    return double(TW) / double(TW + FW);
  return DefaultTakenProbability;
}

std::optional<double> getSwitchProbability(const BranchInst &) {
  if (AssumedSwitchRate >= 0)
    return double(AssumedSwitchRate);
  return std::nullopt;
}

std::optional<unsigned> getAssumedBlockSize() {
  if (AssumedBlockSize > 0)
    return unsigned(AssumedBlockSize);
  return std::nullopt;
}

std::optional<double> getAssumedGridBlocksPerSM() {
  if (AssumedGridBlocksPerSM > 0)
    return double(AssumedGridBlocksPerSM);
  return std::nullopt;
}

/// Trips of L, from the most exact source there is (ModelInputs.h).
static double getTrips(Loop &L, ScalarEvolution &SE, MeasuredTrips Measured) {
  if (unsigned Trips = SE.getSmallConstantTripCount(&L))
    return Trips;
  if (Measured)
    if (std::optional<double> Trips = Measured(L))
      return *Trips;
  if (std::optional<unsigned> Estimate = getLoopEstimatedTripCount(&L);
      Estimate && *Estimate > 0)
    return *Estimate;
  return DefaultTripCount;
}

double getTripWeight(const BasicBlock &BB, const Loop *Outer,
                     const LoopInfo &LI, ScalarEvolution &SE,
                     MeasuredTrips Measured) {
  double Weight = 1;
  for (Loop *L = LI.getLoopFor(&BB); L && L != Outer; L = L->getParentLoop())
    Weight *= getTrips(*L, SE, Measured);
  return Weight;
}

} // namespace divopt
