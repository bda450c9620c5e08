; A loop of at most 8 trips whose counter LLVM narrowed to i3 (the fuzzer's
; seed 4578): the trips stored at its exit are counted in 32 bits, the
; counter widened first (before, a `trunc i3 to i32` broke the module, and
; an i3 sum would have wrapped 8 trips to 0).
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample=1 -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s < %t.ll

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @eight(
; CHECK: [[WIDE:%[0-9]+]] = zext i3 %i to i32
; CHECK-NEXT: {{%[0-9a-z.]+}} = add i32 [[WIDE]], 1
define ptx_kernel void @eight(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i3 [ 0, %entry ], [ %next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %odd = and i32 %tid, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %even, label %latch
even:
  %w = zext i3 %i to i32
  %a = add i32 %acc, %w
  br label %latch
latch:
  %acc.next = phi i32 [ %a, %even ], [ %acc, %loop ]
  %next = add i3 %i, 1
  %done = icmp eq i3 %next, 0
  br i1 %done, label %exit, label %loop
exit:
  store i32 %acc.next, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
