//===- OccupancyQuery.cpp - The driver's occupancy for a kernel -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/OccupancyQuery.h"

#include "runtime/Error.h"
#include "runtime/Kernel.h"

#include <cuda.h>

namespace divopt::runtime {

int queryMaxActiveBlocksPerSM(const Kernel &K, int BlockSize,
                              std::size_t DynamicSharedBytes) {
  int Blocks = 0;
  checkDriver(cuOccupancyMaxActiveBlocksPerMultiprocessor(
                  &Blocks, K.handle(), BlockSize, DynamicSharedBytes),
              "cuOccupancyMaxActiveBlocksPerMultiprocessor", K.name());
  return Blocks;
}

} // namespace divopt::runtime
