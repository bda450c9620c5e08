; Iteration delaying of a divergent branch under a guard in a loop body,
; `for (...) { if (active) { pre; if (hit) A else B; post } rest }`: the
; guard folds into the vote. Lanes whose guard is false reach the vote but
; are not live for it (the majority counts ballot(mask, guard)), vote false,
; and go straight on to the guard's join; the guarded lanes run their
; arm or wait. A guard that rejoins at the latch is refused, with why.
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>%t.remarks
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' -S %s | %opt -passes=verify -disable-output
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -S %s | %opt -passes=verify -disable-output
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with the branch's guard folded into the vote (lanes whose guard is false are not live for it and never wait), majority vote
; REMARK: remark: <unknown>:0:0: loop not delayed: the guard rejoins at the loop's latch or at the branch's own join; only a guard whose join precedes the latch folds into the vote

; CHECK-LABEL: define ptx_kernel void @guarded(
; CHECK:       delay.vote:
; CHECK:         %delay.guard.on = phi i1 [ true, %pre ], [ true, %delay.header ], [ false, %loop ]
; CHECK:         %delay.cond = select i1 %delay.guard.on, i1 %hit.pending, i1 false
; CHECK:         %delay.mask = call i32 @llvm.nvvm.activemask()
; CHECK:         %delay.taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %delay.cond)
; CHECK:         %delay.live = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %delay.guard.on)
; CHECK:         call {{.*}}i32 @llvm.ctpop.i32(i32 %delay.live)
; CHECK:         br i1 %delay.guard.on, label %delay.guarded, label %gjoin
; CHECK:       delay.guarded:
; CHECK-NEXT:    br i1 %delay.dir, label %delay.then.gate, label %delay.else.gate
define ptx_kernel void @guarded(ptr %out, ptr %in, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = phi i32 [ %tid, %entry ], [ %x.next, %latch ]
  %active = icmp ult i32 %x, 1000
  br i1 %active, label %pre, label %gjoin

pre:
  %idx = and i32 %x, 255
  %p = getelementptr i32, ptr %in, i32 %idx
  %v = load i32, ptr %p
  %hit = icmp ugt i32 %v, %tid
  br i1 %hit, label %a, label %b

a:
  %xa = mul i32 %x, 3
  br label %ijoin

b:
  %xb = add i32 %x, 17
  br label %ijoin

ijoin:
  %xi = phi i32 [ %xa, %a ], [ %xb, %b ]
  %xp = xor i32 %xi, %v
  br label %gjoin

gjoin:
  %xg = phi i32 [ %xp, %ijoin ], [ %x, %loop ]
  %po = getelementptr i32, ptr %out, i32 %tid
  store i32 %xg, ptr %po
  br label %latch

latch:
  %x.next = add i32 %xg, 1
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; The guard's join is the latch: refused.
define ptx_kernel void @guard_at_latch(ptr %out, ptr %in, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = phi i32 [ %tid, %entry ], [ %xg, %latch ]
  %active = icmp ult i32 %x, 1000
  br i1 %active, label %pre, label %latch

pre:
  %idx = and i32 %x, 255
  %p = getelementptr i32, ptr %in, i32 %idx
  %v = load i32, ptr %p
  %hit = icmp ugt i32 %v, %tid
  br i1 %hit, label %a, label %b

a:
  %xa = mul i32 %x, 3
  br label %latch

b:
  %xb = add i32 %x, 17
  br label %latch

latch:
  %xg = phi i32 [ %xa, %a ], [ %xb, %b ], [ %x, %loop ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %po = getelementptr i32, ptr %out, i32 %tid
  store i32 %xg, ptr %po
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
