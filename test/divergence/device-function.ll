; Arguments of a device function may differ per lane: a branch on one is
; divergent, and a device function is never at a kernel's top level.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: function 'dev' (device function target=sm_90)
; CHECK-NEXT:  branch %entry: divergent if-only on %c
; CHECK:         loop: none; kernel-top-level=no
define void @dev(ptr addrspace(1) %out, i32 %x) #0 {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b

a:
  store i32 1, ptr addrspace(1) %out
  br label %b

b:
  ret void
}

attributes #0 = { "target-cpu"="sm_90" }
