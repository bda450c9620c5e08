; A branch that tests the thread's grid index along one dimension
; (blockIdx * blockDim + threadIdx) against bounds the same for every thread
; splits only the warps at the grid's edges (analysis/GridEdgeTest.h):
; without a profile such a branch is melded only where the meld makes a
; warp whose lanes agree at most 6% slower on the way it costs more
; (bench/uniform/edgeshare.cu: 2% ran 1.037x, 8% 0.984x). Here the meld
; saves 8 instructions where lanes split and adds 5.0 (three selects,
; 12%-14%) where they agree: refused for
; the first column (x == 0), the interior (0 < x < n - 1), the first row
; (y == 0) and a moved and scaled index (2x + 1 < n); taken where the
; condition is a value (byValue), the local index alone (threadIdx.x ==
; 15: a bound in every block) or an index moved by a per-lane value
; (dataIndex). On an H100 the melds this refuses ran a 3x3 clamped blur
; 0.963x and FDTD-2D's first step 0.989x (bench/results/
; 2026-11-27-h100-grid-edges.md).
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt-branch-dist -pass-remarks-missed=divopt-branch-dist -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 6 pairs of 8+8 instructions with 3 selects, {{.*}}; but the branch tests the thread's place in the grid against a bound, which splits only the warps at the grid's edges, and a warp whose lanes all take one way would take 5.0 longer ({{1[0-9]}}%, more than 6%)
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} splits only the warps at the grid's edges
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} splits only the warps at the grid's edges
; REMARK-NEXT: remark: <unknown>:0:0: divergent branch not distributed: {{.*}} splits only the warps at the grid's edges
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects
; REMARK-NEXT: remark: <unknown>:0:0: distributed divergent branch: melded 6 pairs of 8+8 instructions with 3 selects

; CHECK-LABEL: define ptx_kernel void @firstColumn(
; CHECK:         br i1 %c, label %then, label %else
; CHECK-LABEL: define ptx_kernel void @byValue(
; CHECK-NOT:     br i1
; CHECK:         select i1 %c
; CHECK:         ret void
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @firstColumn(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @interior(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %lo = icmp sgt i32 %x, 0
  %nm1 = add i32 %n, -1
  %hi = icmp slt i32 %x, %nm1
  %c = select i1 %lo, i1 %hi, i1 false
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @firstRow(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp eq i32 %x, 0
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @scaled(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %x2 = shl i32 %x, 1
  %x3 = add i32 %x2, 1
  %c = icmp ult i32 %x3, %n
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @byValue(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = fcmp olt float %v, 0.5
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @localIndex(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %c = icmp eq i32 %tid, 15
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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

define ptx_kernel void @dataIndex(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %x = add i32 %base, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %x
  %v = load float, ptr addrspace(1) %p
  %vi = fptosi float %v to i32
  %x4 = add i32 %x, %vi
  %c = icmp slt i32 %x4, %n
  br i1 %c, label %then, label %else

then:
  %pt = getelementptr float, ptr addrspace(1) %in, i32 1
  %pt2 = getelementptr float, ptr addrspace(1) %pt, i32 %x
  %w.t = load float, ptr addrspace(1) %pt2
  %t1 = fmul float %w.t, %v
  %t2 = fadd float %t1, 1.0
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
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
