; A transform that pins a function's contractions and then changes nothing
; gives the function back exactly as it was: here branch-dist and iter-delay
; refuse every branch, and the IR is unchanged, products and sums included.
; RUN: %divopt-opt -passes='branch-dist,iter-delay' -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation
define ptx_kernel void @convergent(ptr %p, float %a, float %b, float %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %cc = icmp ult i32 %tid, 5
  %m = fmul contract float %a, %b
  br i1 %cc, label %then, label %else
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  br label %join
else:
  %d = fsub contract float %c, %m
  %e = fmul contract float %d, 3.0
  %f = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %e, i32 0, i32 31)
  store float %f, ptr %p
  br label %join
join:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not delayed: unprofitable
define ptx_kernel void @loop(ptr %p, float %a, float %b, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %acc = phi float [ %a, %entry ], [ %acc1, %latch ]
  %m = fmul contract float %acc, %b
  %x = xor i32 %i, %tid
  %bit = and i32 %x, 1
  %cc = icmp eq i32 %bit, 0
  br i1 %cc, label %then, label %else
then:
  %s = fadd contract float %m, 1.0
  br label %latch
else:
  %d = fsub contract float %m, 2.0
  br label %latch
latch:
  %acc1 = phi float [ %s, %then ], [ %d, %else ]
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %head
exit:
  store float %acc1, ptr %p
  ret void
}

; The pinner copies the sum of a small join block into its predecessors
; (early tail duplication does), and takes the copies back.
; CHECK: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation
define ptx_kernel void @tail_duplicated(ptr %p, float %a, float %b, float %c, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c0 = icmp eq i32 %n, 7
  br i1 %c0, label %o, label %top
top:
  %cc = icmp slt i32 %tid, %n
  br i1 %cc, label %l, label %r
l:
  %m1 = fmul contract float %a, 1.5
  br label %j
r:
  %m2 = fmul contract float %b, %c
  %f = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %m2, i32 0, i32 31)
  store float %f, ptr %p
  br label %j
j:
  %ph = phi float [ %m1, %l ], [ %m2, %r ]
  %s = fadd contract float %ph, 2.0
  br label %e
o:
  %q = load volatile float, ptr %p
  br label %e
e:
  %s2 = phi float [ %s, %j ], [ %q, %o ]
  store float %s2, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)
