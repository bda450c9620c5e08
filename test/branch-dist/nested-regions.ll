; Arms with the same control flow (a loop, and a branch inside it) meld
; block by block: loop headers, PHIs, inner branches and their conditions
; become one, selected on the outer condition, so each lane still follows
; its own arm's path (its own trip count, its own inner way). The constants
; are chosen once, before the loop, from one constant table with an entry
; per arm holding all of them side by side (ptxas would rematerialize a
; select of immediates at every use inside the loop);
; -divopt-select-tables=false keeps plain selects.
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %divopt-opt -passes=branch-dist -divopt-select-tables=false -S %s | FileCheck %s --check-prefix=SELECT
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: distributed divergent branch: melded {{[0-9]+}} pairs of {{[0-9]+}}+{{[0-9]+}} instructions in 3 blocks

; CHECK:       @[[TK:divopt.select[0-9]*]] = private unnamed_addr addrspace(4) constant [2 x { float, float, float, float }] [{ float, float, float, float } { float 5.000000e+00, float 2.000000e+00, float 2.000000e+02, float 2.500000e-01 }, { float, float, float, float } { float 3.000000e+00, float 1.000000e+00, float 1.000000e+02, float 5.000000e-01 }], align 16
; CHECK-NOT:   divopt.select
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK:       entry:
; CHECK:         [[I:%.*]] = zext i1 %c to i64
; CHECK-NEXT:    [[P:%.*]] = getelementptr inbounds [2 x { float, float, float, float }], ptr addrspace(4) @[[TK]], i64 0, i64 [[I]], i32 0
; CHECK-NEXT:    [[K:%.*]] = load float, ptr addrspace(4) [[P]]
; CHECK-NEXT:    [[P2:%.*]] = getelementptr inbounds [2 x { float, float, float, float }], ptr addrspace(4) @[[TK]], i64 0, i64 [[I]], i32 1
; CHECK-NEXT:    [[K2:%.*]] = load float, ptr addrspace(4) [[P2]]
; CHECK-NEXT:    [[P3:%.*]] = getelementptr inbounds [2 x { float, float, float, float }], ptr addrspace(4) @[[TK]], i64 0, i64 [[I]], i32 2
; CHECK-NEXT:    [[K3:%.*]] = load float, ptr addrspace(4) [[P3]]
; CHECK-NEXT:    [[P4:%.*]] = getelementptr inbounds [2 x { float, float, float, float }], ptr addrspace(4) @[[TK]], i64 0, i64 [[I]], i32 3
; CHECK-NEXT:    [[K4:%.*]] = load float, ptr addrspace(4) [[P4]]
; CHECK:         [[N:%.*]] = select i1 %c, i32 %na, i32 %nb
; CHECK:         br label %tloop.dist
; CHECK:       join:
; CHECK-NEXT:    %r = phi float [ %tacc.next, %tlatch.dist ]
; CHECK:       tloop.dist:
; CHECK-NEXT:    %ti = phi i32 [ 0, %entry ], [ %ti.next, %tlatch.dist ]
; CHECK-NEXT:    %tacc = phi float [ %x, %entry ], [ %tacc.next, %tlatch.dist ]
; CHECK:         %tm = fmul float %tacc, [[K]]
; CHECK-NEXT:    %tm1 = fadd float %tm, [[K2]]
; CHECK:         %tbigc = fcmp ogt float %tm3, [[K3]]
; CHECK-NEXT:    br i1 %tbigc, label %tbig.dist, label %tlatch.dist
; CHECK:       tbig.dist:
; CHECK-NEXT:    %ts = fmul float %tm3, [[K4]]
; CHECK:       tlatch.dist:
; CHECK:         %ti.next = add i32 %ti, 1
; CHECK-NEXT:    %tdone = icmp eq i32 %ti.next, [[N]]
; CHECK:         br i1 %tdone, label %join, label %tloop.dist
; CHECK-NOT:   {{^}}eloop:

; SELECT-NOT:  divopt.select
; SELECT:      select i1 %c, float 3.000000e+00, float 5.000000e+00
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %na, i32 %nb) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %tloop, label %eloop

tloop:
  %ti = phi i32 [ 0, %entry ], [ %ti.next, %tlatch ]
  %tacc = phi float [ %x, %entry ], [ %tacc.next, %tlatch ]
  %tm = fmul float %tacc, 3.0
  %tm1 = fadd float %tm, 1.0
  %tm2 = fmul float %tm1, 3.0
  %tm3 = fadd float %tm2, 1.0
  %tbigc = fcmp ogt float %tm3, 100.0
  br i1 %tbigc, label %tbig, label %tlatch

tbig:
  %ts = fmul float %tm3, 0.5
  br label %tlatch

tlatch:
  %tacc.next = phi float [ %ts, %tbig ], [ %tm3, %tloop ]
  %ti.next = add i32 %ti, 1
  %tdone = icmp eq i32 %ti.next, %na
  br i1 %tdone, label %join, label %tloop

eloop:
  %ei = phi i32 [ 0, %entry ], [ %ei.next, %elatch ]
  %eacc = phi float [ %x, %entry ], [ %eacc.next, %elatch ]
  %em = fmul float %eacc, 5.0
  %em1 = fadd float %em, 2.0
  %em2 = fmul float %em1, 5.0
  %em3 = fadd float %em2, 2.0
  %ebigc = fcmp ogt float %em3, 200.0
  br i1 %ebigc, label %ebig, label %elatch

ebig:
  %es = fmul float %em3, 0.25
  br label %elatch

elatch:
  %eacc.next = phi float [ %es, %ebig ], [ %em3, %eloop ]
  %ei.next = add i32 %ei, 1
  %edone = icmp eq i32 %ei.next, %nb
  br i1 %edone, label %join, label %eloop

join:
  %r = phi float [ %tacc.next, %tlatch ], [ %eacc.next, %elatch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
