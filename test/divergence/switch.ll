; A switch on a lane-dependent value is a divergent multi-way branch, with
; one arm per distinct successor that is not the join.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: divergent switch on %sel
; CHECK-NEXT:    arm %c0: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    arm %c1: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    arm %c2: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    join %join
define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %sel = and i32 %tid, 3
  switch i32 %sel, label %join [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
  ]

c0:
  store i32 10, ptr addrspace(1) %out
  br label %join

c1:
  store i32 11, ptr addrspace(1) %out
  br label %join

c2:
  store i32 12, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
