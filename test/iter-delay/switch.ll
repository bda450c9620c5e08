; A divergent switch at the top level of a loop: per trip one of its K
; ways (its distinct successors, the default's first) runs. Each lane
; computes its pending way from the switch's condition; the lanes whose way
; is the trip's go through delay.dispatch, which now holds the switch (all
; of them take the same successor there), the others wait. Round robin and
; advance give each way a trip in turn without a vote; idle-trip removal
; and majority ballot each way among the lanes voting together (the mask
; taken right before), majority with a round-robin pointer against
; starvation.
; RUN: %divopt-opt -passes='iter-delay<round-robin;force>' -pass-remarks=divopt -S %s -o %t.rr.ll 2>&1 | FileCheck %s --check-prefix=RR-REMARK
; RUN: FileCheck %s --check-prefix=RR < %t.rr.ll
; RUN: %divopt-opt -passes='iter-delay<advance;force>' -S %s | FileCheck %s --check-prefix=RR
; RUN: %divopt-opt -passes='iter-delay<majority;max-delay=3;force>' -pass-remarks=divopt -S %s -o %t.maj.ll 2>&1 | FileCheck %s --check-prefix=MAJ-REMARK
; RUN: FileCheck %s --check-prefix=MAJ < %t.maj.ll
; RUN: %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' -S %s | FileCheck %s --check-prefix=IDLE
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -verify-each -disable-output %s
; RUN: %divopt-opt -passes='iter-delay' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=AUTO
; A duty cycle is for two ways: refused, the IR left as it was.
; RUN: %divopt-opt -passes='iter-delay<round-robin;cycle=75;force>' -pass-remarks-missed=divopt -S %s -o %t.duty.ll 2>&1 | FileCheck %s --check-prefix=DUTY
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.duty.ll
; DUTY: remark: <unknown>:0:0: loop not delayed: round robin's duty cycle (cycle, ones, zeros) is for two-way branches; each way of a switch gets one trip in turn
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.maj.ll -o %t.maj.ptx && %ptxas -arch=sm_90 %t.maj.ptx -o /dev/null %}
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.rr.ll -o %t.rr.ptx && %ptxas -arch=sm_90 %t.rr.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; RR-REMARK: remark: <unknown>:0:0: delayed iterations of the loop with round robin (each way one trip in turn); per iteration: pre 7.0, 3 ways 0.0+2.5+2.5, post 7.0, way probabilities unknown, {{.*}}(forced)

; RR-LABEL:  define ptx_kernel void @sw(
; RR-SAME:     ) {
; RR:        delay.vote:
; RR-NEXT:     %sel.pending = phi i32 [ %sel, %body ], [ %sel.carried, %delay.header ]
; The default (the latch, straight to the join) is way 0, a 1, b 2.
; RR-NEXT:     [[C0:%.*]] = icmp eq i32 %sel.pending, 0
; RR-NEXT:     [[W0:%.*]] = select i1 [[C0]], i32 1, i32 0
; RR-NEXT:     [[C1:%.*]] = icmp eq i32 %sel.pending, 1
; RR-NEXT:     %delay.way = select i1 [[C1]], i32 2, i32 [[W0]]
; RR-NEXT:     [[N:%.*]] = add i32 %delay.turn, 1
; RR-NEXT:     [[WRAP:%.*]] = icmp eq i32 [[N]], 3
; RR-NEXT:     %delay.phase.next = select i1 [[WRAP]], i32 0, i32 [[N]]
; RR-NEXT:     %delay.run = icmp eq i32 %delay.way, %delay.turn
; RR-NEXT:     br i1 %delay.run, label %delay.dispatch, label %delay.wait
; RR:        delay.dispatch:
; RR-NEXT:     switch i32 %sel.pending, label %latch [
; RR-NEXT:       i32 0, label %a
; RR-NEXT:       i32 1, label %b
; RR:        latch:
; RR-NEXT:     %acc.next = phi i32 [ %ta, %a ], [ %tb, %b ], [ %acc.state, %delay.dispatch ]
; RR-NOT:      activemask
; RR-NOT:      .sync

; MAJ-REMARK: remark: <unknown>:0:0: delayed iterations of the loop with majority vote (the way most live lanes want; max-delay 3: 1 trip in 4 to the ways in turn); per iteration: pre 7.0, 3 ways {{.*}}(forced)

; MAJ-LABEL: define ptx_kernel void @sw(
; MAJ-SAME:    [[ATTR:#[0-9]+]]
; MAJ:         %delay.rr = phi i32 [ 0, %entry ], [ [[PTR:%.*]], %delay.latch ]
; MAJ-NEXT:    %delay.phase = phi i32 [ 0, %entry ], [ %delay.phase.next, %delay.latch ]
; MAJ:       delay.vote:
; MAJ:         %delay.mask = call i32 @llvm.nvvm.activemask()
; MAJ-NEXT:    [[E0:%.*]] = icmp eq i32 %delay.way, 0
; MAJ-NEXT:    %delay.want0 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 [[E0]])
; MAJ-NEXT:    [[N0:%.*]] = call i32 @llvm.ctpop.i32(i32 %delay.want0)
; MAJ:         %delay.want1 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask,
; MAJ:         %delay.want2 = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask,
; MAJ:         %delay.force = icmp eq i32 %delay.phase, 3
; MAJ:         %delay.majority = select i1
; MAJ:         [[PTR]] = select i1 %delay.force, i32 {{%.*}}, i32 %delay.rr
; MAJ-NEXT:    %delay.turn = select i1 %delay.force, i32 {{%.*}}, i32 %delay.majority
; MAJ-NEXT:    %delay.run = icmp eq i32 %delay.way, %delay.turn
; MAJ:       attributes [[ATTR]] = { convergent }

; IDLE:      delay.vote:
; IDLE:        %delay.mask = call i32 @llvm.nvvm.activemask()
; IDLE-COUNT-3: call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask,
; IDLE:        %delay.phase.next = select i1
; IDLE-NEXT:   %delay.run = icmp eq i32 %delay.way, %delay.turn

; AUTO: remark: <unknown>:0:0: loop not delayed: unprofitable with {{.*}}3 ways 0.0+2.5+2.5{{.*}}; worst case over even ways and each way at 85% {{.*}}

define ptx_kernel void @sw(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %sel = and i32 %idx, 3
  switch i32 %sel, label %latch [ i32 0, label %a
                                  i32 1, label %b ]

a:
  %ta = mul i32 %acc, 3
  br label %latch

b:
  %tb = add i32 %acc, 5
  br label %latch

latch:
  %acc.next = phi i32 [ %ta, %a ], [ %tb, %b ], [ %acc, %body ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store i32 %acc.next, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
