; An if without else: lanes that want the arm run it on the then-turn; lanes
; that skip it advance on the else-turn straight to the join, whose PHI now
; comes from the else gate with the pending iteration's values. The loop is
; entered in its exit block's PHI too: values used after the loop come from
; each lane's last iteration.
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -S %s -o - | FileCheck %s
; RUN: %if ptxas %{ %divopt-opt -passes='iter-delay<majority;force>' %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK:       delay.then.gate:
; CHECK-NEXT:    br i1 %c.pending, label %then, label %delay.wait
; CHECK:       delay.else.gate:
; CHECK-NEXT:    br i1 %c.pending, label %delay.wait, label %latch
; CHECK:       latch:
; CHECK-NEXT:    %acc.next = phi i32 [ %t, %then ], [ %x.pending, %delay.else.gate ]
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %x.out = phi i32 [ 0, %entry ], [ %x.pending.last, %delay.exit ]
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %preheader, label %exit

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %preheader ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %idx
  %x = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %x, 1000
  br i1 %c, label %then, label %latch

then:
  %t0 = mul i32 %acc, 7
  %t = add i32 %t0, %x
  br label %latch

latch:
  %acc.next = phi i32 [ %t, %then ], [ %x, %body ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %x.out = phi i32 [ 0, %entry ], [ %x, %latch ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %x.out, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
