//===- Event.cpp - CUDA events, for timing kernels ------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Event.h"

#include "runtime/Context.h"
#include "runtime/Error.h"

#include <utility>

namespace divopt::runtime {

Event::Event(const Context &Ctx) {
  Ctx.makeCurrent();
  checkDriver(cuEventCreate(&Handle, CU_EVENT_DEFAULT), "cuEventCreate");
}

Event::~Event() { release(); }

Event::Event(Event &&Other) noexcept
    : Handle(std::exchange(Other.Handle, nullptr)) {}

Event &Event::operator=(Event &&Other) noexcept {
  if (this != &Other) {
    release();
    Handle = std::exchange(Other.Handle, nullptr);
  }
  return *this;
}

void Event::record(CUstream Stream) {
  checkDriver(cuEventRecord(Handle, Stream), "cuEventRecord");
}

void Event::synchronize(std::string_view PendingKernel) const {
  checkDriver(cuEventSynchronize(Handle), "cuEventSynchronize", PendingKernel);
}

void Event::release() noexcept {
  if (!Handle)
    return;
  reportDriverErrorInDestructor(cuEventDestroy(Handle), "cuEventDestroy");
  Handle = nullptr;
}

float getElapsedMs(const Event &Start, const Event &Stop) {
  float Ms = 0.0f;
  checkDriver(cuEventElapsedTime(&Ms, Start.handle(), Stop.handle()),
              "cuEventElapsedTime");
  return Ms;
}

} // namespace divopt::runtime
