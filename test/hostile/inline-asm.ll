; Inline asm in divergent arms. @convergent_asm has the same convergent asm
; (a warp shuffle, as clang emits every CUDA asm statement: convergent) in
; both arms: it is never melded, and says so. @callbr_asm leaves an arm
; through asm goto. @plain_asm has side-effecting asm that is not
; convergent: each lane still runs it once if it is melded. Nothing
; crashes; the refused kernels are left as they were.
; RUN: %every-divopt-pass %s | FileCheck %s
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -S %s -o %t.orig.ll
; RUN: sed -n '/^define ptx_kernel void @convergent_asm/,/^}/p' %t.orig.ll > %t.orig.k1
; RUN: sed -n '/^define ptx_kernel void @convergent_asm/,/^}/p' %t.ll > %t.k1
; RUN: diff %t.orig.k1 %t.k1
; RUN: sed -n '/^define ptx_kernel void @callbr_asm/,/^}/p' %t.orig.ll > %t.orig.k2
; RUN: sed -n '/^define ptx_kernel void @callbr_asm/,/^}/p' %t.ll > %t.k2
; RUN: diff %t.orig.k2 %t.k2
; With its critical edges split, the callbr's two ways are arms of their
; own: a divergent two-way terminator that is not a br (it crashed
; branch-dist, found by random pipelines).
; RUN: %divopt-opt -passes='function(break-crit-edges,branch-dist<force>,iter-delay<round-robin;force>)' -pass-remarks-missed=divopt -verify-each -disable-output %s 2>&1 | FileCheck %s --check-prefix=CALLBR
; CALLBR: remark: <unknown>:0:0: divergent branch not distributed: the branch is a callbr, not a conditional br

; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean
; REMARK-DAG: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation (inline asm), which is never melded
; REMARK-DAG: remark: <unknown>:0:0: divergent branch not distributed: {{.+}}

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @convergent_asm(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, 0, 31, -1;", "=r,r"(i32 %tid) #0
  store i32 %a, ptr addrspace(1) %out
  br label %join

else:
  %b = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, 0, 31, -1;", "=r,r"(i32 7) #0
  store i32 %b, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

define ptx_kernel void @callbr_asm(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  callbr void asm "", "!i"() to label %join [label %join]

else:
  store i32 2, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

define ptx_kernel void @plain_asm(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = call i32 asm sideeffect "add.u32 $0, $1, 1;", "=r,r"(i32 %tid)
  store i32 %a, ptr addrspace(1) %out
  br label %join

else:
  %b = call i32 asm sideeffect "add.u32 $0, $1, 1;", "=r,r"(i32 9)
  store i32 %b, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { convergent }
