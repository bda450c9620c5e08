//===- LaunchShape.h - The block sizes a kernel may run at ------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Occupancy, and so every register-driven decision, depends on the block
// size, which the host chooses at launch. What the compiler can know of it,
// most exact first:
//   - "nvvm.reqntid": the kernel requires that block size (exact);
//   - a profile of the kernel's launches (exact for the measured runs; the
//     caller fills it, see LaunchShape::get);
//   - a block size an option states (-divopt-assume-block-size, what a
//     profile would say; the calibration uses it);
//   - "nvvm.maxntid" (__launch_bounds__): any size from one warp up to it;
//   - nothing: any size from one warp up to the architecture's limit, an
//     assumption the remarks name.
// Where the size is a range, the cost model takes a transform only if it
// is predicted to pay at every block size of the range (CostModel.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_ANALYSIS_LAUNCHSHAPE_H
#define DIVOPT_ANALYSIS_LAUNCHSHAPE_H

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace divopt {

struct KernelInfo;

/// Where a kernel's block sizes come from, most exact first.
enum class LaunchShapeSource { Required, Profile, Option, Bounded, Assumed };

struct LaunchShape {
  /// Block sizes in threads, both ends included.
  unsigned MinThreads = 32;
  unsigned MaxThreads = 1024;
  LaunchShapeSource Source = LaunchShapeSource::Assumed;

  bool isExact() const { return MinThreads == MaxThreads; }

  /// The block sizes that give different occupancies: every whole number
  /// of warps in the range, and the range's ends.
  llvm::SmallVector<unsigned, 32> getBlockSizes() const;

  /// "256 threads/block (reqntid)", "32-512 threads/block (launch bounds)",
  /// "32-1024 threads/block (assumed: no launch bounds)".
  void print(llvm::raw_ostream &OS) const;

  /// The shape of a kernel: its reqntid, else ProfiledThreads (a block
  /// size measured by a profile; ignored where it breaks the launch
  /// bounds), else -divopt-assume-block-size (ModelInputs.h; the same),
  /// else 32 up to its maxntid, else 32 up to MaxThreadsPerBlock.
  static LaunchShape get(const KernelInfo &KI, unsigned MaxThreadsPerBlock,
                         std::optional<unsigned> ProfiledThreads = {});
};

/// A short name of a source ("reqntid", "profile",
/// "-divopt-assume-block-size", "launch bounds", "assumed: no launch
/// bounds").
const char *getLaunchShapeSourceName(LaunchShapeSource S);

} // namespace divopt

#endif // DIVOPT_ANALYSIS_LAUNCHSHAPE_H
