; A load from constant memory on a warp-uniform address (a coefficient of
; a __constant__ table) is a broadcast: ptxas takes it from the constant
; bank once a warp. Melded with the other arm's load of another
; coefficient, its address would be selected and the load become a
; per-lane one, which the constant cache serializes
; (bench/uniform/tables.cu, piecewiseConstant: 0.80x on an H100). So such
; loads pair only with a load of the same address, and their addresses
; meld with no other; the arithmetic around them still melds, its operands
; selected. Per-lane addresses into the table, and uniform loads from
; global memory, meld as before.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes='branch-dist' -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEFAULT

; REMARK: divergent branch not distributed: no instruction of one arm matches one of the other (1+1 instructions); a constant-memory load on a warp-uniform address pairs only with one on the same address: with its address selected, it would be a per-lane load, not a broadcast from the constant bank
; REMARK: distributed divergent branch: melded 2 pairs of 4+4 instructions with 0 selects, 4 divergent blocks remain
; REMARK: distributed divergent branch: melded 2 pairs of 2+2 instructions with 1 selects, 0 divergent blocks remain
; REMARK: distributed divergent branch: melded 1 pairs of 1+2 instructions with 1 selects, 0 divergent blocks remain
; REMARK: divergent branch not distributed: no instruction of one arm matches one of the other (1+1 instructions); a constant-memory load on a warp-uniform address pairs only
; DEFAULT: remark: <unknown>:0:0: distributed divergent branch: melded 2 pairs of 4+4 instructions with 0 selects, 4 divergent blocks remain; cost 29.0 -> 27.5

target triple = "nvptx64-nvidia-cuda"

@coef = internal addrspace(4) constant [2 x [2 x float]] [[2 x float] [float 1.0, float 2.0], [2 x float] [float 3.0, float 4.0]]

; One coefficient each: nothing pairs.
; CHECK-LABEL: define ptx_kernel void @one_coefficient(
; CHECK:       then:
; CHECK-NEXT:    %a = load float, ptr addrspace(4) @coef
; CHECK:       else:
; CHECK-NEXT:    %b = load float, ptr addrspace(4) getelementptr
define ptx_kernel void @one_coefficient(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %lo = fcmp olt float %x, 5.0e-01
  br i1 %lo, label %then, label %else

then:
  %a = load float, ptr addrspace(4) @coef
  br label %join

else:
  %b = load float, ptr addrspace(4) getelementptr ([2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 1, i32 0)
  br label %join

join:
  %c = phi float [ %a, %then ], [ %b, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %c, ptr addrspace(1) %q
  ret void
}

; A polynomial of each piece's coefficients: the products and sums meld,
; each taking its arm's coefficient through a phi; the loads stay in their
; arms. It melds by default too, barely (1.05x): ptxas predicates arms this
; short, unmelded, and the one-load diamonds the meld leaves alike, so that
; the meld saves the products and sums and costs no branch.
; CHECK-LABEL: define ptx_kernel void @piecewise(
; CHECK:       dist.then:
; CHECK-NEXT:    %c1 = load float, ptr addrspace(4) getelementptr
; CHECK:       dist.else:
; CHECK-NEXT:    %d1 = load float, ptr addrspace(4) getelementptr
; CHECK:         [[C1:%.*]] = phi float [ %c1, %dist.then ], [ %d1, %dist.else ]
; CHECK-NEXT:    fmul float %x, [[C1]]
define ptx_kernel void @piecewise(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %lo = fcmp olt float %x, 5.0e-01
  br i1 %lo, label %then, label %else

then:
  %c1 = load float, ptr addrspace(4) getelementptr ([2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 0, i32 1)
  %m1 = fmul float %x, %c1
  %c0 = load float, ptr addrspace(4) @coef
  %y1 = fadd float %m1, %c0
  br label %join

else:
  %d1 = load float, ptr addrspace(4) getelementptr ([2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 1, i32 1)
  %m2 = fmul float %x, %d1
  %d0 = load float, ptr addrspace(4) getelementptr ([2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 1, i32 0)
  %y2 = fadd float %m2, %d0
  br label %join

join:
  %y = phi float [ %y1, %then ], [ %y2, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %y, ptr addrspace(1) %q
  ret void
}

; Each lane indexes the table itself: per-lane addresses, which meld.
; CHECK-LABEL: define ptx_kernel void @per_lane_index(
; CHECK:         [[R:%.*]] = select i1 %lo, i32 0, i32 1
; CHECK-NEXT:    getelementptr [2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 [[R]], i32 %k
; CHECK-NOT:     br i1 %lo
define ptx_kernel void @per_lane_index(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %k = and i32 %t, 1
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %lo = fcmp olt float %x, 5.0e-01
  br i1 %lo, label %then, label %else

then:
  %pa = getelementptr [2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 0, i32 %k
  %a = load float, ptr addrspace(4) %pa
  br label %join

else:
  %pb = getelementptr [2 x [2 x float]], ptr addrspace(4) @coef, i32 0, i32 1, i32 %k
  %b = load float, ptr addrspace(4) %pb
  br label %join

join:
  %c = phi float [ %a, %then ], [ %b, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %c, ptr addrspace(1) %q
  ret void
}

; A table in global memory behind a kernel argument: its loads meld, the
; address selected (bench/uniform/tables.cu, piecewiseGlobal: 1.01-1.02x).
; CHECK-LABEL: define ptx_kernel void @global_table(
; CHECK:         select i1 %lo, ptr addrspace(1) %tab, ptr addrspace(1) %pb
; CHECK-NOT:     br i1 %lo
define ptx_kernel void @global_table(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %tab) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %lo = fcmp olt float %x, 5.0e-01
  br i1 %lo, label %then, label %else

then:
  %a = load float, ptr addrspace(1) %tab
  br label %join

else:
  %pb = getelementptr i8, ptr addrspace(1) %tab, i64 8
  %b = load float, ptr addrspace(1) %pb
  br label %join

join:
  %c = phi float [ %a, %then ], [ %b, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %c, ptr addrspace(1) %q
  ret void
}

; One arm reads the global table, the other the constant one, both through
; generic pointers: the constant load is a broadcast, so they do not pair
; either way round.
; CHECK-LABEL: define ptx_kernel void @mixed_spaces(
; CHECK:       then:
; CHECK-NEXT:    %a = load float, ptr %g
; CHECK:       else:
; CHECK-NEXT:    %b = load float, ptr addrspacecast
define ptx_kernel void @mixed_spaces(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr %g) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %t
  %x = load float, ptr addrspace(1) %p
  %lo = fcmp olt float %x, 5.0e-01
  br i1 %lo, label %then, label %else

then:
  %a = load float, ptr %g
  br label %join

else:
  %b = load float, ptr addrspacecast (ptr addrspace(4) @coef to ptr)
  br label %join

join:
  %c = phi float [ %a, %then ], [ %b, %else ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %c, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
