; A switch on the thread's warp (`ops[threadIdx.x / 32]`, a genetic
; program a warp interprets) never splits a warp: each warp's lanes take one
; way, which the switch's jump table reaches in one indirect branch.
; branch-dist leaves such a switch whole: a meld of its ways saves no warp
; anything and puts compares before the jump table (bench/apps/fitness.cu
; on an H100: its melds ran 0.86x-0.89x where ptxas kept the interpreter's
; stack in local memory, bench/results/2026-11-28-h100-fitness.md), where
; the same switch on the lane's own opcode (byLaneMemory) is melded.
; switch-dispatch then keeps the jump table of a switch on the warp whose
; ways touch memory (byWarpMemory) and dispatches one of small arithmetic
; ways by compares all the same (byWarp), as it does where a profile says
; the warps agree.
; RUN: %divopt-opt -passes='function(branch-dist,switch-dispatch)' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; REMARK:      divergent switch not distributed: none of the 4 two-way branches its 5 ways lower to melds
; REMARK-NEXT: divergent switch of 4 cases dispatched by compares, not a jump table: its condition reads the thread's index only through its warp; its ways are of at most 8 instructions touching no memory, which compares dispatch faster than a jump table on a value each lane holds, even where the lanes agree; the function is marked no-jump-tables
; REMARK-NEXT: divergent switch (case 3 against default) not distributed: unprofitable: melded 5 pairs of 6+6 instructions with 2 selects, {{.*}}predicted speedup 1.58x (threshold 1.05x); but the switch reads the thread's index only through its warp, so that a warp's lanes all take one way wherever blocks are whole warps wide, which the switch's jump table reaches in one branch: a meld of its ways saves no warp anything, and puts compares before the jump table
; REMARK-NEXT: divergent switch (case 2 against case 3 and default) not distributed: {{.*}} a meld of its ways saves no warp anything
; REMARK-NEXT: divergent switch (case 1 against case 2, case 3 and default) not distributed: {{.*}} a meld of its ways saves no warp anything
; REMARK-NEXT: divergent switch (case 0 against the 4 ways after it) not distributed: {{.*}} a meld of its ways saves no warp anything
; REMARK-NEXT: divergent switch not distributed: none of the 4 two-way branches its 5 ways lower to melds (4 tried, each with its remark): it stays a switch
; REMARK-NEXT: divergent switch keeps its jump table: its condition reads the thread's index only through its warp; its warps take one way each, which a jump table reaches in one branch
; REMARK:      distributed divergent switch (case 3 against default): melded 5 pairs
; REMARK:      lowered divergent switch of 5 ways to two-way branches: 4 of the 4 between ways that hold code melded
; REMARK-NOT:  remark

; CHECK-LABEL: define ptx_kernel void @byWarp(
; CHECK:         switch i32 %op, label
; CHECK-LABEL: define ptx_kernel void @byWarpMemory(
; CHECK:         switch i32 %op, label
; CHECK-LABEL: define ptx_kernel void @byLaneMemory(
; CHECK-NOT:     switch i32
; CHECK:         ret void

; PTX-LABEL: .entry byWarp(
; PTX-NOT:   brx.idx
; PTX-LABEL: .entry byWarpMemory(
; PTX:       brx.idx
; PTX-LABEL: .entry byLaneMemory(
; PTX-NOT:   brx.idx
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @byWarp(ptr addrspace(1) %ops, ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = lshr i32 %tid, 5
  %po = getelementptr inbounds i32, ptr addrspace(1) %ops, i32 %i
  %op = load i32, ptr addrspace(1) %po
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i32 %tid
  %a = load float, ptr addrspace(1) %px
  switch i32 %op, label %c4 [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
  ]
c0:
  %m0 = fmul float %a, 3.000000e+00
  %s0 = fadd float %m0, 1.000000e+00
  br label %join
c1:
  %m1 = fmul float %a, 5.000000e+00
  %s1 = fadd float %m1, 2.000000e+00
  br label %join
c2:
  %m2 = fmul float %a, 7.000000e+00
  %s2 = fadd float %m2, 5.000000e-01
  br label %join
c3:
  %m3 = fmul float %a, 2.000000e+00
  %s3 = fadd float %m3, 4.000000e+00
  br label %join
c4:
  %m4 = fmul float %a, 9.000000e+00
  %s4 = fadd float %m4, 3.000000e+00
  br label %join
join:
  %v = phi float [ %s0, %c0 ], [ %s1, %c1 ], [ %s2, %c2 ], [ %s3, %c3 ], [ %s4, %c4 ]
  %po2 = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %po2
  ret void
}

define ptx_kernel void @byWarpMemory(ptr addrspace(1) %ops, ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = lshr i32 %tid, 5
  %po = getelementptr inbounds i32, ptr addrspace(1) %ops, i32 %i
  %op = load i32, ptr addrspace(1) %po
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i32 %tid
  %a = load float, ptr addrspace(1) %px
  switch i32 %op, label %c4 [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
  ]
c0:
  %py0 = getelementptr inbounds float, ptr addrspace(1) %y, i32 0
  %q0 = getelementptr inbounds float, ptr addrspace(1) %py0, i32 %tid
  %l0 = load float, ptr addrspace(1) %q0
  %m0 = fmul float %l0, 3.000000e+00
  %s0 = fadd float %m0, %a
  store float %s0, ptr addrspace(1) %q0
  br label %join
c1:
  %py1 = getelementptr inbounds float, ptr addrspace(1) %y, i32 1024
  %q1 = getelementptr inbounds float, ptr addrspace(1) %py1, i32 %tid
  %l1 = load float, ptr addrspace(1) %q1
  %m1 = fmul float %l1, 5.000000e+00
  %s1 = fadd float %m1, %a
  store float %s1, ptr addrspace(1) %q1
  br label %join
c2:
  %py2 = getelementptr inbounds float, ptr addrspace(1) %y, i32 2048
  %q2 = getelementptr inbounds float, ptr addrspace(1) %py2, i32 %tid
  %l2 = load float, ptr addrspace(1) %q2
  %m2 = fmul float %l2, 7.000000e+00
  %s2 = fadd float %m2, %a
  store float %s2, ptr addrspace(1) %q2
  br label %join
c3:
  %py3 = getelementptr inbounds float, ptr addrspace(1) %y, i32 3072
  %q3 = getelementptr inbounds float, ptr addrspace(1) %py3, i32 %tid
  %l3 = load float, ptr addrspace(1) %q3
  %m3 = fmul float %l3, 2.000000e+00
  %s3 = fadd float %m3, %a
  store float %s3, ptr addrspace(1) %q3
  br label %join
c4:
  %py4 = getelementptr inbounds float, ptr addrspace(1) %y, i32 4096
  %q4 = getelementptr inbounds float, ptr addrspace(1) %py4, i32 %tid
  %l4 = load float, ptr addrspace(1) %q4
  %m4 = fmul float %l4, 9.000000e+00
  %s4 = fadd float %m4, %a
  store float %s4, ptr addrspace(1) %q4
  br label %join
join:
  %v = phi float [ %s0, %c0 ], [ %s1, %c1 ], [ %s2, %c2 ], [ %s3, %c3 ], [ %s4, %c4 ]
  %po2 = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %po2
  ret void
}

define ptx_kernel void @byLaneMemory(ptr addrspace(1) %ops, ptr addrspace(1) %x, ptr addrspace(1) %y, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = add i32 %tid, 0
  %po = getelementptr inbounds i32, ptr addrspace(1) %ops, i32 %i
  %op = load i32, ptr addrspace(1) %po
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i32 %tid
  %a = load float, ptr addrspace(1) %px
  switch i32 %op, label %c4 [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
  ]
c0:
  %py0 = getelementptr inbounds float, ptr addrspace(1) %y, i32 0
  %q0 = getelementptr inbounds float, ptr addrspace(1) %py0, i32 %tid
  %l0 = load float, ptr addrspace(1) %q0
  %m0 = fmul float %l0, 3.000000e+00
  %s0 = fadd float %m0, %a
  store float %s0, ptr addrspace(1) %q0
  br label %join
c1:
  %py1 = getelementptr inbounds float, ptr addrspace(1) %y, i32 1024
  %q1 = getelementptr inbounds float, ptr addrspace(1) %py1, i32 %tid
  %l1 = load float, ptr addrspace(1) %q1
  %m1 = fmul float %l1, 5.000000e+00
  %s1 = fadd float %m1, %a
  store float %s1, ptr addrspace(1) %q1
  br label %join
c2:
  %py2 = getelementptr inbounds float, ptr addrspace(1) %y, i32 2048
  %q2 = getelementptr inbounds float, ptr addrspace(1) %py2, i32 %tid
  %l2 = load float, ptr addrspace(1) %q2
  %m2 = fmul float %l2, 7.000000e+00
  %s2 = fadd float %m2, %a
  store float %s2, ptr addrspace(1) %q2
  br label %join
c3:
  %py3 = getelementptr inbounds float, ptr addrspace(1) %y, i32 3072
  %q3 = getelementptr inbounds float, ptr addrspace(1) %py3, i32 %tid
  %l3 = load float, ptr addrspace(1) %q3
  %m3 = fmul float %l3, 2.000000e+00
  %s3 = fadd float %m3, %a
  store float %s3, ptr addrspace(1) %q3
  br label %join
c4:
  %py4 = getelementptr inbounds float, ptr addrspace(1) %y, i32 4096
  %q4 = getelementptr inbounds float, ptr addrspace(1) %py4, i32 %tid
  %l4 = load float, ptr addrspace(1) %q4
  %m4 = fmul float %l4, 9.000000e+00
  %s4 = fadd float %m4, %a
  store float %s4, ptr addrspace(1) %q4
  br label %join
join:
  %v = phi float [ %s0, %c0 ], [ %s1, %c1 ], [ %s2, %c2 ], [ %s3, %c3 ], [ %s4, %c4 ]
  %po2 = getelementptr inbounds float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %po2
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
