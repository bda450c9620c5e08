; Region simplification refused or undone: each branch gets a missed remark
; that says why, and the function is left exactly as it was (the rewrite is
; only ever tried on a copy).
; RUN: %divopt-opt -passes=branch-dist -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll
; Forced, the unprofitable one melds (and only that one).
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks=divopt -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORCE

target triple = "nvptx64-nvidia-cuda"

; The shared block is one store and the arms' own code (divisions by
; different operands) has nothing in common: duplicated and melded on a
; copy, the result saves too little; the function is unchanged.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: unprofitable after duplicating the blocks both arms share (1 blocks), then melded 1 pairs of 9+9 instructions in 2 blocks with 0 selects, 2 divergent blocks remain; cost 168.0 -> 161.5
; FORCE: remark: <unknown>:0:0: distributed divergent branch after duplicating the blocks both arms share (1 blocks), then melded {{.*}} (forced)
define ptx_kernel void @unprofitable(ptr addrspace(1) %out, i32 %x, i32 %y) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %a, label %b
a:
  %a1 = mul i32 %x, %tid
  %a2 = udiv i32 %a1, 7
  %a3 = urem i32 %a2, 13
  %a4 = udiv i32 %a3, %y
  %a5 = urem i32 %a4, %x
  %a6 = udiv i32 %a5, 11
  %a7 = urem i32 %a6, %y
  %ca = icmp eq i32 %a7, 3
  br i1 %ca, label %hit, label %join
b:
  %b1 = shl i32 %y, 3
  %b2 = xor i32 %b1, %tid
  %b3 = lshr i32 %b2, 2
  %b4 = sdiv i32 %b3, %x
  %b5 = srem i32 %b4, %y
  %b6 = sdiv i32 %b5, 5
  %b7 = srem i32 %b6, %tid
  %cb = icmp slt i32 %b7, 99
  br i1 %cb, label %hit, label %join
hit:
  store i32 1, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; A barrier in the shared block: it is never duplicated.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: the arms are not single-entry, single-exit regions that rejoin; duplicating the blocks both arms share: a shared block holds a convergent operation or an invoke, which is never duplicated; routing the exits of the short-circuit condition through one block: one way of the condition is the join (an if-only branch)
define ptx_kernel void @convergent_shared(ptr addrspace(1) %out, i32 %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %a, label %b
a:
  %ca = icmp eq i32 %x, %tid
  br i1 %ca, label %hit, label %join
b:
  %cb = icmp ugt i32 %x, %tid
  br i1 %cb, label %hit, label %join
hit:
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
  store i32 %v, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

; A short-circuit condition with one way to the join: `if (a && b) x;` is an
; if-only branch, nothing to meld.
; REMARK: remark: <unknown>:0:0: divergent branch not distributed: if-only branch: there is no second arm to meld with
define ptx_kernel void @if_only_chain(ptr addrspace(1) %out, i32 %x) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %second, label %join
second:
  %c2 = icmp ugt i32 %x, %tid
  br i1 %c2, label %then, label %join
then:
  store i32 1, ptr addrspace(1) %out
  br label %join
join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
