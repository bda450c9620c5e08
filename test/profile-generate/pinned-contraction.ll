; The instrumentation splits and copies a function's blocks, which would
; change which products code generation fuses into sums, and so the
; instrumented program's rounding (an SPH force kernel's last bits, on an
; H200). divergence-profile pins contraction first, as the transforms do
; (ContractionPinning.h): both bodies, counted and uncounted, compute the
; fused multiply-add clang -O3's code would. Fast-math code, which pinning
; itself would change, is left as it is.
; RUN: %divopt-opt -passes=divergence-profile -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @axpy(
; CHECK-NOT: fmul contract
; CHECK: call float @llvm.fma.f32(float %a, float %x{{(.unsampled)?}}, float %y{{(.unsampled)?}})
; CHECK-NOT: fmul contract
; CHECK: call float @llvm.fma.f32(float %a, float %x{{(.unsampled)?}}, float %y{{(.unsampled)?}})
; CHECK-NOT: fmul contract
; CHECK-LABEL: define ptx_kernel void @fast(
; CHECK-NOT: llvm.fma
; CHECK: fmul fast float
define ptx_kernel void @axpy(ptr addrspace(1) %out, float %a, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p, align 4
  %y = load float, ptr addrspace(1) %in, align 4
  %m = fmul contract float %a, %x
  %s = fadd contract float %m, %y
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %join
then:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q, align 4
  br label %join
join:
  ret void
}

define ptx_kernel void @fast(ptr addrspace(1) %out, float %a, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p, align 4
  %m = fmul fast float %a, %x
  %s = fadd fast float %m, %x
  %c = fcmp ogt float %x, 0.0
  br i1 %c, label %then, label %join
then:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q, align 4
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
