; kernel-split compiles a large way once: the way moves into an internal,
; noinline device function that the kernel (the fallback for launches that
; bypass the launch plan) and the way's part both call, so the back end no
; longer compiles the heavy arm twice. What the kernel knows of the way's
; pointers goes with it: a CUDA kernel's pointer parameters point into
; global memory (the device function takes ptr addrspace(1)), and loads
; from __restrict__ const parameters stay non-coherent (!invariant.load, as
; NVPTX tags them in a kernel: ld.global.nc). The kernel's contractions are
; pinned first: the product in the prologue and its sum in the way would
; no longer be fused across the call. A way's value used after the join
; comes back through memory; a local array only the way uses moves with
; it. Ways are not shared where they are too small (the default threshold
; here; 0 turns sharing off), where they return, where they use
; a local array whose lifetime the kernel does not bound to them, or
; where they read a by-value parameter.
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-split-share-min-instructions=8 -pass-remarks=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %if ptxas %{ llc -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.ptx %}
; RUN: %divopt-opt -passes='kernel-split<force>' -S %s | FileCheck %s --check-prefix=UNSHARED
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-split-share-min-instructions=0 -S %s | FileCheck %s --check-prefix=UNSHARED

target triple = "nvptx64-nvidia-cuda"

; REMARK: kernel k split into k_$_divopt_$_then, k_$_divopt_$_else (launched in this order for k): {{.*}} (forced); compiled once, called by the kernel and its part: else way as k_$_divopt_$_else_way{{$}}
; REMARK: kernel returns split into {{.*}} (forced){{$}}
; REMARK: kernel scratch split into {{.*}} (forced); compiled once, called by the kernel and its part: else way as scratch_$_divopt_$_else_way{{$}}
; REMARK: kernel local split into {{.*}} (forced){{$}}
; REMARK: kernel byval split into {{.*}} (forced){{$}}

; The kernel: the product is pinned into the sum, the way is a call, its
; value comes back through memory.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK: %[[OUT:.+]] = alloca float
; CHECK: %[[GLOBAL:.+]] = addrspacecast ptr %coef to ptr addrspace(1)
; CHECK-NOT: fmul
; CHECK: call void @"k_$_divopt_$_else_way"(ptr addrspace(1) %[[GLOBAL]], float %x, ptr %[[OUT]])
; CHECK-NEXT: %[[BACK:.+]] = load float, ptr %[[OUT]]
; CHECK: join:
; CHECK-NEXT: %v = phi float [ %l, %lightarm ], [ %[[BACK]], %codeRepl ]
; CHECK-LABEL: define ptx_kernel void @returns(
; CHECK-NOT: call void @
; CHECK-LABEL: define ptx_kernel void @scratch(
; CHECK-NOT: alloca [4 x float]
; CHECK: call void @"scratch_$_divopt_$_else_way"(
; CHECK-LABEL: define ptx_kernel void @local(
; CHECK-NOT: call void @
; CHECK-LABEL: define ptx_kernel void @byval(
; CHECK-NOT: call void @

; CHECK-LABEL: define internal void @"k_$_divopt_$_else_way"(
; CHECK-SAME: ptr addrspace(1) %0, float %x, ptr %{{.+}}) #[[WAY:[0-9]+]]
; CHECK: %[[COEF:.+]] = addrspacecast ptr addrspace(1) %0 to ptr
; CHECK: load float, ptr %[[COEF]], align 4, !invariant.load
; CHECK: call float @llvm.fma.f32(float %x, float %x,
; CHECK-NOT: fmul contract

; The heavy part calls it too; the light part does not.
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_then"(
; CHECK-NOT: call void @"k
; CHECK: ret void
; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_else"(
; CHECK: call void @"k_$_divopt_$_else_way"(
; CHECK: divopt.other.way:

; CHECK-LABEL: define internal void @"scratch_$_divopt_$_else_way"(
; CHECK: alloca [4 x float]

; CHECK: attributes #[[WAY]] = { noinline }

; PTX-LABEL: .entry k(
; PTX: call.uni k_$_divopt_$_else_way,
; PTX-LABEL: .func k_$_divopt_$_else_way(
; PTX-COUNT-3: ld.global.nc.b32

; UNSHARED-NOT: _way"
; UNSHARED: define ptx_kernel void @"k_$_divopt_$_else"(
; UNSHARED-NOT: _way"

define ptx_kernel void @k(ptr noalias readonly %flag, ptr noalias readonly %coef, ptr noalias %out, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %fp = getelementptr inbounds i32, ptr %flag, i64 %idx
  %f = load i32, ptr %fp, align 4
  %x2 = fmul contract float %x, %x
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightarm, label %heavy

lightarm:
  %l = fadd float %x, 1.0
  br label %join

heavy:
  %c0 = load float, ptr %coef, align 4
  %cp1 = getelementptr inbounds float, ptr %coef, i64 1
  %c1 = load float, ptr %cp1, align 4
  %cp2 = getelementptr inbounds float, ptr %coef, i64 2
  %c2 = load float, ptr %cp2, align 4
  %s0 = fadd contract float %x2, %c0
  %m1 = fmul float %s0, %c1
  %s1 = fadd float %m1, %c2
  %m2 = fmul float %s1, %s1
  br label %join

join:
  %v = phi float [ %l, %lightarm ], [ %m2, %heavy ]
  %op = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %op, align 4
  ret void
}

define ptx_kernel void @returns(ptr noalias readonly %flag, ptr noalias readonly %coef, ptr noalias %out, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %fp = getelementptr inbounds i32, ptr %flag, i64 %idx
  %f = load i32, ptr %fp, align 4
  %op = getelementptr inbounds float, ptr %out, i64 %idx
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightarm, label %heavy

lightarm:
  store float %x, ptr %op, align 4
  ret void

heavy:
  %c0 = load float, ptr %coef, align 4
  %cp1 = getelementptr inbounds float, ptr %coef, i64 1
  %c1 = load float, ptr %cp1, align 4
  %cp2 = getelementptr inbounds float, ptr %coef, i64 2
  %c2 = load float, ptr %cp2, align 4
  %m0 = fmul float %x, %c0
  %m1 = fmul float %m0, %c1
  %m2 = fmul float %m1, %c2
  store float %m2, ptr %op, align 4
  ret void
}

; A local array only the way uses (its lifetime ends with the way).
define ptx_kernel void @scratch(ptr noalias readonly %flag, ptr noalias readonly %coef, ptr noalias %out, float %x) {
entry:
  %table = alloca [4 x float], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %fp = getelementptr inbounds i32, ptr %flag, i64 %idx
  %f = load i32, ptr %fp, align 4
  %slot = and i64 %idx, 3
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightarm, label %heavy

lightarm:
  %l = fadd float %x, 1.0
  br label %join

heavy:
  call void @llvm.lifetime.start.p0(ptr %table)
  %c0 = load float, ptr %coef, align 4
  store float %c0, ptr %table, align 4
  %tp = getelementptr inbounds float, ptr %table, i64 %slot
  store float %x, ptr %tp, align 4
  %t = load float, ptr %table, align 4
  %cp1 = getelementptr inbounds float, ptr %coef, i64 1
  %c1 = load float, ptr %cp1, align 4
  %m0 = fmul float %t, %c0
  %m1 = fmul float %m0, %c1
  call void @llvm.lifetime.end.p0(ptr %table)
  br label %join

join:
  %v = phi float [ %l, %lightarm ], [ %m1, %heavy ]
  %op = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %op, align 4
  ret void
}

; A local array whose lifetime the kernel does not bound: CodeExtractor
; would pass it to the device function as a generic pointer.
define ptx_kernel void @local(ptr noalias readonly %flag, ptr noalias readonly %coef, ptr noalias %out, float %x) {
entry:
  %table = alloca [4 x float], align 4
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %fp = getelementptr inbounds i32, ptr %flag, i64 %idx
  %f = load i32, ptr %fp, align 4
  %slot = and i64 %idx, 3
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightarm, label %heavy

lightarm:
  %l = fadd float %x, 1.0
  br label %join

heavy:
  %c0 = load float, ptr %coef, align 4
  store float %c0, ptr %table, align 4
  %tp = getelementptr inbounds float, ptr %table, i64 %slot
  store float %x, ptr %tp, align 4
  %t = load float, ptr %table, align 4
  %cp1 = getelementptr inbounds float, ptr %coef, i64 1
  %c1 = load float, ptr %cp1, align 4
  %m0 = fmul float %t, %c0
  %m1 = fmul float %m0, %c1
  br label %join

join:
  %v = phi float [ %l, %lightarm ], [ %m1, %heavy ]
  %op = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %op, align 4
  ret void
}

; A by-value parameter.
%struct.coefs = type { float, float, float, float }

define ptx_kernel void @byval(ptr noalias readonly %flag, ptr byval(%struct.coefs) align 4 %coef, ptr noalias %out, float %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %fp = getelementptr inbounds i32, ptr %flag, i64 %idx
  %f = load i32, ptr %fp, align 4
  %light = icmp eq i32 %f, 0
  br i1 %light, label %lightarm, label %heavy

lightarm:
  %l = fadd float %x, 1.0
  br label %join

heavy:
  %c0 = load float, ptr %coef, align 4
  %cp1 = getelementptr inbounds float, ptr %coef, i64 1
  %c1 = load float, ptr %cp1, align 4
  %cp2 = getelementptr inbounds float, ptr %coef, i64 2
  %c2 = load float, ptr %cp2, align 4
  %m0 = fmul float %x, %c0
  %m1 = fmul float %m0, %c1
  %m2 = fmul float %m1, %c2
  br label %join

join:
  %v = phi float [ %l, %lightarm ], [ %m2, %heavy ]
  %op = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %op, align 4
  ret void
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
