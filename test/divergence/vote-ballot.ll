; LLVM's UniformityInfo calls every NVPTX call result divergent; a ballot is
; the same in every participating lane, so a branch on it is uniform.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: uniform (refined) on %none
; CHECK-NEXT:  summary: 0 divergent, 1 refined uniform, 0 uniform
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr float, ptr addrspace(1) %in, i32 %tid
  %x = load float, ptr addrspace(1) %p
  %pos = fcmp ogt float %x, 0.0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %pos)
  %none = icmp eq i32 %b, 0
  br i1 %none, label %skip, label %work

work:
  %q = getelementptr float, ptr addrspace(1) %out, i32 %tid
  store float %x, ptr addrspace(1) %q
  br label %skip

skip:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
