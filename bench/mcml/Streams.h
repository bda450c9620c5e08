//===- Streams.h - How photons are spread over streams ----------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The tallies depend on how many photon streams there are (each has its own
// seed and its own share of the photons), so every run that must agree bit
// for bit uses the same number, whatever the device: 512 blocks of 256
// threads, about one full wave on an H100 (132 SMs) at up to 64 registers
// per thread. The CPU reference splits its photons the same way.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_MCML_STREAMS_H
#define DIVOPT_BENCH_MCML_STREAMS_H

namespace divopt::mcml {

constexpr unsigned DefaultThreadsPerBlock = 256;
constexpr unsigned DefaultBlocks = 512;
constexpr unsigned DefaultStreams = DefaultThreadsPerBlock * DefaultBlocks;

} // namespace divopt::mcml

#endif // DIVOPT_BENCH_MCML_STREAMS_H
