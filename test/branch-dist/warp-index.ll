; A branch that reads the thread's index only through its warp
; (threadIdx.x / 32, threadIdx.x < 128, a bit of the grid index at or
; above the fifth) splits no warp wherever blocks are whole warps wide
; (analysis/WarpIndexTest.h). Without a profile such a branch is melded
; only where the meld makes a warp whose lanes agree at most 6% slower, on
; average over the warps of both ways: the model does not count all a
; branch ptxas cannot prove uniform costs (melds it put 1.7% and 5.7%
; slower for such warps ran 1.051x and 1.014x, ones 10%-19% slower
; 0.964x-0.882x: bench/results/2026-11-28-h100-warp-index.md).
; The meld here adds 5.0 (three selects) to an agreeing warp, 12-14% of its
; time, refused for the block's first warp, its first four and last warp
; (ult 128, ugt 95), the grid index's warp parity (& 32), a fused launch's
; first warps (sdiv by 32 of the grid index, against a parameter) and the
; second warp of rows two warps wide (reqntid 64,4,1); 4% where the arms
; hold 80 more multiplies (longArms), taken with a note. Taken as any
; divergent branch: half a warp (< 16), an index one past the warp's (a
; carry into bit 5), a signed division of an index that may be negative
; (it rounds towards zero: lanes -128..-97 give -4 and -3), rows of 48
; threads (reqntid 48,2,1: the second warp holds the end of one row and the
; start of the next), and the grid index's warp in blocks of 48 threads.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt-branch-dist -pass-remarks-missed=divopt-branch-dist -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}; but the branch reads the thread's index only through its warp, so that a warp's lanes all take one way wherever blocks are whole warps wide, and such a warp would take 5.0 longer (14%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} only through its warp, {{.*}} ({{1[0-9]}}%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} only through its warp, {{.*}} ({{1[0-9]}}%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} only through its warp, {{.*}} ({{1[0-9]}}%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} only through its warp, {{.*}} ({{1[0-9]}}%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} at 256 threads/block (reqntid) {{.*}} only through its warp, {{.*}} ({{1[0-9]}}%, more than 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 86 pairs of 88+88 instructions with 3 selects, {{.*}}; the branch reads the thread's index only through its warp, so that a warp's lanes all take one way wherever blocks are whole warps wide, and such a warp would take 5.0 longer ({{[0-9]}}%, within 6%) on average over both ways' warps
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}(threshold 1.05x){{ *$}}
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}(threshold 1.05x){{ *$}}
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}(threshold 1.05x){{ *$}}
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}} at 96 threads/block (reqntid){{.*}}(threshold 1.05x){{ *$}}
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}} at 48 threads/block (reqntid){{.*}}(threshold 1.05x){{ *$}}

; CHECK-LABEL: define ptx_kernel void @warpOfBlock(
; CHECK:         br i1 %c, label %then, label %else
; CHECK-LABEL: define ptx_kernel void @wholeWarpRows(
; CHECK:         br i1 %c, label %then, label %else
; CHECK-LABEL: define ptx_kernel void @longArms(
; CHECK-NOT:     br i1
; CHECK:         select i1 %c
; CHECK:         ret void
; CHECK-LABEL: define ptx_kernel void @halfWarp(
; CHECK-NOT:     br i1
; CHECK:         select i1 %c
; CHECK:         ret void
; CHECK-LABEL: define ptx_kernel void @rowsSplitWarps(
; CHECK-NOT:     br i1
; CHECK:         select i1 %c
; CHECK:         ret void
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @warpOfBlock(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = lshr i32 %tid, 5
  %c = icmp eq i32 %w, 0
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

define ptx_kernel void @firstWarps(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 128
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

define ptx_kernel void @lastWarps(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp ugt i32 %tid, 95
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

define ptx_kernel void @warpParity(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %bit = and i32 %x, 32
  %c = icmp eq i32 %bit, 0
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

define ptx_kernel void @fusedWarps(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = sdiv i32 %x, 32
  %c = icmp slt i32 %w, %n
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

define ptx_kernel void @wholeWarpRows(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = lshr i32 %tid, 5
  %c = icmp eq i32 %w, 1
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

define ptx_kernel void @longArms(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = lshr i32 %tid, 5
  %c = icmp eq i32 %w, 0
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
  %tl0 = fmul float %t5, %v
  %tl1 = fmul float %tl0, %v
  %tl2 = fmul float %tl1, %v
  %tl3 = fmul float %tl2, %v
  %tl4 = fmul float %tl3, %v
  %tl5 = fmul float %tl4, %v
  %tl6 = fmul float %tl5, %v
  %tl7 = fmul float %tl6, %v
  %tl8 = fmul float %tl7, %v
  %tl9 = fmul float %tl8, %v
  %tl10 = fmul float %tl9, %v
  %tl11 = fmul float %tl10, %v
  %tl12 = fmul float %tl11, %v
  %tl13 = fmul float %tl12, %v
  %tl14 = fmul float %tl13, %v
  %tl15 = fmul float %tl14, %v
  %tl16 = fmul float %tl15, %v
  %tl17 = fmul float %tl16, %v
  %tl18 = fmul float %tl17, %v
  %tl19 = fmul float %tl18, %v
  %tl20 = fmul float %tl19, %v
  %tl21 = fmul float %tl20, %v
  %tl22 = fmul float %tl21, %v
  %tl23 = fmul float %tl22, %v
  %tl24 = fmul float %tl23, %v
  %tl25 = fmul float %tl24, %v
  %tl26 = fmul float %tl25, %v
  %tl27 = fmul float %tl26, %v
  %tl28 = fmul float %tl27, %v
  %tl29 = fmul float %tl28, %v
  %tl30 = fmul float %tl29, %v
  %tl31 = fmul float %tl30, %v
  %tl32 = fmul float %tl31, %v
  %tl33 = fmul float %tl32, %v
  %tl34 = fmul float %tl33, %v
  %tl35 = fmul float %tl34, %v
  %tl36 = fmul float %tl35, %v
  %tl37 = fmul float %tl36, %v
  %tl38 = fmul float %tl37, %v
  %tl39 = fmul float %tl38, %v
  %tl40 = fmul float %tl39, %v
  %tl41 = fmul float %tl40, %v
  %tl42 = fmul float %tl41, %v
  %tl43 = fmul float %tl42, %v
  %tl44 = fmul float %tl43, %v
  %tl45 = fmul float %tl44, %v
  %tl46 = fmul float %tl45, %v
  %tl47 = fmul float %tl46, %v
  %tl48 = fmul float %tl47, %v
  %tl49 = fmul float %tl48, %v
  %tl50 = fmul float %tl49, %v
  %tl51 = fmul float %tl50, %v
  %tl52 = fmul float %tl51, %v
  %tl53 = fmul float %tl52, %v
  %tl54 = fmul float %tl53, %v
  %tl55 = fmul float %tl54, %v
  %tl56 = fmul float %tl55, %v
  %tl57 = fmul float %tl56, %v
  %tl58 = fmul float %tl57, %v
  %tl59 = fmul float %tl58, %v
  %tl60 = fmul float %tl59, %v
  %tl61 = fmul float %tl60, %v
  %tl62 = fmul float %tl61, %v
  %tl63 = fmul float %tl62, %v
  %tl64 = fmul float %tl63, %v
  %tl65 = fmul float %tl64, %v
  %tl66 = fmul float %tl65, %v
  %tl67 = fmul float %tl66, %v
  %tl68 = fmul float %tl67, %v
  %tl69 = fmul float %tl68, %v
  %tl70 = fmul float %tl69, %v
  %tl71 = fmul float %tl70, %v
  %tl72 = fmul float %tl71, %v
  %tl73 = fmul float %tl72, %v
  %tl74 = fmul float %tl73, %v
  %tl75 = fmul float %tl74, %v
  %tl76 = fmul float %tl75, %v
  %tl77 = fmul float %tl76, %v
  %tl78 = fmul float %tl77, %v
  %tl79 = fmul float %tl78, %v
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
  %el0 = fmul float %e5, %v
  %el1 = fmul float %el0, %v
  %el2 = fmul float %el1, %v
  %el3 = fmul float %el2, %v
  %el4 = fmul float %el3, %v
  %el5 = fmul float %el4, %v
  %el6 = fmul float %el5, %v
  %el7 = fmul float %el6, %v
  %el8 = fmul float %el7, %v
  %el9 = fmul float %el8, %v
  %el10 = fmul float %el9, %v
  %el11 = fmul float %el10, %v
  %el12 = fmul float %el11, %v
  %el13 = fmul float %el12, %v
  %el14 = fmul float %el13, %v
  %el15 = fmul float %el14, %v
  %el16 = fmul float %el15, %v
  %el17 = fmul float %el16, %v
  %el18 = fmul float %el17, %v
  %el19 = fmul float %el18, %v
  %el20 = fmul float %el19, %v
  %el21 = fmul float %el20, %v
  %el22 = fmul float %el21, %v
  %el23 = fmul float %el22, %v
  %el24 = fmul float %el23, %v
  %el25 = fmul float %el24, %v
  %el26 = fmul float %el25, %v
  %el27 = fmul float %el26, %v
  %el28 = fmul float %el27, %v
  %el29 = fmul float %el28, %v
  %el30 = fmul float %el29, %v
  %el31 = fmul float %el30, %v
  %el32 = fmul float %el31, %v
  %el33 = fmul float %el32, %v
  %el34 = fmul float %el33, %v
  %el35 = fmul float %el34, %v
  %el36 = fmul float %el35, %v
  %el37 = fmul float %el36, %v
  %el38 = fmul float %el37, %v
  %el39 = fmul float %el38, %v
  %el40 = fmul float %el39, %v
  %el41 = fmul float %el40, %v
  %el42 = fmul float %el41, %v
  %el43 = fmul float %el42, %v
  %el44 = fmul float %el43, %v
  %el45 = fmul float %el44, %v
  %el46 = fmul float %el45, %v
  %el47 = fmul float %el46, %v
  %el48 = fmul float %el47, %v
  %el49 = fmul float %el48, %v
  %el50 = fmul float %el49, %v
  %el51 = fmul float %el50, %v
  %el52 = fmul float %el51, %v
  %el53 = fmul float %el52, %v
  %el54 = fmul float %el53, %v
  %el55 = fmul float %el54, %v
  %el56 = fmul float %el55, %v
  %el57 = fmul float %el56, %v
  %el58 = fmul float %el57, %v
  %el59 = fmul float %el58, %v
  %el60 = fmul float %el59, %v
  %el61 = fmul float %el60, %v
  %el62 = fmul float %el61, %v
  %el63 = fmul float %el62, %v
  %el64 = fmul float %el63, %v
  %el65 = fmul float %el64, %v
  %el66 = fmul float %el65, %v
  %el67 = fmul float %el66, %v
  %el68 = fmul float %el67, %v
  %el69 = fmul float %el68, %v
  %el70 = fmul float %el69, %v
  %el71 = fmul float %el70, %v
  %el72 = fmul float %el71, %v
  %el73 = fmul float %el72, %v
  %el74 = fmul float %el73, %v
  %el75 = fmul float %el74, %v
  %el76 = fmul float %el75, %v
  %el77 = fmul float %el76, %v
  %el78 = fmul float %el77, %v
  %el79 = fmul float %el78, %v
  br label %join

join:
  %r = phi float [ %tl79, %then ], [ %el79, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %x
  store float %r, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @halfWarp(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
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

define ptx_kernel void @offByOne(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %t1 = add i32 %tid, 1
  %w = lshr i32 %t1, 5
  %c = icmp eq i32 %w, 0
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

define ptx_kernel void @negativeIndex(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %t1 = sub i32 %tid, 128
  %w = sdiv i32 %t1, 32
  %c = icmp eq i32 %w, -3
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

define ptx_kernel void @rowsSplitWarps(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #1 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = lshr i32 %tid, 5
  %c = icmp eq i32 %w, 0
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

define ptx_kernel void @oddBlockWidth(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) #2 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %w = lshr i32 %x, 5
  %bit = and i32 %w, 1
  %c = icmp eq i32 %bit, 0
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

attributes #0 = { "nvvm.reqntid"="64,4,1" }
attributes #1 = { "nvvm.reqntid"="48,2,1" }
attributes #2 = { "nvvm.reqntid"="48" }
