; Arms of unlike operations whose only common instructions are absolute
; values: a material switch's ways in a shader, each a chain of its own
; kind of step on |r| (bench/uniform/dispatch.cu). fabs is a modifier of
; the instruction that reads it in SASS, so melding the fabs pairs saves
; nothing, and the guarded blocks and selects that the rest needs cost
; what the remark says: refused. On an H100 the melds this once took
; (fabs costed as a call) made such a switch 5-12% slower than compares
; alone (bench/results/2026-11-27-h100-fabs-modifiers.md).
; The same arms with a division in common meld: the pair saves a division.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt-branch-dist -pass-remarks-missed=divopt-branch-dist -disable-output %s 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}divergent branch not distributed: unprofitable: melded 3 pairs of 9+12 instructions{{.*}}predicted speedup 0.{{[0-9]+}}x
; CHECK: remark: {{.*}}distributed divergent branch: melded 6 pairs of 9+9 instructions
define ptx_kernel void @modifiers(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = fcmp olt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t.a0 = call float @llvm.nvvm.fabs.f32(float %x)
  %t.r0 = call float @llvm.fma.f32(float %t.a0, float 0x3FECCCCCC0000000, float -1.5)
  %t.m0 = fmul float %t.r0, 1.25
  %t.a1 = call float @llvm.nvvm.fabs.f32(float %t.m0)
  %t.r1 = call float @llvm.fma.f32(float %t.a1, float 0x3FECCCCCC0000000, float -1.5)
  %t.m1 = fmul float %t.r1, 1.25
  %t.a2 = call float @llvm.nvvm.fabs.f32(float %t.m1)
  %t.r2 = call float @llvm.fma.f32(float %t.a2, float 0x3FECCCCCC0000000, float -1.5)
  %t.m2 = fmul float %t.r2, 1.25
  br label %join

else:
  %e.a0 = call float @llvm.nvvm.fabs.f32(float %x)
  %e.s0 = call float @llvm.nvvm.sqrt.approx.f(float %e.a0)
  %e.r0 = fadd float %e.s0, 2.0
  %e.n0 = fsub float %e.r0, %x
  %e.a1 = call float @llvm.nvvm.fabs.f32(float %e.n0)
  %e.s1 = call float @llvm.nvvm.sqrt.approx.f(float %e.a1)
  %e.r1 = fadd float %e.s1, 2.25
  %e.n1 = fsub float %e.r1, %x
  %e.a2 = call float @llvm.nvvm.fabs.f32(float %e.n1)
  %e.s2 = call float @llvm.nvvm.sqrt.approx.f(float %e.a2)
  %e.r2 = fadd float %e.s2, 2.5
  %e.n2 = fsub float %e.r2, %x
  br label %join

join:
  %r = phi float [ %t.m2, %then ], [ %e.n2, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @divisions(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = fcmp olt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t.a0 = call float @llvm.nvvm.fabs.f32(float %x)
  %t.d0 = fdiv float %t.a0, 3.0
  %t.r0 = call float @llvm.fma.f32(float %t.d0, float 0x3FECCCCCC0000000, float -1.5)
  %t.a1 = call float @llvm.nvvm.fabs.f32(float %t.r0)
  %t.d1 = fdiv float %t.a1, 3.0
  %t.r1 = call float @llvm.fma.f32(float %t.d1, float 0x3FECCCCCC0000000, float -1.5)
  %t.a2 = call float @llvm.nvvm.fabs.f32(float %t.r1)
  %t.d2 = fdiv float %t.a2, 3.0
  %t.r2 = call float @llvm.fma.f32(float %t.d2, float 0x3FECCCCCC0000000, float -1.5)
  br label %join

else:
  %e.a0 = call float @llvm.nvvm.fabs.f32(float %x)
  %e.d0 = fdiv float %e.a0, 5.0
  %e.r0 = fadd float %e.d0, 2.0
  %e.a1 = call float @llvm.nvvm.fabs.f32(float %e.r0)
  %e.d1 = fdiv float %e.a1, 5.0
  %e.r1 = fadd float %e.d1, 2.25
  %e.a2 = call float @llvm.nvvm.fabs.f32(float %e.r1)
  %e.d2 = fdiv float %e.a2, 5.0
  %e.r2 = fadd float %e.d2, 2.5
  br label %join

join:
  %r = phi float [ %t.r2, %then ], [ %e.r2, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.nvvm.fabs.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.sqrt.approx.f(float)
