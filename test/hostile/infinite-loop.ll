; Loops that never end: an arm that spins forever (@spin_arm), and a kernel
; body that is one loop with no exit whose top-level branch is divergent
; (@no_exit: iteration delaying wants a loop left through its latch). No
; pass hangs or crashes; the loop without an exit is refused with a remark
; and left as it was.
; RUN: %every-divopt-pass %s | FileCheck %s
; RUN: %divopt-opt -passes='iter-delay<round-robin;force>' -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=DELAY
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll
; Branch distribution, forced, refuses the divergent branches of both
; kernels with a remark each and leaves the module as it was.
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks-missed=divopt -S %s -o %t.bd.ll 2>&1 | FileCheck %s --check-prefix=MELD
; RUN: diff %t.orig.ll %t.bd.ll

; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean
; DELAY: remark: <unknown>:0:0: loop not delayed: {{.+}}
; MELD-DAG: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin
; MELD-DAG: remark: <unknown>:0:0: divergent branch not distributed: if-only branch: there is no second arm to meld with

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @spin_arm(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %spin, label %else

spin:
  store volatile i32 1, ptr addrspace(1) %out
  br label %spin

else:
  store i32 2, ptr addrspace(1) %out
  ret void
}

define ptx_kernel void @no_exit(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %c = icmp ult i32 %x, 7
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %x, 3
  store volatile i32 %a, ptr addrspace(1) %out
  br label %latch

else:
  %b = mul i32 %x, 5
  store volatile i32 %b, ptr addrspace(1) %out
  br label %latch

latch:
  %i.next = add i32 %i, 1
  br label %body
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
