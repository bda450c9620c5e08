//===- Error.cpp - Errors of the CUDA driver API, as exceptions -----------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Error.h"

#include <cstdio>

namespace divopt::runtime {

namespace {

struct KnownResult {
  CUresult Code;
  const char *Name;
  const char *Reason;
};

#define DIVOPT_RESULT(Code, Reason)                                            \
  { Code, #Code, Reason }

/// The results a program meets before the driver can describe them (no
/// driver, the stub library, cuInit not called) or most often afterwards.
/// The driver's own text wins whenever it answers.
const KnownResult KnownResults[] = {
    DIVOPT_RESULT(CUDA_SUCCESS, "no error"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_VALUE, "invalid argument"),
    DIVOPT_RESULT(CUDA_ERROR_OUT_OF_MEMORY, "out of memory"),
    DIVOPT_RESULT(CUDA_ERROR_NOT_INITIALIZED, "initialization error"),
    DIVOPT_RESULT(CUDA_ERROR_DEINITIALIZED, "driver shutting down"),
    DIVOPT_RESULT(CUDA_ERROR_STUB_LIBRARY,
                  "CUDA driver is a stub library: the toolkit's "
                  "lib64/stubs/libcuda.so was loaded instead of an NVIDIA "
                  "driver"),
    DIVOPT_RESULT(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH,
                  "system has unsupported display driver / cuda driver "
                  "combination"),
    DIVOPT_RESULT(CUDA_ERROR_NO_DEVICE, "no CUDA-capable device is detected"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_DEVICE, "invalid device ordinal"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_IMAGE, "device kernel image is invalid"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_CONTEXT, "invalid device context"),
    DIVOPT_RESULT(CUDA_ERROR_NO_BINARY_FOR_GPU,
                  "no kernel image is available for execution on the device"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_PTX, "a PTX JIT compilation failed"),
    DIVOPT_RESULT(CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
                  "the provided PTX was compiled with an unsupported "
                  "toolchain"),
    DIVOPT_RESULT(CUDA_ERROR_INVALID_HANDLE, "invalid resource handle"),
    DIVOPT_RESULT(CUDA_ERROR_NOT_FOUND, "named symbol not found"),
    DIVOPT_RESULT(CUDA_ERROR_ILLEGAL_ADDRESS,
                  "an illegal memory access was encountered"),
    DIVOPT_RESULT(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES,
                  "too many resources requested for launch"),
    DIVOPT_RESULT(CUDA_ERROR_LAUNCH_TIMEOUT,
                  "the launch timed out and was terminated"),
    DIVOPT_RESULT(CUDA_ERROR_LAUNCH_FAILED, "unspecified launch failure"),
};

#undef DIVOPT_RESULT

const KnownResult *findKnownResult(CUresult Code) {
  for (const KnownResult &R : KnownResults)
    if (R.Code == Code)
      return &R;
  return nullptr;
}

} // namespace

DriverError::DriverError(CUresult Code, std::string Call, std::string Kernel,
                         std::string Detail)
    : Error(formatDriverError(Code, Call, Kernel, Detail)), Code(Code),
      Call(std::move(Call)), Kernel(std::move(Kernel)),
      Detail(std::move(Detail)) {}

std::string getResultName(CUresult Code) {
  const char *Name = nullptr;
  if (cuGetErrorName(Code, &Name) == CUDA_SUCCESS && Name)
    return Name;
  if (const KnownResult *R = findKnownResult(Code))
    return R->Name;
  return "CUresult " + std::to_string(static_cast<int>(Code));
}

std::string getResultReason(CUresult Code) {
  const char *Reason = nullptr;
  if (cuGetErrorString(Code, &Reason) == CUDA_SUCCESS && Reason)
    return Reason;
  if (const KnownResult *R = findKnownResult(Code))
    return R->Reason;
  return "unknown to this runtime and not described by the driver";
}

std::string formatDriverError(CUresult Code, std::string_view Call,
                              std::string_view Kernel,
                              std::string_view Detail) {
  std::string Message(Call);
  Message += " failed";
  if (!Kernel.empty()) {
    Message += " for kernel '";
    Message += Kernel;
    Message += "'";
  }
  Message += ": " + getResultName(Code) + " (" + getResultReason(Code) + ")";
  if (!Detail.empty()) {
    Message += "\n";
    Message += Detail;
  }
  return Message;
}

void reportDriverErrorInDestructor(CUresult Code, const char *Call) {
  // At process exit the driver may be torn down before static objects are
  // destroyed; that release failing is expected, not news.
  if (Code == CUDA_SUCCESS || Code == CUDA_ERROR_DEINITIALIZED)
    return;
  std::string Message = formatDriverError(Code, Call, {}, {});
  std::fprintf(stderr, "divopt-runtime: %s\n", Message.c_str());
}

} // namespace divopt::runtime
