//===- Kernel.h - A kernel of a loaded module -------------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A kernel handle with its name (for errors) and its parameter layout as the
// driver reads it from the image, so launches can check the arguments they
// pack against what the kernel takes. A Kernel owns nothing: it is valid as
// long as the Module it came from.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_RUNTIME_KERNEL_H
#define DIVOPT_RUNTIME_KERNEL_H

#include <cuda.h>

#include <cstddef>
#include <string>
#include <vector>

namespace divopt::runtime {

/// What the compiler and the loader decided for a kernel
/// (cuFuncGetAttribute).
struct KernelAttributes {
  int Registers = 0;         ///< Per thread (CU_FUNC_ATTRIBUTE_NUM_REGS).
  int StaticSharedBytes = 0; ///< Per block.
  int LocalBytes = 0;        ///< Per thread (stack and spills).
  int ConstBytes = 0;
  int MaxThreadsPerBlock = 0; ///< Largest block this kernel can launch with.
  int MaxDynamicSharedBytes = 0;
  int PtxVersion = 0;    ///< Virtual architecture of its PTX (70: sm_70).
  int BinaryVersion = 0; ///< Architecture of the SASS it runs (90).
};

class Kernel {
public:
  /// cuModuleGetFunction, then loads the function (so a lazy-loading
  /// failure names this kernel now, not at its first launch) and reads its
  /// parameter layout. Throws DriverError naming the kernel and, when
  /// given, the module's origin (a path).
  static Kernel lookup(CUmodule Module, const std::string &Name,
                       const std::string &ModuleOrigin = {});

  const std::string &name() const { return Name; }
  CUfunction handle() const { return Handle; }

  /// Bytes of each parameter, in order, as the kernel's image lays them out.
  const std::vector<std::size_t> &parameterSizes() const {
    return ParameterSizes;
  }

  int getAttribute(CUfunction_attribute Attribute) const;
  KernelAttributes getAttributes() const;

  /// Lets launches use up to Bytes of dynamic shared memory (above 48 KiB
  /// the driver requires this opt-in).
  void setMaxDynamicSharedBytes(int Bytes) const;

private:
  Kernel(CUfunction Handle, std::string Name,
         std::vector<std::size_t> ParameterSizes)
      : Handle(Handle), Name(std::move(Name)),
        ParameterSizes(std::move(ParameterSizes)) {}

  CUfunction Handle;
  std::string Name;
  std::vector<std::size_t> ParameterSizes;
};

} // namespace divopt::runtime

#endif // DIVOPT_RUNTIME_KERNEL_H
