; thread-remap<kernel=NAME> remaps that kernel alone; a kernel the module
; does not hold and malformed parameters are errors that say why.
; RUN: %divopt-opt -passes='thread-remap<kernel=b>' -S %s | FileCheck %s --check-prefix=ONE
; RUN: %divopt-opt -passes='thread-remap<kernel=b>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=PRINT
; RUN: not %divopt-opt -passes='thread-remap<kernel=zz>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-NONE
; RUN: not %divopt-opt -passes='thread-remap<kernel=>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-EMPTY
; RUN: not %divopt-opt -passes='thread-remap<kernel>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-EMPTY
; RUN: not %divopt-opt -passes='thread-remap<kernels=b>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR-KEY

; ONE-NOT: @"a_$_divopt_$_remap"
; ONE: define ptx_kernel void @"b_$_divopt_$_remap"(ptr addrspace(1) %p, ptr %divopt.redirect)
; ONE-NOT: @"a_$_divopt_$_remap"
; PRINT: thread-remap<kernel=b>
; ERR-NONE: error: thread-remap: the module has no kernel named 'zz'
; ERR-EMPTY: invalid thread-remap parameter: 'kernel' needs a kernel name, as in kernel=k
; ERR-KEY: invalid thread-remap parameter: unknown parameter 'kernels'; expected kernel=<name>

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @a(ptr addrspace(1) %p) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %m, %t
  store i32 %i, ptr addrspace(1) %p
  ret void
}

define ptx_kernel void @b(ptr addrspace(1) %p) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %m, %t
  store i32 %i, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
