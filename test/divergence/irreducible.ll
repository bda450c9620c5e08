; An irreducible cycle inside a loop (two entries, %x and %y) is marked: no
; restructuring transform handles it.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK:       branch %body: divergent if-else on %c
; CHECK:         loop: %body depth=1 top-level=no blockers=irreducible; kernel-top-level=no
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp ult i32 %tid, 9
  br i1 %c, label %x, label %y

x:
  %cx = icmp ult i32 %i, 3
  br i1 %cx, label %y, label %latch

y:
  %cy = icmp ult i32 %i, 5
  br i1 %cy, label %x, label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
