; Loop advance (Liu et al. 2014), `iter-delay<advance>`: trips alternate
; then, else, then, ... with no vote. A lane whose iteration N ran in a
; then-trip and whose iteration N+1 takes the else-way runs it in the very
; next trip, instead of waiting for a vote to pick its way: a lane whose
; iterations alternate finishes one per trip. Each lane still runs its own
; iterations in order (the loop-carried state advances only for lanes that
; ran), so neither independent iterations nor an empty post-branch part
; are needed. Without a vote the function is not made convergent.
; The checks here are of the forms for loops whose code around the branch
; is too large to copy into one half per arm (advance-halves.ll has that
; form): -divopt-advance-halves-max-insts=0 makes every loop one.
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-halves-max-insts=0 -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-halves-max-insts=0 -verify-each -disable-output %s
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=VOTE
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.ptx %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre {{.*}} (forced)
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); {{.*}} (forced)

; Left to the cost model, both loops are weighed for every strategy (the
; one under the divergent branch too); these arms are far too small.
; RUN: %divopt-opt -passes=iter-delay -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=AUTO
; AUTO: remark: <unknown>:0:0: loop not delayed: unprofitable with {{.*}}predicted speedup 0.{{.*}}
; AUTO: remark: <unknown>:0:0: loop not delayed: unprofitable with loop advance {{.*}}predicted speedup 0.{{.*}}

; A voting strategy delays the loop under the divergent branch too: its
; votes take their mask from the lanes that reach them, each trip.
; VOTE: remark: <unknown>:0:0: delayed iterations of the loop with majority vote {{.*}} (forced)
; VOTE: remark: <unknown>:0:0: delayed iterations of the loop with majority vote {{.*}} (forced)

; On a two-way branch with a small code before it, that code (here the
; draw of the direction) runs at the end of the previous iteration, as in
; the original loop, rather than at the top of the next trip behind a
; pending flag: a lane at a trip's top always has its pending iteration's
; condition. Every PHI takes a value some lane defined: no zero for the
; paths that never read it, no pending flag, no loop-out PHI of its own for
; a value that is the next iteration's state.
; CHECK-LABEL: define ptx_kernel void @alternate(
; CHECK-SAME:    ) {
; The first iteration's draw runs once, before the loop.
; CHECK:       body:
; CHECK-NEXT:    %i = phi i32 [ 0, %preheader ]
; CHECK:         %fused = xor i1 %fused.in, %flip
; CHECK-NEXT:    br label %delay.header
; CHECK:       delay.header:
; CHECK-NEXT:    %i.state = phi i32 [ %i, %body ], [ %i.state.next, %delay.latch ]
; CHECK-NEXT:    %rng.state = phi i32 [ %rng, %body ], [ %rng.state.next, %delay.latch ]
; CHECK-NEXT:    %fused.in.state = phi i1 [ %fused.in, %body ], [ %fused.in.state.next, %delay.latch ]
; CHECK-NEXT:    %a.state = phi float [ %a, %body ], [ %a.state.next, %delay.latch ]
; CHECK-NEXT:    %rng.next.carried = phi i32 [ %rng.next, %body ], [ %rng.next.carried.next, %delay.latch ]
; CHECK-NEXT:    %fused.carried = phi i1 [ %fused, %body ], [ %fused.carried.next, %delay.latch ]
; CHECK-NEXT:    %delay.turn = phi i1 [ true, %body ], [ %delay.turn.next, %delay.latch ]
; CHECK-NEXT:    %delay.turn.next = xor i1 %delay.turn, true
; CHECK-NEXT:    %delay.run = icmp eq i1 %fused.carried, %delay.turn
; CHECK-NEXT:    br i1 %delay.run, label %delay.dispatch, label %delay.wait, !divopt.delayed
; CHECK:       delay.dispatch:
; CHECK-NEXT:    br i1 %fused.carried, label %then, label %else
; CHECK:       latch:
; CHECK-NEXT:    %a.next = phi float [ %t, %then ], [ %e, %else ]
; CHECK-NEXT:    %i.next = add nuw nsw i32 %i.state, 1
; CHECK-NEXT:    %more = icmp slt i32 %i.next, %n
; CHECK-NEXT:    br i1 %more, label %body.rot, label %delay.latch
; CHECK:       delay.wait:
; CHECK-NEXT:    br label %delay.latch
; The next iteration's draw, where the lane goes on.
; CHECK:       body.rot:
; CHECK-NEXT:    %rng.mul.rot = mul i32 %rng.next.carried, 1664525
; CHECK-NEXT:    %rng.next.rot = add i32 %rng.mul.rot, 1013904223
; CHECK-NEXT:    %flip.rot = icmp ult i32 %rng.next.rot, -2147483648
; CHECK-NEXT:    %fused.rot = xor i1 %fused.carried, %flip.rot
; CHECK-NEXT:    br label %delay.latch
; A waiting lane keeps its state and its pending iteration; a leaving lane
; keeps what no one reads after the loop (no copy on that edge) and takes
; what the loop's users read.
; CHECK:       delay.latch:
; CHECK-NEXT:    %i.state.next = phi i32 [ %i.state, %latch ], [ %i.next, %body.rot ], [ %i.state, %delay.wait ]
; CHECK-NEXT:    %rng.state.next = phi i32 [ %rng.state, %latch ], [ %rng.next.carried, %body.rot ], [ %rng.state, %delay.wait ]
; CHECK-NEXT:    %fused.in.state.next = phi i1 [ %fused.in.state, %latch ], [ %fused.carried, %body.rot ], [ %fused.in.state, %delay.wait ]
; CHECK-NEXT:    %a.state.next = phi float [ %a.next, %latch ], [ %a.next, %body.rot ], [ %a.state, %delay.wait ]
; CHECK-NEXT:    %rng.next.carried.next = phi i32 [ %rng.next.carried, %latch ], [ %rng.next.rot, %body.rot ], [ %rng.next.carried, %delay.wait ]
; CHECK-NEXT:    %fused.carried.next = phi i1 [ %fused.carried, %latch ], [ %fused.rot, %body.rot ], [ %fused.carried, %delay.wait ]
; CHECK-NEXT:    %delay.exits.now = phi i1 [ true, %latch ], [ false, %body.rot ], [ false, %delay.wait ]
; CHECK-NEXT:    br i1 %delay.exits.now, label %delay.exit, label %delay.header
; Values used after the loop are the lane's last iteration's.
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %a.out = phi float [ %a0, %entry ], [ %a.state.next, %delay.exit ]
; CHECK-NEXT:    %r.out = phi i32 [ %seed, %entry ], [ %rng.next.carried, %delay.exit ]
; CHECK-NOT:   delay.pending

; CHECK-LABEL: define ptx_kernel void @under_divergent_if(
; CHECK-SAME:    ) {
; CHECK:       delay.header:
; CHECK-NOT:     call
; CHECK:         br i1 %delay.run, label %delay.dispatch, label %delay.wait
; CHECK-NOT:   convergent
; CHECK-NOT:   activemask
; CHECK-NOT:   .sync

; A value of the arms used after the loop that is not the next iteration's
; state gets a loop-out PHI of its own, zero where no lane reads it.
; CHECK-LABEL: define ptx_kernel void @arm_value_after(
; CHECK:       delay.latch:
; CHECK:         %sq.last = phi float [ %sq, %latch ], [ 0.000000e+00, %body.rot ], [ 0.000000e+00, %delay.wait ]
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %r = phi float [ 0.000000e+00, %entry ], [ %acc.state.next, %delay.exit ]
; CHECK-NEXT:    %sq.out = phi float [ 0.000000e+00, %entry ], [ %sq.last, %delay.exit ]

; Code before the branch with a loop of its own is not copied: the general
; form runs it at the top of a trip, for the lanes whose last trip ran.
; CHECK-LABEL: define ptx_kernel void @pre_with_loop(
; CHECK:       delay.header:
; CHECK:         %delay.pending = phi i1 [ false, %preheader ], [ %delay.pending.next, %delay.latch ]
; CHECK:         br i1 %delay.pending, label %delay.vote, label %body
; CHECK:       delay.vote:
; CHECK:         br i1 %delay.turn, label %delay.then.gate, label %delay.else.gate
; CHECK-NOT:   .rot

; PTX-NOT: activemask
; PTX-NOT: vote.sync

define ptx_kernel void @alternate(ptr addrspace(1) %seeds, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sp = getelementptr i32, ptr addrspace(1) %seeds, i32 %tid
  %seed = load i32, ptr addrspace(1) %sp
  %first = icmp slt i32 %seed, 0
  %a0 = uitofp i32 %seed to float
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %preheader, label %exit

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %rng = phi i32 [ %seed, %preheader ], [ %rng.next, %latch ]
  %fused.in = phi i1 [ %first, %preheader ], [ %fused, %latch ]
  %a = phi float [ %a0, %preheader ], [ %a.next, %latch ]
  %rng.mul = mul i32 %rng, 1664525
  %rng.next = add i32 %rng.mul, 1013904223
  %flip = icmp ult i32 %rng.next, 2147483648
  %fused = xor i1 %fused.in, %flip
  br i1 %fused, label %then, label %else

then:
  %t = call float @llvm.fma.f32(float %a, float 1.5, float 0.25)
  br label %latch

else:
  %e0 = fmul float %a, 0.75
  %e = fadd float %e0, 0.5
  br label %latch

latch:
  %a.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit

exit:
  %a.out = phi float [ %a0, %entry ], [ %a.next, %latch ]
  %r.out = phi i32 [ %seed, %entry ], [ %rng.next, %latch ]
  %op = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %a.out, ptr addrspace(1) %op
  %rp = getelementptr i32, ptr addrspace(1) %seeds, i32 %tid
  store i32 %r.out, ptr addrspace(1) %rp
  ret void
}

; The loop runs only in the lanes that take the if; the others go on to
; the join and stay live.
define ptx_kernel void @under_divergent_if(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = and i32 %tid, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %preheader, label %join

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp olt float %x, 0.0
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, %x
  br label %latch

else:
  %e = fadd float %acc, %x
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %join, label %body

join:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

; %sq, read after the loop, is not what the next iteration reads.
define ptx_kernel void @arm_value_after(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %preheader, label %exit

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp olt float %x, 0.0
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, %x
  %t2 = fmul float %x, %x
  br label %latch

else:
  %e = fadd float %acc, %x
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %sq = phi float [ %t2, %then ], [ %x, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %sq.out = phi float [ 0.0, %entry ], [ %sq, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  %q2 = getelementptr float, ptr addrspace(1) %q, i32 1
  store float %sq.out, ptr addrspace(1) %q2
  ret void
}

; The direction comes from a sum over a small inner loop.
define ptx_kernel void @pre_with_loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %preheader, label %exit

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  br label %inner

inner:
  %k = phi i32 [ 0, %body ], [ %k.next, %inner ]
  %s = phi float [ 0.0, %body ], [ %s.next, %inner ]
  %idx0 = add i32 %i, %k
  %idx = add i32 %idx0, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %s.next = fadd float %s, %x
  %k.next = add i32 %k, 1
  %k.more = icmp slt i32 %k.next, %m
  br i1 %k.more, label %inner, label %decide

decide:
  %c = fcmp olt float %s.next, 0.0
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, %s.next
  br label %latch

else:
  %e = fadd float %acc, %s.next
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
