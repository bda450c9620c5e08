; Arms short and straight enough for ptxas to predicate (at most
; PredicatedArmInstructions each, no branch of their own) cost every warp
; both arms, whatever its lanes take, and no branch: unmelded, ptxas issues
; them under their predicates. Melding them saves only the instructions
; they share, less the selects; the branch it would remove is not there
; (bench/uniform/divisions.cu's loop: melded 0.84x on an H100, refused
; 1.00x). The ways of a switch are not predicated: ptxas reaches them
; through a tree of compares and branches, so melding two of them still
; saves their branches (bench/uniform/dispatch.cu: 1.70x melded, 1.50x as
; a switch).
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

; Two products of constants: melded, two selects replace nothing.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 2 pairs of 2+2 instructions with 2 selects, 0 divergent blocks remain; cost 20.0 -> 20.5,{{.*}} predicted speedup 0.98x
; The same arms as two ways of a switch meld.
; REMARK: remark: <unknown>:0:0: distributed divergent switch (case 1 against default): melded 2 pairs of 2+2 instructions with 2 selects, 0 divergent blocks remain; cost 14.0 -> 10.5,
; REMARK: remark: <unknown>:0:0: divergent switch (case 0 against case 1 and default) not distributed: no instruction of one arm matches one of the other

; CHECK-LABEL: define ptx_kernel void @two_way(
; CHECK:       then:
; CHECK-NEXT:    mul i32 %x, 5
; CHECK:       else:
; CHECK-NEXT:    mul i32 %x, 7
; CHECK-LABEL: define ptx_kernel void @switch_ways(
; CHECK:         select i1 {{.*}}, i32 5, i32 7
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @two_way(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %a1 = mul i32 %x, 5
  %a2 = add i32 %a1, 3
  br label %join

else:
  %b1 = mul i32 %x, 7
  %b2 = add i32 %b1, 9
  br label %join

join:
  %y = phi i32 [ %a2, %then ], [ %b2, %else ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @switch_ways(ptr addrspace(1) %in, ptr addrspace(1) %kinds, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %kp = getelementptr i32, ptr addrspace(1) %kinds, i32 %t
  %k = load i32, ptr addrspace(1) %kp
  switch i32 %k, label %other [
    i32 0, label %zero
    i32 1, label %one
  ]

zero:
  %z1 = udiv i32 %x, 3
  %z2 = shl i32 %z1, 3
  %z3 = sub i32 %z2, %x
  br label %join

one:
  %a1 = mul i32 %x, 5
  %a2 = add i32 %a1, 3
  br label %join

other:
  %b1 = mul i32 %x, 7
  %b2 = add i32 %b1, 9
  br label %join

join:
  %y = phi i32 [ %z3, %zero ], [ %a2, %one ], [ %b2, %other ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
