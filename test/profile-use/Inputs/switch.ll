; A material switch whose four ways are the same formula with their own
; constants (test/branch-dist/switches.ll); test/profile-use/switch.test
; decides it under two profiles.
target triple = "nvptx64-nvidia-cuda"
; CHECK-LABEL: define ptx_kernel void @materials(
; CHECK:         %switch.case = icmp eq i32 %m, 0
; CHECK:         %switch.case1 = icmp eq i32 %m, 1
; CHECK:         %switch.case3 = icmp eq i32 %m, 2
; CHECK-NOT:     switch i32
; CHECK-NOT:     br i1
; CHECK:         select i1 %switch.case3,
; CHECK:         select i1 %switch.case1,
; CHECK:         [[MU:%.*]] = select i1 %switch.case,
; CHECK:         fmul float [[MU]], %e
; CHECK-NOT:     fmul float {{.*}}, %e
; CHECK:         ret void
define ptx_kernel void @materials(ptr addrspace(1) %mat, ptr addrspace(1) %en, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %pm = getelementptr i32, ptr addrspace(1) %mat, i32 %t
  %m = load i32, ptr addrspace(1) %pm
  %pe = getelementptr float, ptr addrspace(1) %en, i32 %t
  %e = load float, ptr addrspace(1) %pe
  switch i32 %m, label %air [
    i32 0, label %water
    i32 1, label %bone
    i32 2, label %muscle
  ]

water:
  %w1 = fmul float %e, 0x3FB2200000000000
  %w2 = fadd float %w1, 0x3F93700000000000
  %w3 = fmul float %w2, %e
  br label %join

bone:
  %b1 = fmul float %e, 0x3FBF800000000000
  %b2 = fadd float %b1, 0x3F9FC00000000000
  %b3 = fmul float %b2, %e
  br label %join

muscle:
  %u1 = fmul float %e, 0x3FB2700000000000
  %u2 = fadd float %u1, 0x3F94000000000000
  %u3 = fmul float %u2, %e
  br label %join

air:
  %a1 = fmul float %e, 0x3F1A000000000000
  %a2 = fadd float %a1, 0x3F2A000000000000
  %a3 = fmul float %a2, %e
  br label %join

join:
  %mu = phi float [ %w3, %water ], [ %b3, %bone ], [ %u3, %muscle ], [ %a3, %air ]
  %po = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %mu, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
