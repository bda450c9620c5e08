//===- Error.h - Errors of the CUDA driver API, as exceptions ---*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every CUresult the runtime receives goes through checkDriver(). A failure
// becomes a DriverError whose what() names the driver call, the kernel when
// there is one, the result's name and the driver's reason, so a log line is
// enough to know what failed where. The library never calls exit().
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_ERROR_H
#define DIVOPT_RUNTIME_ERROR_H

#include <cuda.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace divopt::runtime {

/// Any failure of the runtime that is not a driver result: an unreadable
/// file, arguments that do not fit a kernel.
class Error : public std::runtime_error {
public:
  explicit Error(const std::string &Message) : std::runtime_error(Message) {}
};

/// A driver call that returned something other than CUDA_SUCCESS.
class DriverError : public Error {
public:
  DriverError(CUresult Code, std::string Call, std::string Kernel,
              std::string Detail);

  CUresult code() const { return Code; }
  /// The driver entry point, e.g. "cuModuleLoadDataEx".
  const std::string &call() const { return Call; }
  /// The kernel the call was about; empty when none.
  const std::string &kernel() const { return Kernel; }
  /// Extra text, e.g. the JIT error log; empty when none.
  const std::string &detail() const { return Detail; }

private:
  CUresult Code;
  std::string Call;
  std::string Kernel;
  std::string Detail;
};

/// The result's enumerator name ("CUDA_ERROR_NO_DEVICE"). Asks the driver
/// first; when it cannot answer (the toolkit's stub library answers every
/// call, this one included, with CUDA_ERROR_STUB_LIBRARY) a built-in table
/// of the results met before a driver is usable takes over, and an unknown
/// value reads "CUresult <n>".
std::string getResultName(CUresult Code);

/// The driver's one-line reason for the result, or a built-in one.
std::string getResultReason(CUresult Code);

/// "<Call> failed[ for kernel '<Kernel>']: <Name> (<Reason>)[\n<Detail>]".
std::string formatDriverError(CUresult Code, std::string_view Call,
                              std::string_view Kernel, std::string_view Detail);

/// Throws DriverError unless Code is CUDA_SUCCESS.
inline void checkDriver(CUresult Code, const char *Call,
                        std::string_view Kernel = {},
                        std::string_view Detail = {}) {
  if (Code != CUDA_SUCCESS)
    throw DriverError(Code, Call, std::string(Kernel), std::string(Detail));
}

/// For destructors, which must not throw: writes the formatted error to
/// stderr instead, so a failed release is still seen.
void reportDriverErrorInDestructor(CUresult Code, const char *Call);

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_ERROR_H
