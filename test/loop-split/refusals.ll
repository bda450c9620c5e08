; What loop-split leaves alone, forced or not, and the module unchanged.
; None of these loops is a candidate (no statement groups it may part):
; each gets an analysis remark that says why, and no missed remark, which
; the default pipeline keeps for the loops it could split but did not.
; RUN: %divopt-opt -passes='loop-split<force>' -pass-remarks-analysis=divopt -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %divopt-opt -passes='loop-split<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
; MISSED-NOT: remark
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

; Two groups, but a barrier between them orders the threads.
; CHECK: remark: <unknown>:0:0: loop not split: it holds a convergent operation (llvm.nvvm.barrier.cta.sync.aligned.all)
define ptx_kernel void @barrier(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %pa
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: it calls helper
define ptx_kernel void @call(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %pa
  call void @helper()
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: it holds atomics
define ptx_kernel void @atomic(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %old = atomicrmw add ptr addrspace(1) %a, i32 1 monotonic
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: a value it computes (%s) is used after it
define ptx_kernel void @live_out(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %s, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  %v = load float, ptr addrspace(1) %pa
  %s = fadd float %acc, %v
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store float %s, ptr addrspace(1) %b
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: its trip count depends on memory
define ptx_kernel void @memory_trip_count(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, ptr addrspace(1) noalias %limit) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %n = load i64, ptr addrspace(1) %limit
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: its body is 2 blocks, not one
define ptx_kernel void @two_blocks(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  store float 1.0, ptr addrspace(1) %pa
  br label %latch
latch:
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: remark: <unknown>:0:0: loop not split: it holds volatile memory accesses
define ptx_kernel void @volatile_store(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pa = getelementptr float, ptr addrspace(1) %a, i64 %i
  store volatile float 1.0, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %b, i64 %i
  store float 2.0, ptr addrspace(1) %pb
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-NOT: remark

declare void @helper()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #0

attributes #0 = { convergent nocallback nounwind }
