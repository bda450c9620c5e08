; The plugin registers its passes by name for opt; unknown names are errors
; that name the culprit and produce no output.
; RUN: %divopt-opt -passes='require<divopt-divergence>,divopt-remarks' -disable-output %s
; RUN: %divopt-opt -passes='invalidate<divopt-divergence>' -disable-output %s
; RUN: not %divopt-opt -passes=divopt-nonsense -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; UNKNOWN: unknown pass name 'divopt-nonsense'

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
  ret void
}
