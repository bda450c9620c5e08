; A branch on a warp's own record, `kinds[gridIndex / 32] == 0` (a warp
; that handles one cell, one material, one task), splits no warp: its
; meld is bounded as that of any test of the warp (warp-index.ll), here
; refused (it adds 12% to a warp whose lanes agree). The same branch on
; the lane's own record, `kinds[gridIndex]`, is any divergent branch's, and
; melded.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt-branch-dist -pass-remarks-missed=divopt-branch-dist -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}; but the branch reads the thread's index only through its warp, so that a warp's lanes all take one way wherever blocks are whole warps wide, and such a warp would take 5.0 longer (12%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}(threshold 1.05x){{ *$}}

; CHECK-LABEL: define ptx_kernel void @kindOfWarp(
; CHECK:         br i1 %c, label %then, label %else
; CHECK-LABEL: define ptx_kernel void @kindOfLane(
; CHECK-NOT:     br i1
; CHECK:         select i1 %c
; CHECK:         ret void
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @kindOfWarp(ptr addrspace(1) %in, ptr addrspace(1) %kinds, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %k = lshr i32 %x, 5
  %pk = getelementptr inbounds i32, ptr addrspace(1) %kinds, i32 %k
  %kind = load i32, ptr addrspace(1) %pk
  %c = icmp eq i32 %kind, 0
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1.t = fmul float %w.t, %v
  %t2 = fadd float %t1.t, 1.0
  %t3 = fmul float %t2, %v
  %t4 = fadd float %t3, 0.5
  %t5 = fmul float %t4, %t4
  br label %join

else:
  %pe = getelementptr float, ptr addrspace(1) %in, i32 2
  %pe2 = getelementptr float, ptr addrspace(1) %pe, i32 %x
  %w.e = load float, ptr addrspace(1) %pe2
  %e1 = fmul float %w.e, %v
  %e2 = fadd float %e1, 2.0
  %e3 = fmul float %e2, %v
  %e4 = fadd float %e3, 0.25
  %e5 = fmul float %e4, %e4
  br label %join

join:
  %r = phi float [ %t5, %then ], [ %e5, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %x
  store float %r, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @kindOfLane(ptr addrspace(1) %in, ptr addrspace(1) %kinds, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %k = add i32 %x, 0
  %pk = getelementptr inbounds i32, ptr addrspace(1) %kinds, i32 %k
  %kind = load i32, ptr addrspace(1) %pk
  %c = icmp eq i32 %kind, 0
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1.t = fmul float %w.t, %v
  %t2 = fadd float %t1.t, 1.0
  %t3 = fmul float %t2, %v
  %t4 = fadd float %t3, 0.5
  %t5 = fmul float %t4, %t4
  br label %join

else:
  %pe = getelementptr float, ptr addrspace(1) %in, i32 2
  %pe2 = getelementptr float, ptr addrspace(1) %pe, i32 %x
  %w.e = load float, ptr addrspace(1) %pe2
  %e1 = fmul float %w.e, %v
  %e2 = fadd float %e1, 2.0
  %e3 = fmul float %e2, %v
  %e4 = fadd float %e3, 0.25
  %e5 = fmul float %e4, %e4
  br label %join

join:
  %r = phi float [ %t5, %then ], [ %e5, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %x
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
