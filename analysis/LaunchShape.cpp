//===- LaunchShape.cpp - The block sizes a kernel may run at --------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "LaunchShape.h"
#include "KernelInfo.h"
#include "ModelInputs.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;

namespace divopt {

/// Threads in a warp: occupancy changes only between whole warps.
constexpr unsigned WarpThreads = 32;

SmallVector<unsigned, 32> LaunchShape::getBlockSizes() const {
  SmallVector<unsigned, 32> Sizes;
  Sizes.push_back(MinThreads);
  unsigned Next = (MinThreads / WarpThreads + 1) * WarpThreads;
  for (unsigned N = Next; N < MaxThreads; N += WarpThreads)
    Sizes.push_back(N);
  if (MaxThreads != MinThreads)
    Sizes.push_back(MaxThreads);
  return Sizes;
}

const char *getLaunchShapeSourceName(LaunchShapeSource S) {
  switch (S) {
  case LaunchShapeSource::Required:
    return "reqntid";
  case LaunchShapeSource::Profile:
    return "profile";
  case LaunchShapeSource::Option:
    return "-divopt-assume-block-size";
  case LaunchShapeSource::Bounded:
    return "launch bounds";
  case LaunchShapeSource::Assumed:
    return "assumed: no launch bounds";
  }
  return "unknown";
}

void LaunchShape::print(raw_ostream &OS) const {
  OS << MinThreads;
  if (!isExact())
    OS << "-" << MaxThreads;
  OS << " threads/block (" << getLaunchShapeSourceName(Source) << ")";
}

static LaunchShape exactly(unsigned Threads, LaunchShapeSource Source) {
  return {Threads, Threads, Source};
}

LaunchShape LaunchShape::get(const KernelInfo &KI, unsigned MaxThreadsPerBlock,
                             std::optional<unsigned> ProfiledThreads) {
  auto Fits = [&](unsigned N) { return N > 0 && N <= MaxThreadsPerBlock; };
  if (KI.ReqThreadsPerBlock && Fits(*KI.ReqThreadsPerBlock))
    return exactly(*KI.ReqThreadsPerBlock, LaunchShapeSource::Required);
  unsigned Bound = MaxThreadsPerBlock;
  bool Bounded = KI.MaxThreadsPerBlock && Fits(*KI.MaxThreadsPerBlock);
  if (Bounded)
    Bound = *KI.MaxThreadsPerBlock;
  if (ProfiledThreads && *ProfiledThreads > 0 && *ProfiledThreads <= Bound)
    return exactly(*ProfiledThreads, LaunchShapeSource::Profile);
  if (std::optional<unsigned> Stated = getAssumedBlockSize();
      Stated && *Stated <= Bound)
    return exactly(*Stated, LaunchShapeSource::Option);
  LaunchShape S;
  S.MinThreads = std::min(WarpThreads, Bound);
  S.MaxThreads = Bound;
  S.Source = Bounded ? LaunchShapeSource::Bounded : LaunchShapeSource::Assumed;
  return S;
}

} // namespace divopt
