//===- ChainLatency.cpp - Latency of a block's dependence chains ----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ChainLatency.h"
#include "AddressSpace.h"
#include "InstructionCost.h"
#include "analysis/model/InstructionLatency.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Instructions.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

/// Shared (3), constant (4) and parameter (101) space are on chip or
/// cached close to it: the table's L1 latency holds for them.
static bool isOffChipLoad(const Instruction &I) {
  const auto *LI = dyn_cast<LoadInst>(&I);
  if (!LI)
    return false;
  // A generic pointer into a __shared__ array is a shared load.
  unsigned AS = getInferredAddressSpace(LI->getPointerOperand());
  return AS == 0 || AS == 1;
}

double getInstructionLatency(const Instruction &I, unsigned CC) {
  if (isOffChipLoad(I))
    return GlobalLoadLatency;
  LatencyTable T = getLatencyTable(CC);
  return T.Cycles[static_cast<std::size_t>(classify(I))];
}

double getBlockChainLatency(const BasicBlock &BB, unsigned CC) {
  return getBlockChainLatency(BB, CC, [](const Instruction &) { return true; });
}

double getBlockChainLatency(const BasicBlock &BB, unsigned CC,
                            function_ref<bool(const Instruction &)> Include) {
  DenseMap<const Instruction *, double> Ready;
  double Longest = 0;
  for (const Instruction &I : BB) {
    // A PHI is ready when the block starts; what Include leaves out runs
    // elsewhere, and its values are taken as ready like other blocks'.
    if (isa<PHINode>(I) || !Include(I))
      continue;
    double Start = 0;
    for (const Value *Op : I.operands())
      if (const auto *D = dyn_cast<Instruction>(Op))
        if (auto It = Ready.find(D); It != Ready.end())
          Start = std::max(Start, It->second);
    // Nothing waits for a store to complete: it ends no chain.
    double Done =
        Start + (isa<StoreInst>(I) ? 0.0 : getInstructionLatency(I, CC));
    Ready[&I] = Done;
    Longest = std::max(Longest, Done);
  }
  return Longest;
}

} // namespace divopt
