//===- SwitchDispatch.h - Divergent switches without jump tables -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `switch-dispatch`: a switch of many dense cases is dispatched through a
// jump table, one indirect branch (`brx.idx`) to the way the value picks.
// Where the lanes of a warp pick different ways, that branch is slow on
// Hopper: a register machine's opcode switch ran 1.25x faster dispatched
// by compares instead (an H100, bench/results/2026-11-27-h100-interpreter.md;
// a stack machine's 2.08x there came from ptxas keeping its stack in local
// memory once the jump table went, 0.98x where it does so either way:
// bench/results/2026-11-28-h100-interpreter-stack.md). A function that holds a
// divergent switch LLVM would give a jump table is marked
// `no-jump-tables`, so that code generation dispatches its switches by
// compares.
//
// The attribute is the function's, not a switch's: where the function
// also holds a switch of that kind that keeps its jump table (a
// warp-uniform one, whose lanes all take one way and for which a jump
// table is the quicker dispatch: the same interpreter, one program a
// warp, ran 0.726x by compares, ptxas then keeping its stack in local
// memory rather than registers), the divergent switches are lowered to
// trees of compares in IR instead (SwitchCompareTree.h), and the other
// keeps its table (a shader VM's per-pixel surface switch inside its
// per-block opcode switch: 2.10x where a warp's pixels are of different
// surfaces, against 1.71x with both by compares,
// bench/results/2026-11-28-h100-shadervm.md). With a profile, a switch
// that diverged in under 5% of its warp executions counts as uniform, and
// so does, without one, a switch whose condition reads the thread's index
// only through its warp (WarpIndexTest.h: a program a warp interprets,
// bench/results/2026-11-28-h100-fitness.md), unless its ways are a few
// instructions that touch no memory: a jump table on a value each lane
// holds for itself is then slower than compares even where the lanes
// agree (a blend-mode switch, a warp's pixels of one mode: 1.29x-1.32x by
// compares, bench/results/2026-11-27-h100-blend.md; the register machine
// 1.28x).
// A divergent switch whose median way holds more than 14 instructions
// keeps its jump table: over ways that large, compares cost more even
// where lanes disagree (0.956x-0.970x by compares on an H100,
// bench/results/2026-11-27-h100-dispatch-sweep.md). Every such switch
// gets a remark.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_SWITCHDISPATCH_H
#define DIVOPT_PASSES_SWITCHDISPATCH_H

#include "llvm/IR/PassManager.h"

#include <optional>

namespace llvm {
class LoopInfo;
class SwitchInst;
} // namespace llvm

namespace divopt {

/// Whether LLVM's switch lowering would likely dispatch Sw by a jump
/// table: at least 4 case values, at least one in ten values of their
/// range a case (SelectionDAG's density for code not optimized for size),
/// and more than 3 destinations or a range wider than 64 (else bit tests
/// serve it).
bool wouldUseJumpTable(const llvm::SwitchInst &Sw);

/// Whether each way of Sw holds at most 8 instructions of its own (in the
/// blocks only it enters, up to where it meets the others), none touching
/// memory, and no loop: the ways of a blend-mode or a register machine's
/// switch, not those of a stack machine, which load and store.
bool hasSmallWays(const llvm::SwitchInst &Sw, const llvm::LoopInfo &LI);

/// The instructions of its own that the median way of Sw holds (of two
/// middle ways, the smaller; a way holding a loop counts as the largest);
/// none where no way holds code.
std::optional<unsigned> getMedianWayInstructions(const llvm::SwitchInst &Sw,
                                                 const llvm::LoopInfo &LI);

class SwitchDispatchPass : public llvm::PassInfoMixin<SwitchDispatchPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>) {
    OS << "switch-dispatch";
  }
  static bool isRequired() { return true; }
};

} // namespace divopt

#endif // DIVOPT_PASSES_SWITCHDISPATCH_H
