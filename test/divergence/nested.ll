; Nested divergent branches: the outer one is at the top level of the
; kernel, the inner one sits inside the outer's arm.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: divergent if-else on %c
; CHECK-NEXT:    arm %outer.then: blocks=4 insts=8 sese=yes
; CHECK-NEXT:    arm %outer.else: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    join %join
; CHECK-NEXT:    loop: none; kernel-top-level=yes
; CHECK-NEXT:  branch %outer.then: divergent if-else on %d
; CHECK-NEXT:    arm %inner.then: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    arm %inner.else: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    join %inner.join
; CHECK-NEXT:    loop: none; kernel-top-level=no
define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %outer.then, label %outer.else

outer.then:
  %b = and i32 %tid, 1
  %d = icmp eq i32 %b, 0
  br i1 %d, label %inner.then, label %inner.else

inner.then:
  store i32 1, ptr addrspace(1) %out
  br label %inner.join

inner.else:
  store i32 2, ptr addrspace(1) %out
  br label %inner.join

inner.join:
  br label %join

outer.else:
  store i32 3, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
