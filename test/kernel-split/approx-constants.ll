; A part keeps one way of the branch, so a value merged at the join from
; a constant on that way and run-time values on the others is the constant
; there. Where an approximate operation reads it (__sinf's sin.approx),
; ptxas evaluates the part's operation at compile time, exactly rounded:
; sin.approx(0.01) is 0x3c23d657 folded and 0x3c23d60b on an H100, which
; the kernel computes (differential fuzzing, natural floats, split shapes,
; seed 271: bench/results/2026-11-26-h100-fuzz-recheck.md). Such a branch
; is not split, forced or not; the same shape with the operand a run-time
; value on every way is.
; RUN: %divopt-opt -passes='kernel-split<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s < %t.ll

target triple = "nvptx64-nvidia-cuda"

; The light way's constant reaches the join's PHI.
; REMARK-DAG: remark: <unknown>:0:0: kernel phi_const not split at this divergent branch: in the part for the then way the operands of llvm.nvvm.sin.approx.f would be constants, which ptxas evaluates at compile time, exactly rounded, where the kernel computes them at run time with the GPU's approximation
define ptx_kernel void @phi_const(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %light, label %heavy
light:
  br label %join
heavy:
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %v = load float, ptr addrspace(1) %p
  br label %join
join:
  %x = phi float [ 2.0, %light ], [ %v, %heavy ]
  %m = fmul float %x, 0x3F747AE140000000
  %s = call float @llvm.nvvm.sin.approx.f(float %m)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q
  ret void
}

; The seed's shape: after the join, `u > 63884 ? in[...] * -0.5f + 7.0f :
; 2.0f`, where u is `in[...] & 255` on the then way and any word on the
; other. In the then part the comparison is false by u's known bits, and
; the select's constant arm is all that reaches the sine.
; REMARK-DAG: remark: <unknown>:0:0: kernel known_bits not split at this divergent branch: in the part for the then way the operands of llvm.nvvm.sin.approx.f would be constants
define ptx_kernel void @known_bits(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %w = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %small, label %word
small:
  %b = and i32 %w, 255
  br label %join
word:
  %w2 = mul i32 %w, 7919
  br label %join
join:
  %u = phi i32 [ %b, %small ], [ %w2, %word ]
  %big = icmp ugt i32 %u, 63884
  br i1 %big, label %far, label %near
far:
  %f = uitofp i32 %u to float
  %g = call float @llvm.fma.f32(float %f, float -5.000000e-01, float 7.000000e+00)
  br label %sine
near:
  br label %sine
sine:
  %x = phi float [ %g, %far ], [ 2.0, %near ]
  %m = call float @llvm.nvvm.mul.rn.f(float %x, float 0x3F747AE140000000)
  %s = call float @llvm.nvvm.sin.approx.f(float %m)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q
  ret void
}

; Run-time operands on both ways: split.
; REMARK-DAG: remark: <unknown>:0:0: kernel runtime split into runtime_$_divopt_$_then, runtime_$_divopt_$_else
; CHECK-LABEL: define ptx_kernel void @"runtime_$_divopt_$_then"(
; CHECK: call float @llvm.nvvm.sin.approx.f(float %m)
define ptx_kernel void @runtime(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  br i1 %c, label %light, label %heavy
light:
  %a = load float, ptr addrspace(1) %p
  br label %join
heavy:
  %v = load float, ptr addrspace(1) %p
  %w = fmul float %v, 3.000000e+00
  br label %join
join:
  %x = phi float [ %a, %light ], [ %w, %heavy ]
  %m = fmul float %x, 0x3F747AE140000000
  %s = call float @llvm.nvvm.sin.approx.f(float %m)
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q
  ret void
}

; The kernels stay as they were where they are not split.
; CHECK-NOT: phi_const_$_divopt
; CHECK-NOT: known_bits_$_divopt

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.sin.approx.f(float)
declare float @llvm.nvvm.mul.rn.f(float, float)
declare float @llvm.fma.f32(float, float, float)
