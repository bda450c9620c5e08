; Branches on kernel arguments and block indices are uniform across a warp
; (LLVM calls the ctaid read divergent, as every NVPTX call result).
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: uniform on %big
; CHECK-NEXT:  branch %a: uniform (refined) on %first
; CHECK-NEXT:  summary: 0 divergent, 1 refined uniform, 1 uniform
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %big = icmp sgt i32 %n, 100
  br i1 %big, label %a, label %done

a:
  %bid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %first = icmp eq i32 %bid, 0
  br i1 %first, label %b, label %done

b:
  store i32 1, ptr addrspace(1) %out
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
