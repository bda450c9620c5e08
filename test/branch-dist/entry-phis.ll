; Arms whose entries hold PHIs of one incoming value (loop preheaders that
; iteration delaying made, when it runs before branch distribution): the
; PHIs are their values, folded before melding, since the melded entry
; continues the branch's block. Found by the random-pipeline test:
; function(iter-delay<round-robin;force>),divopt on nested-regions.ll left
; "PHI nodes not grouped at top of basic block".
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -verify-each -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: distributed divergent branch: melded {{[0-9]+}} pairs of 3+3 instructions in 2 blocks

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:       entry:
; CHECK-NOT:     phi
; CHECK:         br label %[[LOOP:.*]]
; CHECK:       [[LOOP]]:
; CHECK-NEXT:    %i = phi i32 [ 0, %entry ], [ %i.next, %[[LOOP]] ]
; CHECK-NEXT:    %acc = phi i32 [ %x, %entry ], [ %acc.next, %[[LOOP]] ]
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = mul i32 %tid, 7
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %tpre, label %epre

tpre:
  %tx = phi i32 [ %x, %entry ]
  %t0 = phi i32 [ 0, %entry ]
  br label %tloop

tloop:
  %i = phi i32 [ %t0, %tpre ], [ %i.next, %tloop ]
  %acc = phi i32 [ %tx, %tpre ], [ %acc.next, %tloop ]
  %acc.next = mul i32 %acc, 3
  %i.next = add i32 %i, 1
  %tdone = icmp eq i32 %i.next, %n
  br i1 %tdone, label %join, label %tloop

epre:
  %ex = phi i32 [ %x, %entry ]
  %e0 = phi i32 [ 0, %entry ]
  br label %eloop

eloop:
  %j = phi i32 [ %e0, %epre ], [ %j.next, %eloop ]
  %bcc = phi i32 [ %ex, %epre ], [ %bcc.next, %eloop ]
  %bcc.next = mul i32 %bcc, 5
  %j.next = add i32 %j, 1
  %edone = icmp eq i32 %j.next, %n
  br i1 %edone, label %join, label %eloop

join:
  %r = phi i32 [ %acc.next, %tloop ], [ %bcc.next, %eloop ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
