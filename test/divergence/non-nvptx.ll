; Without an NVPTX triple there is no SIMT execution: nothing is divergent.
; RUN: %divopt-opt -passes='print<divopt-divergence>' -disable-output %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: function 'f' (device function target=unknown)
; CHECK-NEXT:  branch %entry: uniform on %c
; CHECK-NEXT:  summary: 0 divergent, 0 refined uniform, 1 uniform
define void @f(ptr %out, i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %a, label %b

a:
  store i32 1, ptr %out
  br label %b

b:
  ret void
}
