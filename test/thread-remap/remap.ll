; thread-remap adds k_$_divopt_$_remap: the global thread index (operands in
; either order) is read through the redirection table appended as the last
; parameter; the original kernel is kept as it was.
; RUN: %divopt-opt -passes=thread-remap -pass-remarks=divopt -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %divopt-opt -passes=thread-remap -S %s | %divopt-opt -passes=thread-remap -pass-remarks-missed=divopt -disable-output 2>&1 | FileCheck %s --check-prefix=TWICE

; REMARK: remark: {{.*}} kernel scale remapped as scale_$_divopt_$_remap: 1 global thread index(es) read through the redirection table (last parameter)
; REMARK: remark: {{.*}} kernel swapped remapped as swapped_$_divopt_$_remap: 2 global thread index(es)
; TWICE: kernel scale not remapped: the module already holds scale_$_divopt_$_remap

target triple = "nvptx64-nvidia-cuda"

; The original is untouched.
; CHECK-LABEL: define ptx_kernel void @scale(
; CHECK: %i = add i32 %m, %t
; CHECK-NOT: divopt
; CHECK: ret void
define ptx_kernel void @scale(ptr addrspace(1) %a, i32 %n) {
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
  %d = fmul float %v, 2.0
  store float %d, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; ntid.x * ctaid.x, then tid.x + that: both orders are the index; each of
; the two computations is redirected.
define ptx_kernel void @swapped(ptr addrspace(1) %a) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %m = mul nuw nsw i32 %b, %c
  %i = add nuw nsw i32 %t, %m
  %j = add i32 %m, %t
  %s = add i32 %i, %j
  %w = zext i32 %s to i64
  %p = getelementptr i32, ptr addrspace(1) %a, i64 %w
  store i32 %s, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: define ptx_kernel void @"scale_$_divopt_$_remap"(ptr addrspace(1) %a, i32 %n, ptr %divopt.redirect)
; CHECK: %i = add i32 %m, %t
; CHECK-NEXT: %[[W:.+]] = zext i32 %i to i64
; CHECK-NEXT: %[[P:.+]] = getelementptr inbounds i32, ptr %divopt.redirect, i64 %[[W]]
; CHECK-NEXT: %divopt.thread = load i32, ptr %[[P]], align 4, !invariant.load
; CHECK-NEXT: %in = icmp slt i32 %divopt.thread, %n
; CHECK: %w = sext i32 %divopt.thread to i64

; CHECK-LABEL: define ptx_kernel void @"swapped_$_divopt_$_remap"(ptr addrspace(1) %a, ptr %divopt.redirect)
; CHECK: %divopt.thread = load i32
; CHECK: %divopt.thread1 = load i32
; CHECK: %s = add i32 %divopt.thread, %divopt.thread1

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()

; The 64-bit form, (size_t)blockIdx.x * blockDim.x + threadIdx.x: the index
; itself addresses the table, and the 32-bit entry is zero-extended.
; REMARK: remark: {{.*}} kernel wide remapped as wide_$_divopt_$_remap: 1 global thread index(es)
; CHECK-LABEL: define ptx_kernel void @"wide_$_divopt_$_remap"(ptr addrspace(1) %a, ptr %divopt.redirect)
; CHECK: %i = add nuw nsw i64 %m, %t
; CHECK-NEXT: %[[P:.+]] = getelementptr inbounds i32, ptr %divopt.redirect, i64 %i
; CHECK-NEXT: %divopt.thread = load i32, ptr %[[P]], align 4, !invariant.load
; CHECK-NEXT: %[[W:.+]] = zext i32 %divopt.thread to i64
; CHECK-NEXT: %p = getelementptr float, ptr addrspace(1) %a, i64 %[[W]]
define ptx_kernel void @wide(ptr addrspace(1) %a) {
  %c32 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c = zext i32 %c32 to i64
  %b32 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = zext i32 %b32 to i64
  %m = mul nuw nsw i64 %c, %b
  %t32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %t32 to i64
  %i = add nuw nsw i64 %m, %t
  %p = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %p
  ret void
}
