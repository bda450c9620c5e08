; iter-delay is in the default pipeline (-passes=divopt, or clang's
; default pipelines through the plugin's hook), after branch distribution,
; with the cost model choosing. Here branch distribution cannot meld the
; arms (a straight chain and a loop), and the branch's probability is known
; from !prof: delaying pays, and the default pipeline delays the loop. With
; a probability of 0.999 (weights 999:1) nearly every iteration takes one
; way, so nothing is divergent enough to pay, and the loop is left.
; RUN: %divopt-opt -passes=divopt -pass-remarks=divopt -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s
; RUN: sed 's/i32 50, i32 50/i32 999, i32 1/' %s | %divopt-opt -passes=divopt -pass-remarks-missed=divopt -disable-output 2>&1 | FileCheck %s --check-prefix=SKEWED

target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: <unknown>:0:0: divergent branch not distributed: the arms' control flow differs
; CHECK: remark: <unknown>:0:0: delayed iterations of the loop with {{.*}}then-probability 0.50{{.*}}predicted speedup 1.{{[0-9]+}}x
; SKEWED: remark: <unknown>:0:0: loop not delayed: unprofitable with {{.*}}then-probability 1.00

define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else, !prof !0

then:
  %t0 = fadd float %acc, %x
  %t1 = fmul float %t0, 1.5
  %t2 = fmul float %t1, 1.5
  %t3 = fmul float %t2, 1.5
  %t4 = fmul float %t3, 1.5
  %t5 = fmul float %t4, 1.5
  %t6 = fmul float %t5, 1.5
  %t7 = fmul float %t6, 1.5
  %t8 = fmul float %t7, 1.5
  %t9 = fmul float %t8, 1.5
  %t10 = fmul float %t9, 1.5
  %t11 = fmul float %t10, 1.5
  %t12 = fmul float %t11, 1.5
  %t13 = fmul float %t12, 1.5
  %t14 = fmul float %t13, 1.5
  %t15 = fmul float %t14, 1.5
  %t16 = fmul float %t15, 1.5
  %t17 = fmul float %t16, 1.5
  %t18 = fmul float %t17, 1.5
  %t19 = fmul float %t18, 1.5
  %t20 = fmul float %t19, 1.5
  %t21 = fmul float %t20, 1.5
  %t22 = fmul float %t21, 1.5
  %t23 = fmul float %t22, 1.5
  %t24 = fmul float %t23, 1.5
  %t25 = fmul float %t24, 1.5
  %t26 = fmul float %t25, 1.5
  %t27 = fmul float %t26, 1.5
  %t28 = fmul float %t27, 1.5
  %t29 = fmul float %t28, 1.5
  %t30 = fmul float %t29, 1.5
  %t31 = fmul float %t30, 1.5
  %t32 = fmul float %t31, 1.5
  %t33 = fmul float %t32, 1.5
  %t34 = fmul float %t33, 1.5
  %t35 = fmul float %t34, 1.5
  %t36 = fmul float %t35, 1.5
  %t37 = fmul float %t36, 1.5
  %t38 = fmul float %t37, 1.5
  %t39 = fmul float %t38, 1.5
  %t40 = fmul float %t39, 1.5
  %t41 = fmul float %t40, 1.5
  %t42 = fmul float %t41, 1.5
  %t43 = fmul float %t42, 1.5
  %t44 = fmul float %t43, 1.5
  %t45 = fmul float %t44, 1.5
  %t46 = fmul float %t45, 1.5
  %t47 = fmul float %t46, 1.5
  %t48 = fmul float %t47, 1.5
  br label %latch

else:
  %j = phi i32 [ 0, %body ], [ %j.next, %else ]
  %e = phi float [ %acc, %body ], [ %e.next, %else ]
  %e.next = fmul float %e, 0.75
  %j.next = add i32 %j, 1
  %jdone = icmp eq i32 %j.next, 48
  br i1 %jdone, label %latch, label %else

latch:
  %acc.next = phi float [ %t48, %then ], [ %e.next, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

!0 = !{!"branch_weights", i32 50, i32 50}
