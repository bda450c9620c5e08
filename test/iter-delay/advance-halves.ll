; Loop advance, `iter-delay<advance>`, in its two-halves form: where the
; code before the branch (pre) and after it (post) have no loop and are
; small enough to copy, a trip runs the then-half and then the else-half,
; each holding its arm, a copy of post, the exit test and a copy of the
; next iteration's pre. A lane whose pending iteration takes the then-way
; runs it in half 1 and, if its next one takes the else-way, that one in
; half 2 of the same trip; a lane that leaves in half 1 keeps the condition
; it ran with (true) and skips half 2. No turn, no vote, no lane waits on
; another, and each lane runs its iterations' pre, arm and post in order.
; The IR checked below is the exit-flag variant's (each half sets a flag
; the trip's end tests); the default, speculate-pre, and the other
; variants are checked in advance-variants.ll and run in
; advance-variants-run.ll.
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=exit-flag -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=FLAG
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -verify-each -disable-output %s
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
; After divopt-cleanup too (the pipeline's), through ptxas.
; RUN: %divopt-opt -passes='iter-delay<advance;force>,divopt-cleanup' -S %s -o %t.clean.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.clean.ll -o %t.clean.ptx && %ptxas -arch=sm_90 %t.clean.ptx -o /dev/null %}

; The size limit counts the instructions of pre and post together: 13 in
; @alternate (9 before the branch, 4 after). At 12 it takes the rotated
; form, as every other loop here whose code around the branch is larger.
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-halves-max-insts=13 -S %s | FileCheck %s --check-prefix=AT13
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-halves-max-insts=12 -S %s | FileCheck %s --check-prefix=AT12
; AT13-LABEL: define ptx_kernel void @alternate(
; AT13:       delay.half2:
; AT13-LABEL: define ptx_kernel void @then_only(
; AT12-LABEL: define ptx_kernel void @alternate(
; AT12-NOT:   delay.half2
; AT12:       delay.dispatch:
; AT12-LABEL: define ptx_kernel void @then_only(

target triple = "nvptx64-nvidia-cuda"

; The cost model charges the two-halves form less than nothing a trip for
; its bookkeeping where each half speculates the next iteration's pre (the
; default variant; pre neither touches memory nor may trap): ptxas
; schedules the bookkeeping, and some of the code around the branch, into
; the arms. Where the code around the branch costs 30 slots or more, a half
; hides 2.5 slots of it, and 6 more beside a straight-line arm; below 30,
; the same shares of what there is (8% and 20%), a straight-line arm no
; more than its own slots. Here 17.5-20 slots around arms of 0-2.5: -3.5
; and -3.0 a trip. @then_only and @else_only load in pre, which is not
; speculated: 0. The other forms 8 (@post_with_loop, the last, keeps the
; rotated form).
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre 11.0, arms 1.5+2.5, post 7.0, {{.*}}, latency the speculated halves hide 3.5 per trip; {{.*}} (forced)
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre 12.0, arms 2.5+0.0, post 8.0, {{.*}}, overhead 0.0 per trip; {{.*}} (forced)
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre 12.0, arms 0.0+2.5, post 7.0, {{.*}}, overhead 0.0 per trip; {{.*}} (forced)
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre 3.0, arms 1.5+1.5, post 14.5, {{.*}}, latency the speculated halves hide 3.0 per trip; {{.*}} (forced)
; REMARK:         remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre {{.*}}, overhead 8.0 per trip; {{.*}} (forced)
; The exit-flag variant speculates nothing: its halves hide nothing.
; FLAG-COUNT-4: remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: {{.*}}, overhead 0.0 per trip; {{.*}} (forced)
; FLAG:         remark: <unknown>:0:0: delayed iterations of the loop with loop advance (then and else trips alternate, no vote); per iteration: pre {{.*}}, overhead 8.0 per trip; {{.*}} (forced)

; The first iteration's draw runs once, before the loop. Half 1's arm, its
; post and the next draw follow one another, as do half 2's.
; CHECK-LABEL: define ptx_kernel void @alternate(
; CHECK:       body:
; CHECK-NEXT:    %i = phi i32 [ 0, %preheader ]
; CHECK:         %fused = xor i1 %fused.in, %flip
; CHECK-NEXT:    br label %delay.header
; CHECK:       delay.header:
; CHECK-NEXT:    %i.h1 = phi i32 [ %i, %body ], [ %i.end, %delay.latch ]
; CHECK-NEXT:    %rng.h1 = phi i32 [ %rng, %body ], [ %rng.end, %delay.latch ]
; CHECK-NEXT:    %fused.in.h1 = phi i1 [ %fused.in, %body ], [ %fused.in.end, %delay.latch ]
; CHECK-NEXT:    %a.h1 = phi float [ %a, %body ], [ %a.end, %delay.latch ]
; CHECK-NEXT:    %rng.next.h1 = phi i32 [ %rng.next, %body ], [ %rng.next.end, %delay.latch ]
; CHECK-NEXT:    %fused.h1 = phi i1 [ %fused, %body ], [ %fused.end, %delay.latch ]
; CHECK-NEXT:    br i1 %fused.h1, label %then, label %delay.half2, !divopt.delayed
; CHECK:       then:
; CHECK-NEXT:    %t = call float @llvm.fma.f32(float %a.h1, float 1.500000e+00, float 2.500000e-01)
; CHECK-NEXT:    br label %latch
; CHECK:       else:
; CHECK-NEXT:    %e0 = fmul float %a.h2, 7.500000e-01
; CHECK-NEXT:    %e = fadd float %e0, 5.000000e-01
; CHECK-NEXT:    br label %latch.h2
; CHECK:       latch:
; CHECK-NEXT:    %a.next = phi float [ %t, %then ]
; CHECK-NEXT:    %i.next = add nuw nsw i32 %i.h1, 1
; CHECK-NEXT:    %more = icmp slt i32 %i.next, %n
; CHECK-NEXT:    br i1 %more, label %body.pre.h1, label %delay.half2
; CHECK:       body.pre.h1:
; CHECK-NEXT:    %rng.mul.pre.h1 = mul i32 %rng.next.h1, 1664525
; CHECK-NEXT:    %rng.next.pre.h1 = add i32 %rng.mul.pre.h1, 1013904223
; CHECK-NEXT:    %flip.pre.h1 = icmp ult i32 %rng.next.pre.h1, -2147483648
; CHECK-NEXT:    %fused.pre.h1 = xor i1 %fused.h1, %flip.pre.h1
; CHECK-NEXT:    br label %delay.half2
; Lanes that skipped half 1 keep their pending iteration, lanes that left
; keep theirs too (the condition true) but carry out %a.next, lanes that go
; on have the next iteration's. Only those whose condition is false run
; half 2.
; CHECK:       delay.half2:
; CHECK-NEXT:    %i.h2 = phi i32 [ %i.h1, %delay.header ], [ %i.h1, %latch ], [ %i.next, %body.pre.h1 ]
; CHECK-NEXT:    %rng.h2 = phi i32 [ %rng.h1, %delay.header ], [ %rng.h1, %latch ], [ %rng.next.h1, %body.pre.h1 ]
; CHECK-NEXT:    %fused.in.h2 = phi i1 [ %fused.in.h1, %delay.header ], [ %fused.in.h1, %latch ], [ %fused.h1, %body.pre.h1 ]
; CHECK-NEXT:    %a.h2 = phi float [ %a.h1, %delay.header ], [ %a.next, %latch ], [ %a.next, %body.pre.h1 ]
; CHECK-NEXT:    %rng.next.h2 = phi i32 [ %rng.next.h1, %delay.header ], [ %rng.next.h1, %latch ], [ %rng.next.pre.h1, %body.pre.h1 ]
; CHECK-NEXT:    %fused.h2 = phi i1 [ %fused.h1, %delay.header ], [ %fused.h1, %latch ], [ %fused.pre.h1, %body.pre.h1 ]
; CHECK-NEXT:    %delay.exited.h1 = phi i1 [ false, %delay.header ], [ true, %latch ], [ false, %body.pre.h1 ]
; CHECK-NEXT:    br i1 %fused.h2, label %delay.latch, label %else
; CHECK:       latch.h2:
; CHECK-NEXT:    %a.next.h2 = phi float [ %e, %else ]
; CHECK-NEXT:    %i.next.h2 = add nuw nsw i32 %i.h2, 1
; CHECK-NEXT:    %more.h2 = icmp slt i32 %i.next.h2, %n
; CHECK-NEXT:    br i1 %more.h2, label %body.pre.h2, label %delay.latch
; CHECK:       body.pre.h2:
; CHECK-NEXT:    %rng.mul.pre.h2 = mul i32 %rng.next.h2, 1664525
; CHECK:         %fused.pre.h2 = xor i1 %fused.h2, %flip.pre.h2
; CHECK-NEXT:    br label %delay.latch
; CHECK:       delay.latch:
; CHECK-NEXT:    %i.end = phi i32 [ %i.h2, %delay.half2 ], [ %i.h2, %latch.h2 ], [ %i.next.h2, %body.pre.h2 ]
; CHECK-NEXT:    %rng.end = phi i32 [ %rng.h2, %delay.half2 ], [ %rng.h2, %latch.h2 ], [ %rng.next.h2, %body.pre.h2 ]
; CHECK-NEXT:    %fused.in.end = phi i1 [ %fused.in.h2, %delay.half2 ], [ %fused.in.h2, %latch.h2 ], [ %fused.h2, %body.pre.h2 ]
; CHECK-NEXT:    %a.end = phi float [ %a.h2, %delay.half2 ], [ %a.next.h2, %latch.h2 ], [ %a.next.h2, %body.pre.h2 ]
; CHECK-NEXT:    %rng.next.end = phi i32 [ %rng.next.h2, %delay.half2 ], [ %rng.next.h2, %latch.h2 ], [ %rng.next.pre.h2, %body.pre.h2 ]
; CHECK-NEXT:    %fused.end = phi i1 [ %fused.h2, %delay.half2 ], [ %fused.h2, %latch.h2 ], [ %fused.pre.h2, %body.pre.h2 ]
; CHECK-NEXT:    %delay.exited = phi i1 [ %delay.exited.h1, %delay.half2 ], [ true, %latch.h2 ], [ false, %body.pre.h2 ]
; CHECK-NEXT:    br i1 %delay.exited, label %delay.exit, label %delay.header
; Values used after the loop are the lane's last iteration's: no zero and
; no phi of their own for the next iteration's state or a pre value.
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %a.out = phi float [ %a0, %entry ], [ %a.end, %delay.exit ]
; CHECK-NEXT:    %r.out = phi i32 [ %seed, %entry ], [ %rng.next.end, %delay.exit ]
; CHECK-NOT:   .last
; CHECK-NOT:   delay.turn
; CHECK-NOT:   delay.pending

; if (c) only: the join of half 2 is entered from delay.half2 itself and
; reads the pending iteration's value there.
; CHECK-LABEL: define ptx_kernel void @then_only(
; CHECK:         br i1 %c.h1, label %then, label %delay.half2, !divopt.delayed
; CHECK:       latch:
; CHECK-NEXT:    %y = phi float [ %t, %then ]
; CHECK:       delay.half2:
; CHECK:         br i1 %c.h2, label %delay.latch, label %latch.h2
; CHECK:       latch.h2:
; CHECK-NEXT:    %y.h2 = phi float [ %x.h2, %delay.half2 ]
; CHECK-NEXT:    %acc.next.h2 = fadd float %acc.h2, %y.h2
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %r = phi float [ 0.000000e+00, %entry ], [ %acc.end, %delay.exit ]

; if (!c) only: half 1 is post alone.
; CHECK-LABEL: define ptx_kernel void @else_only(
; CHECK:         br i1 %c.h1, label %latch, label %delay.half2, !divopt.delayed
; CHECK:       latch:
; CHECK-NEXT:    %acc.next = phi float [ %acc.h1, %delay.header ]
; CHECK:       delay.half2:
; CHECK:         br i1 %c.h2, label %delay.latch, label %else
; CHECK:       latch.h2:
; CHECK-NEXT:    %acc.next.h2 = phi float [ %e, %else ]

; The condition is a header phi: a lane that leaves in half 1 keeps it
; (true), so it skips half 2. %i, read after the loop, stays the last
; iteration's on the leaving edges; %v, read after the loop and not the
; next iteration's state, gets a loop-out phi of its own, zero where no
; lane reads it. Post's two blocks are copied for half 2.
; CHECK-LABEL: define ptx_kernel void @carried_direction(
; CHECK:       latch:
; CHECK-NEXT:    %acc.next = phi float [ %v, %join ], [ %s, %shrink ]
; CHECK-NEXT:    %dir.next = xor i1 %dir.h1, %big
; CHECK:       delay.half2:
; CHECK-NEXT:    %i.h2 = phi i32 [ %i.h1, %delay.header ], [ %i.h1, %latch ], [ %i.next, %body.pre.h1 ]
; CHECK-NEXT:    %dir.h2 = phi i1 [ %dir.h1, %delay.header ], [ %dir.h1, %latch ], [ %dir.next, %body.pre.h1 ]
; CHECK-NEXT:    %acc.h2 = phi float [ %acc.h1, %delay.header ], [ %acc.next, %latch ], [ %acc.next, %body.pre.h1 ]
; CHECK:         %v.last = phi float [ 0.000000e+00, %delay.header ], [ %v, %latch ], [ 0.000000e+00, %body.pre.h1 ]
; CHECK-NEXT:    br i1 %dir.h2, label %delay.latch, label %else
; CHECK:       join.h2:
; CHECK-NEXT:    %v.h2 = phi float [ %e, %else ]
; CHECK:       shrink.h2:
; CHECK:       latch.h2:
; CHECK-NEXT:    %acc.next.h2 = phi float [ %v.h2, %join.h2 ], [ %s.h2, %shrink.h2 ]
; CHECK-NEXT:    %dir.next.h2 = xor i1 %dir.h2, %big.h2
; CHECK:       delay.latch:
; CHECK:         %v.last1 = phi float [ %v.last, %delay.half2 ], [ %v.h2, %latch.h2 ], [ 0.000000e+00, %body.pre.h2 ]
; CHECK:       {{^}}exit:
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
; CHECK-NEXT:    store float %acc.end, ptr addrspace(1) %q
; CHECK:         store float %v.last1, ptr addrspace(1) %q1
; CHECK:         store i32 %i.end, ptr addrspace(1) %q2

; Post with a loop of its own is not copied: the rotated form.
; CHECK-LABEL: define ptx_kernel void @post_with_loop(
; CHECK-NOT:   delay.half2
; CHECK:       delay.dispatch:
; CHECK-NOT:   delay.half2

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

; if (c) only, with the code after the branch reading its own values.
define ptx_kernel void @then_only(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
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
  br i1 %c, label %then, label %latch

then:
  %t0 = fmul float %x, %x
  %t = fadd float %t0, 1.0
  br label %latch

latch:
  %y = phi float [ %t, %then ], [ %x, %body ]
  %acc.next = fadd float %acc, %y
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

; if (!c) only: the then-way goes straight to the join.
define ptx_kernel void @else_only(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
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
  br i1 %c, label %latch, label %else

else:
  %e0 = fmul float %x, 3.0
  %e = fadd float %e0, %acc
  br label %latch

latch:
  %acc.next = phi float [ %acc, %body ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

; The direction is decided in the code after the branch and carried by a
; header phi to the next iteration; the counter is read after the loop, and
; so is a value of the code after the branch that no header phi carries.
; The code after the branch has two blocks.
define ptx_kernel void @carried_direction(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = trunc i32 %tid to i1
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %dir = phi i1 [ %first, %entry ], [ %dir.next, %latch ]
  %acc = phi float [ 1.0, %entry ], [ %acc.next, %latch ]
  br i1 %dir, label %then, label %else

then:
  %t = fmul float %acc, 1.5
  br label %join

else:
  %e = fadd float %acc, -0.5
  br label %join

join:
  %v = phi float [ %t, %then ], [ %e, %else ]
  %big = fcmp ogt float %v, 4.0
  br i1 %big, label %shrink, label %latch

shrink:
  %s = fmul float %v, 0.25
  br label %latch

latch:
  %acc.next = phi float [ %v, %join ], [ %s, %shrink ]
  %dir.next = xor i1 %dir, %big
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit

exit:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.next, ptr addrspace(1) %q
  %q1 = getelementptr float, ptr addrspace(1) %q, i32 1
  store float %v, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %q, i32 2
  store i32 %i, ptr addrspace(1) %q2
  ret void
}

; The code after the branch holds a loop: not copied; the rotated form.
define ptx_kernel void @post_with_loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %m) {
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
  br label %join

else:
  %e = fadd float %acc, %x
  br label %join

join:
  %v = phi float [ %t, %then ], [ %e, %else ]
  br label %inner

inner:
  %k = phi i32 [ 0, %join ], [ %k.next, %inner ]
  %s = phi float [ %v, %join ], [ %s.next, %inner ]
  %s.next = fmul float %s, 0.5
  %k.next = add i32 %k, 1
  %k.more = icmp slt i32 %k.next, %m
  br i1 %k.more, label %inner, label %latch

latch:
  %acc.next = fadd float %s.next, 1.0
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
