//===- BbvProfile.h - Per-thread basic-block vectors ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `bbv-profile`: for each kernel, adds `<name>_$_divopt_$_bbv`, a copy that
// counts, per thread, how often each of its basic blocks runs (the thread's
// basic-block vector, BBV) and writes the counts at return into a buffer
// passed as a new last parameter, `unsigned *counters` (the blocks of the
// functions it calls included: the copy inlines them, pinned as they
// compile alone, all but recursive and fast-math callees, which a missed
// remark names):
//   all threads:  counters[thread * blocks + block], thread = the linear
//                 index of the thread in the launch;
//   block=N:      only the threads of CTA N (linear block index) write,
//                 counters[thread-in-block * blocks + block].
// Counting happens in a per-thread array (registers or local memory), so
// the instrumented kernel's memory traffic is the final write alone.
// Beside it goes a constant string `<name>_$_divopt_$_bbv_$_map`
// (runtime/BbvMap.h) naming each counter's block and its instructions per
// operation class, which the runtime reads with cuModuleGetGlobal. The original
// kernel is kept. Threads that leave through `unreachable` (a trap) write
// nothing; counts are 32-bit and wrap after 2^32 - 1 runs of a block by one
// thread.
//
//   bbv-profile<kernel=NAME;block=N>
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_BBVPROFILE_H
#define DIVOPT_PASSES_BBVPROFILE_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace divopt {

struct BbvProfileOptions {
  /// Only this kernel; every kernel when empty.
  std::string Kernel;
  /// Only the threads of this CTA (linear block index); all when unset.
  std::optional<unsigned> Block;
};

llvm::Expected<BbvProfileOptions>
parseBbvProfileOptions(llvm::StringRef Params);

class BbvProfilePass : public llvm::PassInfoMixin<BbvProfilePass> {
public:
  explicit BbvProfilePass(BbvProfileOptions Opts = {})
      : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  BbvProfileOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_BBVPROFILE_H
