; The remarks of bbv-profile and thread-remap name a C++ kernel, and a
; callee whose blocks go uncounted, by their demangled names, as kernel
; splitting's do; the copies keep their symbols (the runtime and the
; profile tools look them up by those).
; RUN: %divopt-opt -passes='bbv-profile,thread-remap' -pass-remarks=divopt -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s
; RUN: %divopt-opt -passes='bbv-profile,thread-remap' -S %s | %divopt-opt -passes='bbv-profile<kernel=_Z5scalePfi>,thread-remap<kernel=_Z5scalePfi>' -pass-remarks-missed=divopt -disable-output 2>&1 | FileCheck %s --check-prefix=TWICE

; CHECK-DAG: kernel scale(float*, int) instrumented as _Z5scalePfi_$_divopt_$_bbv: 6 basic-block counters per thread (1 calls inlined to count their blocks)
; CHECK-DAG: kernel scale(float*, int): the blocks of countdown(int) are not counted: a call to it recurses
; CHECK-DAG: kernel scale(float*, int) remapped as _Z5scalePfi_$_divopt_$_remap: 1 global thread index(es)
; CHECK-DAG: kernel lane(float*) not remapped: reads llvm.nvvm.read.ptx.sreg.laneid
; TWICE-DAG: kernel scale(float*, int) not instrumented: the module already holds _Z5scalePfi_$_divopt_$_bbv
; TWICE-DAG: kernel scale(float*, int) not remapped: the module already holds _Z5scalePfi_$_divopt_$_remap

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @_Z5scalePfi(ptr addrspace(1) %a, i32 %n) {
entry:
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %m = mul i32 %c, %b
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %m, %t
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %w = sext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %w
  %v = load float, ptr addrspace(1) %p
  %k = call i32 @_Z9countdowni(i32 %n)
  %kf = sitofp i32 %k to float
  %d = fmul float %v, %kf
  store float %d, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

define ptx_kernel void @_Z4lanePf(ptr addrspace(1) %a) {
entry:
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %w = zext i32 %l to i64
  %p = getelementptr float, ptr addrspace(1) %a, i64 %w
  store float 1.0, ptr addrspace(1) %p
  ret void
}

define internal i32 @_Z9countdowni(i32 %n) noinline {
entry:
  %z = icmp sle i32 %n, 0
  br i1 %z, label %base, label %step
base:
  ret i32 0
step:
  %m = sub i32 %n, 1
  %r = call i32 @_Z9countdowni(i32 %m)
  %s = add i32 %r, 1
  ret i32 %s
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
