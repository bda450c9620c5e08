; An if without else: one arm, whose join is the branch's other successor.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: divergent if-only on %c
; CHECK-NEXT:    arm %then: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    join %join
; CHECK-NOT:     arm
define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 7
  br i1 %c, label %then, label %join

then:
  store i32 %tid, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
