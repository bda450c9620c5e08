; The meld of two arms' divisions by constants leaves a select of the two
; quotients; instcombine folds it into one division by a selected
; constant, which NVPTX compiles to its division subroutine instead of a
; multiply and shifts (bench/uniform/divisions.cu: 0.51x). The cleanup
; splits such a division back into one per constant, where dividing by
; either constant on every lane is safe: not by zero, nor, signed, by -1.
; The integers are the same.
; RUN: %divopt-opt -passes='function(branch-dist<force>,divopt-cleanup)' -S %s -o - | FileCheck %s
; RUN: %if ptxas %{ %divopt-opt -passes='function(branch-dist<force>,divopt-cleanup)' %s -o - | llc -O3 -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null && FileCheck %s --check-prefix=PTX < %t.ptx %}

target triple = "nvptx64-nvidia-cuda"

; Odd values into buckets of 3, even ones into buckets of 7: each arm's
; quotient and remainder.
; CHECK-LABEL: define ptx_kernel void @buckets(
; CHECK-DAG:     udiv i32 %x{{[^,]*}}, 3
; CHECK-DAG:     udiv i32 %x{{[^,]*}}, 7
; CHECK-DAG:     urem i32 %x{{[^,]*}}, 3
; CHECK-DAG:     urem i32 %x{{[^,]*}}, 7
; CHECK-NOT:     {{udiv|urem}} i32 %x{{[^,]*}}, %
; CHECK:         ret void
; PTX-LABEL: .entry buckets(
; PTX-NOT:     {{div|rem}}.u32
; PTX:         ret;
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
  %r3 = urem i32 %x, 3
  %m3 = mul i32 %q3, 5
  %y3 = add i32 %m3, %r3
  br label %join

else:
  %q7 = udiv i32 %x, 7
  %r7 = urem i32 %x, 7
  %m7 = mul i32 %q7, 9
  %y7 = add i32 %m7, %r7
  br label %join

join:
  %y = phi i32 [ %y3, %then ], [ %y7, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %o
  ret void
}

; Run-time divisors meld as any operands do: one division, its divisor
; selected.
; CHECK-LABEL: define ptx_kernel void @runtime_divisors(
; CHECK:         [[D:%.*]] = select i1 %c{{[^,]*}}, i32 %{{a|b}}, i32 %{{a|b}}
; CHECK-NEXT:    sdiv i32 %x, [[D]]
define ptx_kernel void @runtime_divisors(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %a, i32 %b) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %qa = sdiv i32 %x, %a
  br label %join

else:
  %qb = sdiv i32 %x, %b
  br label %join

join:
  %y = phi i32 [ %qa, %then ], [ %qb, %else ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %y, ptr addrspace(1) %o
  ret void
}

; A signed division by a selected -1 stays one division: split, a lane
; that chose the other divisor would divide INT_MIN by -1. Unsigned, -1 is
; the largest divisor, safe to split.
; CHECK-LABEL: define void @unsafe_divisors(
; CHECK:         %s = select i1 %c, i32 -1, i32 5
; CHECK-NEXT:    %q = sdiv i32 %x, %s
; CHECK-DAG:     udiv i32 %x, -1
; CHECK-DAG:     udiv i32 %x, 5
define void @unsafe_divisors(i32 %x, i1 %c, ptr %out, ptr %out2) {
  %s = select i1 %c, i32 -1, i32 5
  %q = sdiv i32 %x, %s
  store i32 %q, ptr %out
  %u = udiv i32 %x, %s
  store i32 %u, ptr %out2
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!divopt.cleanup = !{!0}
!0 = !{ptr @unsafe_divisors}
