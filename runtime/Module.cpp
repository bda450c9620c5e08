//===- Module.cpp - A loaded PTX or cubin module --------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Module.h"

#include "runtime/Context.h"

#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

namespace divopt::runtime {

namespace {

/// cuModuleLoadDataEx's parallel option arrays. Each value is a void* that
/// carries either a pointer or, cast, an integer.
class JitOptionList {
public:
  void add(CUjit_option Key, void *Value) {
    Keys.push_back(Key);
    Values.push_back(Value);
  }
  void add(CUjit_option Key, std::size_t Value) {
    add(Key, reinterpret_cast<void *>(static_cast<std::uintptr_t>(Value)));
  }
  unsigned size() const { return static_cast<unsigned>(Keys.size()); }
  CUjit_option *keys() { return Keys.data(); }
  void **values() { return Values.data(); }

private:
  std::vector<CUjit_option> Keys;
  std::vector<void *> Values;
};

std::string getLogText(const std::vector<char> &Buffer) {
  return std::string(Buffer.data(), strnlen(Buffer.data(), Buffer.size()));
}

std::string describeFailedLoad(const std::string &Origin,
                               const std::string &ErrorLog) {
  std::string Detail = "while loading " + Origin;
  if (ErrorLog.empty())
    return Detail + " (the JIT error log is empty)";
  return Detail + "\nJIT error log:\n" + ErrorLog;
}

} // namespace

ImageKind classifyImage(std::string_view Bytes) {
  if (Bytes.size() >= 4 && Bytes.substr(0, 4) == "\x7f"
                                                 "ELF")
    return ImageKind::Cubin;
  // The fatbin header's magic 0xBA55ED50, little-endian.
  if (Bytes.size() >= 4 && Bytes.substr(0, 4) == "\x50\xed\x55\xba")
    return ImageKind::Fatbin;
  // PTX is text with a .version and a .target directive.
  if (Bytes.find('\0') == std::string_view::npos &&
      Bytes.find(".version") != std::string_view::npos &&
      Bytes.find(".target") != std::string_view::npos)
    return ImageKind::Ptx;
  return ImageKind::Unknown;
}

const char *getImageKindName(ImageKind Kind) {
  switch (Kind) {
  case ImageKind::Ptx:
    return "PTX";
  case ImageKind::Cubin:
    return "cubin";
  case ImageKind::Fatbin:
    return "fatbin";
  case ImageKind::Unknown:
    break;
  }
  return "unknown";
}

std::string readImageFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw Error("cannot open module file '" + Path + "'");
  std::ostringstream Bytes;
  Bytes << In.rdbuf();
  if (In.bad())
    throw Error("cannot read module file '" + Path + "'");
  return Bytes.str();
}

ModuleLoadError::ModuleLoadError(CUresult Code, std::string Origin,
                                 std::string ErrorLog)
    : DriverError(Code, "cuModuleLoadDataEx", "",
                  describeFailedLoad(Origin, ErrorLog)),
      Origin(std::move(Origin)), ErrorLog(std::move(ErrorLog)) {}

Module Module::load(const Context &Ctx, const std::string &Image,
                    const std::string &Origin, const JitOptions &Options) {
  if (classifyImage(Image) == ImageKind::Unknown)
    throw Error(Origin + " is not PTX, a cubin or a fatbin");
  Ctx.makeCurrent();

  // One extra byte keeps each log NUL-terminated whatever the JIT writes.
  std::vector<char> InfoLog(Options.LogBytes + 1, '\0');
  std::vector<char> ErrorLog(Options.LogBytes + 1, '\0');
  JitOptionList Jit;
  Jit.add(CU_JIT_INFO_LOG_BUFFER, InfoLog.data());
  Jit.add(CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, Options.LogBytes);
  Jit.add(CU_JIT_ERROR_LOG_BUFFER, ErrorLog.data());
  Jit.add(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, Options.LogBytes);
  Jit.add(CU_JIT_LOG_VERBOSE, std::size_t(Options.Verbose ? 1 : 0));
  if (Options.MaxRegisters)
    Jit.add(CU_JIT_MAX_REGISTERS, std::size_t(*Options.MaxRegisters));

  CUmodule Handle = nullptr;
  CUresult R = cuModuleLoadDataEx(&Handle, Image.c_str(), Jit.size(),
                                  Jit.keys(), Jit.values());
  if (R != CUDA_SUCCESS)
    throw ModuleLoadError(R, Origin, getLogText(ErrorLog));
  return Module(Handle, Origin, getLogText(InfoLog));
}

Module Module::loadFile(const Context &Ctx, const std::string &Path,
                        const JitOptions &Options) {
  return load(Ctx, readImageFile(Path), Path, Options);
}

Module::~Module() { unload(); }

Module::Module(Module &&Other) noexcept
    : Handle(std::exchange(Other.Handle, nullptr)),
      Origin(std::move(Other.Origin)), InfoLog(std::move(Other.InfoLog)) {}

Module &Module::operator=(Module &&Other) noexcept {
  if (this != &Other) {
    unload();
    Handle = std::exchange(Other.Handle, nullptr);
    Origin = std::move(Other.Origin);
    InfoLog = std::move(Other.InfoLog);
  }
  return *this;
}

Kernel Module::kernel(const std::string &Name) const {
  return Kernel::lookup(Handle, Name, Origin);
}

void Module::unload() noexcept {
  if (!Handle)
    return;
  reportDriverErrorInDestructor(cuModuleUnload(Handle), "cuModuleUnload");
  Handle = nullptr;
}

} // namespace divopt::runtime
