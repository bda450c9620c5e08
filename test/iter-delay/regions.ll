; The code before the branch and after its join may have control flow of
; its own: the pre-branch region runs once per real iteration (its values,
; PHIs included, are carried while the lane waits), the post-branch region
; runs with the arm. A `continue` at the top of the body is an if-only
; branch of its own and is delayed like one.
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK-COUNT-2: remark: <unknown>:0:0: delayed iterations of the loop with majority vote

; CHECK-LABEL: define ptx_kernel void @regions(
; CHECK:       delay.header:
; CHECK:         br i1 %delay.pending, label %delay.vote, label %head
; CHECK:       head:
; CHECK:         br i1 %u, label %pre2, label %pre3
; CHECK:       body:
; CHECK-NEXT:    %scale = phi float [ 2.000000e+00, %pre2 ], [ 3.000000e+00, %pre3 ]
; CHECK:         br label %delay.vote
; CHECK:       delay.vote:
; CHECK-NEXT:    %scale.pending = phi float [ %scale, %body ], [ %scale.carried, %delay.header ]
; CHECK:       then:
; CHECK-NEXT:    %t = fmul float %acc.state, %scale.pending
; CHECK:       join:
; CHECK:         br i1 %big, label %clamp, label %latch
define ptx_kernel void @regions(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i1 %u) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  br i1 %u, label %pre2, label %pre3

pre2:
  br label %body

pre3:
  br label %body

body:
  %scale = phi float [ 2.0, %pre2 ], [ 3.0, %pre3 ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, %scale
  br label %join

else:
  %e = fadd float %acc, %scale
  br label %join

join:
  %j = phi float [ %t, %then ], [ %e, %else ]
  %big = fcmp ogt float %j, 1.0e6
  br i1 %big, label %clamp, label %latch

clamp:
  br label %latch

latch:
  %acc.next = phi float [ %j, %join ], [ 1.0e6, %clamp ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %head

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define ptx_kernel void @skip(
; CHECK:       delay.else.gate:
; CHECK:         br i1 %skip.pending, label %delay.wait, label %body
define ptx_kernel void @skip(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %head

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %skip = fcmp olt float %x, 0.0
  br i1 %skip, label %latch, label %body

body:
  %s = fmul float %acc, 3.0
  br label %latch

latch:
  %acc.next = phi float [ %acc, %head ], [ %s, %body ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %head

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
