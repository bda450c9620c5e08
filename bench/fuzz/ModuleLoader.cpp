//===- ModuleLoader.cpp - JIT-compiles PTX pairs ahead, in parallel -------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ModuleLoader.h"

#include "runtime/Error.h"

#include <fstream>

namespace divopt::fuzz {

ModuleLoader::ModuleLoader(const runtime::Context &Ctx,
                           const std::vector<const FuzzKernel *> &Kernels,
                           unsigned Threads, std::size_t Lookahead, bool Jit)
    : Ctx(Ctx), Kernels(Kernels), Lookahead(Lookahead ? Lookahead : 1),
      Jit(Jit), Slots(Kernels.size()) {
  for (unsigned I = 0; I < (Threads ? Threads : 1); ++I)
    Workers.emplace_back([this] { work(); });
}

ModuleLoader::~ModuleLoader() {
  {
    std::lock_guard<std::mutex> G(Lock);
    Stop = true;
  }
  Changed.notify_all();
  for (std::thread &T : Workers)
    T.join();
  // Unload here, while the context the modules belong to is current.
  Ctx.makeCurrent();
  Slots.clear();
}

std::string ModuleLoader::imagePath(const std::string &Ptx) const {
  const std::string Ext = ".ptx";
  if (Jit || Ptx.size() < Ext.size() ||
      Ptx.compare(Ptx.size() - Ext.size(), Ext.size(), Ext) != 0)
    return Ptx;
  std::string Cubin = Ptx.substr(0, Ptx.size() - Ext.size()) + ".cubin";
  return std::ifstream(Cubin) ? Cubin : Ptx;
}

LoadedPair ModuleLoader::load(const FuzzKernel &K) {
  LoadedPair P;
  const char *Variant = "base";
  try {
    P.Base = runtime::Module::loadFile(Ctx, imagePath(K.BasePtx));
    Variant = "divopt";
    P.DivOpt = runtime::Module::loadFile(Ctx, imagePath(K.DivOptPtx));
  } catch (const std::exception &E) {
    P.Error = std::string(Variant) + " variant: " + E.what();
  }
  return P;
}

void ModuleLoader::work() {
  Ctx.makeCurrent();
  std::unique_lock<std::mutex> G(Lock);
  while (true) {
    Changed.wait(G, [&] {
      return Stop || (Next < Slots.size() && Next < Taken + Lookahead);
    });
    if (Stop)
      return;
    std::size_t Index = Next++;
    G.unlock();
    LoadedPair P = load(*Kernels[Index]);
    G.lock();
    Slots[Index] = std::move(P);
    Changed.notify_all();
  }
}

LoadedPair ModuleLoader::take(std::size_t Index) {
  std::unique_lock<std::mutex> G(Lock);
  Changed.wait(G, [&] { return Slots[Index].has_value(); });
  LoadedPair P = std::move(*Slots[Index]);
  Slots[Index].reset();
  Taken = Index + 1;
  Changed.notify_all();
  return P;
}

} // namespace divopt::fuzz
