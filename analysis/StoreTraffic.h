//===- StoreTraffic.h - Bytes a warp's global stores write ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a stretch of code stores to global memory, in bytes a full warp
// writes: each store that may reach global memory counts its size for each
// of a warp's 32 lanes, the least a warp's store drains to DRAM (coalesced;
// scattered lanes touch more sectors). Stores to the stack or to shared
// memory stay on the SM and count nothing. The cost model turns the bytes
// into the time the SM's share of DRAM bandwidth needs for them
// (analysis/model/StoreBandwidth.h), a floor under a loop's time.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_STORETRAFFIC_H
#define DIVOPT_ANALYSIS_STORETRAFFIC_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Instruction;
class Value;
} // namespace llvm

namespace divopt {

/// True when Ptr may address global memory: a global pointer, or a generic
/// one that is not derived from an alloca, a shared or constant variable,
/// or a cast from the shared, constant or local address space.
bool mayPointToGlobal(const llvm::Value *Ptr);

/// True when I is a store that may write global memory.
bool isGlobalStore(const llvm::Instruction &I);

/// Bytes a full warp writes to global memory running Insts once.
double getWarpStoreBytes(llvm::ArrayRef<llvm::Instruction *> Insts);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_STORETRAFFIC_H
