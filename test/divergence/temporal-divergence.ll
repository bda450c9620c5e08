; A loop whose exit depends on the lane: the trip count, and so a value
; computed in the loop and used after it, differs between lanes even though
; it is uniform inside the loop (temporal divergence).
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %loop: divergent loop-exit on %exit
; CHECK-NEXT:    join %done
; CHECK-NEXT:    loop: %loop depth=1 top-level=no blockers=none; kernel-top-level=no
; CHECK-NEXT:  branch %done: divergent if-only on %big
define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %tid
  br i1 %exit, label %done, label %loop

done:
  %big = icmp ugt i32 %i.next, 4
  br i1 %big, label %s, label %end

s:
  store i32 %i.next, ptr addrspace(1) %out
  br label %end

end:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
