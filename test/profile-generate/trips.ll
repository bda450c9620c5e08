; Trip sampling's code: with -divopt-profile-sample-trips=16 the top-level
; loop of @search runs as two copies. Lanes enter by one block that draws
; the phase (%clock and %warpid, hashed; the top 4 bits); the original
; blocks count (the leader adds only where the trip's position in its
; period is below 2), a copy without counters runs the trips between
; windows, counting down a gap; where the copy's latch leaves the loop,
; its test takes the gap's (no branch added), and the block after it
; decides between the window and the exit. The drain scales a sampled
; count by 16 / 2, a pair by 16.
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample=1 -divopt-profile-sample-trips=16 -pass-remarks-analysis=divopt -S %s -o %t.ll 2> %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=FALSE < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; REQUIRES: ptxas
; RUN: %llvm_tools/llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin
;
; The period: 64 by default, 1 (every trip) where every block counts
; (-divopt-profile-sample=1) unless it is named; 1 copies nothing.
; RUN: %divopt-opt -passes=divergence-profile -pass-remarks-analysis=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample=1 -pass-remarks-analysis=divopt -S %s -o %t.exact.ll 2>&1 | FileCheck %s --check-prefix=EXACT
; RUN: FileCheck %s --check-prefix=NOCOPY < %t.exact.ll
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=1 -S %s -o %t.one.ll
; RUN: FileCheck %s --check-prefix=NOCOPY < %t.one.ll
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=4096 -S %s | FileCheck %s --check-prefix=MAX
; A period is 1 or a power of two from 4 to 4096: anything else is an
; error, and the module is left as it came.
; RUN: not %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=0 -S %s -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD0
; RUN: not %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=2 -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD2
; RUN: not %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=24 -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD24
; RUN: not %divopt-opt -passes=divergence-profile -divopt-profile-sample-trips=8192 -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD8192

; CHECK-LABEL: define ptx_kernel void @search(
; CHECK: divopt.prof.phase:
; CHECK-NEXT: %[[CLOCK:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.clock()
; CHECK-NEXT: %[[WARP:[0-9]+]] = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
; CHECK-NEXT: %[[W:[0-9]+]] = mul i32 %[[WARP]], 1663821227
; CHECK-NEXT: %[[X:[0-9]+]] = add i32 %[[CLOCK]], %[[W]]
; CHECK-NEXT: %[[H:[0-9]+]] = mul i32 %[[X]], -1640531527
; CHECK-NEXT: %divopt.prof.phase[[N:[0-9]*]] = lshr i32 %[[H]], 28
; The counted copy's header: the trip's position, whether it counts.
; CHECK: loop:
; CHECK: %divopt.prof.trip = phi i32 [ %divopt.prof.phase[[N]], %divopt.prof.phase.split ], [ %[[NEXT:[0-9]+]], %divopt.prof.window.next ], [ 0, %divopt.prof.window.enter ]
; CHECK: %divopt.prof.counting = icmp ult i32 %divopt.prof.trip, 2
; Every counted branch's leader adds in a counted trip only.
; CHECK: %[[GATE:[0-9]+]] = and i1 %divopt.prof.leader{{[0-9]*}}, %divopt.prof.counting
; CHECK-NEXT: br i1 %[[GATE]], label %divopt.prof.flush
; The window goes on, or the uncounted copy takes 16 - next trips; a
; window that starts here (after an entry's uncounted first trip) forgets
; the lanes' ways.
; CHECK: divopt.prof.window.next:
; CHECK-NEXT: %[[INC:[0-9]+]] = add i32 %divopt.prof.trip, 1
; CHECK-NEXT: %[[NEXT]] = and i32 %[[INC]], 15
; CHECK-NEXT: %[[LEFT:[0-9]+]] = sub i32 16, %[[NEXT]]
; CHECK-NEXT: %[[STAY:[0-9]+]] = icmp ult i32 %[[NEXT]], 2
; CHECK-NEXT: %[[START:[0-9]+]] = icmp eq i32 %[[NEXT]], 0
; CHECK-NEXT: %[[WAYS:[0-9]+]] = select i1 %[[START]], i32 0, i32 %{{.*}}
; CHECK-NEXT: br i1 %[[STAY]], label %loop, label %loop.uncounted
; The uncounted copy's latch leaves for the window or the exit.
; CHECK: divopt.prof.window.enter:
; CHECK-NEXT: br i1 %gone.uncounted, label %exit, label %loop
; The drain: sampled counts times 8, pairs and changes (words 2 and 3
; of a branch) times 16; the loop's own record (words 40-46) is exact.
; CHECK: %[[P:[0-9]+]] = mul i64 %{{[0-9]+}}, 16
; CHECK-NEXT: atomicrmw add ptr addrspace(1) getelementptr inbounds ([47 x i64], ptr addrspace(1) @__divopt_prof_c_search, i64 0, i64 2), i64 %[[P]]
; CHECK: %[[E:[0-9]+]] = mul i64 %{{[0-9]+}}, 8
; CHECK-NEXT: atomicrmw add ptr addrspace(1) getelementptr inbounds ([47 x i64], ptr addrspace(1) @__divopt_prof_c_search, i64 0, i64 10), i64 %[[E]]
; CHECK: %[[ENTRIES:[0-9]+]] = load i64, ptr addrspace(3) getelementptr inbounds ([44 x i64], ptr addrspace(3) @divopt.prof.block.search, i64 0, i64 36)
; CHECK-NEXT: atomicrmw add ptr addrspace(1) getelementptr inbounds ([47 x i64], ptr addrspace(1) @__divopt_prof_c_search, i64 0, i64 40), i64 %[[ENTRIES]]
; The uncounted copy: a gap, a trip counter, no vote, reduction or atomic.
; CHECK: loop.uncounted:
; CHECK-NEXT: %divopt.prof.iterations{{.*}} = phi i32
; CHECK-NEXT: %divopt.prof.gap = phi i32 [ %[[LEFT]], %divopt.prof.window.next ], [ %divopt.prof.gap.left, %latch.uncounted ]
; CHECK: %divopt.prof.gap.left = sub i32 %divopt.prof.gap, 1
; CHECK-NOT: @llvm.nvvm
; CHECK-NOT: atomicrmw
; CHECK: latch.uncounted:
; CHECK: %gone.uncounted = icmp slt i32 %lvl.next.uncounted, 0
; CHECK-NEXT: %[[MORE:[0-9]+]] = icmp ne i32 %divopt.prof.gap.left, 0
; CHECK-NEXT: %[[NOTMORE:[0-9]+]] = xor i1 %[[MORE]], true
; CHECK-NEXT: %[[LEAVE:[0-9]+]] = or i1 %gone.uncounted, %[[NOTMORE]]
; CHECK-NEXT: br i1 %[[LEAVE]], label %divopt.prof.window.enter, label %loop.uncounted
; CHECK-NEXT: }

; The loop whose latch stays on its true way: the copy stays where both
; the latch's test and the gap's hold.
; FALSE-LABEL: define ptx_kernel void @walk(
; FALSE: divopt.prof.window.enter:
; FALSE-NEXT: br i1 %more.uncounted, label %loop, label %[[EXIT:.*]]
; A loop that counts from 0 by 1 gives its trips on the copy's exits too.
; FALSE: [[EXIT]]:
; FALSE-NEXT: add i32 %t.uncounted, 1
; FALSE: latch.uncounted:
; FALSE: %[[MORE:[0-9]+]] = icmp ne i32 %divopt.prof.gap.left, 0
; FALSE-NEXT: %[[STAY:[0-9]+]] = and i1 %more.uncounted, %[[MORE]]
; FALSE-NEXT: br i1 %[[STAY]], label %loop.uncounted, label %divopt.prof.window.enter

; REMARK: remark: <unknown>:0:0: divergence counters for 4 branches and 1 loops in __divopt_prof_c_search, every block, two trips in 16 of 1 top-level loop
; REMARK: remark: <unknown>:0:0: divergence counters for 2 branches and 1 loops in __divopt_prof_c_walk, every block, two trips in 16 of 1 top-level loop
; A barrier must not be duplicated: its loop is counted on every trip.
; REMARK: remark: <unknown>:0:0: divergence counters for 1 branches and 1 loops in __divopt_prof_c_synced, every block{{$}}
; REMARK: remark: <unknown>:0:0: loop 0 counted on every trip: it holds a convergent operation (a barrier, a warp collective or a call), which must not be duplicated
; REMARK: remark: <unknown>:0:0: divergence counters for 2 branches and 2 loops in __divopt_prof_c_escape, every block, two trips in 16 of 2 top-level loops
; Nor is a loop copied whose blocks end in an indirect branch.
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample=1 -divopt-profile-sample-trips=16 -pass-remarks-analysis=divopt -S %S/Inputs/trips-indirect.ll -o %t.indirect.ll 2>&1 | FileCheck %s --check-prefix=INDIRECT
; RUN: %opt -passes=verify -disable-output %t.indirect.ll
; RUN: FileCheck %s --check-prefix=NOCOPY < %t.indirect.ll
; INDIRECT: remark: <unknown>:0:0: loop 0 counted on every trip: a block in or entering it ends in neither a branch nor a switch

; DEFAULT: divergence counters for 4 branches and 1 loops in __divopt_prof_c_search, one block in 64, run first, standing for blocks spread over the grid, two trips in 64 of 1 top-level loop
; EXACT: divergence counters for 4 branches and 1 loops in __divopt_prof_c_search, every block{{$}}
; NOCOPY-NOT: divopt.prof.phase
; NOCOPY-NOT: .uncounted
; MAX: %divopt.prof.phase{{[0-9]*}} = lshr i32 %{{[0-9]+}}, 20
; BAD0: error: -divopt-profile-sample-trips=0: two trips in P are counted, P = 1 (every trip) or a power of two from 4 to 4096
; BAD2: error: -divopt-profile-sample-trips=2: two trips in P
; BAD24: error: -divopt-profile-sample-trips=24: two trips in P
; BAD8192: error: -divopt-profile-sample-trips=8192: two trips in P

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; N-Queens' shape: nested ifs, the latch leaving on its true way.
define ptx_kernel void @search(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sp = getelementptr inbounds i32, ptr %in, i32 %tid
  %seed = load i32, ptr %sp, align 4
  br label %loop

loop:
  %s = phi i32 [ %seed, %entry ], [ %s.next, %latch ]
  %cnt = phi i32 [ 0, %entry ], [ %cnt.next, %latch ]
  %lvl = phi i32 [ 3, %entry ], [ %lvl.next, %latch ]
  %s1 = mul i32 %s, 1103515245
  %s.next = add i32 %s1, 12345
  %hi = lshr i32 %s.next, 16
  %b0 = and i32 %hi, 3
  %full = icmp eq i32 %b0, 0
  br i1 %full, label %back, label %try

try:
  %b1 = and i32 %hi, 4
  %fits = icmp ne i32 %b1, 0
  br i1 %fits, label %deeper, label %back

deeper:
  %lvl1 = add i32 %lvl, 1
  %last = icmp eq i32 %lvl1, 6
  br i1 %last, label %sol, label %latch

sol:
  %cnt1 = add i32 %cnt, 1
  br label %latch

back:
  %lvlb = sub i32 %lvl, 1
  br label %latch

latch:
  %lvl.next = phi i32 [ %lvlb, %back ], [ %lvl1, %deeper ], [ %lvl, %sol ]
  %cnt.next = phi i32 [ %cnt, %back ], [ %cnt, %deeper ], [ %cnt1, %sol ]
  %gone = icmp slt i32 %lvl.next, 0
  br i1 %gone, label %exit, label %loop

exit:
  %op = getelementptr inbounds i32, ptr %out, i32 %tid
  store i32 %cnt.next, ptr %op, align 4
  ret void
}

define ptx_kernel void @walk(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %np = getelementptr inbounds i32, ptr %in, i32 %tid
  %n = load i32, ptr %np, align 4
  br label %loop

loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %latch ]
  %a = phi i32 [ 1, %entry ], [ %a.next, %latch ]
  %ti = add i32 %t, %tid
  %bit = and i32 %ti, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %odd.arm, label %latch

odd.arm:
  %a3 = mul i32 %a, 3
  br label %latch

latch:
  %a.next = phi i32 [ %a3, %odd.arm ], [ %a, %loop ]
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp slt i32 %t.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %op = getelementptr inbounds i32, ptr %out, i32 %tid
  store i32 %a.next, ptr %op, align 4
  ret void
}

; A barrier in the loop: both copies would hold it.
define ptx_kernel void @synced(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %t = phi i32 [ 0, %entry ], [ %t.next, %latch ]
  %p = getelementptr inbounds i32, ptr %in, i32 %t
  %v = load i32, ptr %p, align 4
  %big = icmp sgt i32 %v, %tid
  br i1 %big, label %bump, label %latch

bump:
  store i32 %t, ptr %out, align 4
  br label %latch

latch:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %t.next = add nuw nsw i32 %t, 1
  %more = icmp slt i32 %t.next, 64
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; A loop whose exit leaves the loop around it is no inner loop of it:
; two top-level loops.
define ptx_kernel void @escape(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer

outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  %op = getelementptr inbounds i32, ptr %in, i32 %o
  %ov = load i32, ptr %op, align 4
  %dive = icmp sgt i32 %ov, %tid
  br i1 %dive, label %inner, label %outer.latch

inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  %kp = getelementptr inbounds i32, ptr %in, i32 %k
  %kv = load i32, ptr %kp, align 4
  %k.next = add i32 %k, 1
  %stop = icmp eq i32 %kv, %tid
  br i1 %stop, label %exit, label %inner

outer.latch:
  %o.next = add nuw nsw i32 %o, 1
  %more = icmp slt i32 %o.next, 32
  br i1 %more, label %outer, label %exit

exit:
  %r = phi i32 [ %k.next, %inner ], [ %o.next, %outer.latch ]
  store i32 %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
attributes #1 = { convergent nounwind }
