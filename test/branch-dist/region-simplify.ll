; Arms that are not single-entry, single-exit regions after clang -O3 are
; brought to that form on a copy of the function and melded there; the
; rewrite is kept only if the melded result is profitable.
; RUN: %divopt-opt -divopt-meld-speculate=false -passes=branch-dist -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; RUN: %divopt-opt -divopt-meld-speculate=false -passes='branch-dist,instcombine,simplifycfg' -S %s | FileCheck %s --check-prefix=CLEAN

target triple = "nvptx64-nvidia-cuda"

@keys = internal addrspace(3) global [256 x float] poison, align 4

; Bitonic compare-and-swap, `if (up) { if (a > b) swap } else { if (a < b)
; swap }`: SimplifyCFG tail-merged the two swaps into one block that both
; inner branches reach. Duplicated for the else-arm, the arms meld: one
; swap, the comparison chosen by the direction.
; REMARK: remark: <unknown>:0:0: distributed divergent branch after duplicating the blocks both arms share (1 blocks), then melded 2 pairs of 3+3 instructions in 2 blocks with 0 selects, 2 divergent blocks remain; cost 48.0 -> 33.5
; The inner branches (an if-only each) stay.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: if-only branch: there is no second arm to meld with
; CHECK-LABEL: define ptx_kernel void @bitonic(
; CHECK:         br i1 %up, label %dist.then, label %dist.else
; CHECK:       dist.then:
; CHECK-NEXT:    %gt = fcmp ogt float %a, %b
; CHECK:       dist.else:
; CHECK-NEXT:    %lt = fcmp olt float %a, %b
; CHECK:       dist.join:
; CHECK-NEXT:    %[[C:.*]] = phi i1 [ %gt, %dist.then ], [ %lt, %dist.else ]
; CHECK-NEXT:    br i1 %[[C]], label %swap.dist, label %join
; CHECK:       swap.dist:
; CHECK-NEXT:    store float %b, ptr addrspace(3) %pa
; CHECK-NEXT:    store float %a, ptr addrspace(3) %pb
; CHECK-NEXT:    br label %join
; CHECK-NEXT:  }
; The comparison's diamond becomes a select: the hand-melded kernel.
; CLEAN-LABEL: define ptx_kernel void @bitonic(
; CLEAN:         %[[C:.*]] = select i1 %up, i1 %gt, i1 %lt
; CLEAN-NEXT:    br i1 %[[C]], label %swap.dist, label %join
; CLEAN:       swap.dist:
; CLEAN-NEXT:    store float %b
; CLEAN-NEXT:    store float %a
; CLEAN-NOT:     store
; CLEAN:       }
define ptx_kernel void @bitonic(i32 %k, i32 %j) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = xor i32 %tid, %j
  %pa = getelementptr float, ptr addrspace(3) @keys, i32 %tid
  %pb = getelementptr float, ptr addrspace(3) @keys, i32 %p
  %a = load float, ptr addrspace(3) %pa
  %b = load float, ptr addrspace(3) %pb
  %dir = and i32 %tid, %k
  %up = icmp eq i32 %dir, 0
  br i1 %up, label %ascending, label %descending
ascending:
  %gt = fcmp ogt float %a, %b
  br i1 %gt, label %swap, label %join
descending:
  %lt = fcmp olt float %a, %b
  br i1 %lt, label %swap, label %join
swap:
  store float %b, ptr addrspace(3) %pa
  store float %a, ptr addrspace(3) %pb
  br label %join
join:
  ret void
}

; The merge step `if (i < mid && (j >= end || a[i] < a[j]))`: the
; condition spans three blocks, and the else-arm is reached from two of
; them (one through a block computing its index). Routed through one block
; that branches on a PHI of the outcome, the arms meld; the condition's
; loads run as before.
; REMARK: remark: <unknown>:0:0: distributed divergent branch after routing the exits of the short-circuit condition through one block (4 blocks), then melded 6 pairs of 6+6 instructions with 4 selects, 0 divergent blocks remain; cost 33.0 -> 28.5
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: if-only branch: there is no second arm to meld with
; CHECK-LABEL: define ptx_kernel void @merge(
; CHECK:       take.j.index:
; CHECK:         br label %cond.join
; CHECK:       test.j:
; CHECK:         br i1 %j.in, label %test.keys, label %cond.join
; CHECK:       test.keys:
; CHECK:         %ai = load float
; CHECK:         %aj = load float
; CHECK:         br label %cond.join
; The ways that never read a value give its PHI zero, not poison
; (passes/UnreadValue.h: ptxas -O3 miscomputes around registers left
; unwritten on a path).
; CHECK:       cond.join:
; CHECK-NEXT:    %cond = phi i1 [ true, %test.j ], [ %lt, %test.keys ], [ false, %take.j.index ]
; CHECK-NEXT:    %jx = phi i64 [ 0, %test.j ], [ %jidx, %test.keys ], [ %jidx2, %take.j.index ]
; CHECK-NEXT:    %iidx.cond = phi i64 [ %iidx, %test.j ], [ %iidx, %test.keys ], [ 0, %take.j.index ]
; CHECK-NEXT:    %[[IDX:.*]] = select i1 %cond, i64 %iidx.cond, i64 %jx
; CHECK-NEXT:    %pti = getelementptr float, ptr addrspace(1) %in, i64 %[[IDX]]
; CHECK-NEXT:    %vi = load float
; CHECK:         store float %vi
; CHECK-NOT:     store
; CHECK:       latch:
define ptx_kernel void @merge(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %mid, i32 %end, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %j = phi i32 [ %mid, %entry ], [ %j.next, %latch ]
  %i.in = icmp slt i32 %i, %mid
  br i1 %i.in, label %test.j, label %take.j.index
take.j.index:
  %j64a = zext i32 %j to i64
  %jidx2 = add i64 %j64a, %tid64
  br label %take.j
test.j:
  %j.in = icmp slt i32 %j, %end
  %i64 = zext i32 %i to i64
  %iidx = add i64 %i64, %tid64
  br i1 %j.in, label %test.keys, label %take.i
test.keys:
  %pi = getelementptr float, ptr addrspace(1) %in, i64 %iidx
  %ai = load float, ptr addrspace(1) %pi
  %j64 = zext i32 %j to i64
  %jidx = add i64 %j64, %tid64
  %pj = getelementptr float, ptr addrspace(1) %in, i64 %jidx
  %aj = load float, ptr addrspace(1) %pj
  %lt = fcmp olt float %ai, %aj
  br i1 %lt, label %take.i, label %take.j
take.i:
  %pti = getelementptr float, ptr addrspace(1) %in, i64 %iidx
  %vi = load float, ptr addrspace(1) %pti
  %k64 = zext i32 %k to i64
  %poi = getelementptr float, ptr addrspace(1) %out, i64 %k64
  store float %vi, ptr addrspace(1) %poi
  %i.inc = add i32 %i, 1
  br label %latch
take.j:
  %jx = phi i64 [ %jidx2, %take.j.index ], [ %jidx, %test.keys ]
  %ptj = getelementptr float, ptr addrspace(1) %in, i64 %jx
  %vj = load float, ptr addrspace(1) %ptj
  %k64j = zext i32 %k to i64
  %poj = getelementptr float, ptr addrspace(1) %out, i64 %k64j
  store float %vj, ptr addrspace(1) %poj
  %j.inc = add i32 %j, 1
  br label %latch
latch:
  %i.next = phi i32 [ %i.inc, %take.i ], [ %i, %take.j ]
  %j.next = phi i32 [ %j, %take.i ], [ %j.inc, %take.j ]
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
