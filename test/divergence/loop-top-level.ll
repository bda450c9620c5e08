; A divergent if/else at the top level of a loop body without barriers: the
; shape iteration delaying targets.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %body: divergent if-else on %c
; CHECK-NEXT:    arm %then: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    arm %else: blocks=1 insts=2 sese=yes
; CHECK-NEXT:    join %latch
; CHECK-NEXT:    loop: %body depth=1 top-level=yes blockers=none; kernel-top-level=no
; CHECK-NEXT:  branch %latch: uniform on %exit
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = call float @llvm.fma.f32(float %x, float 3.0, float %acc)
  br label %latch

else:
  %e = fmul float %x, 5.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.next, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
