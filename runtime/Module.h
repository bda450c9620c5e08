//===- Module.h - A loaded PTX or cubin module ------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Loads PTX (JIT-compiled by the driver for the device), cubin or fatbin
// with cuModuleLoadDataEx and keeps the JIT's info log; a failed load throws
// ModuleLoadError whose message carries the JIT's error log, which says
// what ptxas rejected and on which line. The module is unloaded on
// destruction; it must be destroyed before its Context.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_MODULE_H
#define DIVOPT_RUNTIME_MODULE_H

#include "runtime/Error.h"
#include "runtime/Kernel.h"

#include <cuda.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace divopt::runtime {

class Context;

enum class ImageKind { Ptx, Cubin, Fatbin, Unknown };

/// Tells PTX text from an ELF cubin and a fatbin by their first bytes.
ImageKind classifyImage(std::string_view Bytes);
const char *getImageKindName(ImageKind Kind);

/// The bytes of a module file; throws Error when it cannot be read.
std::string readImageFile(const std::string &Path);

struct JitOptions {
  /// Caps registers per thread, like ptxas -maxrregcount
  /// (CU_JIT_MAX_REGISTERS).
  std::optional<unsigned> MaxRegisters;
  /// Ask ptxas for its verbose info log (registers, spills) in infoLog().
  bool Verbose = false;
  /// Capacity of each of the info and error log buffers.
  std::size_t LogBytes = 1 << 16;
};

/// A load the driver refused; what() includes the JIT error log.
class ModuleLoadError : public DriverError {
public:
  ModuleLoadError(CUresult Code, std::string Origin, std::string ErrorLog);
  const std::string &origin() const { return Origin; }
  const std::string &errorLog() const { return ErrorLog; }

private:
  std::string Origin;
  std::string ErrorLog;
};

class Module {
public:
  /// Loads PTX text, a cubin or a fatbin held in Image. Origin names it in
  /// errors (a path, or a description).
  static Module load(const Context &Ctx, const std::string &Image,
                     const std::string &Origin, const JitOptions &Options = {});
  static Module loadFile(const Context &Ctx, const std::string &Path,
                         const JitOptions &Options = {});
  ~Module();

  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  Module(Module &&Other) noexcept;
  Module &operator=(Module &&Other) noexcept;

  /// The kernel called Name (its unmangled name for extern "C" kernels);
  /// throws DriverError naming it when the module has none.
  Kernel kernel(const std::string &Name) const;

  /// What the JIT said on success (empty for cubins and quiet JITs).
  const std::string &infoLog() const { return InfoLog; }
  const std::string &origin() const { return Origin; }
  CUmodule handle() const { return Handle; }

private:
  Module(CUmodule Handle, std::string Origin, std::string InfoLog)
      : Handle(Handle), Origin(std::move(Origin)), InfoLog(std::move(InfoLog)) {
  }
  void unload() noexcept;

  CUmodule Handle = nullptr;
  std::string Origin;
  std::string InfoLog;
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_MODULE_H
