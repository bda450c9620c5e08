; The SYN-BRDIS shape (the seeds' Figure 7): a divergent prologue, a middle
; that both arms compute with different constants, a divergent epilogue.
; The middle is melded; prologue and epilogue stay divergent in their own
; smaller diamonds, in order, and values crossing out of a diamond are
; joined by one PHI per pair. The constants' selects are made once, before
; the region.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes=branch-dist -S %s -o - | FileCheck %s
; RUN: %if ptxas %{ %divopt-opt -divopt-meld-speculate=false -passes=branch-dist %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @brdis(
; CHECK:         [[KM:%.*]] = select i1 %c, float 0x3FF00068E0000000, float 0x3FF000D1C0000000
; CHECK-NEXT:    [[KA:%.*]] = select i1 %c, float 0x3FD3333340000000, float 0x3FC99999A0000000
; CHECK-NEXT:    br i1 %c, label %dist.then, label %dist.else, !divopt.distributed
; CHECK:       join:
; CHECK-NEXT:    %s = phi float [ [[S:%.*]], %dist.join{{[0-9]+}} ]
; CHECK:       dist.then:
; CHECK-NEXT:    %p1 = fadd float %x, 5.000000e-01
; CHECK-NEXT:    %p2 = call float @llvm.fma.f32(float %x, float 2.000000e+00, float 5.000000e-01)
; CHECK-NEXT:    br label %dist.join
; CHECK:       dist.else:
; CHECK-NEXT:    %q1 = fsub float %x, 2.500000e-01
; CHECK-NEXT:    %q2 = fsub float %x, 5.000000e-01
; CHECK-NEXT:    br label %dist.join
; CHECK:       dist.join:
; CHECK-DAG:     [[V2:%.*]] = phi float [ %p2, %dist.then ], [ %q2, %dist.else ]
; CHECK-DAG:     [[V1:%.*]] = phi float [ %p1, %dist.then ], [ %q1, %dist.else ]
; CHECK:         %m1_0m = fmul float [[V1]], [[KM]]
; CHECK-NEXT:    %m1_0a = fadd float %m1_0m, [[KA]]
; CHECK-NEXT:    %m1_1m = fmul float %m1_0a, [[KM]]
; CHECK-NEXT:    %m1_1a = fadd float %m1_1m, [[KA]]
; CHECK-NEXT:    %m1_2m = fmul float %m1_1a, [[KM]]
; CHECK-NEXT:    %m1_2a = fadd float %m1_2m, [[KA]]
; CHECK-NEXT:    %m1_3m = fmul float %m1_2a, [[KM]]
; CHECK-NEXT:    %m1_3a = fadd float %m1_3m, [[KA]]
; CHECK-NEXT:    %m2_0m = fmul float [[V2]], [[KM]]
; CHECK-NEXT:    %m2_0a = fadd float %m2_0m, [[KA]]
; CHECK-NEXT:    %m2_1m = fmul float %m2_0a, [[KM]]
; CHECK-NEXT:    %m2_1a = fadd float %m2_1m, [[KA]]
; CHECK-NEXT:    %m2_2m = fmul float %m2_1a, [[KM]]
; CHECK-NEXT:    %m2_2a = fadd float %m2_2m, [[KA]]
; CHECK-NEXT:    %m2_3m = fmul float %m2_2a, [[KM]]
; CHECK-NEXT:    %m2_3a = fadd float %m2_3m, [[KA]]
; CHECK-NEXT:    br i1 %c, label %dist.then{{[0-9]+}}, label %dist.else{{[0-9]+}}, !divopt.distributed
; CHECK:       dist.then{{[0-9]+}}:
; CHECK-NEXT:    %e1 = call float @llvm.fma.f32(float %m1_3a, float %m1_3a, float 0.000000e+00)
; CHECK-NEXT:    %e2 = call float @llvm.fma.f32(float %m2_3a, float %m2_3a, float %e1)
; CHECK:       dist.else{{[0-9]+}}:
; CHECK-NEXT:    %f1 = call float @llvm.nvvm.mul.rn.f(float %m1_3a, float %m2_3a)
; CHECK:       dist.join{{[0-9]+}}:
; CHECK-NEXT:    [[S]] = phi float [ %e2, %dist.then{{[0-9]+}} ], [ %f1, %dist.else{{[0-9]+}} ]
; CHECK-NEXT:    br label %join
define ptx_kernel void @brdis(ptr addrspace(1) %in, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %bit = and i32 %tid, 1
  %c = icmp ne i32 %bit, 0
  br i1 %c, label %then, label %else

then:
  %p1 = fadd float %x, 0.5
  %p2 = call float @llvm.fma.f32(float %x, float 2.0, float 0.5)
  %m1_0m = fmul float %p1, 0x3FF00068E0000000
  %m1_0a = fadd float %m1_0m, 0x3FD3333340000000
  %m1_1m = fmul float %m1_0a, 0x3FF00068E0000000
  %m1_1a = fadd float %m1_1m, 0x3FD3333340000000
  %m1_2m = fmul float %m1_1a, 0x3FF00068E0000000
  %m1_2a = fadd float %m1_2m, 0x3FD3333340000000
  %m1_3m = fmul float %m1_2a, 0x3FF00068E0000000
  %m1_3a = fadd float %m1_3m, 0x3FD3333340000000
  %m2_0m = fmul float %p2, 0x3FF00068E0000000
  %m2_0a = fadd float %m2_0m, 0x3FD3333340000000
  %m2_1m = fmul float %m2_0a, 0x3FF00068E0000000
  %m2_1a = fadd float %m2_1m, 0x3FD3333340000000
  %m2_2m = fmul float %m2_1a, 0x3FF00068E0000000
  %m2_2a = fadd float %m2_2m, 0x3FD3333340000000
  %m2_3m = fmul float %m2_2a, 0x3FF00068E0000000
  %m2_3a = fadd float %m2_3m, 0x3FD3333340000000
  %e1 = call float @llvm.fma.f32(float %m1_3a, float %m1_3a, float 0.0)
  %e2 = call float @llvm.fma.f32(float %m2_3a, float %m2_3a, float %e1)
  br label %join

else:
  %q1 = fsub float %x, 0.25
  %q2 = fsub float %x, 0.5
  %n1_0m = fmul float %q1, 0x3FF000D1C0000000
  %n1_0a = fadd float %n1_0m, 0x3FC99999A0000000
  %n1_1m = fmul float %n1_0a, 0x3FF000D1C0000000
  %n1_1a = fadd float %n1_1m, 0x3FC99999A0000000
  %n1_2m = fmul float %n1_1a, 0x3FF000D1C0000000
  %n1_2a = fadd float %n1_2m, 0x3FC99999A0000000
  %n1_3m = fmul float %n1_2a, 0x3FF000D1C0000000
  %n1_3a = fadd float %n1_3m, 0x3FC99999A0000000
  %n2_0m = fmul float %q2, 0x3FF000D1C0000000
  %n2_0a = fadd float %n2_0m, 0x3FC99999A0000000
  %n2_1m = fmul float %n2_0a, 0x3FF000D1C0000000
  %n2_1a = fadd float %n2_1m, 0x3FC99999A0000000
  %n2_2m = fmul float %n2_1a, 0x3FF000D1C0000000
  %n2_2a = fadd float %n2_2m, 0x3FC99999A0000000
  %n2_3m = fmul float %n2_2a, 0x3FF000D1C0000000
  %n2_3a = fadd float %n2_3m, 0x3FC99999A0000000
  %f1 = call float @llvm.nvvm.mul.rn.f(float %n1_3a, float %n2_3a)
  br label %join

join:
  %s = phi float [ %e2, %then ], [ %f1, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %s, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.nvvm.mul.rn.f(float, float)
attributes #0 = { "target-cpu"="sm_90" }
