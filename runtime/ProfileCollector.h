//===- ProfileCollector.h - Writing a run's divergence profile --*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The host side of -divopt-profile-generate (docs/HOST-LAUNCH.md,
// "Profile collection"). The launch hook tells the collector of every
// launch of a hooked kernel: its device name, the library its code is in
// and its configuration. At exit the collector reads, from each library,
// the descriptor of every kernel launched (profile/ProfileCounters.h),
// then each instrumented function's counter words once, builds the run's
// profile (runs 1) and writes it to DIVOPT_PROFILE_FILE (default
// divopt.profile), merged into the profile already there. Plain C++ (the
// device is reached through DeviceImage), so that tests drive it without
// a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_PROFILECOLLECTOR_H
#define DIVOPT_RUNTIME_PROFILECOLLECTOR_H

#include "profile/ProfileData.h"
#include "runtime/HostLaunchPlan.h"

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace divopt::launch {

class ProfileCollector {
public:
  /// The process's collector (never destroyed: the exit hook uses it).
  static ProfileCollector &get();

  /// Counts a launch of Kernel, whose code is in Library. True for the
  /// process's first launch: the caller registers the exit hook then.
  bool noteLaunch(const void *Library, const std::string &Kernel,
                  const profile::LaunchConfig &Config);

  using ImageOpener =
      std::function<std::unique_ptr<DeviceImage>(const void *Library)>;
  /// The run's profile: the launches and counters of the kernels launched
  /// whose device code is instrumented. Problems with one library or
  /// function (a global that cannot be read, counters that break the
  /// format's invariants) are added to Warnings and the rest is kept.
  profile::Profile collect(const ImageOpener &Open,
                           std::vector<std::string> &Warnings);

  /// Forgets the launches noted.
  void clear();

private:
  std::mutex Lock;
  /// Per library, per kernel name, the launches per configuration.
  std::map<
      const void *,
      std::map<std::string, std::map<profile::LaunchConfig, profile::Count>>>
      Launches;
};

/// Words of a counter global as the device stores them (little-endian
/// 64-bit).
std::vector<std::uint64_t> getCounterWords(const std::string &Bytes);

/// Writes P to the file DIVOPT_PROFILE_FILE (Variable, null when unset)
/// names, merged into the profile the file holds. A bad pattern falls back
/// to the default name, and an existing file that does not read or merge
/// is replaced; both with a warning. False with Why when nothing could be
/// written. Path is the file written.
bool writeRunProfile(const profile::Profile &P, const char *Variable,
                     std::string &Path, std::vector<std::string> &Warnings,
                     std::string &Why);

} // namespace divopt::launch

#endif // DIVOPT_RUNTIME_PROFILECOLLECTOR_H
