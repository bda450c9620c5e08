//===- OutputCheck.h - Outputs compared bit for bit -------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Each variant runs twice before timing, its output buffer poisoned with a
// different word each time. An element still holding the poison in both
// runs was never written; one that differs between the runs otherwise is
// unstable; then the first run is compared bit for bit with the reference
// variant's (clang -O3's). Words, not floats: -0.0 and 0.0 differ, NaNs are
// compared by their bits.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_OUTPUTCHECK_H
#define DIVOPT_BENCH_HOST_OUTPUTCHECK_H

#include <cstdint>
#include <string>
#include <vector>

namespace divopt::bench {

constexpr std::uint32_t FirstPoison = 0xffffffffu;
constexpr std::uint32_t SecondPoison = 0x7fbadbadu;

struct OutputCheck {
  bool Ok = false;
  std::string Text; ///< "ok", "ok (reference)", or what is wrong.
};

/// Reference is null when RunA/RunB are the reference's own runs.
OutputCheck checkOutputs(const std::vector<std::uint32_t> &RunA,
                         const std::vector<std::uint32_t> &RunB,
                         const std::vector<std::uint32_t> *Reference);

/// The output of a timed run against the variant's own checked output.
OutputCheck checkRepeatRun(const std::vector<std::uint32_t> &Checked,
                           const std::vector<std::uint32_t> &Repeat);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_OUTPUTCHECK_H
