//===- PressurePtx.cpp - PTX that needs many registers --------------------===//
//
// Part of DivOpt, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "PressurePtx.h"

#include <sstream>

namespace divopt::bench {

namespace {

void emitHeader(std::ostream &OS, int LiveValues) {
  OS << ".version 7.0\n.target sm_70\n.address_size 64\n\n"
     << ".visible .entry " << PressureKernelName << "(\n"
     << "\t.param .u64 p_in,\n\t.param .u64 p_out,\n\t.param .u32 p_iters\n"
     << ")\n{\n"
     << "\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<8>;\n"
     << "\t.reg .f32 %f<" << LiveValues << ">;\n\n";
}

/// Thread I loads In[I + J * 1024] into %fJ: LiveValues independent loads.
void emitLoads(std::ostream &OS, int LiveValues) {
  OS << "\tld.param.u64 %rd1, [p_in];\n\tld.param.u64 %rd2, [p_out];\n"
     << "\tld.param.u32 %r1, [p_iters];\n"
     << "\tcvta.to.global.u64 %rd1, %rd1;\n"
     << "\tcvta.to.global.u64 %rd2, %rd2;\n"
     << "\tmov.u32 %r2, %ctaid.x;\n\tmov.u32 %r3, %ntid.x;\n"
     << "\tmov.u32 %r4, %tid.x;\n\tmad.lo.s32 %r5, %r2, %r3, %r4;\n"
     << "\tmul.wide.u32 %rd3, %r5, 4;\n\tadd.s64 %rd4, %rd1, %rd3;\n";
  for (int J = 0; J < LiveValues; ++J)
    OS << "\tld.global.f32 %f" << J << ", [%rd4+" << J * 4096 << "];\n";
}

/// Each trip updates every value from two others: all stay live across
/// the back edge.
void emitLoop(std::ostream &OS, int LiveValues) {
  OS << "\tmov.u32 %r6, 0;\nLOOP:\n"
     << "\tsetp.ge.s32 %p1, %r6, %r1;\n\t@%p1 bra DONE;\n";
  for (int J = 0; J < LiveValues; ++J)
    OS << "\tfma.rn.f32 %f" << J << ", %f" << J << ", %f"
       << (J + 1) % LiveValues << ", %f" << (J + 2) % LiveValues << ";\n";
  OS << "\tadd.s32 %r6, %r6, 1;\n\tbra.uni LOOP;\nDONE:\n";
}

void emitStore(std::ostream &OS, int LiveValues) {
  for (int J = 1; J < LiveValues; ++J)
    OS << "\tadd.f32 %f0, %f0, %f" << J << ";\n";
  OS << "\tadd.s64 %rd5, %rd2, %rd3;\n\tst.global.f32 [%rd5], %f0;\n"
     << "\tret;\n}\n";
}

} // namespace

std::string makePressurePtx(int LiveValues) {
  std::ostringstream OS;
  emitHeader(OS, LiveValues);
  emitLoads(OS, LiveValues);
  emitLoop(OS, LiveValues);
  emitStore(OS, LiveValues);
  return OS.str();
}

} // namespace divopt::bench
