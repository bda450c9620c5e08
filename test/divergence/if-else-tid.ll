; A branch on the thread index is divergent; its arms are single-entry,
; single-exit regions that rejoin at the immediate post-dominator.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: divopt-divergence: function 'k' (kernel target=sm_90)
; CHECK-NEXT:  branch %entry: divergent if-else on %odd
; CHECK-NEXT:    arm %then: blocks=1 insts=3 sese=yes
; CHECK-NEXT:    arm %else: blocks=2 insts=4 sese=yes
; CHECK-NEXT:    join %join
; CHECK-NEXT:    loop: none; kernel-top-level=yes
; CHECK-NEXT:  summary: 1 divergent, 0 refined uniform, 0 uniform
define ptx_kernel void @k(ptr addrspace(1) %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %tid, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %a = mul i32 %tid, 3
  %a1 = add i32 %a, 1
  br label %join

else:
  %b = mul i32 %tid, 5
  br label %else2

else2:
  %b1 = sub i32 %b, 2
  br label %join

join:
  %v = phi i32 [ %a1, %then ], [ %b1, %else2 ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "target-cpu"="sm_90" }
