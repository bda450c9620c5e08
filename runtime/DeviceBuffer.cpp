//===- DeviceBuffer.cpp - Device memory with copies in and out ------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/DeviceBuffer.h"

#include "runtime/Context.h"
#include "runtime/Error.h"

#include <string>
#include <utility>

namespace divopt::runtime {

namespace {

void checkFits(std::size_t Count, std::size_t Bytes, const char *What) {
  if (Count > Bytes)
    throw Error(std::string(What) + " of " + std::to_string(Count) +
                " bytes does not fit a device allocation of " +
                std::to_string(Bytes) + " bytes");
}

} // namespace

DeviceMemory::DeviceMemory(const Context &Ctx, std::size_t Bytes)
    : Bytes(Bytes) {
  if (Bytes == 0)
    return;
  Ctx.makeCurrent();
  checkDriver(cuMemAlloc(&Address, Bytes), "cuMemAlloc");
}

DeviceMemory::~DeviceMemory() { release(); }

DeviceMemory::DeviceMemory(DeviceMemory &&Other) noexcept
    : Address(std::exchange(Other.Address, 0)),
      Bytes(std::exchange(Other.Bytes, 0)) {}

DeviceMemory &DeviceMemory::operator=(DeviceMemory &&Other) noexcept {
  if (this != &Other) {
    release();
    Address = std::exchange(Other.Address, 0);
    Bytes = std::exchange(Other.Bytes, 0);
  }
  return *this;
}

void DeviceMemory::copyFromHost(const void *Source, std::size_t Count) {
  checkFits(Count, Bytes, "a copy to the device");
  if (Count)
    checkDriver(cuMemcpyHtoD(Address, Source, Count), "cuMemcpyHtoD");
}

void DeviceMemory::copyToHost(void *Destination, std::size_t Count) const {
  checkFits(Count, Bytes, "a copy from the device");
  if (Count)
    checkDriver(cuMemcpyDtoH(Destination, Address, Count), "cuMemcpyDtoH");
}

void DeviceMemory::fillWords(std::uint32_t Value, CUstream Stream) {
  if (Bytes % 4 != 0)
    throw Error("fillWords needs a size that is a multiple of 4 bytes, not " +
                std::to_string(Bytes));
  if (Bytes)
    checkDriver(cuMemsetD32Async(Address, Value, Bytes / 4, Stream),
                "cuMemsetD32Async");
}

void DeviceMemory::release() noexcept {
  if (!Address)
    return;
  reportDriverErrorInDestructor(cuMemFree(Address), "cuMemFree");
  Address = 0;
}

} // namespace divopt::runtime
