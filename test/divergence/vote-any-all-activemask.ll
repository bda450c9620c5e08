; vote.any, vote.all and activemask are warp-uniform too; a popcount of a
; ballot compared with a threshold (a majority vote) stays uniform.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: uniform (refined) on %any
; CHECK-NEXT:  branch %a: uniform (refined) on %all
; CHECK-NEXT:  branch %b: uniform (refined) on %majority
; CHECK-NEXT:  summary: 0 divergent, 3 refined uniform, 0 uniform
define ptx_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %odd = trunc i32 %tid to i1
  %mask = call i32 @llvm.nvvm.activemask()
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 %mask, i1 %odd)
  br i1 %any, label %a, label %done

a:
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 %mask, i1 %odd)
  br i1 %all, label %done, label %b

b:
  %taken = call i32 @llvm.nvvm.vote.ballot.sync(i32 %mask, i1 %odd)
  %pt = call i32 @llvm.ctpop.i32(i32 %taken)
  %pl = call i32 @llvm.ctpop.i32(i32 %mask)
  %lhs = mul i32 %pt, 32
  %rhs = mul i32 %pl, 16
  %majority = icmp uge i32 %lhs, %rhs
  br i1 %majority, label %c, label %done

c:
  store i32 1, ptr addrspace(1) %out
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.activemask()
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.ctpop.i32(i32)
