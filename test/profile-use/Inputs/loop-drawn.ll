target triple = "nvptx64-nvidia-cuda"

; loop.ll's loop (the same control flow: its profiles apply) whose branch
; draws its way from a hash of the counter and the lane instead of loading
; it: the code before the branch touches no memory, so loop advance's
; halves speculate the next iteration's copy of it.
define ptx_kernel void @loop(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %go = icmp sgt i32 %n, 0
  br i1 %go, label %body, label %exit

body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 1.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %i, %tid
  %h = mul i32 %idx, -1640531535
  %hs = lshr i32 %h, 15
  %x = xor i32 %h, %hs
  %c = icmp ult i32 %x, 2147483648
  br i1 %c, label %then, label %else

then:
  %t0m = fmul float %acc, 0x3FB779A6C0000000
  %t0 = fadd float %t0m, %acc
  %t1m = fmul float %t0, 0x3FB779A6C0000000
  %t1 = fadd float %t1m, %t0
  %t2m = fmul float %t1, 0x3FB779A6C0000000
  %t2 = fadd float %t2m, %t1
  %t3m = fmul float %t2, 0x3FB779A6C0000000
  %t3 = fadd float %t3m, %t2
  %t4m = fmul float %t3, 0x3FB779A6C0000000
  %t4 = fadd float %t4m, %t3
  %t5m = fmul float %t4, 0x3FB779A6C0000000
  %t5 = fadd float %t5m, %t4
  %t6m = fmul float %t5, 0x3FB779A6C0000000
  %t6 = fadd float %t6m, %t5
  %t7m = fmul float %t6, 0x3FB779A6C0000000
  %t7 = fadd float %t7m, %t6
  %t8m = fmul float %t7, 0x3FB779A6C0000000
  %t8 = fadd float %t8m, %t7
  %t9m = fmul float %t8, 0x3FB779A6C0000000
  %t9 = fadd float %t9m, %t8
  %t10m = fmul float %t9, 0x3FB779A6C0000000
  %t10 = fadd float %t10m, %t9
  %t11m = fmul float %t10, 0x3FB779A6C0000000
  %t11 = fadd float %t11m, %t10
  br label %latch

else:
  %e0m = fmul float %acc, 0x3FB3C9EEC0000000
  %e0 = fadd float %e0m, %acc
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
  %e8m = fmul float %e7, 0x3FB3C9EEC0000000
  %e8 = fadd float %e8m, %e7
  %e9m = fmul float %e8, 0x3FB3C9EEC0000000
  %e9 = fadd float %e9m, %e8
  %e10m = fmul float %e9, 0x3FB3C9EEC0000000
  %e10 = fadd float %e10m, %e9
  %e11m = fmul float %e10, 0x3FB3C9EEC0000000
  %e11 = fadd float %e11m, %e10
  br label %latch

latch:
  %acc.next = phi float [ %t11, %then ], [ %e11, %else ]
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
