; A conditional break nested inside an arm leaves the loop from the arm: the
; loop is marked, and the arms only meet again after the loop. A branch whose own successor leaves the loop is a
; divergent loop exit, with no arms.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %body: divergent if-else on %c
; CHECK-NEXT:    arm %then: blocks=3 insts=7 sese=no
; CHECK-NEXT:    arm %else: blocks=2 insts=5 sese=no
; CHECK-NEXT:    join %done
; CHECK-NEXT:    loop: %body depth=1 top-level=no blockers=exit-from-arm; kernel-top-level=no
; CHECK-NEXT:  branch %then: divergent loop-exit on %d
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %idx
  %x = load i32, ptr addrspace(1) %p
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else

then:
  %d = icmp ugt i32 %idx, 100
  br i1 %d, label %done, label %then2

then2:
  store i32 %i, ptr addrspace(1) %out
  br label %latch

else:
  store i32 %x, ptr addrspace(1) %out
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
