; kernel-split run again leaves split kernels and their parts alone (one
; plan per kernel), and refuses to split a kernel whose plan's name is
; taken by a global that is not DivOpt's, leaving the module unchanged.
; RUN: %divopt-opt -passes='kernel-split<force>,kernel-split<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: sed 's/^; FOREIGN: //;t;d' %s > %t.foreign.ll
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks-missed=divopt -S %t.foreign.ll -o %t.foreign.after.ll 2>&1 | FileCheck %s --check-prefix=FOREIGN-REMARK
; RUN: %opt -S %t.foreign.ll -o %t.foreign.orig.ll
; RUN: diff %t.foreign.orig.ll %t.foreign.after.ll

target triple = "nvptx64-nvidia-cuda"

; CHECK: @"__divopt_launch_plan_$_k" = addrspace(1) constant [{{[0-9]+}} x i8] c"divopt-launch-plan 2\0Ak k_$_divopt_$_then k_$_divopt_$_else\0A\00"
; CHECK-NOT: @"__divopt_launch_plan
; CHECK: define ptx_kernel void @k(
; CHECK: define ptx_kernel void @"k_$_divopt_$_then"(
; CHECK: define ptx_kernel void @"k_$_divopt_$_else"(
; CHECK-NOT: define

; REMARK: remark: <unknown>:0:0: kernel k split into k_$_divopt_$_then, k_$_divopt_$_else
; REMARK-NEXT: remark: <unknown>:0:0: kernel k not split at this divergent branch: the kernel was split before
; REMARK-NOT: remark

; FOREIGN-REMARK: remark: <unknown>:0:0: kernel k not split at this divergent branch: the module already defines @__divopt_launch_plan_$_k, the name of the kernel's launch plan

; FOREIGN: target triple = "nvptx64-nvidia-cuda"
; FOREIGN: @"__divopt_launch_plan_$_k" = addrspace(1) global i32 7
; FOREIGN: define ptx_kernel void @k(ptr addrspace(1) noalias %out) {
; FOREIGN: entry:
; FOREIGN:   %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; FOREIGN:   %c = icmp ult i32 %tid, 7
; FOREIGN:   br i1 %c, label %arm, label %join
; FOREIGN: arm:
; FOREIGN:   store i32 1, ptr addrspace(1) %out, align 4
; FOREIGN:   br label %join
; FOREIGN: join:
; FOREIGN:   ret void
; FOREIGN: }
; FOREIGN: declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

define ptx_kernel void @k(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %arm, label %join
arm:
  store i32 1, ptr addrspace(1) %out, align 4
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
