//===- Watchdog.h - Gives up on a kernel that does not finish ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A miscompiled kernel can loop forever (a lane that never leaves a delayed
// loop, say), and the driver call that waits for it then never returns. The
// watchdog times what the main thread declares it is doing; past the limit
// it calls the hang handler (which records the verdict) and ends the
// process with HangExitCode. The campaign script restarts the runner, which
// skips what is already recorded.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_FUZZ_WATCHDOG_H
#define DIVOPT_BENCH_FUZZ_WATCHDOG_H

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace divopt::fuzz {

/// The exit status that asks run-campaign.sh for a new runner.
constexpr int RestartExitCode = 75;

class Watchdog {
public:
  using HangHandler = std::function<void(const std::string &Activity)>;

  Watchdog(std::chrono::milliseconds Limit, HangHandler OnHang);
  ~Watchdog();

  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

  /// Starts timing Activity (a description for the hang handler).
  void arm(std::string Activity);
  void disarm();

private:
  void watch();

  std::chrono::milliseconds Limit;
  HangHandler OnHang;
  std::mutex Lock;
  std::condition_variable Changed;
  std::string Activity;
  bool Armed = false;
  bool Stop = false;
  std::chrono::steady_clock::time_point Deadline;
  std::thread Thread;
};

} // namespace divopt::fuzz

#endif // DIVOPT_BENCH_FUZZ_WATCHDOG_H
