; kernel-split-slow-path.test's kernel: a heavy way whose rare slow path
; (a long chain, standing for a math function's huge-argument reduction)
; sits behind a branch of its own.
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %light = icmp ult i32 %tid, 16
  br i1 %light, label %lightway, label %heavy
lightway:
  %l = fadd float %x, 1.0
  br label %join
heavy:
  %h1 = fmul float %x, %x
  %small = fcmp olt float %h1, 1.0e5
  br i1 %small, label %fast, label %slow
fast:
  %f = fmul float %h1, 3.0
  br label %heavyend
slow:
  %s1 = fmul float %h1, 1.5
  %s2 = fmul float %s1, %s1
  %s3 = fmul float %s2, %s1
  %s4 = fmul float %s3, %s2
  %s5 = fmul float %s4, %s3
  %s6 = fmul float %s5, %s4
  %s7 = fmul float %s6, %s5
  %s8 = fmul float %s7, %s6
  %s9 = fmul float %s8, %s7
  %s10 = fmul float %s9, %s8
  %s11 = fmul float %s10, %s9
  %s12 = fmul float %s11, %s10
  br label %heavyend
heavyend:
  %hv = phi float [ %f, %fast ], [ %s12, %slow ]
  br label %join
join:
  %v = phi float [ %l, %lightway ], [ %hv, %heavyend ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %v, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
