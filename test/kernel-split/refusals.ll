; What kernel-split leaves alone, each with a missed remark that says why,
; and the module unchanged. Every kernel is forced: force bypasses the cost
; model, never legality.
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x i32] undef, align 4

; REMARK: kernel barrier not split at this divergent branch: it holds a convergent operation (llvm.nvvm.barrier.cta.sync.aligned.all), which each part would run on a subset of the threads
define ptx_kernel void @barrier(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  br label %join
join:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; REMARK: kernel shared not split at this divergent branch: it uses shared memory, through which threads of different parts could exchange data
define ptx_kernel void @shared(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  %p = getelementptr [256 x i32], ptr addrspace(3) @tile, i32 0, i32 %tid
  store i32 1, ptr addrspace(3) %p
  br label %join
join:
  ret void
}

; REMARK: kernel atomic not split at this divergent branch: it holds atomics or fences: splitting changes the order between threads they see
define ptx_kernel void @atomic(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  %old = atomicrmw add ptr addrspace(1) %out, i32 1 monotonic
  br label %join
join:
  ret void
}

; REMARK: kernel call not split at this divergent branch: it calls helper, whose effects kernel-split does not check
define ptx_kernel void @call(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  call void @helper(ptr addrspace(1) %out)
  br label %join
join:
  ret void
}

; Without a source line the store is named by its IR, its metadata left out.
; REMARK: kernel prologue_store not split at this divergent branch: code that every part would run writes memory (store i32 0, ptr addrspace(1) %out, align 4){{$}}
define ptx_kernel void @prologue_store(ptr addrspace(1) noalias %out, ptr addrspace(1) noalias %res) {
entry:
  store i32 0, ptr addrspace(1) %out, !tbaa !0
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  store i32 1, ptr addrspace(1) %res
  br label %join
join:
  ret void
}

; A store in an earlier branch's arm runs before the later branches in
; every part, found without walking the code after their joins: for the
; branch after the earlier join (which post-dominates the store), and for
; the one nested in its arm (whose dominator does). The first branch's
; store is its own arm's; the load before it may read that store.
; REMARK: kernel earlier_arm_store not split at this divergent branch: the code before the branch may read what another part writes (%v = load i32, ptr addrspace(1) %q, align 4 may alias store i32 1, ptr addrspace(1) %p, align 4)
; REMARK: kernel earlier_arm_store not split at this divergent branch: code that every part would run writes memory (store i32 1, ptr addrspace(1) %p, align 4)
; REMARK: kernel earlier_arm_store not split at this divergent branch: code that every part would run writes memory (store i32 1, ptr addrspace(1) %p, align 4)
define ptx_kernel void @earlier_arm_store(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = load i32, ptr addrspace(1) %q
  %c1 = icmp ult i32 %tid, %v
  br i1 %c1, label %a, label %j1
a:
  store i32 1, ptr addrspace(1) %p
  br label %j1
j1:
  %c2 = icmp ult i32 %tid, 7
  br i1 %c2, label %b, label %j2
b:
  %c3 = icmp ult i32 %tid, 3
  br i1 %c3, label %bb, label %j2
bb:
  store i32 3, ptr addrspace(1) %p
  br label %j2
j2:
  ret void
}

; REMARK: kernel clock not split at this divergent branch: the control flow up to the branch depends on %t = call i32 @llvm.nvvm.read.ptx.sreg.clock(), which may differ between the parts
define ptx_kernel void @clock(ptr addrspace(1) noalias %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %c = icmp ult i32 %t, 5
  br i1 %c, label %then, label %join
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; The flags and the output may overlap (no noalias): the second part could
; read a flag the first part overwrote.
; REMARK: kernel condition_aliases not split at this divergent branch: the code before the branch may read what another part writes (%f = load i32, ptr addrspace(1) %fp, align 4 may alias store i32 1, ptr addrspace(1) %op, align 4)
define ptx_kernel void @condition_aliases(ptr addrspace(1) %flag, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %fp = getelementptr i32, ptr addrspace(1) %flag, i32 %tid
  %f = load i32, ptr addrspace(1) %fp, align 4
  %c = icmp eq i32 %f, 0
  br i1 %c, label %then, label %join
then:
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %op, align 4
  br label %join
join:
  ret void
}

; One arm reads what the other writes.
; REMARK: kernel arms_communicate not split at this divergent branch: an arm may read what another part writes (%v = load i32, ptr addrspace(1) %buf, align 4 may alias store i32 7, ptr addrspace(1) %buf, align 4)
define ptx_kernel void @arms_communicate(ptr addrspace(1) noalias %buf, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %v = load i32, ptr addrspace(1) %buf, align 4
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %op, align 4
  br label %join
else:
  store i32 7, ptr addrspace(1) %buf, align 4
  br label %join
join:
  ret void
}

; REMARK: kernel in_loop not split at this divergent branch: the branch is inside a loop, so a thread reaches it more than once
define ptx_kernel void @in_loop(ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp ult i32 %tid, %i
  br i1 %c, label %then, label %latch
then:
  %op = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %i, ptr addrspace(1) %op, align 4
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; REMARK: kernel volatile_store not split at this divergent branch: it holds volatile memory accesses
define ptx_kernel void @volatile_store(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  br i1 %c, label %then, label %join
then:
  store volatile i32 1, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; REMARK: kernel nine_ways not split at this divergent branch: the branch has 9 ways; kernel-split makes at most 8 kernels of one
define ptx_kernel void @nine_ways(ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  switch i32 %tid, label %join [
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
    i32 4, label %c4
    i32 5, label %c5
    i32 6, label %c6
    i32 7, label %c7
    i32 8, label %c8
  ]
c1:
  store i32 1, ptr addrspace(1) %out
  br label %join
c2:
  store i32 2, ptr addrspace(1) %out
  br label %join
c3:
  store i32 3, ptr addrspace(1) %out
  br label %join
c4:
  store i32 4, ptr addrspace(1) %out
  br label %join
c5:
  store i32 5, ptr addrspace(1) %out
  br label %join
c6:
  store i32 6, ptr addrspace(1) %out
  br label %join
c7:
  store i32 7, ptr addrspace(1) %out
  br label %join
c8:
  store i32 8, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; REMARK-NOT: remark

declare void @helper(ptr addrspace(1))
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #0
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()

attributes #0 = { convergent nocallback nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C++ TBAA"}
