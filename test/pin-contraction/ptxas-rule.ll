; What ptxas (--fmad=true) fuses of the plain mul/add pairs LLVM leaves,
; as the pinner predicts it (bench/results/2026-11-25-ptxas-fusion-rule.txt
; has the probes; scripts/fuzz/fusion_check.py checks the prediction on
; random kernels against ptxas's own machine code).
; RUN: %divopt-opt -passes=pin-contraction -S %s | FileCheck %s
; RUN: %if ptxas %{ %divopt-opt -passes=pin-contraction %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; x * y with two uses in two arms: ptxas never fuses a product of two
; registers into a sum of another block (seed 24 of the fuzzer).
; CHECK-LABEL: @registers_two_arms(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %x, float %y)
; CHECK: %s = fadd contract float %m, %c
; CHECK: %d = fadd contract float %m, %x
define ptx_kernel void @registers_two_arms(ptr %p, float %c, i1 %cc) {
entry:
  %x = load float, ptr %p
  %q = getelementptr float, ptr %p, i64 1
  %y = load float, ptr %q
  %m = fmul contract float %x, %y
  br i1 %cc, label %then, label %else
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  ret void
else:
  %d = fadd contract float %m, %x
  store float %d, ptr %q
  ret void
}

; x * 0.75 in both arms: ptxas recomputes a product by a constant where it
; is added, into each sum.
; CHECK-LABEL: @constant_two_arms(
; CHECK-NOT: fmul
; CHECK: %s = call float @llvm.fma.f32(float %x, float 7.500000e-01, float %c)
; CHECK: %d = call float @llvm.fma.f32(float %x, float 7.500000e-01, float %y)
define ptx_kernel void @constant_two_arms(ptr %p, float %c, i1 %cc) {
entry:
  %x = load float, ptr %p
  %q = getelementptr float, ptr %p, i64 1
  %y = load float, ptr %q
  %m = fmul contract float %x, 0.75
  br i1 %cc, label %then, label %else
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  ret void
else:
  %d = fadd contract float %m, %y
  store float %d, ptr %q
  ret void
}

; A product made in a loop and added after it, and in it: ptxas fuses the
; sum in the loop and keeps the multiply for the loop exit.
; CHECK-LABEL: @loop_exit(
; CHECK: loop:
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %v, float 7.500000e-01)
; CHECK: %in = call float @llvm.fma.f32(float %v, float 7.500000e-01, float %acc)
; CHECK: exit:
; CHECK-NEXT: %out = fadd contract float %m, %c
define ptx_kernel void @loop_exit(ptr %p, float %c, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %acc = phi float [ 0.0, %entry ], [ %in, %body ]
  %g = getelementptr float, ptr %p, i32 %i
  %v = load float, ptr %g
  %m = fmul contract float %v, 0.75
  %t = icmp ult i32 %i, 7
  br i1 %t, label %body, label %exit
body:
  %in = fadd contract float %m, %acc
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %out = fadd contract float %m, %c
  store float %out, ptr %p
  ret void
}

; x * 2.0 is x + x by the time ptxas runs: not fused across blocks. And
; (a * b) * 2.0 in one block is a * b + a * b, which the DAG fuses:
; fma(a, b, a * b).
; CHECK-LABEL: @times_two(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %x, float 2.000000e+00)
; CHECK: [[AB:%.*]] = call float @llvm.nvvm.mul.rn.f(float %x, float %c)
; CHECK: %d = call float @llvm.fma.f32(float %x, float %c, float [[AB]])
; CHECK: then:
; CHECK-NEXT: %s = fadd contract float %m, %c
define ptx_kernel void @times_two(ptr %p, float %c, i1 %cc) {
entry:
  %x = load float, ptr %p
  %m = fmul contract float %x, 2.0
  %ab = fmul contract float %x, %c
  %d = fmul contract float %ab, 2.0
  %q = getelementptr float, ptr %p, i64 1
  store float %d, ptr %q
  br i1 %cc, label %then, label %join
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  br label %join
join:
  %u = fadd contract float %m, %x
  store float %u, ptr %q
  ret void
}

; sqrt.approx(0.75) * 0.25: ptxas computes both operands and folds the
; product; nothing is left to fuse.
; CHECK-LABEL: @folded_product(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %r, float 2.500000e-01)
; CHECK: then:
; CHECK-NEXT: %s = fadd contract float %m, %c
define ptx_kernel void @folded_product(ptr %p, float %c, i1 %cc) {
entry:
  %r = call float @llvm.nvvm.sqrt.approx.f(float 0.75)
  %m = fmul contract float %r, 0.25
  br i1 %cc, label %then, label %join
then:
  %s = fadd contract float %m, %c
  store float %s, ptr %p
  br label %join
join:
  %u = fadd contract float %m, %c
  %q = getelementptr float, ptr %p, i64 1
  store float %u, ptr %q
  ret void
}

; clamp(sin(x)) * 7 + c: ptxas knows sin.approx lies in [-1, 1], decides
; both clamp compares and sees the product flow into the sum.
; CHECK-LABEL: @decided_select(
; CHECK: %s = call float @llvm.fma.f32(float %lo, float 7.000000e+00, float %c)
define ptx_kernel void @decided_select(ptr %p, float %c) {
  %x = load float, ptr %p
  %v = call float @llvm.nvvm.sin.approx.f(float %x)
  %gt = fcmp contract ogt float %v, 1024.0
  %lt = fcmp contract olt float %v, -1024.0
  %lo = select contract i1 %lt, float -1024.0, float %v
  %m = fmul contract float %lo, 7.0
  %hi = select contract i1 %gt, float 7168.0, float %m
  %s = fadd contract float %hi, %c
  store float %s, ptr %p
  ret void
}

; Without infinities the DAG makes (x + 1) * y an fma: fma(x, y, y).
; CHECK-LABEL: @distributive(
; CHECK: %m = call float @llvm.fma.f32(float %x, float %y, float %y)
define ptx_kernel void @distributive(ptr %p, float %y) {
  %x = load float, ptr %p
  %a = fadd fast float %x, 1.0
  %m = fmul fast float %a, %y
  store float %m, ptr %p
  %q = getelementptr float, ptr %p, i64 1
  store float %a, ptr %q
  ret void
}

; With reassociation the DAG nests the negated second product of a
; peephole fusion: (a * b - u * v) + z is fma(a, b, fma(-u, v, z)).
; CHECK-LABEL: @reassociated_negated(
; CHECK: [[NU:%.*]] = fneg fast float %u
; CHECK: [[I:%.*]] = call float @llvm.fma.f32(float [[NU]], float %v, float %z)
; CHECK: %s2 = call float @llvm.fma.f32(float %a, float %b, float [[I]])
define ptx_kernel void @reassociated_negated(ptr %p, float %a, float %b, float %z) {
  %u = load float, ptr %p
  %q = getelementptr float, ptr %p, i64 1
  %v = load float, ptr %q
  %m1 = fmul fast float %a, %b
  %m2 = fmul fast float %u, %v
  %s1 = fsub fast float %m1, %m2
  %s2 = fadd fast float %s1, %z
  store float %s2, ptr %p
  ret void
}

declare float @llvm.nvvm.sqrt.approx.f(float)
declare float @llvm.nvvm.sin.approx.f(float)

; |x * x| + c: ptxas drops the absolute value of a square and fuses.
; CHECK-LABEL: @abs_of_square(
; CHECK: %s = call float @llvm.fma.f32(float %x, float %x, float %c)
define ptx_kernel void @abs_of_square(ptr %p, float %c) {
  %x = load float, ptr %p
  %m = fmul contract float %x, %x
  %a = call float @llvm.fabs.f32(float %m)
  %s = fadd contract float %a, %c
  store float %s, ptr %p
  ret void
}

declare float @llvm.fabs.f32(float)
