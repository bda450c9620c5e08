; An integer division or remainder by a different constant in each arm
; does not pair: melded, its divisor would be selected at run time, and
; NVPTX would call its division subroutine where it divided by a multiply
; and shifts (bench/uniform/divisions.cu: 0.51x on an H100). The divisions
; run on every lane, each by its constant (they cannot trap), their
; results selected; what uses them still melds. The cost model prices a
; division by a constant as its multiplies and shifts.
; Arms this short and straight ptxas predicates: unmelded, every warp runs
; both without a branch, so that the meld saves no branch and the default
; refuses it (bench/uniform/divisions.cu's loop: melded 0.84x, refused
; 1.00x).
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %divopt-opt -passes=branch-dist -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DEFAULT

; REMARK: distributed divergent branch: melded 1 pairs of 2+2 instructions with 2 selects, 0 divergent blocks remain; cost 28.0 -> 30.5
; DEFAULT: divergent branch not distributed: unprofitable: melded 1 pairs of 2+2 instructions with 2 selects, 0 divergent blocks remain; cost 28.0 -> 30.5,{{.*}} predicted speedup 0.92x

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @buckets(
; CHECK-DAG:     [[Q3:%.*]] = udiv i32 %x, 3
; CHECK-DAG:     [[Q7:%.*]] = udiv i32 %x, 7
; CHECK:         [[Q:%.*]] = select i1 %c, i32 [[Q3]], i32 [[Q7]]
; CHECK:         mul i32 [[Q]],
; CHECK-NOT:     udiv i32 %x, %
define ptx_kernel void @buckets(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %q3 = udiv i32 %x, 3
  %m3 = mul i32 %q3, 5
  br label %join

else:
  %q7 = udiv i32 %x, 7
  %m7 = mul i32 %q7, 9
  br label %join

join:
  %y = phi i32 [ %m3, %then ], [ %m7, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
