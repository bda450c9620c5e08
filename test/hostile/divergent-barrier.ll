; Barriers and warp synchronisation in divergent code (undefined behaviour
; in CUDA unless every thread gets there, so DivOpt must leave them exactly
; where they are): the same barrier in both arms (melding would make one
; barrier of two), a warp sync in both arms, and a barrier in a loop whose
; top-level branch is divergent. Every region is refused with a remark and
; the IR is left as it was, by every pass and through default<O3>.
; RUN: %every-divopt-pass --refused %s | FileCheck %s
; RUN: %divopt-opt -passes='branch-dist<force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=MELD
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks-missed=divopt -disable-output %s 2>&1 | FileCheck %s --check-prefix=DELAY

; CHECK-NOT: FAIL
; CHECK: every-pass: {{[0-9]+}} runs clean
; MELD-DAG: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation (llvm.nvvm.barrier.cta.sync.aligned.all), which is never melded
; MELD-DAG: remark: <unknown>:0:0: divergent branch not distributed: the arm holds a convergent operation (llvm.nvvm.bar.warp.sync), which is never melded
; DELAY: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (barrier)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @barrier_arms(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 %a, ptr addrspace(1) %out
  br label %join

else:
  %b = mul i32 %tid, 5
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 %b, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

define ptx_kernel void @warp_sync_arms(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c = icmp ult i32 %tid, 16
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %tid, 3
  call void @llvm.nvvm.bar.warp.sync(i32 65535)
  store i32 %a, ptr addrspace(1) %out
  br label %join

else:
  %b = mul i32 %tid, 5
  call void @llvm.nvvm.bar.warp.sync(i32 -65536)
  store i32 %b, ptr addrspace(1) %out
  br label %join

join:
  ret void
}

define ptx_kernel void @barrier_loop(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %x = add i32 %i, %tid
  %c = icmp ult i32 %x, 7
  br i1 %c, label %then, label %else

then:
  %a = mul i32 %x, 3
  store i32 %a, ptr addrspace(1) %out
  br label %latch

else:
  %b = atomicrmw add ptr addrspace(1) %out, i32 %x monotonic
  br label %latch

latch:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %exit = icmp eq i32 %i.next, %n
  br i1 %exit, label %done, label %body

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #0
declare void @llvm.nvvm.bar.warp.sync(i32) #0

attributes #0 = { convergent nounwind }
