; A recursive device function whose divergent if/else (its argument is
; divergent: arguments of device functions are) calls itself in both arms,
; with other operands, and a loop around the recursion. The calls may be
; melded (each lane still makes its own call); nothing crashes and the
; result verifies. @k_branch recurses from the arms of a divergent branch
; in a loop body.
; RUN: %every-divopt-pass %s | FileCheck %s
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=MELD

; Iteration delaying refuses the loop whose arms recurse, with a remark,
; and changes nothing.
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks-missed=divopt -S %s -o %t.delay.ll 2>&1 | FileCheck %s --check-prefix=DELAY
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.delay.ll
; DELAY: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (call)
; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean
; MELD: remark: <unknown>:0:0: {{(distributed divergent branch|divergent branch not distributed)}}

target triple = "nvptx64-nvidia-cuda"

define i32 @rec(ptr addrspace(1) %out, i32 %x, i32 %d) {
entry:
  %done = icmp eq i32 %d, 0
  br i1 %done, label %leaf, label %inner

leaf:
  ret i32 %x

inner:
  %d.next = sub i32 %d, 1
  %odd = and i32 %x, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %h = lshr i32 %x, 1
  %r1 = call i32 @rec(ptr addrspace(1) %out, i32 %h, i32 %d.next)
  store i32 %r1, ptr addrspace(1) %out
  br label %join

else:
  %t = mul i32 %x, 3
  %r2 = call i32 @rec(ptr addrspace(1) %out, i32 %t, i32 %d.next)
  store i32 %r2, ptr addrspace(1) %out
  br label %join

join:
  %r = phi i32 [ %r1, %then ], [ %r2, %else ]
  ret i32 %r
}

define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = add i32 %i, %tid
  %r = call i32 @rec(ptr addrspace(1) %out, i32 %x, i32 4)
  store i32 %r, ptr addrspace(1) %out
  %i.next = add i32 %i, 1
  %e = icmp ult i32 %i.next, %n
  br i1 %e, label %loop, label %exit

exit:
  ret void
}

; A divergent if/else at the top of a loop body, whose arms call the
; recursive function: iteration delaying treats calls as blockers (DivOpt may
; have rewritten the callee with warp votes) and leaves the loop, saying so.
define ptx_kernel void @k_branch(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %odd = and i32 %x, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %else

then:
  %a = call i32 @rec(ptr addrspace(1) %out, i32 %x, i32 4)
  br label %latch

else:
  %b = call i32 @rec(ptr addrspace(1) %out, i32 %i, i32 2)
  br label %latch

latch:
  %v = phi i32 [ %a, %then ], [ %b, %else ]
  store i32 %v, ptr addrspace(1) %out
  %i.next = add i32 %i, 1
  %e = icmp ult i32 %i.next, %n
  br i1 %e, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
