; A Monte Carlo step loop: absorb (a multiply) or scatter, whose scatter
; holds a slow path (an inner loop) behind a test no lane passes, as a math
; function's range reduction does; test/profile-use/slow-path-reach.test.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @events(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %w = phi float [ 1.0, %entry ], [ %w.next, %latch ]
  %s = phi i32 [ %tid, %entry ], [ %s2, %latch ]
  %s1 = mul i32 %s, 1664525
  %s2 = add i32 %s1, 1013904223
  %k = lshr i32 %s2, 30
  %c = icmp eq i32 %k, 0
  br i1 %c, label %absorb, label %scatter

absorb:
  %wa = fmul float %w, 0x3FECCCCCC0000000
  br label %latch

scatter:
  %x = uitofp i32 %s2 to float
  %big = fcmp ogt float %x, 4.0e9
  br i1 %big, label %slow, label %fast

slow:
  %trips = fptoui float %x to i32
  br label %slow.body

slow.body:
  %j = phi i32 [ 0, %slow ], [ %j.next, %slow.body ]
  %acc = phi float [ %w, %slow ], [ %sl11, %slow.body ]
  %sl0 = fmul float %acc, 0x3FF0006880000000
  %sl1 = fmul float %sl0, 0x3FF0006880000000
  %sl2 = fmul float %sl1, 0x3FF0006880000000
  %sl3 = fmul float %sl2, 0x3FF0006880000000
  %sl4 = fmul float %sl3, 0x3FF0006880000000
  %sl5 = fmul float %sl4, 0x3FF0006880000000
  %sl6 = fmul float %sl5, 0x3FF0006880000000
  %sl7 = fmul float %sl6, 0x3FF0006880000000
  %sl8 = fmul float %sl7, 0x3FF0006880000000
  %sl9 = fmul float %sl8, 0x3FF0006880000000
  %sl10 = fmul float %sl9, 0x3FF0006880000000
  %sl11 = fmul float %sl10, 0x3FF0006880000000
  %j.next = add i32 %j, 1
  %more = icmp ult i32 %j.next, %trips
  br i1 %more, label %slow.body, label %scatter.join

fast:
  %f0 = fmul float %w, %x
  %f1 = fmul float %f0, 0x3E00000000000000
  %f2 = fadd float %f1, %w
  br label %scatter.join

scatter.join:
  %ws = phi float [ %sl11, %slow.body ], [ %f2, %fast ]
  br label %latch

latch:
  %w.next = phi float [ %wa, %absorb ], [ %ws, %scatter.join ]
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %header

exit:
  %p = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %w.next, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
