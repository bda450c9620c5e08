//===- LaunchSample.h - A launch's CTAs sampled for the model ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Pure C++: the scheduled model (DivergenceModel.h) simulates every warp of
// a launch, tens of nanoseconds each; at 8 million threads that is more
// than a short kernel's run time. A sample keeps the launch's shape at a
// fraction of its size: one CTA in Factor and one SM in Factor, so that the
// sampled launch has as many waves of CTAs as the launch, each CTA drawn at
// random from its run of Factor consecutive CTAs (stratified: an order that
// puts its long CTAs first keeps them first; random within the run, so that
// no period of the input, a row of pixels, aliases with the sample). The
// first wave is dealt in the measured sequence restricted to the sampled
// SMs. The sample's prediction is an estimate whose error against the full
// simulation the regrouping bench measures.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_LAUNCHSAMPLE_H
#define DIVOPT_RUNTIME_LAUNCHSAMPLE_H

#include "runtime/DivergenceModel.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace divopt::runtime {

struct LaunchSample {
  /// One CTA in Factor, one SM in Factor; 1: the whole launch.
  unsigned Factor = 1;
  /// The sampled CTAs in launch order (every CTA when Factor is 1).
  std::vector<std::uint32_t> Ctas;
};

/// CTAs a launch of Threads threads in Shape's blocks holds.
std::size_t getLaunchCtas(std::size_t Threads, const LaunchShape &Shape);

/// The whole launch when it has at most MaxCtas CTAs (or MaxCtas is 0);
/// else the least Factor that divides Shape.SMs and leaves at most MaxCtas
/// CTAs (Shape.SMs when none does), one CTA drawn per run of Factor with
/// Seed. Throws std::invalid_argument for a shape without threads per
/// block or SMs.
LaunchSample sampleLaunch(std::size_t Threads, const LaunchShape &Shape,
                          std::size_t MaxCtas, std::uint64_t Seed = 1);

/// Shape for the sampled launch: SMs / Factor SMs (those whose index is a
/// multiple of Factor), the first wave's measured sequence restricted to
/// them in its order.
LaunchShape getSampledShape(const LaunchShape &Shape, unsigned Factor);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_LAUNCHSAMPLE_H
