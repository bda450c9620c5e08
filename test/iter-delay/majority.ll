; Majority vote: per trip the warp runs the arm most live lanes want
; (relative to live lanes, so some lane always advances); the others keep
; their pending iteration. Pre-branch code runs once per real iteration,
; the state advances only for lanes that ran. Every lane meets in
; delay.latch each trip (so the gates' divergence ends inside the loop) and
; leaves from there right after its last iteration. The vote's mask is
; taken every trip, just before the vote: the lanes still in the loop (a
; mask taken once at entry, with an exit vote over it, hung the GPU: fuzz
; seed 731).
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -S %s -o - | FileCheck %s
; RUN: %divopt-opt -passes='iter-delay<majority;threshold=24;max-delay=3;force>' -S %s -o - | FileCheck %s --check-prefix=PARAMS
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -verify-each -disable-output %s
; RUN: %if ptxas %{ %divopt-opt -passes='iter-delay<majority;force>' %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK:       define ptx_kernel void @k({{.*}}) [[ATTR:#[0-9]+]]
; CHECK:       preheader:
; CHECK-NEXT:    br label %delay.header
; CHECK:       delay.header:
; CHECK-NEXT:    %i.state = phi i32 [ 0, %preheader ], [ %i.state.next, %delay.latch ]
; CHECK-NEXT:    %acc.state = phi float [ 0.000000e+00, %preheader ], [ %acc.state.next, %delay.latch ]
; CHECK-NEXT:    %rnd.carried = phi i32 [ 0, %preheader ], [ %rnd.pending, %delay.latch ]
; CHECK-NEXT:    %c.carried = phi i1 [ false, %preheader ], [ %c.pending, %delay.latch ]
; CHECK-NEXT:    %delay.pending = phi i1 [ false, %preheader ], [ %delay.pending.next, %delay.latch ]
; CHECK-NEXT:    %delay.phase = phi i32 [ 0, %preheader ], [ %delay.phase.next, %delay.latch ]
; CHECK:         br i1 %delay.pending, label %delay.vote, label %body, !divopt.delayed
; CHECK:       body:
; CHECK-NEXT:    %idx = add i32 %i.state, %tid
; CHECK-NEXT:    %p = getelementptr i32, ptr addrspace(1) %seeds, i32 %idx
; CHECK-NEXT:    %rnd = load i32, ptr addrspace(1) %p
; CHECK-NEXT:    %c = icmp ult i32 %rnd, %thresh
; CHECK-NEXT:    br label %delay.vote
; CHECK:       delay.vote:
; CHECK-NEXT:    %rnd.pending = phi i32 [ %rnd, %body ], [ %rnd.carried, %delay.header ]
; CHECK-NEXT:    %c.pending = phi i1 [ %c, %body ], [ %c.carried, %delay.header ]
; CHECK-NEXT:    %delay.mask = call i32 @llvm.nvvm.activemask()
; CHECK-NEXT:    %delay.taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %c.pending)
; Anti-starvation: one trip in max-delay + 1 (default 32) goes to the side
; the vote would leave waiting, counted by a phase that does not depend on
; the ballot.
; CHECK-NEXT:    %delay.force = icmp eq i32 %delay.phase, 32
; CHECK-NEXT:    [[INC:%.*]] = add i32 %delay.phase, 1
; CHECK-NEXT:    %delay.phase.next = select i1 %delay.force, i32 0, i32 [[INC]]
; CHECK-NEXT:    [[NT:%.*]] = call i32 @llvm.ctpop.i32(i32 %delay.taken)
; CHECK-NEXT:    [[NL:%.*]] = call i32 @llvm.ctpop.i32(i32 %delay.mask)
; CHECK-DAG:     [[R:%.*]] = mul i32 [[NL]], 16
; CHECK-DAG:     [[L:%.*]] = mul i32 [[NT]], 32
; CHECK:         %delay.majority = icmp uge i32 [[L]], [[R]]
; CHECK-NEXT:    %delay.dir = xor i1 %delay.majority, %delay.force
; CHECK:         br i1 %delay.dir, label %delay.then.gate, label %delay.else.gate
; CHECK:       delay.then.gate:
; CHECK-NEXT:    br i1 %c.pending, label %then, label %delay.wait
; CHECK:       delay.else.gate:
; CHECK-NEXT:    br i1 %c.pending, label %delay.wait, label %else
; CHECK:       then:
; CHECK-NEXT:    %t = fmul float %acc.state, 3.000000e+00
; CHECK:       latch:
; CHECK-NEXT:    %acc.next = phi float
; CHECK-NEXT:    %i.next = add i32 %i.state, 1
; CHECK-NEXT:    %mix = xor i32 %i.next, %rnd.pending
; CHECK-NEXT:    store i32 %mix
; CHECK-NEXT:    %exitc = icmp eq i32 %i.next, %n
; CHECK-NEXT:    br label %delay.latch
; CHECK:       delay.wait:
; CHECK-NEXT:    br label %delay.latch
; CHECK:       delay.latch:
; CHECK-NEXT:    %i.state.next = phi i32 [ %i.next, %latch ], [ %i.state, %delay.wait ]
; CHECK-NEXT:    %acc.state.next = phi float [ %acc.next, %latch ], [ %acc.state, %delay.wait ]
; CHECK-NEXT:    %delay.pending.next = phi i1 [ false, %latch ], [ true, %delay.wait ]
; CHECK-NEXT:    %delay.exits.now = phi i1 [ %exitc, %latch ], [ false, %delay.wait ]
; CHECK-NEXT:    %acc.next.last = phi float [ %acc.next, %latch ], [ 0.000000e+00, %delay.wait ]
; CHECK-NEXT:    br i1 %delay.exits.now, label %delay.exit, label %delay.header
; CHECK:       delay.exit:
; CHECK-NEXT:    br label %exit
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %acc.out = phi float [ 0.000000e+00, %entry ], [ %acc.next.last, %delay.exit ]

; No vote over the whole entry mask is left: finished lanes do not wait.
; CHECK-NOT:   vote.all.sync

; The function now votes across the warp: callers must see it convergent.
; CHECK:       attributes [[ATTR]] = { convergent }

; PARAMS: %delay.force = icmp eq i32 %delay.phase, 3
; PARAMS: mul i32 {{%.*}}, 24

define ptx_kernel void @k(ptr addrspace(1) %seeds, ptr addrspace(1) %out, i32 %n, i32 %thresh) {
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
  %p = getelementptr i32, ptr addrspace(1) %seeds, i32 %idx
  %rnd = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %rnd, %thresh
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  %t1 = fadd float %t, 1.0
  br label %latch

else:
  %e = call float @llvm.fma.f32(float %acc, float 0.5, float 2.0)
  br label %latch

latch:
  %acc.next = phi float [ %t1, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %mix = xor i32 %i.next, %rnd
  store i32 %mix, ptr addrspace(1) %out
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %acc.out = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.out, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
