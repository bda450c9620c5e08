; Regression test for fuzz seed 731, which hung an H200 (grid 1, one warp
; of 32): a round-robin delayed loop entered at the join of divergent code,
; with an inner loop whose lanes leave at different trips in the code
; before the branch, and an if-only branch. The old rewrite took the vote
; mask once, with activemask in the preheader, kept finished lanes in the
; loop and left it on vote.all.sync(mask, done): a .sync vote whose mask
; names every lane that entered, whether or not they still run together
; there (Volta+ independent thread scheduling does not promise that lanes
; reconverge at a join). Now the mask is taken every trip in delay.vote,
; right before the one ballot, and each lane leaves (from delay.latch,
; where every lane meets each trip) after its last iteration, so no .sync
; names a lane that does not execute it. Plain round
; robin (seed 731's strategy) takes turns whatever the lanes want: it has
; no vote at all now.
; RUN: %divopt-opt -passes='iter-delay<round-robin;force>' -S %s -o %t.rr.ll
; RUN: FileCheck %s --check-prefix=RR < %t.rr.ll
; RUN: %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='iter-delay<majority;force>,instcombine<no-verify-fixpoint>,simplifycfg' -S %s | FileCheck %s --check-prefix=CLEAN
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.rr.ll -o %t.rr.ptx && %ptxas -arch=sm_90 %t.rr.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; RR:          define ptx_kernel void @k({{.*}}) {
; RR:          delay.vote:
; RR-NOT:      activemask
; RR-NOT:      .sync
; RR:          %delay.turn = icmp uge i32 %delay.phase, 1
; RR:          %delay.exits.now = phi i1 [ %done, %latch ], [ false, %delay.wait ]
; RR:          br i1 %delay.exits.now, label %delay.exit, label %delay.header
; RR-NOT:      .sync

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:       join:
; CHECK-NOT:     activemask
; CHECK:         br label %delay.header
; CHECK:       delay.vote:
; CHECK:         %delay.mask = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT:    %delay.taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %c)
; CHECK:       latch:
; CHECK:         br label %delay.latch
; CHECK:       delay.latch:
; CHECK-NEXT:    %i.state.next = phi
; CHECK:         br i1 %delay.exits.now, label %delay.exit, label %delay.header
; CHECK-NOT:   vote.all.sync
; CHECK-NOT:   vote.any.sync

; Each vote's mask is an activemask of the same block, after cleanup too.
; CLEAN:       [[M:%.*]] = call i32 @llvm.nvvm.activemask()
; CLEAN-NEXT:  call i32 @llvm.nvvm.vote.ballot.sync(i32 [[M]],
; CLEAN-NOT:   call {{.*}}vote.{{.*}}.sync

; PTX: activemask.b32 [[R:%r[0-9]+]];
; PTX-NEXT: vote.sync.ballot.b32 {{%r[0-9]+}}, {{%p[0-9]+}}, [[R]];

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %ctr, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %tid, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %side, label %join

side:
  %sp = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 7, ptr addrspace(1) %sp
  br label %join

join:
  %bits = and i32 %tid, 8
  %c = icmp eq i32 %bits, 0
  %trips = and i32 %tid, 3
  br label %head

head:
  %i = phi i32 [ 0, %join ], [ %i.next, %latch ]
  %f = phi float [ 1.0, %join ], [ %f.next, %latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %head ], [ %j.next, %inner.latch ]
  %ip = getelementptr i32, ptr addrspace(1) %in, i32 %j
  %v = load i32, ptr addrspace(1) %ip
  %m = atomicrmw umin ptr addrspace(1) %ctr, i32 %v seq_cst
  %brk = icmp ult i32 %v, %tid
  br i1 %brk, label %body, label %inner.latch

inner.latch:
  %j.next = add i32 %j, 1
  %more = icmp ult i32 %j.next, %trips
  br i1 %more, label %inner, label %body

body:
  br i1 %c, label %latch, label %load

load:
  %fp = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %lf = load float, ptr addrspace(1) %fp
  br label %latch

latch:
  %g = phi float [ %f, %body ], [ %lf, %load ]
  %f.next = fadd float %g, 7.0
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i, %trips
  br i1 %done, label %exit, label %head

exit:
  %op = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %f.next, ptr addrspace(1) %op
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
