; Under fast-math (nsz, reassoc, nnan or ninf on the function's floating-
; point operations) code generation folds products and sums in ways no
; explicit llvm.fma or mul.rn writes down: a sign of zero under nsz, fma
; chains and constants under reassoc, and -ffast-math fuses a product into
; a sum whatever its flags. Pinned and melded, the melding campaign's
; fast-math kernels changed in the last bits and in signs of zero
; (bench/results/2026-11-26-h200-fast-math-bisect.md), and restructuring
; even an integer region of such a function, unpinned, changed what ptxas
; fuses around it (seeds 138 and 164). So no transform touches a function
; with fast-math flags: every candidate is refused with a remark that says
; why, and nothing is pinned. The same integer code without them melds.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DELAY
; RUN: %divopt-opt -passes='loop-split<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=SPLIT
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=KSPLIT
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the function computes in floating point under fast-math flags (nsz, reassoc, nnan, ninf), which code generation folds and fuses in ways DivOpt cannot pin down: restructured anywhere, its results would change in the last bits
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: the function computes in floating point under fast-math flags
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: the function computes in floating point under fast-math flags
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 3 pairs of 3+3 instructions with 1 selects

; The arms are floating point: left as they are, the product unpinned.
; CHECK-LABEL: define ptx_kernel void @float_arms(
; CHECK:         br i1 %c, label %then, label %else
; CHECK:         %tm = fmul fast float %x, 1.250000e+00
; CHECK:         %ts = fadd fast float %tm, %y
; CHECK-NOT:     llvm.fma
; CHECK-NOT:     llvm.nvvm.mul.rn
define ptx_kernel void @float_arms(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %q = getelementptr float, ptr addrspace(1) %in, i32 64
  %y = load float, ptr addrspace(1) %q
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %tm = fmul fast float %x, 1.25
  %ts = fadd fast float %tm, %y
  %tq = fmul fast float %ts, %ts
  br label %join
else:
  %em = fmul fast float %x, 0.875
  %es = fadd fast float %em, %y
  %eq = fmul fast float %es, %es
  br label %join
join:
  %r = phi float [ %tq, %then ], [ %eq, %else ]
  %o = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %o
  ret void
}

; Integer arms, but the function computes in floating point with fast-math
; flags after the join: left as it is, unpinned.
; CHECK-LABEL: define ptx_kernel void @int_arms(
; CHECK:         br i1 %c, label %then, label %else
; CHECK:         %f = fmul fast float %x, 3.000000e+00
; CHECK-NOT:     llvm.nvvm.mul.rn
; CHECK:         ret void
define ptx_kernel void @int_arms(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %fout) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %t1 = mul i32 %v, 7
  %t2 = xor i32 %t1, %tid
  %t3 = add i32 %t2, 5
  br label %join
else:
  %e1 = mul i32 %v, 9
  %e2 = xor i32 %e1, %tid
  %e3 = add i32 %e2, 5
  br label %join
join:
  %r = phi i32 [ %t3, %then ], [ %e3, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o
  %x = uitofp i32 %r to float
  %f = fmul fast float %x, 3.0
  %g = fadd fast float %f, 1.0
  %fo = getelementptr float, ptr addrspace(1) %fout, i32 %tid
  store float %g, ptr addrspace(1) %fo
  ret void
}

; Nor is a fast-math kernel split.
; KSPLIT: kernel float_arms not split at this divergent branch: the function computes in floating point under fast-math flags
; KSPLIT: kernel int_arms not split at this divergent branch: the function computes in floating point under fast-math flags

; A loop of floating-point arms is not delayed.
; DELAY: remark: <unknown>:0:0: loop not delayed: the function computes in floating point under fast-math flags
; DELAY-NOT: delayed iterations
define ptx_kernel void @float_loop(ptr addrspace(1) %seeds, ptr addrspace(1) %out, i32 %n, i32 %thresh) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %seeds, i32 %idx
  %rnd = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %rnd, %thresh
  br i1 %c, label %then, label %else
then:
  %t = fmul fast float %acc, 3.0
  %t1 = fadd fast float %t, 1.0
  br label %latch
else:
  %e = fmul fast float %acc, 0.5
  %e1 = fadd fast float %e, 2.0
  br label %latch
latch:
  %acc.next = phi float [ %t1, %then ], [ %e1, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body
exit:
  %acc.out = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.out, ptr addrspace(1) %q
  ret void
}

; Nor is a loop split whose two statement groups could be.
; SPLIT: loop not split: the function computes in floating point under fast-math flags
; SPLIT-NOT: loop split
define ptx_kernel void @float_groups(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %b, i32 %n) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %pa = getelementptr float, ptr addrspace(1) %a, i32 %i
  %va = load float, ptr addrspace(1) %pa
  %ra = fmul fast float %va, 3.0
  store float %ra, ptr addrspace(1) %pa
  %pb = getelementptr float, ptr addrspace(1) %b, i32 %i
  %vb = load float, ptr addrspace(1) %pb
  %rb = fadd fast float %vb, 1.0
  store float %rb, ptr addrspace(1) %pb
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %body
exit:
  ret void
}

; The same integer arms in a function without fast-math flags meld.
; CHECK-LABEL: define ptx_kernel void @int_arms_plain(
; CHECK:         select i1 %c, i32 7, i32 9
define ptx_kernel void @int_arms_plain(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %fout) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %t1 = mul i32 %v, 7
  %t2 = xor i32 %t1, %tid
  %t3 = add i32 %t2, 5
  br label %join
else:
  %e1 = mul i32 %v, 9
  %e2 = xor i32 %e1, %tid
  %e3 = add i32 %e2, 5
  br label %join
join:
  %r = phi i32 [ %t3, %then ], [ %e3, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o
  %x = uitofp i32 %r to float
  %f = fmul contract float %x, 3.0
  %fo = getelementptr float, ptr addrspace(1) %fout, i32 %tid
  store float %f, ptr addrspace(1) %fo
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
