; A lone sub-region's empty copy takes the way whose code matches the other
; arm's: the N-Queens step `if (full) I--; else { M |= Index; if (free)
; {...} else I--; }` (bench/kernels/meld.cu). The short arm's `I--` moves
; into the empty copy of the long arm's `I--` block, its lanes going that
; way, and melds there; the code of blocks its lanes never reach runs
; without a diamond. The cost model still refuses (the store before the
; inner branch stays divergent: predicted 1.02x, under the threshold).
; RUN: %divopt-opt -passes=branch-dist -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %divopt-opt -passes='branch-dist<force>' -S %s -o %t.force.ll
; RUN: FileCheck %s --check-prefix=FORCE < %t.force.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.force.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
; Refused: the function is unchanged.
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable after aligning the arms' sub-regions (a lone one gets an empty copy in the other arm) (3 blocks), then melded 1 pairs of 1+10 instructions in 4 blocks with 2 selects, 1 divergent blocks remain; cost 45.5 -> 44.5{{.*}}(tried on a copy: the function is unchanged)
; Forced, the inner branch melds too: the three ways' `I--`, `I--` and
; `I++` become one add.
; FORCE-LABEL: define ptx_kernel void @queens_step(
; The full-row lanes take the `I--` way of the inner branch.
; FORCE:       %[[W:.*]] = select i1 %full, i1 true, i1 %nofree.dist
; FORCE-NEXT:  %[[D:.*]] = select i1 %[[W]], i32 -1, i32 1
; FORCE-NEXT:  add nsw i32 %i, %[[D]]
; FORCE-NEXT:  br i1 %[[W]]
; FORCE-NOT:   add nsw i32 %i
define ptx_kernel void @queens_step(ptr addrspace(3) %m, ptr addrspace(3) %top, ptr addrspace(1) %out, i32 %i) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %slot = getelementptr i32, ptr addrspace(3) %m, i32 %tid
  %mi = load i32, ptr addrspace(3) %slot
  %low = and i32 %mi, 1023
  %full = icmp eq i32 %low, 1023
  br i1 %full, label %row.full, label %try
row.full:
  %dec.full = add nsw i32 %i, -1
  br label %join
try:
  %plus = add i32 %mi, 1
  %not = xor i32 %mi, -1
  %index = and i32 %plus, %not
  %mark = or i32 %plus, %mi
  store i32 %mark, ptr addrspace(3) %slot
  %free = and i32 %index, 1023
  %nofree = icmp eq i32 %free, 0
  br i1 %nofree, label %back, label %deeper
back:
  %dec = add nsw i32 %i, -1
  br label %join
deeper:
  %inc = add nuw nsw i32 %i, 1
  store i32 %inc, ptr addrspace(3) %top
  br label %join
join:
  %next = phi i32 [ %dec.full, %row.full ], [ %dec, %back ], [ %inc, %deeper ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %next, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
