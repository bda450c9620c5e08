; A value the lanes of a warp read at one address of memory the warp has
; one copy of is one value for them all: a condition on a warp's own record
; (`table[threadIdx.x / 32]`, a genetic program a warp interprets, a
; grid-stride loop over warps) reads the thread's index only through its
; warp (analysis/WarpIndexTest.h). Not so a lane's own local array read at
; one index, a table read at the lane's index, a value chosen at the join
; of a branch whose lanes disagree, nor one a loop left in iterations the
; lanes disagree on.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: function 'tableByWarp'
; CHECK:       branch %entry{{.*}}: divergent if-else{{.*}} (warp index: no warp splits where blocks are whole warps wide)
; CHECK-LABEL: function 'floatByWarp'
; CHECK:       branch %entry{{.*}}: divergent if-else{{.*}} (warp index
; CHECK-LABEL: function 'pointerByWarp'
; CHECK:       branch %entry{{.*}}: divergent if-else{{.*}} (warp index
; CHECK-LABEL: function 'programByWarp'
; CHECK:       branch %body{{.*}}: divergent if-else{{.*}} (warp index
; CHECK-LABEL: function 'warpStride'
; CHECK:       branch %body{{.*}}: divergent if-else{{.*}} (warp index
; CHECK:       branch %latch{{.*}}: divergent loop-exit{{.*}} (warp index
; CHECK-LABEL: function 'laneStride'
; CHECK:       branch %body{{.*}}: divergent if-else{{.*}} (warp index
; CHECK-LABEL: function 'nestedStride'
; CHECK:       branch %outer{{.*}}: divergent if-else{{.*}} (warp index
; CHECK:       branch %inner{{.*}}: divergent loop-exit on %more{{$}}
; CHECK:       branch %outer.latch{{.*}}: divergent loop-exit{{.*}} (warp index
; CHECK-LABEL: function 'lanesStep'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'doubling'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'localByWarp'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'tableByLane'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'joinOfLanes'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'leftByLanes'
; CHECK-NOT:   (warp index
; CHECK-LABEL: function 'end'
target triple = "nvptx64-nvidia-cuda"

; if (table[threadIdx.x / 32] == 0)
define ptx_kernel void @tableByWarp(ptr addrspace(1) %table, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  %p = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %w
  %v = load i32, ptr addrspace(1) %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; if (weight[gridIndex / 32] < 0.5f), through a generic pointer.
define ptx_kernel void @floatByWarp(ptr %weight, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %w = sdiv i32 %gid, 32
  %wx = sext i32 %w to i64
  %p = getelementptr inbounds float, ptr %weight, i64 %wx
  %v = load float, ptr %p
  %c = fcmp olt float %v, 5.000000e-01
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; A warp's record points to its data: if (records[warp]->count > 4)
define ptx_kernel void @pointerByWarp(ptr addrspace(1) %records, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = udiv i32 %tid, 32
  %p = getelementptr inbounds ptr, ptr addrspace(1) %records, i32 %w
  %r = load ptr, ptr addrspace(1) %p
  %q = getelementptr inbounds i8, ptr %r, i64 8
  %n = load i32, ptr %q
  %c = icmp sgt i32 %n, 4
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; An interpreter a warp runs: code = programs + warp * length; the lanes
; read code[pc] in step, pc counting up from 0.
define ptx_kernel void @programByWarp(ptr addrspace(1) %programs, i32 %length, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  %off = mul i32 %w, %length
  %code = getelementptr inbounds i32, ptr addrspace(1) %programs, i32 %off
  br label %body
body:
  %pc = phi i32 [ 0, %entry ], [ %pc.next, %latch ]
  %ip = getelementptr inbounds i32, ptr addrspace(1) %code, i32 %pc
  %op = load i32, ptr addrspace(1) %ip
  %c = icmp eq i32 %op, 3
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %latch
else:
  store i32 2, ptr addrspace(1) %out
  br label %latch
latch:
  %pc.next = add i32 %pc, 1
  %more = icmp slt i32 %pc.next, %length
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; for (p = gridIndex / 32; p < n; p += warpsInGrid) if (table[p] > 0) ...
define ptx_kernel void @warpStride(ptr addrspace(1) %table, i32 %n, i32 %warps, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %first = lshr i32 %gid, 5
  %any = icmp slt i32 %first, %n
  br i1 %any, label %body, label %exit
body:
  %p = phi i32 [ %first, %entry ], [ %p.next, %latch ]
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %p
  %v = load i32, ptr addrspace(1) %tp
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %latch
else:
  store i32 2, ptr addrspace(1) %out
  br label %latch
latch:
  %p.next = add i32 %p, %warps
  %more = icmp slt i32 %p.next, %n
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; for (i = threadIdx.x; i < n; i += 32) if (table[i / 32] > 0): lanes that
; are still in the loop hold i a step of 32 apart from a multiple of 32,
; and agree on i / 32; those past n have left.
define ptx_kernel void @laneStride(ptr addrspace(1) %table, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %any = icmp ult i32 %tid, %n
  br i1 %any, label %body, label %exit
body:
  %i = phi i32 [ %tid, %entry ], [ %i.next, %latch ]
  %row = lshr i32 %i, 5
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %row
  %v = load i32, ptr addrspace(1) %tp
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %latch
else:
  store i32 2, ptr addrspace(1) %out
  br label %latch
latch:
  %i.next = add i32 %i, 32
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; The grid-stride loop over warps around a loop over a warp's cases
; (`for (c = lane; c < m; c += 32)`): the inner loop's lanes leave it in
; different iterations but meet at its exit, before they come round to p.
define ptx_kernel void @nestedStride(ptr addrspace(1) %table, i32 %n, i32 %m, i32 %warps, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %gid = add i32 %base, %tid
  %first = lshr i32 %gid, 5
  %lane = and i32 %tid, 31
  br label %outer
outer:
  %p = phi i32 [ %first, %entry ], [ %p.next, %outer.latch ]
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %p
  %v = load i32, ptr addrspace(1) %tp
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %inner
else:
  store i32 2, ptr addrspace(1) %out
  br label %inner
inner:
  %k = phi i32 [ %lane, %then ], [ %lane, %else ], [ %k.next, %inner ]
  %k.next = add i32 %k, 32
  %more = icmp slt i32 %k.next, %m
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %p.next = add i32 %p, %warps
  %again = icmp slt i32 %p.next, %n
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

; p steps by 1 in odd lanes and by 2 in even ones: the lanes come round
; from different latches.
define ptx_kernel void @lanesStep(ptr addrspace(1) %table, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  %odd = and i32 %tid, 1
  %isodd = icmp ne i32 %odd, 0
  br label %loop
loop:
  %p = phi i32 [ %w, %entry ], [ %p1, %one ], [ %p2, %two ]
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %p
  %v = load i32, ptr addrspace(1) %tp
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %step
else:
  store i32 2, ptr addrspace(1) %out
  br label %step
step:
  br i1 %isodd, label %one, label %two
one:
  %p1 = add i32 %p, 1
  %more1 = icmp slt i32 %p1, %n
  br i1 %more1, label %loop, label %exit
two:
  %p2 = add i32 %p, 2
  %more2 = icmp slt i32 %p2, %n
  br i1 %more2, label %loop, label %exit
exit:
  ret void
}

; acc = threadIdx.x & 1, doubled three times: the bit that differs moves
; up a place each trip, to bit 3, which only iterating the PHI's bits
; finds (taken as the first trip leaves them, bit 3 would seem alike).
define ptx_kernel void @doubling(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %tid, 1
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ %odd, %entry ], [ %twice, %loop ]
  %twice = shl i32 %acc, 1
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, 3
  br i1 %more, label %loop, label %after
after:
  %bit = and i32 %twice, 8
  %c = icmp eq i32 %bit, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; A lane's own stack, read at the warp's index: each lane's copy holds its
; own value.
define ptx_kernel void @localByWarp(ptr addrspace(1) %out) {
entry:
  %stack = alloca [32 x i32], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  %slot = getelementptr inbounds [32 x i32], ptr %stack, i32 0, i32 %w
  store i32 %tid, ptr %slot
  %v = load i32, ptr %slot
  %c = icmp eq i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; table[threadIdx.x / 16]: half a warp each.
define ptx_kernel void @tableByLane(ptr addrspace(1) %table, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %h = lshr i32 %tid, 4
  %p = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %h
  %v = load i32, ptr addrspace(1) %p
  %c = icmp eq i32 %v, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; x = threadIdx.x % 2 ? a[warp] : b[warp], by branches: the lanes came to
; the join from different ways.
define ptx_kernel void @joinOfLanes(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  %odd = and i32 %tid, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %fromA, label %fromB
fromA:
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %w
  %va = load i32, ptr addrspace(1) %pa
  br label %pick
fromB:
  %pb = getelementptr inbounds i32, ptr addrspace(1) %b, i32 %w
  %vb = load i32, ptr addrspace(1) %pb
  br label %pick
pick:
  %x = phi i32 [ %va, %fromA ], [ %vb, %fromB ]
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; k counts up until table[warp + k] reaches threadIdx.x: the lanes leave
; with different k, and table[k] after the loop differs between them.
define ptx_kernel void @leftByLanes(ptr addrspace(1) %table, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = lshr i32 %tid, 5
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %k.next = add i32 %k, 1
  %i = add i32 %w, %k
  %p = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %done = icmp uge i32 %v, %tid
  br i1 %done, label %after, label %loop
after:
  %q = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %k
  %u = load i32, ptr addrspace(1) %q
  %c = icmp eq i32 %u, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
else:
  store i32 2, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

define ptx_kernel void @end() {
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
