//===- FakeDeviceImage.h - A device image of globals, for tests -*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The profile collectors read an instrumented image's counter globals; the
// tests give them these as bytes, with no device.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_TEST_UNIT_RUNTIME_FAKEDEVICEIMAGE_H
#define DIVOPT_TEST_UNIT_RUNTIME_FAKEDEVICEIMAGE_H

#include "profile/ProfileCounters.h"
#include "runtime/HostLaunchPlan.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace divopt::test {

/// A library with globals, as the device would hold them, and no kernels.
class FakeDeviceImage : public divopt::launch::DeviceImage {
public:
  std::map<std::string, std::string> Globals;

  Found readGlobal(const std::string &Symbol, std::string &Bytes,
                   std::string &) override {
    auto It = Globals.find(Symbol);
    if (It == Globals.end())
      return Found::No;
    Bytes = It->second;
    return Found::Yes;
  }
  const void *getKernel(const std::string &, std::string &Why) override {
    Why = "not used";
    return nullptr;
  }
};

/// Words as the device stores them: little-endian 64-bit.
inline std::string getBytes(const std::vector<std::uint64_t> &Words) {
  std::string B;
  for (std::uint64_t W : Words)
    for (unsigned I = 0; I < 8; ++I)
      B.push_back(char((W >> (8 * I)) & 0xff));
  return B;
}

/// An instrumented image whose kernel Kernel (control-flow hash CfgHash)
/// has one two-way branch that ran Execs warp executions, half of them
/// divergent: enough counters for a collector to record Kernel's launches.
inline FakeDeviceImage makeCountedImage(const std::string &Kernel,
                                        std::uint64_t CfgHash,
                                        std::uint64_t Execs) {
  profile::CounterFunction F;
  F.Symbol = "__divopt_prof_c_" + Kernel;
  F.Key = {Kernel, CfgHash};
  profile::CounterSite If;
  If.Ways = 2;
  F.Sites = {If};
  FakeDeviceImage M;
  M.Globals["__divopt_prof_d_" + Kernel] =
      profile::writeCounterDescriptor({F}) + '\0';
  std::uint64_t Half = Execs / 2;
  M.Globals[F.Symbol] = getBytes({Execs, Half, 0, 0, 16 * Half + 32 * Half,
                                  16 * Half, Execs, Half, Half, 0});
  return M;
}

} // namespace divopt::test

#endif // DIVOPT_TEST_UNIT_RUNTIME_FAKEDEVICEIMAGE_H
