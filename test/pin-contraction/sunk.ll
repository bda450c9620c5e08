; Where the PTX computes a product is not always the IR's block: once the
; DAG fused the product's sum in its own block into an fma, MachineSink
; moves the multiply into the successor that dominates its other sums, and
; on from there; ptxas then fuses it there as a product of that block. The
; pinner reads the blocks as the PTX has them. Before, it read the IR's,
; and pinned these products unfused: the regrouping bench's Mandelbrot
; copies (bbv-profile, thread-remap) gave other bits than the kernel
; (188579 of 1048576 words, H100, 2026-11-27).
; RUN: %divopt-opt -passes=pin-contraction -S %s | FileCheck %s
; Both compiles' SASS: the same floating-point instructions, kernel by kernel.
; RUN: %if ptxas %{ llc -O3 -mtriple=nvptx64 -mcpu=sm_90 %s -o %t.ref.ptx && %ptxas -arch=sm_90 %t.ref.ptx -o %t.ref.cubin %}
; RUN: %if ptxas %{ %divopt-opt -passes=pin-contraction %s | llc -O3 -mtriple=nvptx64 -mcpu=sm_90 -o %t.pin.ptx && %ptxas -arch=sm_90 %t.pin.ptx -o %t.pin.cubin %}
; RUN: %if ptxas %{ %python %divopt_src/scripts/fuzz/sass_ops.py %t.ref.cubin | cut -d' ' -f2- > %t.ref.txt %}
; RUN: %if ptxas %{ %python %divopt_src/scripts/fuzz/sass_ops.py %t.pin.cubin | cut -d' ' -f2- > %t.pin.txt %}
; RUN: %if ptxas %{ diff %t.ref.txt %t.pin.txt %}

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.sqrt.approx.f(float)

; The escape-time loop: |z|^2 = zr*zr + zi*zi in the test (the DAG fuses
; zr*zr), zr*zr - zi*zi in the body, where zr*zr is sunk and fused; zi*zi
; is also an fma's addend, and stays a multiply.
; CHECK-LABEL: @mandel(
; CHECK: test:
; CHECK: %zi2 = call float @llvm.nvvm.mul.rn.f(float %zi, float %zi)
; CHECK: %norm = call float @llvm.fma.f32(float %zr, float %zr, float %zi2)
; CHECK: body:
; CHECK: [[NEG:%.*]] = fneg contract float %zi2
; CHECK: %re = call float @llvm.fma.f32(float %zr, float %zr, float [[NEG]])
define ptx_kernel void @mandel(ptr addrspace(1) %out, float %cr, float %ci, i32 %max) {
entry:
  br label %test
test:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %zr = phi float [ 0.0, %entry ], [ %zr1, %body ]
  %zi = phi float [ 0.0, %entry ], [ %zi1, %body ]
  %zr2 = fmul contract float %zr, %zr
  %zi2 = fmul contract float %zi, %zi
  %norm = fadd contract float %zr2, %zi2
  %in = fcmp olt float %norm, 4.0
  br i1 %in, label %body, label %done
body:
  %re = fsub contract float %zr2, %zi2
  %zr1 = fadd contract float %re, %cr
  %zrzi = fmul float %zr, %zi
  %zi1 = fadd float %zrzi, %ci
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, %max
  br i1 %more, label %test, label %done
done:
  %kk = phi i32 [ %k, %test ], [ %k1, %body ]
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %kk, ptr addrspace(1) %p
  ret void
}

; A product with two sums, both in the block below it, none in its own:
; sunk there, and fused into both.
; CHECK-LABEL: @two_sums_below(
; CHECK: below:
; CHECK: %d = call float @llvm.fma.f32(float %x, float %y, float
; CHECK: %e = call float @llvm.fma.f32(float %x, float %y, float %a)
; CHECK-NOT: mul.rn
; CHECK: ret void
define ptx_kernel void @two_sums_below(ptr addrspace(1) %o, float %a, float %b, float %c) {
top:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tf = uitofp i32 %t to float
  %x = fadd float %tf, %a
  %y = fadd float %tf, %b
  %m = fmul contract float %x, %y
  %cc = fcmp olt float %x, 4.0
  br i1 %cc, label %below, label %other
below:
  %d = fsub contract float %m, %c
  %e = fadd contract float %m, %a
  store float %d, ptr addrspace(1) %o
  %o1 = getelementptr float, ptr addrspace(1) %o, i32 1
  store float %e, ptr addrspace(1) %o1
  ret void
other:
  ret void
}

; Two steps down, past a block that does not use it.
; CHECK-LABEL: @two_steps(
; CHECK: %s = call float @llvm.fma.f32(float %x, float %x, float %b)
; CHECK: deeper:
; CHECK: %d = call float @llvm.fma.f32(float %x, float %x, float
define ptx_kernel void @two_steps(ptr addrspace(1) %o, float %a, float %b, float %c, i32 %n) {
top:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tf = uitofp i32 %t to float
  %x = fadd float %tf, %a
  %m = fmul contract float %x, %x
  %s = fadd contract float %m, %b
  %cc = fcmp olt float %s, 4.0
  br i1 %cc, label %middle, label %other
middle:
  store float %s, ptr addrspace(1) %o
  %cc2 = icmp ult i32 %t, %n
  br i1 %cc2, label %deeper, label %other
deeper:
  %d = fsub contract float %m, %c
  store float %d, ptr addrspace(1) %o
  ret void
other:
  ret void
}

; Sums in both arms: no block below dominates them, the multiply stays
; where it is, and ptxas fuses neither.
; CHECK-LABEL: @both_arms(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %x, float %y)
; CHECK: %s = call float @llvm.fma.f32(float %x, float %y, float %b)
; CHECK: then:
; CHECK-NEXT: %d = fsub contract float %m, %c
; CHECK: else:
; CHECK-NEXT: %e = fadd contract float %m, %a
define ptx_kernel void @both_arms(ptr addrspace(1) %o, float %a, float %b, float %c) {
top:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tf = uitofp i32 %t to float
  %x = fadd float %tf, %a
  %y = fadd float %tf, %b
  %m = fmul contract float %x, %y
  %s = fadd contract float %m, %b
  %cc = fcmp olt float %s, 4.0
  br i1 %cc, label %then, label %else
then:
  %d = fsub contract float %m, %c
  store float %d, ptr addrspace(1) %o
  ret void
else:
  %e = fadd contract float %m, %a
  store float %e, ptr addrspace(1) %o
  ret void
}

; A product ptxas computes itself (sqrt.approx of a constant, times a
; constant), sunk to its sum's block: folded, not fused (fuzz seed 74).
; CHECK-LABEL: @folded_below(
; CHECK: below:
; CHECK-NEXT: %d = fadd contract float %m, %c
define ptx_kernel void @folded_below(ptr addrspace(1) %o, float %a, float %c) {
top:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tf = uitofp i32 %t to float
  %r = call float @llvm.nvvm.sqrt.approx.f(float 7.500000e-01)
  %m = fmul contract float %r, 2.500000e-01
  %s = fadd contract float %m, %tf
  %cc = fcmp olt float %s, 4.0
  br i1 %cc, label %below, label %other
below:
  %d = fadd contract float %m, %c
  store float %d, ptr addrspace(1) %o
  ret void
other:
  store float %s, ptr addrspace(1) %o
  ret void
}
