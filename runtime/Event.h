//===- Event.h - CUDA events, for timing kernels ----------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Events time GPU work on the GPU's own clock: a pair recorded around a
// launch measures the kernel without the host's launch latency.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_EVENT_H
#define DIVOPT_RUNTIME_EVENT_H

#include <cuda.h>

#include <string_view>

namespace divopt::runtime {

class Context;

class Event {
public:
  explicit Event(const Context &Ctx);
  ~Event();

  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  Event(Event &&Other) noexcept;
  Event &operator=(Event &&Other) noexcept;

  void record(CUstream Stream = nullptr);

  /// Waits until the event has happened. A fault of a kernel launched
  /// before the event surfaces here; PendingKernel, when known, is named
  /// in the error.
  void synchronize(std::string_view PendingKernel = {}) const;

  CUevent handle() const { return Handle; }

private:
  void release() noexcept;

  CUevent Handle = nullptr;
};

/// Milliseconds between two recorded, completed events.
float getElapsedMs(const Event &Start, const Event &Stop);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_EVENT_H
