; A part holds only the code its way runs: kernel-split copies only the
; blocks the part keeps (where the kernel has no debug information and no
; contraction to pin) and takes the left-out blocks' edges out of the PHIs
; as deleting them from a whole copy would; -divopt-verify-incremental
; builds every part both ways and stops where they differ. A kernel with a
; contraction to pin is copied whole and cut down, as before.
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-verify-incremental -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; Every part of the other kernel-split tests, built both ways:
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-verify-incremental -disable-output %S/split.ll
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-verify-incremental -disable-output %S/switch.ll
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-verify-incremental -disable-output %S/linkage.ll
; RUN: %divopt-opt -passes='kernel-split<force>' -divopt-verify-incremental -disable-output %S/plan-linkage.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; The way straight to the join: the other way's blocks are gone, and the
; join's PHI, left with the value from the branch alone, with them.
; CHECK-LABEL: define ptx_kernel void @"shared_join_$_divopt_$_then"(
; CHECK-NEXT: entry:
; CHECK: br i1 %c, label %join, label %divopt.other.way
; CHECK-NOT: mul i32
; CHECK-NOT: phi
; CHECK: join:
; CHECK-NEXT: %q = getelementptr
; CHECK-NEXT: store i32 %tid, ptr addrspace(1) %q
; CHECK: divopt.other.way:
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; The other way: the join keeps the PHI of the way's two paths.
; CHECK-LABEL: define ptx_kernel void @"shared_join_$_divopt_$_else"(
; CHECK: br i1 %c, label %divopt.other.way, label %odd
; CHECK: odd:
; CHECK: big:
; CHECK: join:
; CHECK-NEXT: %r = phi i32 [ %{{w|x}}, %{{odd|big}} ], [ %{{w|x}}, %{{odd|big}} ]
; CHECK: divopt.other.way:
; CHECK-NEXT: ret void
; CHECK-NEXT: }

; A product code generation would contract: pinned in the whole copy before
; the other way is cut off.
; CHECK-LABEL: define ptx_kernel void @"contract_$_divopt_$_then"(
; CHECK-NOT: mul
; CHECK: store float %a,
; CHECK-NOT: mul
; CHECK: divopt.other.way:
; CHECK-LABEL: define ptx_kernel void @"contract_$_divopt_$_else"(
; CHECK: %m = call float @llvm.nvvm.mul.rn.f(float %f, float %s)
; CHECK: store float %m,
; CHECK: divopt.other.way:

define ptx_kernel void @shared_join(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %v = load i32, ptr addrspace(1) %p, align 4
  %c = icmp eq i32 %v, 0
  br i1 %c, label %join, label %odd

odd:
  %w = mul i32 %v, 7
  %many = icmp ugt i32 %n, 100
  br i1 %many, label %big, label %join

big:
  %x = add i32 %w, %n
  br label %join

join:
  %r = phi i32 [ %tid, %entry ], [ %w, %odd ], [ %x, %big ]
  %q = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

define ptx_kernel void @contract(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, float %s) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext i32 %tid to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %idx
  %f = load float, ptr addrspace(1) %p, align 4
  %c = fcmp olt float %f, 0.0
  br i1 %c, label %neg, label %pos

neg:
  %a = fneg float %f
  br label %join

pos:
  %m = fmul contract float %f, %s
  br label %join

join:
  %r = phi float [ %a, %neg ], [ %m, %pos ]
  %q = getelementptr inbounds float, ptr addrspace(1) %out, i64 %idx
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
