; Round robin: the else-arm has the first `zeros` trips of each period and
; the then-arm the next `ones`; cycle=P gives the then-arm P% of the trips.
; With idle-removal, a turn no live lane wants goes to the other arm.
; RUN: %divopt-opt -passes='iter-delay<round-robin;force>' -S %s -o - | FileCheck %s --check-prefix=RR
; RUN: %divopt-opt -passes='iter-delay<round-robin;cycle=75;force>' -S %s -o - | FileCheck %s --check-prefix=CYCLE
; RUN: %divopt-opt -passes='iter-delay<round-robin;zeros=3;ones=2;force>' -S %s -o - | FileCheck %s --check-prefix=DUTY
; RUN: %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' -S %s -o - | FileCheck %s --check-prefix=IDLE
; RUN: %if ptxas %{ %divopt-opt -passes='iter-delay<round-robin;idle-removal;force>' %s | llc -mtriple=nvptx64 -mcpu=sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; RR:       %delay.phase = phi i32 [ 0, %preheader ], [ %delay.phase.next, %delay.latch ]
; RR:       %delay.turn = icmp uge i32 %delay.phase, 1
; RR-NEXT:  [[N:%.*]] = add i32 %delay.phase, 1
; RR-NEXT:  [[W:%.*]] = icmp eq i32 [[N]], 2
; RR-NEXT:  %delay.phase.next = select i1 [[W]], i32 0, i32 [[N]]
; RR-NEXT:  br i1 %delay.turn, label %delay.then.gate, label %delay.else.gate
; RR-NOT:   ctpop

; CYCLE:    %delay.turn = icmp uge i32 %delay.phase, 1
; CYCLE:    icmp eq i32 {{%.*}}, 4

; DUTY:     %delay.turn = icmp uge i32 %delay.phase, 3
; DUTY:     icmp eq i32 {{%.*}}, 5

; The lanes at the vote are the live ones: some want the else-arm when not
; all of the mask wants the then-arm.
; IDLE:     %delay.mask = call i32 @llvm.nvvm.activemask()
; IDLE-NEXT: %delay.taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %delay.mask, i1 %c.pending)
; IDLE:     %delay.turn = icmp uge i32 %delay.phase, 1
; IDLE-NEXT: [[ANYT:%.*]] = icmp ne i32 %delay.taken, 0
; IDLE-NEXT: [[ANYE:%.*]] = icmp ne i32 %delay.taken, %delay.mask
; IDLE-NEXT: [[NOE:%.*]] = xor i1 [[ANYE]], true
; IDLE-NEXT: %delay.dir = select i1 %delay.turn, i1 [[ANYT]], i1 [[NOE]]
; IDLE:     br i1 %delay.dir, label %delay.then.gate, label %delay.else.gate

define ptx_kernel void @k(ptr addrspace(1) %seeds, ptr addrspace(1) %out, i32 %n, i32 %thresh) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %preheader, label %exit

preheader:
  br label %body

body:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %seeds, i32 %idx
  %rnd = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %rnd, %thresh
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  br label %latch

else:
  %e = call float @llvm.fma.f32(float %acc, float 0.5, float 2.0)
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %acc.out = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %acc.out, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
