; Loops that only some lanes of a warp run: one entered under a divergent
; branch whose other lanes stay live after it, and one inside an arm of a
; delayed loop. Both are delayed like any other: each trip's vote takes
; its mask (activemask) right before the ballot, so it names exactly the
; lanes that vote together, whichever lanes run elsewhere. (While the mask
; was taken once at loop entry, such loops were refused; the GPU fuzz
; campaign of run 10 ran them with every strategy forced.)
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=IDLE
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -verify-each -disable-output %s
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK-COUNT-3: remark: <unknown>:0:0: delayed iterations of the loop with majority vote {{.*}} (forced)
; IDLE-COUNT-3:   remark: <unknown>:0:0: delayed iterations of the loop with round robin {{.*}} (forced)

; CHECK-LABEL: define ptx_kernel void @divergent_entry(
; CHECK:       entry:
; CHECK:         br i1 %some, label %delay.preheader, label %exit
; CHECK:       delay.vote:
; CHECK:         %delay.mask = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT:    %delay.taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %c.pending)
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %r = phi float [ 0.000000e+00, %entry ], [ %acc.next.last, %delay.exit ]
define ptx_kernel void @divergent_entry(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %some = icmp ult i32 %tid, 16
  br i1 %some, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  br label %latch

else:
  %e = fadd float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

; The inner loop sits in the outer loop's then-arm: both vote, the inner
; one among the lanes that run the arm this trip.
; CHECK-LABEL: define ptx_kernel void @nested(
; CHECK-COUNT-2: call i32 @llvm.nvvm.activemask()
; CHECK-NOT:     call i32 @llvm.nvvm.activemask()
; CHECK:       attributes
define ptx_kernel void @nested(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %outer, label %exit

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %outer.latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %inner.pre, label %else

inner.pre:
  br label %inner

inner:
  %j = phi i32 [ 0, %inner.pre ], [ %j.next, %inner.latch ]
  %b = phi float [ %acc, %inner.pre ], [ %b.next, %inner.latch ]
  %jdx = add i32 %j, %idx
  %q = getelementptr float, ptr addrspace(1) %in, i32 %jdx
  %y = load float, ptr addrspace(1) %q
  %d = fcmp olt float %y, 0.25
  br i1 %d, label %inner.then, label %inner.else

inner.then:
  %bt = fmul float %b, 1.5
  br label %inner.latch

inner.else:
  %be = fadd float %b, %y
  br label %inner.latch

inner.latch:
  %b.next = phi float [ %bt, %inner.then ], [ %be, %inner.else ]
  %j.next = add i32 %j, 1
  %jexit = icmp eq i32 %j.next, %m
  br i1 %jexit, label %inner.done, label %inner

inner.done:
  br label %outer.latch

else:
  %e = fadd float %acc, 2.0
  br label %outer.latch

outer.latch:
  %acc.next = phi float [ %b.next, %inner.done ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %outer

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %outer.latch ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
