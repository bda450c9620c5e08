; print<divopt-cost>: the register estimate, the occupancy it gives at the
; kernel's launch bound, and each block's issue cost (FP32 fma 1, 32-bit
; integer ALU 2, conditional branch 3 on sm_90).
; RUN: %divopt-opt -passes='print<divopt-cost>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK: divopt-cost: function 'k' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=100% (warps, at 256 threads/block (reqntid) on sm_90)
; CHECK-NEXT: block %entry: cost=9.0
; CHECK-NEXT: block %a: cost=1.5
; CHECK: divopt-cost: function 'wide' registers={{[0-9]+}} max-live={{[0-9]+}} occupancy=39% (registers, at 800 threads/block, the worst of 32-1024 threads/block (launch bounds), on sm_80)
define ptx_kernel void @k(float %x, ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 5
  %y = call float @llvm.fma.f32(float %x, float 2.0, float 1.0)
  %z = fadd float %y, 1.0
  br i1 %c, label %a, label %b
a:
  %w = fmul float %z, 3.0
  br label %b
b:
  %v = phi float [ %z, %entry ], [ %w, %a ]
  store float %v, ptr addrspace(1) %out
  ret void
}

; Enough live 64-bit values to need more than 32 registers per thread: at
; 1024 threads per block only one block fits, half the SM's warps, and
; the launch bound allows 800, where one block of 25 warps fits (39%).
define ptx_kernel void @wide(ptr addrspace(1) %in, ptr addrspace(1) %out) #1 {
entry:
  %p0 = getelementptr i64, ptr addrspace(1) %in, i32 0
  %v0 = load i64, ptr addrspace(1) %p0
  %v1 = load i64, ptr addrspace(1) %in
  %p2 = getelementptr i64, ptr addrspace(1) %in, i32 2
  %v2 = load i64, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %in, i32 3
  %v3 = load i64, ptr addrspace(1) %p3
  %p4 = getelementptr i64, ptr addrspace(1) %in, i32 4
  %v4 = load i64, ptr addrspace(1) %p4
  %p5 = getelementptr i64, ptr addrspace(1) %in, i32 5
  %v5 = load i64, ptr addrspace(1) %p5
  %s1 = add i64 %v0, %v1
  %s2 = mul i64 %s1, %v0
  %s3 = mul i64 %s2, %v1
  %s4 = xor i64 %s3, %s1
  %s5 = add i64 %s4, %s2
  %s6 = add i64 %s5, %s3
  %s7 = mul i64 %s6, %s4
  %s8 = mul i64 %s7, %s5
  %s9 = mul i64 %s8, %s6
  %s10 = add i64 %s9, %s7
  %s11 = add i64 %s10, %s8
  %s12 = add i64 %s11, %s9
  %s13 = add i64 %s12, %s1
  %s14 = add i64 %s13, %s2
  %s15 = add i64 %s14, %s3
  %s16 = add i64 %s15, %s4
  %s17 = add i64 %s16, %s5
  %s18 = add i64 %s17, %s6
  %s19 = add i64 %s18, %s7
  %s20 = add i64 %s19, %s8
  %s21 = add i64 %s20, %s10
  %s22 = add i64 %s21, %s11
  %s23 = add i64 %s22, %s12
  %s24 = add i64 %s23, %v0
  %s25 = add i64 %s24, %v1
  %s26 = add i64 %s25, %v2
  %s27 = add i64 %s26, %v3
  %s28 = add i64 %s27, %v4
  %s29 = add i64 %s28, %v5
  %s30 = add i64 %s29, %s1
  %s31 = add i64 %s30, %s2
  %s32 = add i64 %s31, %s3
  %s33 = add i64 %s32, %s4
  %s34 = add i64 %s33, %s5
  store i64 %s34, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
attributes #0 = { "target-cpu"="sm_90" "nvvm.reqntid"="256" }
attributes #1 = { "target-cpu"="sm_80" "nvvm.maxntid"="1024" }
