; A vote result combined with a lane-dependent value is divergent again, and
; votes taken under a divergent branch merge divergently at its join.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: divergent if-else on %low
; CHECK:       branch %join: divergent if-only on %merged
; CHECK:       branch %next: divergent if-only on %mine
; CHECK:       summary: 3 divergent, 0 refined uniform, 0 uniform
define ptx_kernel void @k(ptr addrspace(1) %out, i1 %p) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 16
  br i1 %low, label %l, label %h

l:
  %bl = call i32 @llvm.nvvm.vote.ballot.sync(i32 65535, i1 %p)
  br label %join

h:
  %bh = call i32 @llvm.nvvm.vote.ballot.sync(i32 -65536, i1 %p)
  br label %join

join:
  %b = phi i32 [ %bl, %l ], [ %bh, %h ]
  %merged = icmp eq i32 %b, 0
  br i1 %merged, label %s, label %next

s:
  store i32 0, ptr addrspace(1) %out
  br label %next

next:
  %lanebit = shl i32 1, %tid
  %m = and i32 %b, %lanebit
  %mine = icmp ne i32 %m, 0
  br i1 %mine, label %t, label %done

t:
  store i32 1, ptr addrspace(1) %out
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
