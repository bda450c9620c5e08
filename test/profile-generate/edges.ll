; Edges where lane state restarts or a loop's trips are taken, split once
; each (every successor slot): loop a's only exit enters loop b's header,
; so one block holds a's trips (its counter + 1) and b's entry (its ways
; cleared); loop c leaves by two cases of one switch, each its own edge
; block with the trips. The loops count from 0 by 1 themselves: no
; counter of the instrumentation's in them.
; RUN: %divopt-opt -passes=divergence-profile -divopt-profile-sample=1 -S %s -o %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: FileCheck %s < %t.ll
; REQUIRES: ptxas
; RUN: %llvm_tools/llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 -mattr=+ptx80 %t.ll -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin

; CHECK-LABEL: define ptx_kernel void @chained(
; CHECK: [[EDGE:a.b_crit_edge]]:
; CHECK-NEXT: %[[TRIPS:[0-9]+]] = add i32 %i, 1
; CHECK-NEXT: br label %b
; CHECK: b:
; CHECK-NEXT: %divopt.prof.ways{{[0-9]*}}.0 = phi i32 [ 0, %[[EDGE]] ], [ %{{[0-9]+}}, %b.split ]
; CHECK-NEXT: %divopt.prof.iterations.0 = phi i32 [ %[[TRIPS]], %[[EDGE]] ], [ 0, %b.split ]
; CHECK: call i32 @llvm.nvvm.redux.sync.umax(i32 %divopt.prof.iterations.0,

; CHECK-LABEL: define ptx_kernel void @twocases(
; CHECK: switch i32 %w, label %c [
; CHECK-NEXT: i32 3, label %[[ONE:.*]]
; CHECK-NEXT: i32 5, label %[[TWO:.*]]
; CHECK: [[TWO]]:
; CHECK-NEXT: %[[T2:[0-9]+]] = add i32 %k, 1
; CHECK-NEXT: br label %leave
; CHECK: [[ONE]]:
; CHECK-NEXT: %[[T1:[0-9]+]] = add i32 %k, 1
; CHECK-NEXT: br label %leave
; CHECK: leave:
; CHECK-NEXT: %divopt.prof.iterations.0 = phi i32 [ %[[T1]], %[[ONE]] ], [ %[[T2]], %[[TWO]] ]

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Loop a leaves straight into loop b's header: a's exit edge is b's entry.
define ptx_kernel void @chained(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr %in, i32 %tid
  %m = load i32, ptr %p, align 4
  br label %a

a:
  %i = phi i32 [ 0, %entry ], [ %i.next, %a.latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %a.latch ]
  %more = icmp slt i32 %i, %m
  br i1 %more, label %a.body, label %b

a.body:
  %bit = and i32 %i, %tid
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %a.odd, label %a.latch

a.odd:
  %twice = shl i32 %s, 1
  br label %a.latch

a.latch:
  %s.mid = phi i32 [ %twice, %a.odd ], [ %s, %a.body ]
  %s.next = add i32 %s.mid, %i
  %i.next = add nuw nsw i32 %i, 1
  br label %a

b:
  %j = phi i32 [ 0, %a ], [ %j.next, %b ]
  %t = phi i32 [ %s, %a ], [ %t.next, %b ]
  %t.next = add i32 %t, %j
  %j.next = add nuw nsw i32 %j, 1
  %again = icmp slt i32 %j.next, %m
  br i1 %again, label %b, label %done

done:
  %q = getelementptr inbounds i32, ptr %out, i32 %tid
  store i32 %t.next, ptr %q, align 4
  ret void
}

; Loop c leaves by two cases of one switch to the same block.
define ptx_kernel void @twocases(ptr %out, ptr %in) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr inbounds i32, ptr %in, i32 %tid
  %m = load i32, ptr %p, align 4
  br label %c

c:
  %k = phi i32 [ 0, %entry ], [ %k.next, %c ]
  %k.next = add nuw nsw i32 %k, 1
  %v = add i32 %k, %m
  %w = and i32 %v, 7
  switch i32 %w, label %c [
    i32 3, label %leave
    i32 5, label %leave
  ]

leave:
  %q = getelementptr inbounds i32, ptr %out, i32 %tid
  store i32 %k, ptr %q, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx80,+sm_90" }
