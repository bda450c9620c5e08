//===- HostAbi.h - The kernel ABI the host checks were built for -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// host_diff.py and ub_check.py compile their host programs with the ABI of
// the generator as -DFUZZ_* definitions; this turns them into the FuzzAbi
// the GPU harness's input and shape code takes.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_SCRIPTS_FUZZ_HOST_HOSTABI_H
#define DIVOPT_SCRIPTS_FUZZ_HOST_HOSTABI_H

#include "FuzzInputs.h"

namespace divopt::fuzz {

inline FuzzAbi getHostAbi() {
  FuzzAbi Abi;
  Abi.Kernel = "k";
  Abi.InWords = FUZZ_IN_WORDS;
  Abi.OutPerThread = FUZZ_OUT_PER_THREAD;
  Abi.FoutPerThread = FUZZ_FOUT_PER_THREAD;
  Abi.Counters = FUZZ_COUNTERS;
  return Abi;
}

} // namespace divopt::fuzz

#endif // DIVOPT_SCRIPTS_FUZZ_HOST_HOSTABI_H
