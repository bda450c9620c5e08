//===- WarpEmulation.cpp - Running CUDA kernels on the host, by warps -----===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "WarpEmulation.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

thread_local EmulatedDim3 threadIdx;
thread_local EmulatedDim3 blockIdx;
thread_local EmulatedDim3 blockDim;

namespace {

/// Thrown in a lane whose collective cannot complete; ends that lane.
struct CollectiveFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One warp's collectives. A collective completes when every lane it
/// names has arrived: the lanes of Mask for a ballot, every lane that has
/// not exited for __activemask.
class EmulatedWarp {
public:
  explicit EmulatedWarp(unsigned LaneCount)
      : AllLanes(LaneCount == 32 ? ~0u : (1u << LaneCount) - 1) {}

  unsigned collective(unsigned Lane, bool IsActiveMask, unsigned Mask,
                      bool Predicate);
  /// A collective of Mask's lanes that gives every lane all their values.
  EmulatedValues exchange(unsigned Lane, unsigned Mask, std::uint64_t Value);
  void exit(unsigned Lane);
  std::vector<std::string> takeErrors() { return std::move(Errors); }

private:
  bool isComplete() const {
    return PendingIsActiveMask ? (Arrived | Exited) == AllLanes
                               : Arrived == PendingMask;
  }
  void complete();
  void fail(const std::string &What);

  const unsigned AllLanes;
  std::mutex M;
  std::condition_variable CV;
  unsigned Exited = 0;
  unsigned Arrived = 0;
  unsigned Votes = 0;
  bool PendingIsActiveMask = false;
  unsigned PendingMask = 0;
  unsigned Generation = 0;
  unsigned Result = 0;
  EmulatedValues Values{}, ValuesResult{};
  std::vector<std::string> Errors;
};

thread_local EmulatedWarp *CurrentWarp = nullptr;
thread_local unsigned CurrentLane = 0;

void EmulatedWarp::fail(const std::string &What) {
  Errors.push_back(What);
  throw CollectiveFailure(What);
}

/// More collectives than a correct bench kernel needs at the emulated
/// sizes (at most 40 iterations of 32 lanes, at least one lane advancing
/// per trip: under 3000): a warp that keeps voting is livelocked.
constexpr unsigned MaxCollectives = 1u << 14;

void EmulatedWarp::complete() {
  Result = PendingIsActiveMask ? Arrived : Votes;
  // A lane reads the values when it wakes; the next collective cannot
  // complete before it has (it needs that lane too).
  ValuesResult = Values;
  Values = EmulatedValues{};
  Arrived = Votes = 0;
  ++Generation;
  CV.notify_all();
}

EmulatedValues EmulatedWarp::exchange(unsigned Lane, unsigned Mask,
                                      std::uint64_t Value) {
  {
    std::lock_guard<std::mutex> Lock(M);
    Values.Of[Lane] = Value;
  }
  collective(Lane, false, Mask, false);
  std::lock_guard<std::mutex> Lock(M);
  return ValuesResult;
}

unsigned EmulatedWarp::collective(unsigned Lane, bool IsActiveMask,
                                  unsigned Mask, bool Predicate) {
  std::unique_lock<std::mutex> Lock(M);
  const unsigned Bit = 1u << Lane;
  if (!IsActiveMask && !(Mask & Bit))
    fail("lane " + std::to_string(Lane) + " votes with a mask without it");
  if (!IsActiveMask && (Mask & Exited))
    fail("lane " + std::to_string(Lane) + " votes with lanes that exited");
  if (Arrived == 0) {
    PendingIsActiveMask = IsActiveMask;
    PendingMask = Mask;
  } else if (PendingIsActiveMask != IsActiveMask ||
             (!IsActiveMask && PendingMask != Mask)) {
    fail("lanes of one warp meet different collectives");
  }
  if (Generation > MaxCollectives)
    fail("more than " + std::to_string(MaxCollectives) +
         " collectives in one warp: livelock");
  Arrived |= Bit;
  Votes |= Predicate ? Bit : 0;
  if (isComplete()) {
    complete();
    return Result;
  }
  const unsigned Waiting = Generation;
  if (!CV.wait_for(Lock, std::chrono::seconds(10),
                   [&] { return Generation != Waiting; }))
    fail("lane " + std::to_string(Lane) + " waited 10 s in a collective");
  return Result;
}

void EmulatedWarp::exit(unsigned Lane) {
  std::lock_guard<std::mutex> Lock(M);
  Exited |= 1u << Lane;
  if (Arrived == 0)
    return;
  if (!PendingIsActiveMask && (PendingMask & Exited)) {
    Errors.push_back("lane " + std::to_string(Lane) +
                     " exited while lanes of its mask wait in a ballot");
    // Release the waiters with what they have; the test fails anyway.
    complete();
  } else if (isComplete()) {
    complete();
  }
}

void runLane(EmulatedWarp &Warp, unsigned Block, unsigned ThreadsPerBlock,
             unsigned Thread, const std::function<void()> &Body) {
  threadIdx = EmulatedDim3{Thread, 1, 1};
  blockIdx = EmulatedDim3{Block, 1, 1};
  blockDim = EmulatedDim3{ThreadsPerBlock, 1, 1};
  CurrentWarp = &Warp;
  CurrentLane = Thread % 32;
  try {
    Body();
  } catch (const CollectiveFailure &) {
    // Already recorded in the warp's errors.
  }
  Warp.exit(CurrentLane);
}

} // namespace

unsigned __activemask() {
  return CurrentWarp->collective(CurrentLane, true, 0, false);
}

unsigned __ballot_sync(unsigned Mask, int Predicate) {
  return CurrentWarp->collective(CurrentLane, false, Mask, Predicate != 0);
}

EmulatedValues exchangeEmulated(unsigned Mask, std::uint64_t Value) {
  return CurrentWarp->exchange(CurrentLane, Mask, Value);
}

unsigned getEmulatedLane() { return CurrentLane; }

std::vector<std::string> launchEmulated(unsigned Blocks,
                                        unsigned ThreadsPerBlock,
                                        const std::function<void()> &Body) {
  std::vector<std::string> Errors;
  for (unsigned B = 0; B < Blocks; ++B)
    for (unsigned First = 0; First < ThreadsPerBlock; First += 32) {
      unsigned Lanes = std::min(32u, ThreadsPerBlock - First);
      EmulatedWarp Warp(Lanes);
      std::vector<std::thread> Threads;
      for (unsigned L = 0; L < Lanes; ++L)
        Threads.emplace_back(runLane, std::ref(Warp), B, ThreadsPerBlock,
                             First + L, std::cref(Body));
      for (std::thread &T : Threads)
        T.join();
      for (std::string &E : Warp.takeErrors())
        Errors.push_back(std::move(E));
    }
  return Errors;
}
