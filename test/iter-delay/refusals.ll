; What iter-delay leaves alone, each with a missed remark that says why,
; and the IR unchanged; forcing does not bypass legality.
; RUN: %divopt-opt -passes='iter-delay<majority;force>' -pass-remarks-missed=divopt -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -S %s -o %t.orig.ll
; RUN: diff %t.orig.ll %t.ll

target triple = "nvptx64-nvidia-cuda"
; CHECK: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (barrier)
define ptx_kernel void @barrier(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  br label %latch

else:
  %e = fadd float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}
; CHECK: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (convergent)
define ptx_kernel void @convergent_call(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = call float @helper(float %acc)
  br label %latch

else:
  %e = fadd float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}
; CHECK: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (convergent)
define ptx_kernel void @shuffle(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  br label %latch

else:
  %xi = bitcast float %acc to i32
  %s = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %xi, i32 0, i32 31)
  %e = bitcast i32 %s to float
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}
; CHECK: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (exit-from-arm)
define ptx_kernel void @early_exit(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = fmul float %acc, 3.0
  %big = fcmp ogt float %t, 1.0e6
  br i1 %big, label %exit, label %then2

then2:
  br label %latch

else:
  %e = fadd float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then2 ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  %r = phi float [ %t, %then ], [ %acc.next, %latch ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; A switch of more than 8 ways: each way would cost a ballot per trip.
; CHECK: remark: <unknown>:0:0: loop not delayed: the switch has 9 ways; at most 8 are delayed (each costs a ballot per trip)
define ptx_kernel void @nine_ways(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %sel = and i32 %idx, 15
  switch i32 %sel, label %latch [ i32 0, label %w0
                                  i32 1, label %w1
                                  i32 2, label %w2
                                  i32 3, label %w3
                                  i32 4, label %w4
                                  i32 5, label %w5
                                  i32 6, label %w6
                                  i32 7, label %w7 ]
w0:
  %t0 = add i32 %acc, 10
  br label %latch
w1:
  %t1 = add i32 %acc, 11
  br label %latch
w2:
  %t2 = mul i32 %acc, 12
  br label %latch
w3:
  %t3 = xor i32 %acc, 13
  br label %latch
w4:
  %t4 = sub i32 %acc, 14
  br label %latch
w5:
  %t5 = shl i32 %acc, 5
  br label %latch
w6:
  %t6 = lshr i32 %acc, 6
  br label %latch
w7:
  %t7 = or i32 %acc, 17
  br label %latch

latch:
  %acc.next = phi i32 [ %t0, %w0 ], [ %t1, %w1 ], [ %t2, %w2 ], [ %t3, %w3 ], [ %t4, %w4 ], [ %t5, %w5 ], [ %t6, %w6 ], [ %t7, %w7 ], [ %acc, %body ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store i32 %acc.next, ptr addrspace(1) %out
  ret void
}

; A call to a function DivOpt may itself rewrite with warp votes (here not
; convergent: attribute inference dropped what clang set) is not put under
; the loop's vote-driven gates.
; CHECK: remark: <unknown>:0:0: loop not delayed: the loop is not safe to restructure (call)
define ptx_kernel void @device_call(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %p = getelementptr float, ptr addrspace(1) %in, i32 %idx
  %x = load float, ptr addrspace(1) %p
  %c = fcmp ogt float %x, 0.5
  br i1 %c, label %then, label %else

then:
  %t = call float @plain(float %acc)
  br label %latch

else:
  %e = fadd float %acc, 2.0
  br label %latch

latch:
  %acc.next = phi float [ %t, %then ], [ %e, %else ]
  %i.next = add i32 %i, 1
  %exitc = icmp eq i32 %i.next, %n
  br i1 %exitc, label %exit, label %body

exit:
  store float %acc.next, ptr addrspace(1) %out
  ret void
}

declare float @plain(float)
declare float @helper(float) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
