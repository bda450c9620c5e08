//===- Context.h - The primary context of a device, held --------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The runtime works in a device's primary context, the one the CUDA runtime
// API and other libraries share, so buffers and modules interoperate with
// them. A Context retains it and makes it current on construction and
// releases it on destruction. Everything allocated through a Context
// (modules, buffers, events) must be destroyed before it.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_CONTEXT_H
#define DIVOPT_RUNTIME_CONTEXT_H

#include "runtime/Device.h"

#include <cuda.h>

#include <string_view>

namespace divopt::runtime {

class Context {
public:
  /// Initialises the driver, retains the device's primary context and makes
  /// it current on this thread; throws DriverError.
  explicit Context(const Device &Dev);
  ~Context();

  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;
  Context(Context &&Other) noexcept;
  Context &operator=(Context &&Other) noexcept;

  /// Makes the context current on the calling thread.
  void makeCurrent() const;

  /// Waits for all work in the context. A kernel fault surfaces here;
  /// PendingKernel, when known, is named in the error.
  void synchronize(std::string_view PendingKernel = {}) const;

  const Device &device() const { return Dev; }
  CUcontext handle() const { return Handle; }

private:
  void release() noexcept;

  Device Dev;
  CUcontext Handle = nullptr;
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_CONTEXT_H
