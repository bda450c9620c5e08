; Arms of several blocks but no loop (the boundary step's shape): each
; selected constant is used once per pass, so it stays a plain select, with
; no constant table whose load would delay what it addresses (a field
; offset selected per arm, here 4 or 8, feeds a load directly).
; RUN: %divopt-opt -passes=branch-dist -pass-remarks=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: distributed divergent branch: melded {{[0-9]+}} pairs of {{[0-9]+}}+{{[0-9]+}} instructions in 3 blocks

; CHECK-NOT:   divopt.select
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-DAG:     select i1 %c, i64 4, i64 8
; CHECK-DAG:     select i1 %c, float 3.000000e+00, float 5.000000e+00
; CHECK-NOT:   {{^}}tbody:
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %lay, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %tbody, label %ebody

tbody:
  %tf = getelementptr inbounds i8, ptr addrspace(1) %lay, i64 4
  %tk = load float, ptr addrspace(1) %tf
  %tm = fmul float %x, 3.0
  %tm0 = fadd float %tm, %tk
  %tc2 = fadd float %tm0, %tk
  %tc3 = fmul float %tc2, 3.0
  %tc4 = fadd float %tc3, %tk
  %tc5 = fmul float %tc4, 3.0
  %tc6 = fadd float %tc5, %tk
  %tc7 = fmul float %tc6, 3.0
  %tm1 = fdiv float %tc7, %x
  %tbigc = fcmp ogt float %tm1, 100.0
  br i1 %tbigc, label %tbig, label %tend

tbig:
  %ts = fmul float %tm1, 0.5
  br label %tend

tend:
  %tr = phi float [ %ts, %tbig ], [ %tm1, %tbody ]
  br label %join

ebody:
  %ef = getelementptr inbounds i8, ptr addrspace(1) %lay, i64 8
  %ek = load float, ptr addrspace(1) %ef
  %em = fmul float %x, 5.0
  %em0 = fadd float %em, %ek
  %ec2 = fadd float %em0, %ek
  %ec3 = fmul float %ec2, 5.0
  %ec4 = fadd float %ec3, %ek
  %ec5 = fmul float %ec4, 5.0
  %ec6 = fadd float %ec5, %ek
  %ec7 = fmul float %ec6, 5.0
  %em1 = fdiv float %ec7, %x
  %ebigc = fcmp ogt float %em1, 200.0
  br i1 %ebigc, label %ebig, label %eend

ebig:
  %es = fmul float %em1, 0.25
  br label %eend

eend:
  %er = phi float [ %es, %ebig ], [ %em1, %ebody ]
  br label %join

join:
  %r = phi float [ %tr, %tend ], [ %er, %eend ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
