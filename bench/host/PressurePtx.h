//===- PressurePtx.h - PTX that needs many registers ------------*- C++ -*-===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The occupancy sweep needs kernels with chosen register counts. This PTX
// keeps LiveValues floats live around a loop, more than any thread can hold,
// so loading it with CU_JIT_MAX_REGISTERS = R makes the JIT use (about) R
// registers, spilling the rest. The kernel is never launched; the sweep
// reads CU_FUNC_ATTRIBUTE_NUM_REGS and asks the driver for its occupancy.
//
//===----------------------------------------------------------------------===//

#ifndef DIVOPT_BENCH_HOST_PRESSUREPTX_H
#define DIVOPT_BENCH_HOST_PRESSUREPTX_H

#include <string>

namespace divopt::bench {

constexpr const char *PressureKernelName = "pressure";

/// PTX (ISA 7.0, sm_70, runs on any later device) of
/// pressure(const float *In, float *Out, int Iters).
std::string makePressurePtx(int LiveValues);

} // namespace divopt::bench

#endif // DIVOPT_BENCH_HOST_PRESSUREPTX_H
