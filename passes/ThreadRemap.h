//===- ThreadRemap.h - Reference redirection of the thread index -*- C++
//-*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `thread-remap`: thread regrouping by reference redirection (IEEE TCAD
// 35(7), 2016). For each kernel that sees its thread only through the global
// index blockIdx.x*blockDim.x+threadIdx.x, adds a kernel
// `<name>_$_divopt_$_remap` whose last parameter is `const unsigned *redirect`,
// one entry per launched thread; every use of the index i becomes
// redirect[i], so the thread in position i does the work of thread
// redirect[i]. The runtime (runtime/ThreadRegrouping.h) fills the table from
// a BBV profile so that threads with the same control flow share warps. The
// original kernel is kept. Kernels that read threadIdx or blockIdx
// otherwise, use shared memory, barriers or warp-collective operations are
// refused with a remark: regrouping would separate cooperating threads.
//
//   thread-remap<kernel=NAME>
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_PASSES_THREADREMAP_H
#define DIVOPT_PASSES_THREADREMAP_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace divopt {

struct ThreadRemapOptions {
  /// Only this kernel; every kernel when empty.
  std::string Kernel;
};

llvm::Expected<ThreadRemapOptions>
parseThreadRemapOptions(llvm::StringRef Params);

class ThreadRemapPass : public llvm::PassInfoMixin<ThreadRemapPass> {
public:
  explicit ThreadRemapPass(ThreadRemapOptions Opts = {})
      : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  void printPipeline(llvm::raw_ostream &OS,
                     llvm::function_ref<llvm::StringRef(llvm::StringRef)>
                         MapClassName2PassName);
  static bool isRequired() { return true; }

private:
  ThreadRemapOptions Opts;
};

} // namespace divopt

#endif // DIVOPT_PASSES_THREADREMAP_H
