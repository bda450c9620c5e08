; One arm reaches the join straight from a branch where the other passes
; through a block of its own (MCML's boundary arms: one reflects with a
; negation it had already computed, the other negates in a block). The
; critical edges leaving the arms are split, the empty block pairs with the
; other arm's block, and the arms meld. When the branch is refused all the
; same, or the split does not make the shapes agree, the split is undone
; and the function is left exactly as it was (blocks, PHIs, predecessor
; order).
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist<force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist<threshold=100>' -pass-remarks-missed=divopt -S %s -o %t.refused.ll 2>&1 | FileCheck %s --check-prefix=REFUSED
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.refused.ll

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: distributed divergent branch: melded 2 pairs of 4+4 instructions in 3 blocks
; REFUSED: remark: <unknown>:0:0: divergent branch not distributed: unprofitable: melded 2 pairs of 4+4 instructions in 3 blocks

; CHECK-LABEL: define ptx_kernel void @reflect(
; CHECK:       dist.join:
; CHECK:         %tc = fcmp ogt float [[V:%.*]], 1.000000e+00
; CHECK-NEXT:    br i1 %tc, label %tx.dist, label %[[SPLIT:.*]]
; CHECK:       tx.dist:
; CHECK-NEXT:    %tv = fadd float [[V]], 1.000000e+00
; CHECK:       [[SPLIT]]:
; CHECK-NEXT:    br i1 %c, label %{{.*}}, label %[[NEG:.*]], !divopt.distributed
; CHECK:       [[NEG]]:
; CHECK-NEXT:    %en = fneg float %x
define ptx_kernel void @reflect(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %t, label %e

t:
  %na = fneg float %x
  %a = fmul float %na, 3.0
  %tc = fcmp ogt float %a, 1.0
  br i1 %tc, label %tx, label %join

tx:
  %tv = fadd float %a, 1.0
  br label %join

e:
  %b = fmul float %x, 3.0
  %ec = fcmp ogt float %b, 1.0
  br i1 %ec, label %ex, label %eneg

ex:
  %ev = fadd float %b, 1.0
  br label %join

eneg:
  %en = fneg float %x
  br label %join

join:
  %r = phi float [ %tv, %tx ], [ %na, %t ], [ %ev, %ex ], [ %en, %eneg ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

; The else-arm has a loop where the then-arm has none: splitting edges does
; not make them agree, and the function stays as it was.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the arms' control flow differs
; REFUSED: remark: <unknown>:0:0: divergent branch not distributed: the arms' control flow differs
; CHECK-LABEL: define ptx_kernel void @shapes(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    %c = icmp ult i32 %tid, 16
; CHECK-NEXT:    br i1 %c, label %t, label %e
; CHECK-EMPTY:
; CHECK-NEXT:  t:
define ptx_kernel void @shapes(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %t, label %e

t:
  %tc = icmp ult i32 %tid, 3
  br i1 %tc, label %tx, label %join

tx:
  %tv = add i32 %tid, 1
  br label %join

e:
  %i = phi i32 [ 0, %entry ], [ %i.next, %e ]
  %i.next = add i32 %i, 1
  %ec = icmp ult i32 %i.next, %n
  br i1 %ec, label %e, label %join

join:
  %r = phi i32 [ %tv, %tx ], [ %tid, %t ], [ %i.next, %e ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
