; A call to a convergent function (clang marks every CUDA device function
; so) or a warp shuffle in the loop forbids restructuring it.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK:       branch %body: divergent if-else on %c
; CHECK:         loop: %body depth=1 top-level=yes blockers=convergent; kernel-top-level=no
; CHECK-LABEL: function 'shfl'
; CHECK:         loop: %body depth=1 top-level=yes blockers=convergent; kernel-top-level=no
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %c = icmp ult i32 %x, 40
  br i1 %c, label %then, label %else

then:
  call void @helper(ptr addrspace(1) %out, i32 %x)
  br label %latch

else:
  store i32 %i, ptr addrspace(1) %out
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

define ptx_kernel void @shfl(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %c = icmp ult i32 %x, 40
  br i1 %c, label %then, label %latch

then:
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
  store i32 %s, ptr addrspace(1) %out
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare void @helper(ptr addrspace(1), i32) #0
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
attributes #0 = { convergent }
