; Divergent branches into irreducible control flow: the arms of @entry_arms
; are the two entries of a cycle, and @in_loop has an irreducible cycle in
; a loop body whose top-level branch iteration delaying would rewrite. No
; pass crashes, each refusal is a remark, and the IR is left as it was.
; RUN: %every-divopt-pass --refused %s | FileCheck %s
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=MELD
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DELAY

; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean
; MELD: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin
; DELAY: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (irreducible)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @entry_arms(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %x, label %y

x:
  %ix = phi i32 [ 0, %entry ], [ %iy.next, %y ]
  %ix.next = add i32 %ix, 3
  store i32 %ix.next, ptr addrspace(1) %out
  %cx = icmp ult i32 %ix.next, %n
  br i1 %cx, label %y, label %done

y:
  %iy = phi i32 [ 0, %entry ], [ %ix.next, %x ]
  %iy.next = add i32 %iy, 5
  store i32 %iy.next, ptr addrspace(1) %out
  %cy = icmp ult i32 %iy.next, %n
  br i1 %cy, label %x, label %done

done:
  ret void
}

define ptx_kernel void @in_loop(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp ult i32 %tid, 9
  br i1 %c, label %x, label %y

x:
  %cx = icmp ult i32 %i, 3
  store i32 1, ptr addrspace(1) %out
  br i1 %cx, label %y, label %latch

y:
  %cy = icmp ult i32 %i, 5
  store i32 2, ptr addrspace(1) %out
  br i1 %cy, label %x, label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
