; Without a strategy, the cost model decides: arms of a few operations do
; not pay for the vote and bookkeeping of every trip (the loop is left as
; it is), long arms do (the best predicted strategy is chosen). Arms that
; are inner loops count their constant trip counts. The remarks give the
; numbers either way. The loops have no preheader: the rewrite makes one.
; RUN: %divopt-opt -passes=iter-delay -pass-remarks=divopt -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: %divopt-opt -passes='iter-delay<min-speedup=50>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=HIGH
; RUN: %if ptxas %{ llc -mtriple=nvptx64 -mcpu=sm_90 %t.ll -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: <unknown>:0:0: loop not delayed: unprofitable with {{.*}}; per iteration: pre {{.*}}, arms 11.0+11.0, {{.*}} predicted speedup 0.{{[0-9]+}}x (threshold 1.05x)
; REMARK: remark: <unknown>:0:0: delayed iterations of the loop with {{.*}}; per iteration: pre {{.*}}, arms 1472.0+1472.0, {{.*}} predicted speedup 1.{{[0-9]+}}x (threshold 1.05x)
; HIGH-COUNT-2: loop not delayed: unprofitable

; IR-LABEL: define ptx_kernel void @small(
; IR-NOT:   delay.
; IR-LABEL: define ptx_kernel void @large(
; IR:       delay.preheader:
; IR:       delay.vote:

define ptx_kernel void @small(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 1.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %idx
  %x = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %x, 2147483648
  br i1 %c, label %then, label %else

then:
  %tj = phi i32 [ 0, %body ], [ %tj.next, %then ]
  %ta = phi float [ %acc, %body ], [ %t3, %then ]
  %t0 = call float @llvm.fma.f32(float %ta, float 0x3FB779A6C0000000, float %ta)
  %t1 = call float @llvm.fma.f32(float %t0, float 0x3FB779A6C0000000, float %t0)
  %t2 = call float @llvm.fma.f32(float %t1, float 0x3FB779A6C0000000, float %t1)
  %t3 = call float @llvm.fma.f32(float %t2, float 0x3FB779A6C0000000, float %t2)
  %tj.next = add nuw nsw i32 %tj, 1
  %tdone = icmp eq i32 %tj.next, 1
  br i1 %tdone, label %latch, label %then

else:
  %ej = phi i32 [ 0, %body ], [ %ej.next, %else ]
  %ea = phi float [ %acc, %body ], [ %e1, %else ]
  %e0m = fmul float %ea, 0x3FB3C9EEC0000000
  %e0 = fadd float %e0m, %ea
  %e1m = fmul float %e0, 0x3FB3C9EEC0000000
  %e1 = fadd float %e1m, %e0
  %ej.next = add nuw nsw i32 %ej, 1
  %edone = icmp eq i32 %ej.next, 1
  br i1 %edone, label %latch, label %else

latch:
  %acc.next = phi float [ %t3, %then ], [ %e1, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

define ptx_kernel void @large(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 1.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %idx
  %x = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %x, 2147483648
  br i1 %c, label %then, label %else

then:
  %tj = phi i32 [ 0, %body ], [ %tj.next, %then ]
  %ta = phi float [ %acc, %body ], [ %t15, %then ]
  %t0 = call float @llvm.fma.f32(float %ta, float 0x3FB779A6C0000000, float %ta)
  %t1 = call float @llvm.fma.f32(float %t0, float 0x3FB779A6C0000000, float %t0)
  %t2 = call float @llvm.fma.f32(float %t1, float 0x3FB779A6C0000000, float %t1)
  %t3 = call float @llvm.fma.f32(float %t2, float 0x3FB779A6C0000000, float %t2)
  %t4 = call float @llvm.fma.f32(float %t3, float 0x3FB779A6C0000000, float %t3)
  %t5 = call float @llvm.fma.f32(float %t4, float 0x3FB779A6C0000000, float %t4)
  %t6 = call float @llvm.fma.f32(float %t5, float 0x3FB779A6C0000000, float %t5)
  %t7 = call float @llvm.fma.f32(float %t6, float 0x3FB779A6C0000000, float %t6)
  %t8 = call float @llvm.fma.f32(float %t7, float 0x3FB779A6C0000000, float %t7)
  %t9 = call float @llvm.fma.f32(float %t8, float 0x3FB779A6C0000000, float %t8)
  %t10 = call float @llvm.fma.f32(float %t9, float 0x3FB779A6C0000000, float %t9)
  %t11 = call float @llvm.fma.f32(float %t10, float 0x3FB779A6C0000000, float %t10)
  %t12 = call float @llvm.fma.f32(float %t11, float 0x3FB779A6C0000000, float %t11)
  %t13 = call float @llvm.fma.f32(float %t12, float 0x3FB779A6C0000000, float %t12)
  %t14 = call float @llvm.fma.f32(float %t13, float 0x3FB779A6C0000000, float %t13)
  %t15 = call float @llvm.fma.f32(float %t14, float 0x3FB779A6C0000000, float %t14)
  %tj.next = add nuw nsw i32 %tj, 1
  %tdone = icmp eq i32 %tj.next, 64
  br i1 %tdone, label %latch, label %then

else:
  %ej = phi i32 [ 0, %body ], [ %ej.next, %else ]
  %ea = phi float [ %acc, %body ], [ %e7, %else ]
  %e0m = fmul float %ea, 0x3FB3C9EEC0000000
  %e0 = fadd float %e0m, %ea
  %e1m = fmul float %e0, 0x3FB3C9EEC0000000
  %e1 = fadd float %e1m, %e0
  %e2m = fmul float %e1, 0x3FB3C9EEC0000000
  %e2 = fadd float %e2m, %e1
  %e3m = fmul float %e2, 0x3FB3C9EEC0000000
  %e3 = fadd float %e3m, %e2
  %e4m = fmul float %e3, 0x3FB3C9EEC0000000
  %e4 = fadd float %e4m, %e3
  %e5m = fmul float %e4, 0x3FB3C9EEC0000000
  %e5 = fadd float %e5m, %e4
  %e6m = fmul float %e5, 0x3FB3C9EEC0000000
  %e6 = fadd float %e6m, %e5
  %e7m = fmul float %e6, 0x3FB3C9EEC0000000
  %e7 = fadd float %e7m, %e6
  %ej.next = add nuw nsw i32 %ej, 1
  %edone = icmp eq i32 %ej.next, 64
  br i1 %edone, label %latch, label %else

latch:
  %acc.next = phi float [ %t15, %then ], [ %e7, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare float @llvm.fma.f32(float, float, float)
