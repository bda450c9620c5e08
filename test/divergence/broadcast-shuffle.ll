; A shuffle that reads one lane for the whole warp (`__shfl_sync(mask, v,
; 0)`: width 32, a uniform source lane) broadcasts that lane's value: the
; result is uniform, so a warp-cooperative work queue's test of the
; broadcast base is uniform. A source lane that depends on the lane, or a
; width under 32 (one source lane a segment), leaves it divergent.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'queue'
; CHECK:       branch %lead: divergent if-only on %leader
; CHECK:       branch %test: uniform (refined) on %done
; CHECK:       summary: 1 divergent, 1 refined uniform, 0 uniform
define ptx_kernel void @queue(ptr addrspace(1) %counter, ptr addrspace(1) %out, i32 %total) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  br label %lead

lead:
  %leader = icmp eq i32 %lane, 0
  br i1 %leader, label %take, label %test

take:
  %old = atomicrmw add ptr addrspace(1) %counter, i32 32 monotonic
  br label %test

test:
  %mine = phi i32 [ %old, %take ], [ 0, %lead ]
  %base = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %mine, i32 0, i32 31)
  %done = icmp sge i32 %base, %total
  br i1 %done, label %exit, label %lead

exit:
  store i32 %base, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: function 'fromOwnLane'
; CHECK:       branch %entry: divergent if-only on %c
define ptx_kernel void @fromOwnLane(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %src = xor i32 %tid, 1
  %b = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 %src, i32 31)
  %c = icmp sgt i32 %b, 0
  br i1 %c, label %a, label %exit

a:
  store i32 %b, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

; Width 16: each half-warp reads its own lane 0.
; CHECK-LABEL: function 'halves'
; CHECK:       branch %entry: divergent if-only on %c
define ptx_kernel void @halves(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %w = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 4127)
  %c = icmp sgt i32 %w, 0
  br i1 %c, label %a, label %exit

a:
  store i32 %w, ptr addrspace(1) %out
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
