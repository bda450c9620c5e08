//===- Context.cpp - The primary context of a device, held ----------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Context.h"

#include "runtime/Driver.h"
#include "runtime/Error.h"

#include <utility>

namespace divopt::runtime {

Context::Context(const Device &D) : Dev(D) {
  initDriver();
  checkDriver(cuDevicePrimaryCtxRetain(&Handle, Dev.handle()),
              "cuDevicePrimaryCtxRetain");
  try {
    makeCurrent();
  } catch (...) {
    release();
    throw;
  }
}

Context::~Context() { release(); }

Context::Context(Context &&Other) noexcept
    : Dev(Other.Dev), Handle(std::exchange(Other.Handle, nullptr)) {}

Context &Context::operator=(Context &&Other) noexcept {
  if (this != &Other) {
    release();
    Dev = Other.Dev;
    Handle = std::exchange(Other.Handle, nullptr);
  }
  return *this;
}

void Context::makeCurrent() const {
  checkDriver(cuCtxSetCurrent(Handle), "cuCtxSetCurrent");
}

void Context::synchronize(std::string_view PendingKernel) const {
  checkDriver(cuCtxSynchronize(), "cuCtxSynchronize", PendingKernel);
}

void Context::release() noexcept {
  if (!Handle)
    return;
  reportDriverErrorInDestructor(cuDevicePrimaryCtxRelease(Dev.handle()),
                                "cuDevicePrimaryCtxRelease");
  Handle = nullptr;
}

} // namespace divopt::runtime
