//===- OccupancyQuery.h - The driver's occupancy for a kernel ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What the driver says about resident blocks, for a real kernel (its actual
// registers and static shared memory). DivOpt's own model
// (analysis/model/Occupancy.h) predicts the same number from the same
// inputs; the bench's occupancy sweep compares the two.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_OCCUPANCYQUERY_H
#define DIVOPT_RUNTIME_OCCUPANCYQUERY_H

#include <cstddef>

namespace divopt::runtime {

class Kernel;

/// cuOccupancyMaxActiveBlocksPerMultiprocessor: resident blocks of K per SM
/// at BlockSize threads and DynamicSharedBytes of dynamic shared memory
/// (0 when such a block cannot run at all).
int queryMaxActiveBlocksPerSM(const Kernel &K, int BlockSize,
                              std::size_t DynamicSharedBytes = 0);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_OCCUPANCYQUERY_H
