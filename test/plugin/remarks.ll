; divopt-remarks reports every divergent branch as an analysis remark, with
; the kind, the arm sizes and the loop facts; uniform branches say nothing.
; RUN: %divopt-opt -passes=divopt-remarks -pass-remarks-analysis=divopt -disable-output %s 2>&1 | FileCheck %s
; RUN: %divopt-opt -passes=divopt-remarks -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml

target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: <unknown>:0:0: divergent if-else branch with 2 arm(s) of 2+2 instructions, in a loop of depth 1, at the top level of its body
; Each way's issue slots (a store and a branch: 4.5), for divopt-report; no
; profile identity without -divopt-profile-use.
; CHECK-SAME: ; way costs 4.5+4.5 issue slots{{$}}
; CHECK-NOT: remark
; YAML:      --- !Analysis
; YAML-NEXT: Pass:            divopt-divergence
; YAML-NEXT: Name:            DivergentBranch
; YAML:      - Kind:            if-else
; YAML:      - WayCost:         '4.5'
define ptx_kernel void @k(ptr addrspace(1) %in, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  store float 1.0, ptr addrspace(1) %p
  br label %latch

else:
  store float 2.0, ptr addrspace(1) %p
  br label %latch

latch:
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
