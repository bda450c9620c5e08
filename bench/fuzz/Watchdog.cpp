//===- Watchdog.cpp - Gives up on a kernel that does not finish -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "Watchdog.h"

#include <cstdlib>

namespace divopt::fuzz {

Watchdog::Watchdog(std::chrono::milliseconds Limit, HangHandler OnHang)
    : Limit(Limit), OnHang(std::move(OnHang)), Thread([this] { watch(); }) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard<std::mutex> G(Lock);
    Stop = true;
  }
  Changed.notify_all();
  Thread.join();
}

void Watchdog::arm(std::string What) {
  {
    std::lock_guard<std::mutex> G(Lock);
    Activity = std::move(What);
    Armed = true;
    Deadline = std::chrono::steady_clock::now() + Limit;
  }
  Changed.notify_all();
}

void Watchdog::disarm() {
  std::lock_guard<std::mutex> G(Lock);
  Armed = false;
}

void Watchdog::watch() {
  std::unique_lock<std::mutex> G(Lock);
  while (!Stop) {
    if (!Armed) {
      Changed.wait(G);
      continue;
    }
    auto Until = Deadline;
    if (Changed.wait_until(G, Until) == std::cv_status::no_timeout ||
        !Armed || Deadline != Until)
      continue; // Re-armed, disarmed or woken: look again.
    std::string What = Activity;
    G.unlock();
    OnHang(What);
    // The main thread is stuck in the driver; nothing can be cleaned up.
    std::_Exit(RestartExitCode);
  }
}

} // namespace divopt::fuzz
