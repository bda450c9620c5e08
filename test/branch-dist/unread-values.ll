; A value of one arm that a melded instruction reads reaches the join
; through a PHI whose other way no lane of the other arm reads (the select
; after it keeps them from it). That way gets zero, not poison: NVPTX
; leaves a poison operand's register unwritten on its path, and ptxas -O3
; then miscomputed the kernel of fuzz seed 1246 (natural floats, every
; melding family), differently from run to run, where the same PTX under
; ptxas -O0 and the IR with zeros are right (passes/UnreadValue.h,
; bench/results/2026-11-26-h200-fuzz-recheck2.md). The input's own poison
; is left as it is.
; RUN: %divopt-opt -passes='branch-dist<force>' -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @one_sided(
; CHECK:         %keep = phi i32 [ poison, %pick.a ], [ %v, %pick.b ]
; CHECK:       dist.then:
; CHECK-NEXT:    %a = load volatile i32
; CHECK:       dist.join:
; CHECK-NEXT:    %a.dist = phi i32 [ %a, %dist.then ], [ 0, %pick ]
; CHECK-NEXT:    select i1 %c, i32 %a.dist, i32 1
; CHECK-NOT:     poison
; CHECK:       }
define ptx_kernel void @one_sided(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %q, i1 %d) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br i1 %d, label %pick.a, label %pick.b
pick.a:
  br label %pick
pick.b:
  br label %pick
pick:
  %keep = phi i32 [ poison, %pick.a ], [ %v, %pick.b ]
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else
then:
  %a = load volatile i32, ptr addrspace(1) %q
  %t1 = add i32 %a, %keep
  %t2 = mul i32 %t1, 7
  %t3 = xor i32 %t2, %tid
  %t4 = shl i32 %t3, 2
  store i32 %t4, ptr addrspace(1) %o
  br label %join
else:
  %e1 = add i32 %keep, 1
  %e2 = mul i32 %e1, 7
  %e3 = xor i32 %e2, %tid
  %e4 = shl i32 %e3, 2
  store i32 %e4, ptr addrspace(1) %o
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
