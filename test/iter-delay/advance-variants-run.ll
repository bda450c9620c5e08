; Every variant of the two-halves loop advance (-divopt-advance-variant)
; gives each lane the original loop's results bit for bit: the kernels of
; advance-halves.ll, run lane by lane on the host by lli (loop advance has
; no vote, so a lane's results do not depend on the others), before and
; after the transform, on 40 lanes and trip counts 0, 1, 2, 3, 7 and 16.
; Inputs/advance-run-driver.c calls them and prints every output's bits.
; The kernels cover: an exit test on a counter nothing reads after the loop
; (recompute-exit takes it), a counter read after the loop (the flag
; stays), a condition carried by a header phi, pre with a load (not
; speculated) and without (speculated), if-only branches either way, and
; an exit test on a counter's next value computed before the branch
; (@ring_slot: recompute-exit once tested the trip's first copy of it, so
; a lane whose last iteration ran in half 2 went round once more).
;
; RUN: %clang -x c -O1 -S -emit-llvm %S/Inputs/advance-run-driver.c -o %t.driver.ll
; RUN: sed -e 's/ptx_kernel //' -e 's/call i32 @llvm.nvvm.read.ptx.sreg.tid.x()/load i32, ptr @lane/' -e '/declare i32 @llvm.nvvm.read.ptx.sreg.tid.x/d' -e '/^target datalayout/d' -e 's/nvptx64-nvidia-cuda/x86_64-unknown-linux-gnu/' %s > %t.orig.ll
; RUN: lli -extra-module=%t.orig.ll %t.driver.ll > %t.orig.txt
; RUN: FileCheck %s --check-prefix=RAN < %t.orig.txt
; RUN: for v in exit-flag recompute-exit speculate-flag speculate-pre; do \
; RUN:   %divopt-opt -passes='iter-delay<advance;force>' -divopt-advance-variant=$v -S %s -o %t.$v.ll && \
; RUN:   grep -q delay.half2 %t.$v.ll && \
; RUN:   sed -e 's/ptx_kernel //' -e 's/call i32 @llvm.nvvm.read.ptx.sreg.tid.x()/load i32, ptr @lane/' -e '/declare i32 @llvm.nvvm.read.ptx.sreg.tid.x/d' -e '/^target datalayout/d' -e 's/nvptx64-nvidia-cuda/x86_64-unknown-linux-gnu/' %t.$v.ll > %t.$v.run.ll && \
; RUN:   lli -extra-module=%t.$v.run.ll %t.driver.ll > %t.$v.txt && \
; RUN:   diff %t.orig.txt %t.$v.txt || exit 1; \
; RUN: done
; The driver ran every kernel: 5 kernels x 6 trip counts x 40 lanes.
; RAN: runs 1200

target triple = "nvptx64-nvidia-cuda"

@lane = external global i32

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

; A lane's state in a ring of four words, read from this iteration's slot
; before the branch and written to the next one's after it, and a sum of
; what it wrote, stored over slot 0 after the loop: the counter's next
; value is computed before the branch (it names the slot written), and
; the exit test reads it.
define ptx_kernel void @ring_slot(ptr addrspace(1) %seeds, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sp = getelementptr i32, ptr addrspace(1) %seeds, i32 %tid
  %seed = load i32, ptr addrspace(1) %sp
  %first = icmp slt i32 %seed, 0
  %ring = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %seed, ptr addrspace(1) %ring
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %next, %join ]
  %dir = phi i1 [ %first, %entry ], [ %dir.next, %join ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %join ]
  %slot = and i32 %i, 3
  %p = getelementptr i32, ptr addrspace(1) %ring, i32 %slot
  %v = load i32, ptr addrspace(1) %p
  %next = add i32 %i, 1
  %nslot = and i32 %next, 3
  %q = getelementptr i32, ptr addrspace(1) %ring, i32 %nslot
  br i1 %dir, label %then, label %else

then:
  %t = xor i32 %v, -1640531527
  %t2 = add i32 %t, %i
  br label %join

else:
  %e = shl i32 %v, 3
  %e2 = xor i32 %e, %v
  br label %join

join:
  %r = phi i32 [ %t2, %then ], [ %e2, %else ]
  store i32 %r, ptr addrspace(1) %q
  %sum.next = add i32 %sum, %r
  %flip = icmp slt i32 %r, 0
  %dir.next = xor i1 %dir, %flip
  %done = icmp eq i32 %next, %n
  br i1 %done, label %done.loop, label %body

done.loop:
  store i32 %sum.next, ptr addrspace(1) %ring
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
