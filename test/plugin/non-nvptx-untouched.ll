; A non-NVPTX module goes through the full pipeline with the plugin loaded
; and comes out byte for byte as it does without it.
; RUN: %opt -passes='default<O3>' -S %s -o %t.plain.ll
; RUN: %divopt-opt -passes='default<O3>' -S %s -o %t.divopt.ll
; RUN: cmp %t.plain.ll %t.divopt.ll
; RUN: %divopt-opt -passes='default<O3>' -debug-pass-manager -disable-output %s 2>&1 | FileCheck %s
; CHECK: Running pass: divopt::DivOptPipelinePass
; CHECK-NOT: Running pass: divopt::DivergenceRemarksPass

target triple = "x86_64-unknown-linux-gnu"

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
