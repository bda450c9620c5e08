; A mistyped -divopt-pipeline is an error that names it, not a silent
; compile without DivOpt, and writes no output.
; RUN: not %divopt-opt -passes='default<O2>' -divopt-pipeline=branch-distt -o %t.bc %s 2>&1 | FileCheck %s
; RUN: not test -e %t.bc
; CHECK: invalid -divopt-pipeline 'branch-distt': unknown pass name 'branch-distt'

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
