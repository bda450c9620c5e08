; A load from a thread-dependent address is divergent; a load from a uniform
; global address is not.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'k'
; CHECK-NEXT:  branch %entry: uniform on %c0
; CHECK-NEXT:  branch %a: divergent if-only on %c1
; CHECK:       summary: 1 divergent, 0 refined uniform, 1 uniform
define ptx_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %u = load i32, ptr addrspace(1) %in
  %c0 = icmp eq i32 %u, 0
  br i1 %c0, label %a, label %done

a:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %c1 = icmp sgt i32 %v, 7
  br i1 %c1, label %b, label %done

b:
  store i32 %v, ptr addrspace(1) %out
  br label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
