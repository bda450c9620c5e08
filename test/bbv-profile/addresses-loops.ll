; In a loop, bbv-profile takes the first address of an access where the
; loop is entered rather than on every trip, when the access sits in the
; loop's header (the first trip runs it) and its address is an affine
; recurrence of the loop: the recurrence's start, taken in the loop's one
; predecessor when the branch there enters the loop (a thread that never
; enters keeps 0, as if it never ran the access). Elsewhere the address is
; taken in place: an address read from memory (no recurrence), an access
; outside the header (it may not run on the first trip). The loops keep no
; sampling of their own: the counting copy's trips cost what the kernel's
; do, but for its counters.
; RUN: %divopt-opt -passes=bbv-profile -S %s | FileCheck %s
; RUN: %divopt-opt -passes=bbv-profile -pass-remarks=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

; REMARK: kernel k instrumented as k_$_divopt_$_bbv: 5 basic-block counters per thread, all threads; map in k_$_divopt_$_bbv_$_map; 2 of 4 sampled addresses taken where their loop is entered

; CHECK-LABEL: define ptx_kernel void @"k_$_divopt_$_bbv"(
; The predecessor takes the starts of sites 0 and 1 (%a[i], %idx[i]) when
; n > 0 enters the loop.
; CHECK: [[ENTER:%.*]] = icmp sgt i32 %n, 0
; CHECK: [[SLOT0:%.*]] = getelementptr inbounds [4 x i64], ptr %divopt.addr, i32 0, i32 0
; CHECK: [[OLD0:%.*]] = load i64, ptr [[SLOT0]]
; CHECK: [[START0:%.*]] = ptrtoint ptr addrspace(1) %a to i64
; CHECK: [[FIRST0:%.*]] = icmp eq i64 [[OLD0]], 0
; CHECK: [[TAKE0:%.*]] = and i1 [[FIRST0]], [[ENTER]]
; CHECK: select i1 [[TAKE0]], i64 [[START0]], i64 [[OLD0]]
; CHECK: getelementptr inbounds [4 x i64], ptr %divopt.addr, i32 0, i32 1
; CHECK: ptrtoint ptr addrspace(1) %idx to i64
; CHECK: br i1 [[ENTER]], label %loop, label %exit
; The header: sites 0 and 1 unsampled; site 2 (an address loaded) in place.
; CHECK-LABEL: loop:
; CHECK-NOT: %divopt.addr, i32 0, i32 {{[01]}}
; CHECK: load float, ptr addrspace(1) %pa
; CHECK: load i64, ptr addrspace(1) %pj
; CHECK: getelementptr inbounds [4 x i64], ptr %divopt.addr, i32 0, i32 2
; CHECK: ptrtoint ptr addrspace(1) %pi
; CHECK: load float, ptr addrspace(1) %pi
; Site 3 is in a block of the loop that is not its header: in place.
; CHECK-LABEL: odd:
; CHECK: getelementptr inbounds [4 x i64], ptr %divopt.addr, i32 0, i32 3
; CHECK: ptrtoint ptr addrspace(1) %po
; CHECK: store float

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %idx,
                          ptr addrspace(1) %out, i32 %n) {
entry:
  %enter = icmp sgt i32 %n, 0
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %pa = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  %va = load float, ptr addrspace(1) %pa
  %pj = getelementptr inbounds i64, ptr addrspace(1) %idx, i64 %i
  %j = load i64, ptr addrspace(1) %pj
  %pi = getelementptr inbounds float, ptr addrspace(1) %a, i64 %j
  %vi = load float, ptr addrspace(1) %pi
  %sum = fadd float %va, %vi
  %bit = and i64 %i, 1
  %isodd = icmp ne i64 %bit, 0
  br i1 %isodd, label %odd, label %latch
odd:
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i
  store float %sum, ptr addrspace(1) %po
  br label %latch
latch:
  %acc.next = fadd float %acc, %sum
  %i.next = add nuw nsw i64 %i, 1
  %n64 = zext i32 %n to i64
  %more = icmp ult i64 %i.next, %n64
  br i1 %more, label %loop, label %exit
exit:
  ret void
}
