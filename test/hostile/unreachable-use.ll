; Regression test for a DivOpt bug, now fixed: an instruction of a melded
; arm that is still used in an unreachable block (valid IR: unreachable blocks are
; dominated by everything) is erased with its arm, and the use in %dead
; dangles. branch-dist, with or without force, and the divopt pipeline
; crashed (SIGSEGV in the verifier, or when the module was printed); such
; uses now read poison.
; RUN: %divopt-opt -passes=branch-dist -verify-each -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; CHECK: dead:
; CHECK-NEXT: %x = add i32

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %a, ptr addrspace(1) %p1
  br label %join

else:
  %b = mul i32 %tid, 5
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %b, ptr addrspace(1) %p2
  br label %join

join:
  ret void

dead:
  %x = add i32 %a, %b
  store i32 %x, ptr addrspace(1) %out
  br label %dead
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
