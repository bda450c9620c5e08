//===- Kernel.cpp - A kernel of a loaded module ---------------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "runtime/Kernel.h"

#include "runtime/Error.h"

namespace divopt::runtime {

namespace {

/// The driver has no parameter count (before CUDA 13.2); it answers
/// CUDA_ERROR_INVALID_VALUE for the first index past the last parameter.
std::vector<std::size_t> readParameterSizes(CUfunction F,
                                            const std::string &Name) {
  std::vector<std::size_t> Sizes;
  for (std::size_t Index = 0;; ++Index) {
    std::size_t Offset = 0, Size = 0;
    CUresult R = cuFuncGetParamInfo(F, Index, &Offset, &Size);
    if (R == CUDA_ERROR_INVALID_VALUE)
      return Sizes;
    checkDriver(R, "cuFuncGetParamInfo", Name);
    Sizes.push_back(Size);
  }
}

} // namespace

Kernel Kernel::lookup(CUmodule Module, const std::string &Name,
                      const std::string &ModuleOrigin) {
  std::string Where = ModuleOrigin.empty() ? "" : "in module " + ModuleOrigin;
  CUfunction F = nullptr;
  checkDriver(cuModuleGetFunction(&F, Module, Name.c_str()),
              "cuModuleGetFunction", Name, Where);
  checkDriver(cuFuncLoad(F), "cuFuncLoad", Name, Where);
  return Kernel(F, Name, readParameterSizes(F, Name));
}

int Kernel::getAttribute(CUfunction_attribute Attribute) const {
  int Value = 0;
  checkDriver(cuFuncGetAttribute(&Value, Attribute, Handle),
              "cuFuncGetAttribute", Name);
  return Value;
}

KernelAttributes Kernel::getAttributes() const {
  KernelAttributes A;
  A.Registers = getAttribute(CU_FUNC_ATTRIBUTE_NUM_REGS);
  A.StaticSharedBytes = getAttribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  A.LocalBytes = getAttribute(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  A.ConstBytes = getAttribute(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  A.MaxThreadsPerBlock = getAttribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  A.MaxDynamicSharedBytes =
      getAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  A.PtxVersion = getAttribute(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  A.BinaryVersion = getAttribute(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  return A;
}

void Kernel::setMaxDynamicSharedBytes(int Bytes) const {
  checkDriver(
      cuFuncSetAttribute(
          Handle, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, Bytes),
      "cuFuncSetAttribute", Name);
}

} // namespace divopt::runtime
